#!/usr/bin/env python3
"""Independent perft oracle for Tinman's `imawazir` (I'm a Wazir, Get Me Out of Here).

What it checks
  Move generation and game-end detection of `imawazir` (shared/spec/rules.md section 4) in
  the early plies, using Fairy-Stockfish through its Python binding pyffish. The game is
  described to FSF in tests/oracles/imawazir.ini (pawns as FIDE incl. double step and en
  passant, promotion to Wazir only, Wazirs stepping one square orthogonally, no king,
  "exactly one player has Wazirs" = immediate win for that player, no legal move = loss).
  None of Tinman's code is used. NOT modelled by FSF: the vanishing of Wazirs that stay in
  the central quarter c3-f6 (see the .ini), so positions/depths must be chosen so that no
  Wazir can vanish (from the start position: any depth <= 13; from a FEN with heights `-`
  and no Wazir inside c3-f6: depth <= 9; with a Wazir inside c3-f6 at the root: depth <= 7).
  The script refuses FENs whose heights field is not `-`.

  Perft convention (same as Tinman): a position whose game is already decided by the board
  (exactly one player has Wazirs) has NO legal moves, so it is a leaf with zero children;
  a position where the side to move has no legal move simply has zero children too. FSF's
  generate<LEGAL> already returns no moves when is_immediate_game_end() is true, and the
  script double-checks this with pyffish.is_immediate_game_end (see `endcheck`).
  Draw rules (50 moves / repetition) are never consulted.

Setup
  pip install pyffish        (tested with pyffish 0.0.90)

Usage (all FENs in TINMAN's notation: FSF's six fields plus the Wazir-heights field, which
must be `-`; a six-field FEN is accepted too; 'start' = the start position)
  python3 tests/oracles/ffish_imawazir.py perft DEPTH [FEN]      -> "nodes N"
  python3 tests/oracles/ffish_imawazir.py divide DEPTH [FEN]     -> sorted "MOVE: COUNT", "nodes N"
  python3 tests/oracles/ffish_imawazir.py moves [FEN]            -> sorted legal moves
  python3 tests/oracles/ffish_imawazir.py compare TINMAN_BINARY MAXDEPTH [OTHERS_MAXDEPTH]
        runs both programs on the start position (depths 1..MAXDEPTH) and on the test
        positions in POSITIONS below (depths 1..min(OTHERS_MAXDEPTH, their own cap); default
        OTHERS_MAXDEPTH = 4), prints one line per position and depth with both counts and
        OK/DIFF; on a difference it descends with divide on both sides to the first position
        where the move lists differ and prints it. Exit status 1 if anything differed.
  Add --no-cache anywhere to disable the transposition cache (counts are a pure function of
  board, side to move and en-passant square, so caching on those does not change results).

  Example (from /work/main, after cargo build --release):
    python3 tests/oracles/ffish_imawazir.py compare target/release/tinman 5 4

Moves are coordinate notation exactly as Tinman prints them: `e2e4`, en passant as the
capturing pawn's from/to squares (`d4e3`), promotion `e7e8w`.

Speed: plain Python over pyffish (every call re-parses a FEN): start position perft 5 takes
about a minute with the cache, perft 6 several minutes.
"""
import os
import subprocess
import sys
import time

import pyffish as sf

HERE = os.path.dirname(os.path.abspath(__file__))
INI = os.path.join(HERE, "imawazir.ini")
VARIANT = "imawazir"
START_TINMAN = "wwwwwwww/pppppppp/8/8/8/8/PPPPPPPP/WWWWWWWW w - - 0 1 -"

with open(INI) as _f:
    sf.load_variant_config(_f.read())

USE_CACHE = True
_cache = {}


# ---------------------------------------------------------------- FEN conversion
def to_fsf(fen):
    """Tinman FEN (7 fields, last = Wazir heights) -> FSF FEN (6 fields)."""
    if fen in (None, "", "start", "startpos"):
        fen = START_TINMAN
    f = fen.split()
    if len(f) == 7:
        if f[6] != "-":
            raise SystemExit("heights field %r: FSF cannot model Wazir heights; "
                             "only FENs with heights '-' are supported" % f[6])
        f = f[:6]
    elif len(f) == 4:
        f += ["0", "1"]
    if len(f) != 6:
        raise SystemExit("bad FEN: %r" % fen)
    return " ".join(f)


def to_tinman(fsf_fen):
    """FSF FEN -> Tinman FEN (heights field `-`)."""
    return fsf_fen + " -"


# ---------------------------------------------------------------- perft
def legal(fen, path=()):
    return sf.legal_moves(VARIANT, fen, list(path))


def child(fen, move):
    return sf.get_fen(VARIANT, fen, [move])


def key(fen):
    """Board, side to move, castling, en-passant field (clocks dropped)."""
    return " ".join(fen.split()[:4])


# Every pyffish call costs ~2-3 ms here (pyffish re-initialises its piece tables on each
# call), so perft minimises CALLS: a node is addressed as (FEN, move path) and its moves
# come from one legal_moves(FEN, path) call (pyffish replays the path internally); the
# FEN of a node is only materialised with get_fen (one extra call) where it pays off,
# i.e. for the transposition cache at remaining depth >= CACHE_MIN.
CACHE_MIN = 2


def perft(fen, depth, path=()):
    if depth == 0:
        return 1
    k = None
    if USE_CACHE and depth >= CACHE_MIN:
        if path:
            fen, path = sf.get_fen(VARIANT, fen, list(path)), ()
        k = (key(fen), depth)
        v = _cache.get(k)
        if v is not None:
            return v
    moves = legal(fen, path)
    if depth == 1:
        n = len(moves)
    else:
        n = 0
        for m in moves:
            n += perft(fen, depth - 1, path + (m,))
    if k is not None:
        _cache[k] = n
    return n


def divide(fen, depth):
    """{move: count} for depth >= 1."""
    return {m: perft(fen, depth - 1, (m,)) for m in legal(fen)}


def endcheck(fen):
    """Sanity: legal_moves must be empty exactly when the game is over for FSF."""
    end, res = sf.is_immediate_game_end(VARIANT, fen, [])
    moves = legal(fen)
    if end and moves:
        raise AssertionError("FSF reports game end but gives moves: " + fen)
    if not moves:
        return "game over, side to move %s" % (
            "wins" if (end and res > 0) else "loses")
    return "%d moves" % len(moves)


# ---------------------------------------------------------------- Tinman side
def tinman_divide(binary, fen_tinman, depth):
    out = subprocess.run([binary, "perft", "--variant", "imawazir", "--depth", str(depth),
                          "--fen", fen_tinman, "--divide"],
                         capture_output=True, text=True, check=True).stdout
    d, nodes = {}, None
    for line in out.splitlines():
        line = line.strip()
        if line.startswith("nodes "):
            nodes = int(line.split()[1])
        elif ":" in line:
            m, c = line.split(":")
            d[m.strip()] = int(c)
    return d, nodes


def tinman_perft(binary, fen_tinman, depth):
    out = subprocess.run([binary, "perft", "--variant", "imawazir", "--depth", str(depth),
                          "--fen", fen_tinman],
                         capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        if line.startswith("nodes "):
            return int(line.split()[1])
    raise RuntimeError("no nodes line from tinman: " + out)


def tinman_moves(binary, fen_tinman):
    out = subprocess.run([binary, "moves", "--variant", "imawazir", "--fen", fen_tinman],
                         capture_output=True, text=True, check=True).stdout
    return sorted(out.split())


def find_first_difference(binary, fen, depth, path=()):
    """Descend while both agree on the move set; return a description of the first
    position (with the move path from the compared root) where they disagree."""
    mine = divide(fen, depth) if depth >= 1 else {}
    theirs, _ = tinman_divide(binary, to_tinman(fen), depth) if depth >= 1 else ({}, 0)
    if set(mine) != set(theirs):
        return ("position after %s: %s\n    only FSF: %s\n    only Tinman: %s"
                % (" ".join(path) or "(root)", to_tinman(fen),
                   sorted(set(mine) - set(theirs)), sorted(set(theirs) - set(mine))))
    for m in sorted(mine):
        if mine[m] != theirs[m]:
            return find_first_difference(binary, child(fen, m), depth - 1, path + (m,))
    return "no difference found by divide (counts equal?)"


# ---------------------------------------------------------------- test positions
# (name, Tinman FEN, own max depth). All heights `-`, no Wazir inside c3-f6 at the root
# unless noted (then depth <= 7 is still safe), so nothing can vanish in these depths.
POSITIONS = [
    ("start", START_TINMAN, 13),
    # early middlegame: both sides have opened files, Wazirs have stepped up to rank 2/7,
    # pawns in contact (captures both ways), no Wazir inside c3-f6.
    ("middlegame",
     "ww1ww1ww/pp1wpwpp/2p2p2/3p4/4P1P1/1P6/P1PWWP1P/WW1W2WW w - - 0 6 -", 6),
    # en passant: Black just played e7e5 next to White pawns d5 and f5 (two ep captures),
    # and a Black pawn on b4 could take a White a2a4 / c2c4 en passant one ply later.
    ("en passant",
     "wwwwwwww/p1pp1p1p/6p1/3PpP2/1p6/8/P1P1P1PP/WWWWWWWW w - e6 0 5 -", 6),
    # promotions: White b7 can push to b8 (empty) or capture a8/c8; Black g2 can push to
    # g1 (empty) or capture f1/h1; includes capture-promotions for both sides.
    ("promotions",
     "w1wwwwww/pP1ppppp/8/8/8/8/PPPPP1pP/WWWWWW1W w - - 0 10 -", 6),
    # one move from a win: Black's only Wazir h8 can be taken by the White Wazir h7 (h7h8)
    # or by the pawn g7 (capture-promotion g7h8w): either wins at once. White has two
    # Wazirs (a1, h7); Black's b2 pawn can promote on b1 or by taking a1.
    ("last wazir",
     "7w/6PW/8/2p5/8/8/1p5P/W7 w - - 0 30 -", 6),
    # same, Black to move: h8h7 or b2a1w each take one of White's two Wazirs; after either,
    # the other side of the board can finish the job on the next Black move.
    ("last wazir b",
     "7w/6PW/8/2p5/8/8/1p5P/W7 b - - 0 30 -", 6),
    # Black has no legal move at all (wazirs a1-h1 boxed in by own pawns a2-h2).
    ("black stuck", "WW6/PP6/8/8/8/8/pppppppp/wwwwwwww b - - 0 1 -", 6),
    # White to move; Black's only mobile unit is pawn d5, which runs into White's d3:
    # after ...d4 Black is stuck and loses unless White unblocks.
    ("black nearly stuck", "WW6/PP6/8/3p4/8/3P4/pppppppp/wwwwwwww w - - 0 1 -", 6),
    # No Wazirs at all: the game goes on; the first promotion wins at once.
    ("no wazirs", "8/1P6/8/3p4/4P3/8/6p1/8 w - - 0 1 -", 8),
    # Game already decided on the board (only White has Wazirs): no moves.
    ("decided", "8/pppppppp/8/8/8/8/PPPPPPPP/WWWWWWWW b - - 0 1 -", 3),
]


def compare(binary, maxdepth, others_maxdepth):
    ok = True
    print("%-20s %5s %14s %14s  %s" % ("position", "depth", "FSF", "Tinman", ""))
    for name, tfen, cap in POSITIONS:
        fen = to_fsf(tfen)
        top = min(maxdepth if name == "start" else others_maxdepth, cap)
        # quick move-list check at the root
        mine, theirs = sorted(legal(fen)), tinman_moves(binary, tfen)
        if mine != theirs:
            ok = False
            print("%-20s moves DIFF  only FSF %s  only Tinman %s" % (
                name, sorted(set(mine) - set(theirs)), sorted(set(theirs) - set(mine))))
        for d in range(1, top + 1):
            t0 = time.time()
            a = perft(fen, d)
            t1 = time.time()
            b = tinman_perft(binary, tfen, d)
            same = a == b
            ok &= same
            print("%-20s %5d %14d %14d  %s   (FSF %.1fs)" % (
                name, d, a, b, "OK" if same else "DIFF", t1 - t0), flush=True)
            if not same:
                print("    first difference: " + find_first_difference(binary, fen, d))
                break
        print("    FEN %s  [%s]" % (tfen, endcheck(fen)), flush=True)
    print("ALL AGREE" if ok else "DISAGREEMENT FOUND")
    return 0 if ok else 1


def main(argv):
    global USE_CACHE
    global CACHE_MIN
    for a in argv:
        if a.startswith("--cache-min="):
            CACHE_MIN = int(a.split("=")[1])
    argv = [a for a in argv if not a.startswith("--cache-min=")]
    if "--no-cache" in argv:
        USE_CACHE = False
        argv = [a for a in argv if a != "--no-cache"]
    if len(argv) < 2:
        print(__doc__)
        return 2
    cmd = argv[1]
    if cmd == "perft":
        fen = to_fsf(argv[3] if len(argv) > 3 else None)
        print("nodes %d" % perft(fen, int(argv[2])))
    elif cmd == "divide":
        fen = to_fsf(argv[3] if len(argv) > 3 else None)
        d = divide(fen, int(argv[2]))
        for m in sorted(d):
            print("%s: %d" % (m, d[m]))
        print("nodes %d" % sum(d.values()))
    elif cmd == "moves":
        fen = to_fsf(argv[2] if len(argv) > 2 else None)
        for m in sorted(legal(fen)):
            print(m)
    elif cmd == "compare":
        others = int(argv[4]) if len(argv) > 4 else 4
        return compare(argv[2], int(argv[3]), others)
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
