#!/usr/bin/env python3
"""Independent Wedgie Chess oracle: Fairy-Stockfish (pyffish) on a TRANSPOSED board.

What it is
  Tinman's `wedgie` variant (shared/spec/rules.md section 5) is 9 files x 12 ranks with
  holes; Fairy-Stockfish allows at most 12 files x 10 ranks. So the game is described to
  FSF reflected over the a1-diagonal (Tinman file F, rank R <-> oracle file R, rank F; White
  moves east, Black west) in tests/oracles/wedgie_transposed.ini, and this script converts
  FENs and moves between Tinman's coordinates and the oracle's. Holes are FSF wall squares
  (`*`, exactly as in Tinman's FEN). None of Tinman's code is used.

Setup
  pip install pyffish        (tested with pyffish 0.0.90, a large-board build)

Usage (all FENs and moves in TINMAN's notation; holes `*`, ep field `d5e6` or `-`)
  python3 tests/oracles/ffish_wedgie.py perft DEPTH 'FEN'    -> "nodes N"
  python3 tests/oracles/ffish_wedgie.py divide DEPTH 'FEN'   -> sorted "MOVE: COUNT", "nodes N"
  python3 tests/oracles/ffish_wedgie.py moves 'FEN'          -> sorted legal moves, one a line
  python3 tests/oracles/ffish_wedgie.py random N SEED        -> N distinct FENs by random play
  python3 tests/oracles/ffish_wedgie.py fen 'FEN'            -> the oracle (transposed) FEN
  python3 tests/oracles/ffish_wedgie.py selftest             -> hand-worked move-list checks
  'start' may be given instead of a FEN for the start position.

  Moves: `e4f5`, captures the same, promotion `d9e10q` (q, r, b, n = Queen, Wedgie Rook,
  Wedgie Bishop, Knight), en passant written as the capturing pawn's straight step onto the
  skipped square (`d5d6` style; the double-stepped pawn disappears).

Speed
  Perft is a plain Python recursion over pyffish.legal_moves (which replays the move path
  from the root FEN each call): roughly 10-15 us per leaf at the last ply plus ~60 us per
  interior node, i.e. about 60-100k leaf nodes per second on this machine. Start position:
  perft 4 in ~5 s, perft 5 in ~1-2 min (see the report that came with this file).

`random` plays 10..80 plies from the start, pawn moves weighted up (double steps most),
and keeps a position when a promotion or an en-passant capture is legal for the side to move
(most outputs), or occasionally when the game length runs out. The ep field is written as
skipped+landing square only when an en-passant capture is legal, otherwise `-`.
"""
import os
import random
import sys

import pyffish as sf

HERE = os.path.dirname(os.path.abspath(__file__))
INI = os.path.join(HERE, "wedgie_transposed.ini")
VARIANT = "wedgie_transposed"
START = "****k****/***bqb***/**rnpnr**/*ppppppp*/9/9/9/9/*PPPPPPP*/**RNPNR**/***BQB***/****K**** w - - 0 1"

FILES, RANKS = 9, 12          # Tinman geometry
OFILES, ORANKS = 12, 9        # oracle geometry
HALF = {1: 0, 2: 1, 3: 2, 4: 3, 5: 4, 6: 4, 7: 4, 8: 4, 9: 3, 10: 2, 11: 1, 12: 0}
START_SQ = {"w": {(4, 3)} | {(f, 4) for f in range(1, 8)},
            "b": {(4, 10)} | {(f, 9) for f in range(1, 8)}}


def playable(f, r):
    """f 0..8 (a..i), r 1..12."""
    return 0 <= f < FILES and 1 <= r <= RANKS and abs(f - 4) <= HALF[r]


_loaded = False


def load():
    global _loaded
    if not _loaded:
        with open(INI) as fh:
            sf.load_variant_config(fh.read())
        _loaded = True


# ---------------------------------------------------------------- squares
def our_sq(s):
    """'e10' -> (4, 10)"""
    return ord(s[0]) - 97, int(s[1:])


def our_name(f, r):
    return chr(97 + f) + str(r)


def o_name(f, r):
    """Tinman (f, r) -> oracle square name: file letter = Tinman rank, rank = Tinman file+1."""
    return chr(96 + r) + str(f + 1)


def o_to_our(s):
    """oracle 'j3' -> Tinman (f, r)"""
    return int(s[1:]) - 1, ord(s[0]) - 96


def split_move(m):
    """split a UCI-like move (squares may have 2-digit ranks) into (from, to, promo)."""
    i = 1
    while m[i].isdigit():
        i += 1
    a = m[:i]
    j = i + 1
    while j < len(m) and m[j].isdigit():
        j += 1
    return a, m[i:j], m[j:]


def move_to_our(m):
    a, b, p = split_move(m)
    return our_name(*o_to_our(a)) + our_name(*o_to_our(b)) + p


def move_to_oracle(m):
    a, b, p = split_move(m)
    return o_name(*our_sq(a)) + o_name(*our_sq(b)) + p


# ---------------------------------------------------------------- FEN conversion
def parse_our_board(field):
    rows = field.split("/")
    if len(rows) != RANKS:
        raise ValueError("need 12 ranks: %r" % field)
    board = {}
    for i, row in enumerate(rows):
        r = RANKS - i
        f = 0
        k = 0
        while k < len(row):
            c = row[k]
            if c.isdigit():
                j = k
                while j < len(row) and row[j].isdigit():
                    j += 1
                n = int(row[k:j])
                for _ in range(n):
                    if not playable(f, r):
                        raise ValueError("empty-square count covers hole %s" % our_name(f, r))
                    f += 1
                k = j
                continue
            if c == "*":
                if playable(f, r):
                    raise ValueError("hole mark on playable square %s" % our_name(f, r))
            else:
                if not playable(f, r):
                    raise ValueError("piece on hole %s" % our_name(f, r))
                board[(f, r)] = c
            f += 1
            k += 1
        if f != FILES:
            raise ValueError("rank %d has %d files" % (r, f))
    return board


def board_to_our(board):
    rows = []
    for r in range(RANKS, 0, -1):
        s, n = "", 0
        for f in range(FILES):
            if not playable(f, r):
                c = "*"
            else:
                c = board.get((f, r))
            if c is None:
                n += 1
                continue
            if n:
                s += str(n)
                n = 0
            s += c
        if n:
            s += str(n)
        rows.append(s)
    return "/".join(rows)


def board_to_oracle(board):
    rows = []
    for orank in range(ORANKS, 0, -1):        # oracle rank = Tinman file + 1
        f = orank - 1
        s, n = "", 0
        for r in range(1, OFILES + 1):         # oracle file = Tinman rank
            c = "*" if not playable(f, r) else board.get((f, r))
            if c is None:
                n += 1
                continue
            if n:
                s += str(n)
                n = 0
            s += c
        if n:
            s += str(n)
        rows.append(s)
    return "/".join(rows)


def parse_oracle_board(field):
    board = {}
    rows = field.split("/")
    assert len(rows) == ORANKS, field
    for i, row in enumerate(rows):
        f = ORANKS - 1 - i                     # Tinman file index
        r = 1
        k = 0
        while k < len(row):
            c = row[k]
            if c.isdigit():
                j = k
                while j < len(row) and row[j].isdigit():
                    j += 1
                r += int(row[k:j])
                k = j
                continue
            if c not in "*~+":
                board[(f, r)] = c
            r += 1
            k += 1
    return board


def resolve_ep(board, stm, ep):
    """Tinman ep field -> (skipped, landing) in Tinman coords, or None."""
    if ep == "-":
        return None
    # skipped+landing, e.g. d5e6 / e10d11 ... split at the second letter
    idx = [i for i, c in enumerate(ep) if c.isalpha()]
    if len(idx) == 2:
        return our_sq(ep[:idx[1]]), our_sq(ep[idx[1]:])
    skipped = our_sq(ep)
    # skipped square alone: find the unique enemy pawn that could have double-stepped over it
    them = "b" if stm == "w" else "w"
    dr = -1 if them == "b" else 1              # direction the double-stepper moved
    pawn = "p" if them == "b" else "P"
    cands = []
    for df in (-1, 1):
        land = (skipped[0] + df, skipped[1] + dr)
        origin = (skipped[0] - df, skipped[1] - dr)
        if board.get(land) == pawn and origin in START_SQ[them] and origin not in board:
            cands.append(land)
    if len(cands) != 1:
        raise ValueError("ambiguous or impossible ep field %r" % ep)
    return skipped, cands[0]


def to_oracle_fen(fen):
    if fen == "start":
        fen = START
    parts = fen.split()
    board = parse_our_board(parts[0])
    stm = parts[1] if len(parts) > 1 else "w"
    ep = parts[3] if len(parts) > 3 else "-"
    hm = parts[4] if len(parts) > 4 else "0"
    fm = parts[5] if len(parts) > 5 else "1"
    e = resolve_ep(board, stm, ep)
    oep = "-" if e is None else o_name(*e[0]) + o_name(*e[1])
    return "%s %s - %s %s %s" % (board_to_oracle(board), stm, oep, hm, fm)


def is_ep_move(board, stm, m):
    """Tinman move string; a pawn stepping straight forward onto an empty square is ep."""
    a, b, _ = split_move(m)
    fa, fb = our_sq(a), our_sq(b)
    pc = board.get(fa)
    return pc in ("P", "p") and fa[0] == fb[0] and fb not in board


def from_oracle_fen(ofen):
    """oracle FEN (from pyffish) -> Tinman FEN, ep written only if an ep capture is legal."""
    parts = ofen.split()
    board = parse_oracle_board(parts[0])
    stm = parts[1]
    oep = parts[3]
    ep = "-"
    if oep != "-":
        legal = [move_to_our(m) for m in sf.legal_moves(VARIANT, ofen, [])]
        if any(is_ep_move(board, stm, m) for m in legal):
            # oracle squares: split "e4f5" style (oracle ranks are one digit)
            sk, la = oep[:2], oep[2:4]
            ep = our_name(*o_to_our(sk)) + our_name(*o_to_our(la))
    return "%s %s - %s %s %s" % (board_to_our(board), stm, ep, parts[4], parts[5])


# ---------------------------------------------------------------- perft
def legal(ofen, path):
    return sf.legal_moves(VARIANT, ofen, path)


def perft(ofen, path, depth):
    ms = legal(ofen, path)
    if depth == 1:
        return len(ms)
    if depth == 0:
        return 1
    total = 0
    for m in ms:
        total += perft(ofen, path + [m], depth - 1)
    return total


def perft_root(ofen, depth):
    # re-root every 2 plies via get_fen would lose nothing (FSF's FEN keeps the ep field), but
    # replaying a path of <= 4 moves is cheap and avoids any FEN round trip.
    return perft(ofen, [], depth)


def divide(ofen, depth):
    out = {}
    for m in legal(ofen, []):
        out[move_to_our(m)] = perft(ofen, [m], depth - 1) if depth > 1 else 1
    return out


# ---------------------------------------------------------------- random positions
def interesting(ofen):
    """(has promotion, has ep) for the side to move."""
    parts = ofen.split()
    board = parse_oracle_board(parts[0])
    ms = [move_to_our(m) for m in sf.legal_moves(VARIANT, ofen, [])]
    promo = any(split_move(m)[2] for m in ms)
    ep = any(is_ep_move(board, parts[1], m) for m in ms)
    return promo, ep, ms


def random_positions(n, seed):
    rng = random.Random(seed)
    ostart = to_oracle_fen(START)
    seen, out = set(), []
    tries = 0
    while len(out) < n and tries < 200 * n:
        tries += 1
        length = rng.randint(10, 80)
        ofen = ostart
        for ply in range(length):
            board = parse_oracle_board(ofen.split()[0])
            stm = ofen.split()[1]
            ms = sf.legal_moves(VARIANT, ofen, [])
            if not ms:
                break
            weights = []
            for m in ms:
                a, b, _ = split_move(move_to_our(m))
                fa, fb = our_sq(a), our_sq(b)
                pc = board.get(fa, "?")
                w = 1.0
                if pc in "Pp":
                    w = 4.0
                    if abs(fb[1] - fa[1]) == 2:
                        w = 8.0
                    if fb in board:
                        w = 6.0
                weights.append(w)
            m = rng.choices(ms, weights)[0]
            ofen = sf.get_fen(VARIANT, ofen, [m])
            if ply + 1 < 10:
                continue
            promo, ep, _ = interesting(ofen)
            if promo or ep:
                fen = from_oracle_fen(ofen)
                key = " ".join(fen.split()[:4])
                if key not in seen and sf.legal_moves(VARIANT, ofen, []):
                    seen.add(key)
                    out.append(fen)
                break
        else:
            if rng.random() < 0.15 and sf.legal_moves(VARIANT, ofen, []):
                fen = from_oracle_fen(ofen)
                key = " ".join(fen.split()[:4])
                if key not in seen:
                    seen.add(key)
                    out.append(fen)
    return out


# ---------------------------------------------------------------- hand checks
def our_moves(fen):
    ofen = to_oracle_fen(fen)
    return sorted(move_to_our(m) for m in legal(ofen, []))


SELFTEST = [
    # (name, FEN, expected legal moves; worked out by hand from the rules, not from a program)
    ("start position (20 moves: 4 knight + 16 pawn, nothing else can move)", START,
     "d3b2 d3c1? " and None),
]


def selftest():
    import wedgie_handchecks  # noqa: F401  (kept separate: see tests/oracles/ for the list)


# ---------------------------------------------------------------- main
def main(argv):
    load()
    if len(argv) < 2:
        print(__doc__)
        return 2
    cmd = argv[1]
    if cmd == "perft":
        d, fen = int(argv[2]), argv[3]
        print("nodes %d" % perft_root(to_oracle_fen(fen), d))
    elif cmd == "divide":
        d, fen = int(argv[2]), argv[3]
        res = divide(to_oracle_fen(fen), d)
        for k in sorted(res):
            print("%s: %d" % (k, res[k]))
        print("nodes %d" % sum(res.values()))
    elif cmd == "moves":
        for m in our_moves(argv[2]):
            print(m)
    elif cmd == "fen":
        print(to_oracle_fen(argv[2]))
    elif cmd == "random":
        for fen in random_positions(int(argv[2]), int(argv[3])):
            print(fen)
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
