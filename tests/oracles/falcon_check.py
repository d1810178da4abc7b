#!/usr/bin/env python3
"""Cross-check of the wizardoz Falcon against Fairy-Max and an independent Python rule.

What is checked
  Tinman's `wizardoz` Falcon (shared/spec/rules.md section 2): it reaches the 16 squares at
  offsets (+-1,+-3), (+-3,+-1), (+-2,+-3), (+-3,+-2); each target has three shortest paths
  (two orthogonal + one diagonal step, or two diagonal + one orthogonal, in the three
  possible orders) and the Falcon may go there if at least one path has both intermediate
  squares empty; it moves/captures only on the target. Three independent sources:

  T  Tinman:  `target/release/tinman moves --variant wizardoz --fen FEN`, keeping only the
              moves that start on the square of the side-to-move's Falcon.
  P  Python:  `falcon_targets()` / `legal_falcon_targets()` below, written from the rule
              text only (no Tinman code, no Fairy-Max code).
  F  Fairy-Max 5.0b (Debian package `fairymax`), variant `falcon` (10x8 Falcon Chess), whose
              fmax.ini defines the same piece as a multi-path leaper:
                f:450 13,FFFFF207 29,F207 46,F207 47,10207 49,10207 50,11207 35,11207
                      19,1207 -13,1207 -29,FFFF1207 ...  (16 rays)
              Each ray is `step,mode` on Fairy-Max's 16-wide board (16 = one rank, 1 = one
              file): the step is the whole leap (13 = 3 files left + 1 rank, 29, 46, 47 ...),
              mode digit 7 = leaper that moves and captures, 0x200 = multi-path flag, and the
              bits above 12 (sign-extended) hold t, the unit step taken twice (-1, 15, 16,
              17, 1, -15, -16, -17). fairymax.c (#ifdef MULTIPATH) then refuses the leap x->y
              when b[x+t] is occupied and b[y-2t] or b[y-t] is too, or when b[x+t] is empty
              but b[x+2t] and b[y-t] are both occupied -- i.e. exactly "no path of the three
              orders (t,t,u), (t,u,t), (u,t,t) has both intermediate squares empty".
              Fairy-Max has no perft and no move list, so every on-board Falcon target is
              sent as a move in force mode after `edit`-ing the position in; Fairy-Max
              either plays it or answers `Illegal move:`. A fresh `variant falcon` + `edit`
              precedes every query (a played move locks its position in Fairy-Max's hash,
              so positions are never reused).

  Board mapping. Tinman's board is 9x9 (a-i, 1-9), Fairy-Max's falcon board 10x8 (a-j,
  1-8). Squares keep their names; the shared area is a-i x 1-8. In the 'shared' positions
  every unit (kings included) stands in the shared area, so Tinman's rank 9 and Fairy-Max's
  file j are empty. Every intermediate square of a Falcon path lies inside the rectangle
  spanned by origin and target, so for a target inside the shared area both engines see
  exactly the same path squares; targets on rank 9 (Tinman only) or file j (Fairy-Max
  only) are legal iff a path over empty squares exists, which P decides on each engine's
  own board. Per shared position the script requires
      T == P(9x9 board)                     (all Falcon moves, rank-9 targets included)
      F == P(10x8 board)                    (every on-board target queried, incl. file j)
      T restricted to a-i x 1-8 == F restricted to a-i x 1-8   (the direct engine compare)
  The 'full9x9' positions (units and Falcon anywhere on 9x9, rank 9 included) are outside
  Fairy-Max's board and are checked T == P only.

  Road. wizardoz always has a Yellow Brick Road (default c4 d5 e6 f5 g4); it changes only
  the moves of units STANDING on it, so no unit is ever placed on those five squares (the
  Falcon may still move onto them or pass over them; they are empty).
  Check. Units are kings, pawns (ranks 2-7 on shared positions / 2-8 on full9x9), knights,
  the moving Falcon and sometimes an enemy Falcon. Positions where either king is attacked
  or the kings touch are rejected. There are no sliders, but an enemy Falcon can pin ours
  (our Falcon standing on one of its paths to our king, the other paths blocked), so P also
  drops Falcon moves that leave the own king attacked (`legal_falcon_targets()`); the
  'pin' set builds such positions on purpose.
  Fairy-Max quirk: a move onto one's own King's square is read as castling notation, so
  that single target is never queried (all other own-occupied targets are, and must be
  refused).

  Position sets (fixed seed, deterministic):
    corner   Falcon in each corner of the shared area / of 9x9, empty or crowded around
    exhaust  Falcon on e4, f3, a4, e7, i5 (White/Black/White/Black/White), only Kings besides:
             for each target, every subset of its (non-road) path squares blocked -> 0, 1,
             2 and 3 paths open; a4+e7+i5 give every one of the 16 offsets road-free
    pin      --pins N (default 60) shared positions with an enemy Falcon whose path to our
             King runs over our Falcon (pinned, or not when another path is open)
    random   --random N (default 300) random shared positions
    full9x9  --full N (default 200) random 9x9 positions, Tinman vs Python only

Rerun (from the repository root):
    apt-get update && apt-get install -y fairymax        # provides /usr/games/fairymax
    cargo build --release
    python3 tests/oracles/falcon_check.py [--pins 60] [--random 300] [--full 200] [--seed 2434] [-v]
  Prints one line per set, every failing position (FEN and the differing moves), and
  finally `falcon cross-check: N positions, N passed, N failed`; exit status 1 on any
  failure (or when Fairy-Max or the Tinman binary is missing).
  Environment: TINMAN (binary path), FAIRYMAX (engine path, default /usr/games/fairymax).
"""
import argparse
import itertools
import os
import random
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TINMAN = os.environ.get("TINMAN", os.path.join(ROOT, "target", "release", "tinman"))
FAIRYMAX = os.environ.get("FAIRYMAX", shutil.which("fairymax") or "/usr/games/fairymax")

ROAD = {(2, 4), (3, 5), (4, 6), (5, 5), (6, 4)}   # c4 d5 e6 f5 g4  (file 0-based, rank 1-based)
TIN_W, TIN_H = 9, 9        # Tinman wizardoz
FMX_W, FMX_H = 10, 8       # Fairy-Max falcon
SH_W, SH_H = 9, 8          # shared area a-i x 1-8

OFFSETS = [(sx * a, sy * b) for a, b in ((1, 3), (3, 1), (2, 3), (3, 2))
           for sx in (1, -1) for sy in (1, -1)]


def sq(f, r):
    return "abcdefghij"[f] + str(r)


def parse_sq(s):
    return "abcdefghij".index(s[0]), int(s[1:])


# ---------------------------------------------------------------- Python reference rule
def falcon_paths(dx, dy):
    """The three shortest paths to offset (dx, dy): lists of the two intermediate offsets."""
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    diag = (sx, sy)
    orth = (sx, 0) if abs(dx) > abs(dy) else (0, sy)
    steps = [orth, orth, diag] if min(abs(dx), abs(dy)) == 1 else [diag, diag, orth]
    assert (sum(s[0] for s in steps), sum(s[1] for s in steps)) == (dx, dy)
    paths = []
    for order in sorted(set(itertools.permutations(steps))):
        a = order[0]
        b = (order[0][0] + order[1][0], order[0][1] + order[1][1])
        paths.append((a, b))
    assert len(paths) == 3
    return paths


PATHS = {off: falcon_paths(*off) for off in OFFSETS}


def falcon_targets(board, f, r, width, height):
    """Squares the Falcon on (f, r) may move to on a width x height board (colour from board)."""
    me = board[(f, r)]
    out = []
    for (dx, dy) in OFFSETS:
        t = (f + dx, r + dy)
        if not (0 <= t[0] < width and 1 <= t[1] <= height):
            continue
        victim = board.get(t)
        if victim is not None and victim.isupper() == me.isupper():
            continue
        if any((f + a[0], r + a[1]) not in board and (f + b[0], r + b[1]) not in board
               for a, b in PATHS[(dx, dy)]):
            out.append(t)
    return out


def legal_falcon_targets(board, f, r, width, height):
    """falcon_targets() minus moves that leave the mover's king attacked. The only units
    that attack along paths are Falcons, so a Falcon can be pinned by an enemy Falcon
    (moving it off a path square of that Falcon opens a discovered attack on its king)."""
    me = board[(f, r)]
    white = me.isupper()
    out = []
    for t in falcon_targets(board, f, r, width, height):
        after = dict(board)
        del after[(f, r)]
        after[t] = me
        king = next(s for s, p in after.items() if p == ("K" if white else "k"))
        if not attacked_by(after, king, not white, width, height):
            out.append(t)
    return out


def open_paths(board, f, r, dx, dy):
    return sum((f + a[0], r + a[1]) not in board and (f + b[0], r + b[1]) not in board
               for a, b in PATHS[(dx, dy)])


def attacked_by(board, target, white, width, height):
    """Is `target` attacked by a unit of the given colour (pawns, knights, kings, Falcons)?"""
    tf, tr = target
    for (f, r), p in board.items():
        if p.isupper() != white:
            continue
        dx, dy = tf - f, tr - r
        k = p.upper()
        if k == "P" and abs(dx) == 1 and dy == (1 if white else -1):
            return True
        if k == "N" and {abs(dx), abs(dy)} == {1, 2}:
            return True
        if k == "K" and max(abs(dx), abs(dy)) == 1:
            return True
        if k == "F" and (tf, tr) in falcon_targets_any(board, f, r, width, height):
            return True
    return False


def falcon_targets_any(board, f, r, width, height):
    """Falcon reach regardless of what stands on the target (used for attack tests)."""
    out = []
    for (dx, dy) in OFFSETS:
        t = (f + dx, r + dy)
        if 0 <= t[0] < width and 1 <= t[1] <= height and any(
                (f + a[0], r + a[1]) not in board and (f + b[0], r + b[1]) not in board
                for a, b in PATHS[(dx, dy)]):
            out.append(t)
    return out


def position_ok(board, widths_heights):
    kings = [s for s, p in board.items() if p in "Kk"]
    if len(kings) != 2:
        return False
    (a, b) = kings
    if max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= 1:
        return False
    if any(s in ROAD for s in board):
        return False
    wk = next(s for s, p in board.items() if p == "K")
    bk = next(s for s, p in board.items() if p == "k")
    for w, h in widths_heights:
        if attacked_by(board, wk, False, w, h) or attacked_by(board, bk, True, w, h):
            return False
    return True


# ---------------------------------------------------------------- engines
def tinman_fen(board, white_to_move):
    rows = []
    for r in range(TIN_H, 0, -1):
        row, empty = "", 0
        for f in range(TIN_W):
            p = board.get((f, r))
            if p is None:
                empty += 1
            else:
                row += (str(empty) if empty else "") + p
                empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + (" w" if white_to_move else " b") + " - - 0 1"


def tinman_falcon_moves(fen, origin):
    out = subprocess.run([TINMAN, "moves", "--variant", "wizardoz", "--fen", fen],
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError("tinman failed on %r: %s" % (fen, out.stderr.strip()))
    o = sq(*origin)
    res = set()
    for m in out.stdout.split():
        if m.startswith(o) and not m[len(o)].isdigit():
            res.add(parse_sq(m[len(o):]))
    return res


class FairyMax:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.n = 0
        self.send("xboard\nprotover 2\nmemory 1\n")   # small hash: `variant` clears it fast
        self.sync()

    def send(self, s):
        self.p.stdin.write(s)
        self.p.stdin.flush()

    def sync(self):
        self.n += 1
        self.send("ping %d\n" % self.n)
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("Fairy-Max died")
            if line.strip() == "pong %d" % self.n:
                return lines
            lines.append(line.rstrip("\n"))

    def setup(self, board, white_to_move):
        cmds = ["force", "variant falcon"]
        if not white_to_move:
            cmds += ["black", "force"]          # sets side to move; edit keeps it
        cmds += ["edit", "#"]
        for colour in (True, False):
            if not colour:
                cmds.append("c")
            for (f, r), p in sorted(board.items()):
                if p.isupper() == colour:
                    cmds.append(p.upper() + sq(f, r))
        cmds.append(".")
        self.send("\n".join(cmds) + "\n")

    def is_legal(self, board, white_to_move, origin, target):
        self.setup(board, white_to_move)
        move = sq(*origin) + sq(*target)
        self.send(move + "\n")
        lines = self.sync()
        bad = [l for l in lines if l.startswith("Error") or "not supported" in l]
        if bad:
            raise RuntimeError("Fairy-Max: %s" % bad)
        return not any(l.startswith("Illegal move") for l in lines)

    def board_dump(self, board, white_to_move):
        self.setup(board, white_to_move)
        self.send("p\n")
        return self.sync()

    def close(self):
        try:
            self.send("quit\n")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


# ---------------------------------------------------------------- position generators
def free_squares(board, width, height):
    return [(f, r) for f in range(width) for r in range(1, height + 1)
            if (f, r) not in board and (f, r) not in ROAD]


def random_position(rng, width, height, pawn_ranks, checks):
    while True:
        board = {}
        for k in "Kk":
            board[rng.choice(free_squares(board, width, height))] = k
        white = rng.random() < 0.5
        falcon = rng.choice(free_squares(board, width, height))
        board[falcon] = "F" if white else "f"
        if rng.random() < 0.4:
            board[rng.choice(free_squares(board, width, height))] = "f" if white else "F"
        for _ in range(rng.randint(0, 24)):
            s = rng.choice(free_squares(board, width, height))
            kinds = "PpPpNn" if s[1] in pawn_ranks else "Nn"
            board[s] = rng.choice(kinds)
        if position_ok(board, checks):
            return board, white, falcon


def corner_positions(rng):
    """Falcon in each corner (shared area and 9x9), on an empty or a crowded board."""
    out = []
    for width, height, kind in ((SH_W, SH_H, "shared"), (TIN_W, TIN_H, "full9x9")):
        corners = [(0, 1), (width - 1, 1), (0, height), (width - 1, height)]
        for corner in corners:
            for crowd in (0, 1, 2):
                for white in (True, False):
                    for _ in range(1000):
                        board = {corner: "F" if white else "f"}
                        far = [s for s in free_squares(board, width, height)
                               if max(abs(s[0] - corner[0]), abs(s[1] - corner[1])) >= 4]
                        board[rng.choice(far)] = "K"
                        board[rng.choice(free_squares(board, width, height))] = "k"
                        near = [s for s in free_squares(board, width, height)
                                if max(abs(s[0] - corner[0]), abs(s[1] - corner[1])) <= 2]
                        if crowd == 1:       # a few blockers next to the Falcon
                            near = rng.sample(near, min(3, len(near)))
                        elif crowd == 0:
                            near = []
                        for s in near:       # crowd 2: every non-road square within 2
                            board[s] = rng.choice("PpPpNn" if 2 <= s[1] <= height - 1 else "Nn")
                        checks = [(TIN_W, TIN_H)] + ([(FMX_W, FMX_H)] if kind == "shared" else [])
                        if position_ok(board, checks):
                            out.append((kind, "corner %s %s crowd%d" % (sq(*corner), "w" if white else "b", crowd),
                                        board, white, corner))
                            break
    return out


EXHAUST_ORIGINS = (((4, 4), True), ((5, 3), False),                  # e4, f3: central
                   ((0, 4), True), ((4, 7), False), ((8, 5), True))   # a4, e7, i5


def exhaustive_positions(rng):
    """Falcon on each EXHAUST_ORIGINS square: for each target inside a-i x 1-8, every subset
    of that target's (non-road) path squares blocked, nothing else on the board but the two
    Kings (put where they touch no target or path square of that origin). e4/f3 have most
    targets; a4, e7, i5 together have all 16 offsets with no road square on any path."""
    out = []
    for origin, white in EXHAUST_ORIGINS:
        reach = {origin}
        for (dx, dy) in OFFSETS:
            reach.add((origin[0] + dx, origin[1] + dy))
            reach |= {(origin[0] + a[0], origin[1] + a[1]) for pair in PATHS[(dx, dy)] for a in pair}
        spare = [s for s in free_squares({}, SH_W, SH_H) if s not in reach]
        kings = next((a, b) for a in spare for b in reversed(spare)
                     if max(abs(a[0] - b[0]), abs(a[1] - b[1])) > 1)
        for (dx, dy) in OFFSETS:
            target = (origin[0] + dx, origin[1] + dy)
            if not (0 <= target[0] < SH_W and 1 <= target[1] <= SH_H):
                continue
            squares = sorted({(origin[0] + a[0], origin[1] + a[1])
                              for pair in PATHS[(dx, dy)] for a in pair} - ROAD)
            for n in range(len(squares) + 1):
                for subset in itertools.combinations(squares, n):
                    for _ in range(200):
                        board = {origin: "F" if white else "f", kings[0]: "K", kings[1]: "k"}
                        for s in subset:
                            board[s] = rng.choice("PpNn" if 2 <= s[1] <= 7 else "Nn")
                        if position_ok(board, [(TIN_W, TIN_H), (FMX_W, FMX_H)]):
                            label = "exhaust %s->%s blocked %s" % (
                                sq(*origin), sq(*target), ",".join(sq(*s) for s in subset) or "-")
                            out.append(("shared", label, board, white, origin))
                            break
                    else:
                        raise RuntimeError("no legal blocker colouring for " + repr(subset))
    return out


def pin_positions(rng, count):
    """Our King, an enemy Falcon a Falcon-offset away, our Falcon on one of its path squares."""
    out = []
    while len(out) < count:
        white = rng.random() < 0.5
        board = {}
        king = rng.choice(free_squares(board, SH_W, SH_H))
        board[king] = "K" if white else "k"
        dx, dy = rng.choice(OFFSETS)
        enemy = (king[0] - dx, king[1] - dy)
        if not (0 <= enemy[0] < SH_W and 1 <= enemy[1] <= SH_H) or enemy in ROAD:
            continue
        board[enemy] = "f" if white else "F"
        path_squares = sorted({(enemy[0] + a[0], enemy[1] + a[1])
                               for pair in PATHS[(dx, dy)] for a in pair} - ROAD)
        if not path_squares:
            continue
        falcon = rng.choice(path_squares)
        board[falcon] = "F" if white else "f"
        for s in path_squares:             # block the other path squares, mostly
            if s != falcon and rng.random() < 0.75:
                board[s] = rng.choice("PpNn" if 2 <= s[1] <= 7 else "Nn")
        other = [s for s in free_squares(board, SH_W, SH_H)
                 if max(abs(s[0] - king[0]), abs(s[1] - king[1])) >= 2]
        board[rng.choice(other)] = "k" if white else "K"
        for _ in range(rng.randint(0, 10)):
            s = rng.choice(free_squares(board, SH_W, SH_H))
            board[s] = rng.choice("PpNn" if 2 <= s[1] <= 7 else "Nn")
        if position_ok(board, [(TIN_W, TIN_H), (FMX_W, FMX_H)]):
            out.append(("shared", "pin #%d" % len(out), board, white, falcon))
    return out


# ---------------------------------------------------------------- comparison
def fmt(squares, origin):
    return " ".join(sq(*origin) + sq(*t) for t in sorted(squares, key=lambda s: (s[0], s[1])))


def check_shared(fm, label, board, white, origin, verbose):
    fen = tinman_fen(board, white)
    errors = []
    t = tinman_falcon_moves(fen, origin)
    p9 = set(legal_falcon_targets(board, origin[0], origin[1], TIN_W, TIN_H))
    p10 = set(legal_falcon_targets(board, origin[0], origin[1], FMX_W, FMX_H))
    # Every target on Fairy-Max's board is queried, own-occupied ones included, except the
    # own King's square: Fairy-Max reads "piece onto own King" as castling notation.
    own_king = "K" if white else "k"
    queried = [(origin[0] + dx, origin[1] + dy) for dx, dy in OFFSETS
               if 0 <= origin[0] + dx < FMX_W and 1 <= origin[1] + dy <= FMX_H
               and board.get((origin[0] + dx, origin[1] + dy)) != own_king]
    fmx = {s for s in queried if fm.is_legal(board, white, origin, s)}
    inside = lambda S: {s for s in S if s[0] < SH_W and s[1] <= SH_H}
    if t != p9:
        errors.append("Tinman vs Python(9x9): tinman-only [%s] python-only [%s]"
                      % (fmt(t - p9, origin), fmt(p9 - t, origin)))
    if fmx != p10:
        errors.append("Fairy-Max vs Python(10x8): fairymax-only [%s] python-only [%s]"
                      % (fmt(fmx - p10, origin), fmt(p10 - fmx, origin)))
    if inside(t) != inside(fmx):
        errors.append("Tinman vs Fairy-Max (a-i x 1-8): tinman-only [%s] fairymax-only [%s]"
                      % (fmt(inside(t) - inside(fmx), origin), fmt(inside(fmx) - inside(t), origin)))
    if errors or verbose:
        print("%s %s\n  FEN %s\n  tinman   : %s\n  fairymax : %s  (queried %d)\n  python9x9: %s"
              % ("FAIL" if errors else "ok  ", label, fen, fmt(t, origin), fmt(fmx, origin),
                 len(queried), fmt(p9, origin)))
        for e in errors:
            print("  " + e)
    pinned = len(set(falcon_targets(board, origin[0], origin[1], TIN_W, TIN_H))) != len(p9)
    return not errors, len(queried), len(inside(t)), pinned


def check_full(label, board, white, origin, verbose):
    fen = tinman_fen(board, white)
    t = tinman_falcon_moves(fen, origin)
    p9 = set(legal_falcon_targets(board, origin[0], origin[1], TIN_W, TIN_H))
    ok = t == p9
    if not ok or verbose:
        print("%s %s\n  FEN %s\n  tinman   : %s\n  python9x9: %s"
              % ("ok  " if ok else "FAIL", label, fen, fmt(t, origin), fmt(p9, origin)))
        if not ok:
            print("  Tinman vs Python(9x9): tinman-only [%s] python-only [%s]"
                  % (fmt(t - p9, origin), fmt(p9 - t, origin)))
    return ok


def selftest_reference():
    """Hand-worked facts about the rule, so the Python reference is itself checked."""
    # (3,1): paths e-e-ne, e-ne-e, ne-e-e
    assert sorted(PATHS[(3, 1)]) == sorted([((1, 0), (2, 0)), ((1, 0), (2, 1)), ((1, 1), (2, 1))])
    # (2,3): paths ne-ne-n, ne-n-ne, n-ne-ne
    assert sorted(PATHS[(2, 3)]) == sorted([((1, 1), (2, 2)), ((1, 1), (1, 2)), ((0, 1), (1, 2))])
    assert len(OFFSETS) == 16 and len(set(OFFSETS)) == 16
    # lone Falcon in the middle of 9x9 reaches all 16 squares; in a corner, 4
    assert len(falcon_targets({(4, 5): "F"}, 4, 5, 9, 9)) == 16
    assert sorted(falcon_targets({(0, 1): "F"}, 0, 1, 9, 9)) == [(1, 4), (2, 4), (3, 2), (3, 3)]
    # e4 -> f7 (offset 1,3): paths e5-e6, e5-f6, f5-f6
    b = {(4, 4): "F", (4, 5): "p", (5, 5): "p"}                 # e5, f5
    assert (5, 7) not in falcon_targets(b, 4, 4, 9, 9)
    b = {(4, 4): "F", (4, 5): "p", (5, 6): "p"}                 # e5, f6
    assert (5, 7) not in falcon_targets(b, 4, 4, 9, 9)
    b = {(4, 4): "F", (4, 6): "p", (5, 5): "p"}                 # e6, f5: e5-f6 open
    assert (5, 7) in falcon_targets(b, 4, 4, 9, 9)
    b = {(4, 4): "F", (4, 5): "p", (4, 6): "p"}                 # e5, e6: f5-f6 open
    assert (5, 7) in falcon_targets(b, 4, 4, 9, 9)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pins", type=int, default=60)
    ap.add_argument("--random", type=int, default=300)
    ap.add_argument("--full", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2434)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    selftest_reference()
    if not os.access(TINMAN, os.X_OK):
        print("tinman binary not found at %s (cargo build --release)" % TINMAN)
        sys.exit(1)
    if not os.access(FAIRYMAX, os.X_OK):
        print("Fairy-Max not found at %s (apt-get update && apt-get install -y fairymax)" % FAIRYMAX)
        sys.exit(1)

    rng = random.Random(args.seed)
    sets = {"corner": corner_positions(rng), "exhaust": exhaustive_positions(rng)}
    sets["pin"] = pin_positions(rng, args.pins)
    sets["random"] = []
    for i in range(args.random):
        board, white, falcon = random_position(rng, SH_W, SH_H, range(2, 8),
                                               [(TIN_W, TIN_H), (FMX_W, FMX_H)])
        sets["random"].append(("shared", "random #%d" % i, board, white, falcon))
    sets["full9x9"] = []
    for i in range(args.full):
        board, white, falcon = random_position(rng, TIN_W, TIN_H, range(2, 9), [(TIN_W, TIN_H)])
        sets["full9x9"].append(("full9x9", "full9x9 #%d" % i, board, white, falcon))

    fm = FairyMax(FAIRYMAX)
    # sanity: the Falcon is really there in Fairy-Max's board (piece type 8, printed 'E')
    dump = fm.board_dump({(4, 3): "F", (0, 1): "K", (8, 8): "k"}, True)
    assert any(" E " in l + " " for l in dump), dump

    total = passed = 0
    coverage = {0: 0, 1: 0, 2: 0, 3: 0}
    by_offset = {off: set() for off in OFFSETS}
    for kind, label, board, white, origin in sets["exhaust"]:
        t = parse_sq(label.split("->")[1].split()[0])
        off = (t[0] - origin[0], t[1] - origin[1])
        by_offset[off].add(open_paths(board, origin[0], origin[1], *off))
    for name, items in sets.items():
        sp = sq_total = fm_q = shared_moves = n_pinned = 0
        for kind, label, board, white, origin in items:
            if kind == "shared":
                ok, nq, nm, pinned = check_shared(fm, label, board, white, origin, args.verbose)
                n_pinned += pinned
                fm_q += nq
                shared_moves += nm
                for dx, dy in OFFSETS:
                    t = (origin[0] + dx, origin[1] + dy)
                    if 0 <= t[0] < SH_W and 1 <= t[1] <= SH_H:
                        coverage[open_paths(board, origin[0], origin[1], dx, dy)] += 1
            else:
                ok = check_full(label, board, white, origin, args.verbose)
            sq_total += 1
            sp += ok
        extra = "" if not fm_q else (", %d Fairy-Max queries, %d Tinman Falcon moves in a-i x 1-8,"
                                     " %d with a pinned Falcon" % (fm_q, shared_moves, n_pinned))
        print("%-8s %4d positions, %4d passed, %4d failed%s" % (name, sq_total, sp, sq_total - sp, extra))
        total += sq_total
        passed += sp
    fm.close()
    print("shared-area targets by number of open paths (0/1/2/3): %d/%d/%d/%d"
          % (coverage[0], coverage[1], coverage[2], coverage[3]))
    print("exhaust: offsets seen with 0, 1, 2 and 3 open paths each: %d of 16"
          % sum(v == {0, 1, 2, 3} for v in by_offset.values()))
    print("falcon cross-check: %d positions, %d passed, %d failed" % (total, passed, total - passed))
    sys.exit(0 if passed == total else 1)


if __name__ == "__main__":
    main()
