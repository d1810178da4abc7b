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
  python3 tests/oracles/ffish_wedgie.py perft DEPTH 'FEN' [-j N]   -> "nodes N"
  python3 tests/oracles/ffish_wedgie.py divide DEPTH 'FEN' [-j N]  -> sorted "MOVE: COUNT", "nodes N"
  python3 tests/oracles/ffish_wedgie.py moves 'FEN'          -> sorted legal moves, one a line
  python3 tests/oracles/ffish_wedgie.py random N SEED        -> N distinct FENs by random play
  python3 tests/oracles/ffish_wedgie.py fen 'FEN'            -> the oracle (transposed) FEN
  python3 tests/oracles/ffish_wedgie.py selftest             -> hand-worked checks ("N passed, N failed")
  python3 tests/oracles/ffish_wedgie.py keycheck DEPTH 'FEN' -> checks the perft cache bookkeeping
  'start' may be given instead of a FEN. `-j N` splits the root moves over N processes;
  `--nocache` turns the transposition cache off (slower; for cross-checking the cache).

  Moves: `e4f5`, captures the same, promotion `d9e10q` (q, r, b, n = Queen, Wedgie Rook,
  Wedgie Bishop, Knight), en passant written as the capturing pawn's straight step onto the
  skipped square (`d6d5` style; the double-stepped pawn disappears).

  FEN ep field: Tinman's `skipped+landing` (`d5e6`); the skipped square alone is accepted when
  exactly one enemy pawn fits. FSF itself uses the same two squares but prints them as a set in
  its square order (possibly landing first); this script converts both ways.

Speed
  Every pyffish call costs ~2 ms whatever the position (pyffish rebuilds FSF's piece tables on
  each call), so perft costs ~2 ms per distinct position at depth-1 plies (leaves are counted
  with one legal_moves call per parent). A transposition cache cuts the start position's calls
  by ~40%. Measured here (2 shared cores): start perft 3 in 2.5 s, perft 4 in 37 s, perft 5 in
  20.5 min wall with -j 2 (15 CPU-min); middlegame perft 3 in 3-6 s, perft 4 in a few minutes.
  For anything deeper use Tinman itself and this oracle on the divide's suspicious subtrees.

`random` plays 10..80 plies from the start, pawn moves weighted up (double steps most),
and keeps a position when a promotion or an en-passant capture is legal for the side to move
(most outputs), or occasionally (15%) when the game length runs out. The ep field is written
as skipped+landing only when an en-passant capture is legal, otherwise `-`.
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
    if skipped in board:
        raise ValueError("ep square %r is occupied" % ep)
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
            # FSF writes its en-passant squares as a SET in square-index order (skipped square
            # and landing square, e.g. "f3e4"), not necessarily skipped first. Oracle ranks are
            # one digit, so the field splits every 2 characters; the landing square is the one
            # holding the enemy pawn, the skipped one is empty.
            sqs = [o_to_our(oep[k:k + 2]) for k in range(0, len(oep), 2)]
            enemy = "p" if stm == "w" else "P"
            land = [q for q in sqs if board.get(q) == enemy]
            skip = [q for q in sqs if q not in board]
            if len(land) != 1 or len(skip) != 1:
                raise ValueError("unexpected FSF en-passant field %r" % oep)
            ep = our_name(*skip[0]) + our_name(*land[0])
    return "%s %s - %s %s %s" % (board_to_our(board), stm, ep, parts[4], parts[5])


# ---------------------------------------------------------------- perft
# Every pyffish call rebuilds FSF's piece tables (~2 ms per call, whatever the position), so
# perft pays one call per node at depth >= 1. Two economies, neither of which generates moves:
#  * a transposition cache keyed on (board, side to move, landing square of a pawn double step
#    just played, depth). The key's board is tracked here by applying FSF's own moves
#    (move the piece; promotion letter; a pawn stepping straight onto an empty square is en
#    passant and removes the pawn that just double-stepped). The key only decides which FSF
#    results may be shared; FSF itself is always queried on its own state (root FEN + the
#    move path). `keycheck` / `random` compare this bookkeeping with FSF's get_fen.
#  * `-j N` worker processes split the root moves.
def initial_state(fen):
    if fen == "start":
        fen = START
    parts = fen.split()
    board = parse_our_board(parts[0])
    stm = parts[1] if len(parts) > 1 else "w"
    e = resolve_ep(board, stm, parts[3] if len(parts) > 3 else "-")
    grid = ["."] * (FILES * RANKS)
    for (f, r), c in board.items():
        grid[f * RANKS + r - 1] = c
    return "".join(grid), stm, (-1 if e is None else e[1][0] * RANKS + e[1][1] - 1)


def apply_move(state, omove):
    """state after the ORACLE move omove (bookkeeping for cache keys only)."""
    grid, stm, last = state
    a, b, promo = split_move(omove)
    fa, ra = o_to_our(a)
    fb, rb = o_to_our(b)
    i, j = fa * RANKS + ra - 1, fb * RANKS + rb - 1
    g = list(grid)
    pc = g[i]
    newlast = -1
    if pc in "Pp":
        if fa == fb and g[j] == "." and last >= 0:
            g[last] = "."                       # en passant
        if abs(rb - ra) == 2:
            # keep the ep state in the key only if an enemy pawn stands straight behind the
            # skipped square (otherwise no en passant is possible and the positions are equal)
            fs, rs = (fa + fb) // 2, (ra + rb) // 2
            rc = rs + (1 if pc == "P" else -1)
            if 1 <= rc <= RANKS and g[fs * RANKS + rc - 1] == ("p" if pc == "P" else "P"):
                newlast = j
        if promo:
            pc = promo.upper() if pc == "P" else promo.lower()
    g[i] = "."
    g[j] = pc
    return "".join(g), ("b" if stm == "w" else "w"), newlast


def state_board_field(state):
    grid = state[0]
    return board_to_our({(k // RANKS, k % RANKS + 1): c for k, c in enumerate(grid) if c != "."})


def legal(ofen, path):
    return sf.legal_moves(VARIANT, ofen, path)


def perft(ofen, path, state, depth, cache):
    if depth == 0:
        return 1
    key = None
    if cache is not None:
        key = (state, depth)
        hit = cache.get(key)
        if hit is not None:
            return hit
    ms = legal(ofen, path)
    if depth == 1:
        n = len(ms)
    else:
        n = 0
        for m in ms:
            n += perft(ofen, path + [m], apply_move(state, m) if cache is not None else None,
                       depth - 1, cache)
    if cache is not None:
        cache[key] = n
    return n


def _divide_worker(args):
    ofen, state, depth, moves, use_cache = args
    load()
    cache = {} if use_cache else None
    return [(m, perft(ofen, [m], apply_move(state, m), depth - 1, cache)) for m in moves]


def divide(fen, depth, jobs=1, use_cache=True):
    """{tinman move: count} for the root moves."""
    ofen = to_oracle_fen(fen)
    state = initial_state(fen)
    ms = legal(ofen, [])
    if depth <= 1:
        return {move_to_our(m): 1 for m in ms}
    if jobs <= 1:
        res = _divide_worker((ofen, state, depth, ms, use_cache))
    else:
        import multiprocessing as mp
        chunks = [ms[k::jobs] for k in range(jobs)]
        with mp.Pool(jobs) as pool:
            parts = pool.map(_divide_worker, [(ofen, state, depth, c, use_cache) for c in chunks])
        res = [x for part in parts for x in part]
    return {move_to_our(m): n for m, n in res}


def keycheck(fen, depth):
    """Compare the cache-key bookkeeping with FSF's own FEN at every node up to depth."""
    ofen = to_oracle_fen(fen)
    bad = [0]
    count = [0]

    def rec(path, state, d):
        f = sf.get_fen(VARIANT, ofen, path)
        count[0] += 1
        if parse_oracle_board(f.split()[0]) != parse_our_board(state_board_field(state)) \
                or f.split()[1] != state[1]:
            bad[0] += 1
            print("MISMATCH after", [move_to_our(m) for m in path])
        if d == 0:
            return
        for m in legal(ofen, path):
            rec(path + [m], apply_move(state, m), d - 1)
    rec([], initial_state(fen), depth)
    print("keycheck: %d nodes, %d mismatches" % (count[0], bad[0]))
    return 1 if bad[0] else 0


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
        state = initial_state(START)
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
            state = apply_move(state, m)
            if parse_oracle_board(ofen.split()[0]) != parse_our_board(state_board_field(state)):
                raise AssertionError("move bookkeeping disagrees with FSF after %s" % m)
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


def make_fen(white, black, stm="w", ep="-"):
    """make_fen("Ke1 Rb4", "ke12") -> Tinman FEN (white letters given upper case)."""
    board = {}
    for side, spec in (("w", white), ("b", black)):
        for tok in spec.split():
            pc = tok[0].upper() if side == "w" else tok[0].lower()
            board[our_sq(tok[1:])] = pc
    return "%s %s - %s 0 1" % (board_to_our(board), stm, ep)


def promos(frm, to):
    return [frm + to + p for p in "bnqr"]


# Hand-worked move lists (derived from the rules on paper, NOT from any program); each entry:
# (what it checks, FEN, expected sorted legal moves in Tinman coordinates).
HAND_CHECKS = [
    ("start: 4 knight moves + 26 pawn moves (b4/h4 have no outward double step), nothing else",
     START,
     "b4a5 b4c5 b4d6 c4a6 c4b5 c4d5 c4e6 d3c5 d3e5 d4b6 d4c5 d4e5 d4f6 e4c6 e4d5 e4f5 e4g6 "
     "f3e5 f3g5 f4d6 f4e5 f4g5 f4h6 g4e6 g4f5 g4h5 g4i6 h4f6 h4g5 h4i5".split()),
    ("wedgie rook beside holes: a4/b3/b10 stop it, a3 hole, mF to a5 c3 c5",
     make_fen("Ke1 Rb4", "ke12"),
     "b4a5 b4b5 b4b6 b4b7 b4b8 b4b9 b4c3 b4c4 b4c5 b4d4 b4e4 b4f4 b4g4 b4h4 e1d2 e1e2 e1f2".split()),
    ("knights leap over holes (c3-e2 passes hole c2) and onto the tips e1 / e12 (white)",
     make_fen("Ka6 Nf3 Nc3", "ki7 nf10"),
     "a6a5 a6a7 a6b5 a6b6 a6b7 c3b5 c3d5 c3e2 c3e4 f3d2 f3d4 f3e1 f3e5 f3g5 f3h4".split()),
    ("same position, black: knight f10 reaches the tip e12, g12/h11 are holes",
     make_fen("Ka6 Nf3 Nc3", "ki7 nf10", "b"),
     "f10d11 f10d9 f10e12 f10e8 f10g8 f10h9 i7h6 i7h7 i7h8 i7i6 i7i8".split()),
    ("pawn double steps: e3-c5 blocked by own piece on landing, e3-g5/c4-e6 by a piece in the "
     "middle, c5 is no start square, h4 cannot double to the right (board edge)",
     make_fen("Ke1 Pe3 Pc4 Ph4 Pc5", "ke12 pd5 pf4"),
     "c4a6 c4b5 c5b6 c5d6 e1d2 e1e2 e1f2 e3d4 h4f6 h4g5 h4i5".split()),
    ("white en passant d7xd8 after ...e9-c7: removes c7 (see EP_RESULTS); c6xc7 normal capture",
     make_fen("Ke1 Pd7 Pc6", "ke12 pc7 pe7", "w", "d8c7"),
     "c6b7 c6c7 d7c8 d7d8 d7e8 e1d2 e1e2 e1f2".split()),
    ("same board, ep field d8e7 (...c9-e7): d7xd8 now removes e7",
     make_fen("Ke1 Pd7 Pc6", "ke12 pc7 pe7", "w", "d8e7"),
     "c6b7 c6c7 d7c8 d7d8 d7e8 e1d2 e1e2 e1f2".split()),
    ("same board without ep right: the straight step d7-d8 is not a move",
     make_fen("Ke1 Pd7 Pc6", "ke12 pc7 pe7", "w", "-"),
     "c6b7 c6c7 d7c8 d7e8 e1d2 e1e2 e1f2".split()),
    ("black en passant d6xd5 after c4-e6; only the pawn straight behind the skipped square",
     make_fen("Ke1 Pe6 Pc6", "ke12 pd6", "b", "d5e6"),
     "d6c5 d6d5 d6e5 e12d11 e12e11 e12f11".split()),
    ("white promotion on rank 10: quiet c10/e10, capture d10, all four pieces; b9 only to c10",
     make_fen("Ke1 Pd9 Pb9", "ke12 rd10"),
     sorted(promos("d9", "c10") + promos("d9", "e10") + promos("d9", "d10") + promos("b9", "c10")
            + "e1d2 e1e2 e1f2".split())),
    ("black promotion on rank 3 (d3 f3 and capture e3; b4 only to c3: a3/b3 are holes)",
     make_fen("Ki6 Ne3", "ke12 pe4 pb4", "b"),
     sorted(promos("e4", "d3") + promos("e4", "f3") + promos("e4", "e3") + promos("b4", "c3")
            + "e12d11 e12e11 e12f11".split())),
    ("wedgie bishop: mW steps only to empty e5/d6, cannot take e7 pawn / f6 rook orthogonally; "
     "king may not go to f2 (rook f6 down the file)",
     make_fen("Ke1 Be6", "ke12 pe7 nd5 rf6 pd7"),
     "e1d2 e1e2 e6d5 e6d6 e6d7 e6e5 e6f5 e6f7 e6g4 e6g8 e6h9".split()),
    ("wedgie rook: mF steps only to empty f7/d5, cannot take d7 pawn / f5 knight diagonally",
     make_fen("Ke1 Re6", "ke12 pd7 nf5 be8 pf6"),
     "e1d2 e1e2 e1f2 e6a6 e6b6 e6c6 e6d5 e6d6 e6e2 e6e3 e6e4 e6e5 e6e7 e6e8 e6f6 e6f7".split()),
    ("en passant may not expose the own king (a7..h7 rank opens when d7xd8 removes c7)",
     make_fen("Ka7 Pd7", "ke12 pc7 rh7", "w", "d8c7"),
     "a7a6 a7a8 a7b6 a7b7 a7b8 d7c8 d7e8".split()),
    ("en passant answers a pawn check (c7 checks Kc6; d7xd8 removes it)",
     make_fen("Kc6 Pd7", "ke12 pc7", "w", "d8c7"),
     "c6b5 c6b6 c6b7 c6c5 c6c7 c6d5 c6d6 d7d8".split()),
    ("after White's e3-c5 (start square on rank 3) Black's d5 takes en passant on d4",
     make_fen("Ke1 Pe3", "ke12 pd5"), ["e3c5"],
     "d5c4 d5d4 d5e4 e12d11 e12e11 e12f11".split()),
    ("after Black's e10-c8 (start square on rank 10) White's d8 takes en passant on d9",
     make_fen("Ke1 Pd8", "ke12 pe10", "b"), ["e10c8"],
     "d8c9 d8d9 d8e9 e1d2 e1e2 e1f2".split()),
    ("a pawn back on a start square may double step again (e3-d4, then d4-b6/f6)",
     make_fen("Ke1 Pe3", "ke12 pa8", "w"), ["e3d4", "a8b7"],
     "d4b6 d4c5 d4e5 d4f6 e1d2 e1e2 e1f2".split()),
    ("a wedgie rook does not attack diagonally: king e5 may go e4 f4 f5 and take d6",
     make_fen("Ke5", "ke12 rd6"),
     "e5d6 e5e4 e5f4 e5f5".split()),
    ("a wedgie bishop does not attack orthogonally: king e5 may go d6 e6(x) f6 d4 e4 f4",
     make_fen("Ke5", "ke12 be6"),
     "e5d4 e5d6 e5e4 e5e6 e5f4 e5f6".split()),
]

# After an en-passant capture, the resulting board (Tinman FEN piece field).
EP_RESULTS = [
    (make_fen("Ke1 Pd7 Pc6", "ke12 pc7 pe7", "w", "d8c7"), "d7d8", make_fen("Ke1 Pd8 Pc6", "ke12 pe7")),
    (make_fen("Ke1 Pd7 Pc6", "ke12 pc7 pe7", "w", "d8e7"), "d7d8", make_fen("Ke1 Pd8 Pc6", "ke12 pc7")),
    (make_fen("Ke1 Pe6 Pc6", "ke12 pd6", "b", "d5e6"), "d6d5", make_fen("Ke1 Pc6", "ke12 pd5")),
    (make_fen("Ke1 Pe6 Pc6", "ke12 pd6", "b", "d5c6"), "d6d5", make_fen("Ke1 Pe6", "ke12 pd5")),
    (make_fen("Ke1 Pe3", "ke12 pd5"), "e3c5 d5d4", make_fen("Ke1", "ke12 pd4")),
    (make_fen("Ke1 Pd8", "ke12 pe10", "b"), "e10c8 d8d9", make_fen("Ke1 Pd9", "ke12")),
]


def play(fen, moves):
    """Tinman FEN after Tinman moves (via the oracle)."""
    ofen = to_oracle_fen(fen)
    return from_oracle_fen(sf.get_fen(VARIANT, ofen, [move_to_oracle(m) for m in moves]))


def selftest():
    bad = 0
    for entry in HAND_CHECKS:
        if len(entry) == 4:
            name, fen0, pre, exp = entry
            fen = play(fen0, pre)
            name += " [%s then %s]" % (fen0, " ".join(pre))
        else:
            name, fen, exp = entry
        got = our_moves(fen)
        exp = sorted(exp)
        ok = got == exp
        bad += not ok
        print("%s  %s\n      %s" % ("ok  " if ok else "FAIL", name, fen))
        if not ok:
            print("      missing:", sorted(set(exp) - set(got)), " extra:", sorted(set(got) - set(exp)))
    for fen, mv, exp in EP_RESULTS:
        got = play(fen, mv.split()).split()[0]
        ok = got == exp.split()[0]
        bad += not ok
        print("%s  ep %s on %s -> %s" % ("ok  " if ok else "FAIL", mv, fen, got))
    # a double step creates the ep right for exactly the next move, shown in the FEN
    for start, mv, want in (("Pc4", "c4e6", "d5e6"), ("Pe4", "e4c6", "d5c6")):
        f = play(make_fen("Ke1 " + start, "ke12 pd6", "w"), [mv])
        ok = f.split()[3] == want
        bad += not ok
        print("%s  after %s next to d6 the FEN ep field is %s" % ("ok  " if ok else "FAIL", mv, f.split()[3]))
    f2 = play(make_fen("Ke1 Pc4", "ke12 pd6", "w"), ["c4e6", "e12d11", "e1d2"])
    ok = "d6d5" not in our_moves(f2)
    bad += not ok
    print("%s  ep right gone one move later" % ("ok  " if ok else "FAIL"))
    print("%d passed, %d failed" % (len(HAND_CHECKS) + len(EP_RESULTS) + 3 - bad, bad))
    return 1 if bad else 0


# ---------------------------------------------------------------- main
def main(argv):
    load()
    args = list(argv[1:])
    jobs, use_cache = 1, True
    if "--nocache" in args:
        args.remove("--nocache")
        use_cache = False
    if "-j" in args:
        k = args.index("-j")
        jobs = int(args[k + 1])
        del args[k:k + 2]
    if not args:
        print(__doc__)
        return 2
    cmd = args[0]
    if cmd in ("perft", "divide"):
        d, fen = int(args[1]), args[2]
        if d == 0:
            res = {}
            total = 1
        else:
            res = divide(fen, d, jobs, use_cache)
            total = sum(res.values())
        if cmd == "divide":
            for k in sorted(res):
                print("%s: %d" % (k, res[k]))
        print("nodes %d" % total)
    elif cmd == "moves":
        for m in our_moves(args[1]):
            print(m)
    elif cmd == "fen":
        print(to_oracle_fen(args[1]))
    elif cmd == "keycheck":
        return keycheck(args[2], int(args[1]))
    elif cmd == "selftest":
        return selftest()
    elif cmd == "random":
        for fen in random_positions(int(args[1]), int(args[2])):
            print(fen)
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
