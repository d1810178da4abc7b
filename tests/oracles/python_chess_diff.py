#!/usr/bin/env python3
"""Differential test of Tinman's standard-chess move generator against python-chess.

What it checks
--------------
With a fixed random seed it generates several hundred distinct positions by random play
(0..150 plies, stopping early at mate or stalemate) from the start position and from a few
tactically rich FENs (Kiwipete, CPW perft positions 3, 4 (both colours), 5 and 6, an
en-passant pin position, a promotion race and small endgames).  The move choice is biased
towards captures, checks, promotions (including underpromotions), double pawn steps next to
enemy pawns, mating moves and (in endgames) stalemating moves, and interesting positions
met on the way (en passant or promotion available, an en-passant square, a pin, check) are
sometimes kept as well, so that castling, en passant, promotions, checks, pins, mates and
stalemates all occur often.  Every position is written with ``board.fen(en_passant="fen")``,
i.e. the en-passant square is given after *every* double step even when no capture is
possible, so Tinman's FEN reader has to cope with that.

For each position it runs

* ``tinman moves --variant normal --fen FEN`` and compares the set of moves with
  python-chess's legal moves in UCI form (castling as ``e1g1``), and
* ``tinman perft --variant normal --depth 3 --fen FEN`` and compares the node count with a
  perft(3) computed here with python-chess; for 50 randomly chosen positions ``--divide`` is
  added and every ``MOVE: COUNT`` line is compared with python-chess's per-move count.

It prints the coverage (how many positions had castling moves, en passant moves, promotions,
pinned pieces, were in check, mate, stalemate, ...) and asserts minimum coverage, then a
summary line ``python-chess differential: N positions, N passed, N failed``.  On any mismatch
it prints the FEN with the missing/extra moves or the perft numbers (plus the differing root
moves) and exits with status 1.  Status 2: usage error; status 3: python-chess not installed.

How to rerun
------------
    pip install chess            # once
    cargo build --release -p tinman
    python3 tests/oracles/python_chess_diff.py target/release/tinman

or through the (ignored by default) Rust integration test:

    cargo test --release --test python_chess -- --include-ignored

Options: ``--seed N`` (default 20240601) and ``--positions N`` (default 600) after the binary.
"""

import random
import subprocess
import sys
import time

try:
    import chess
except ImportError:
    sys.stderr.write(
        "python_chess_diff.py: the python-chess module is missing; install it with "
        "`pip install chess`\n"
    )
    sys.exit(3)

DEFAULT_SEED = 20240601
DEFAULT_POSITIONS = 600
PERFT_DEPTH = 3
DIVIDE_CHECKS = 50
MAX_PLIES = 150
TIMEOUT = 120  # seconds per tinman process

# (name, FEN, weight): where the random games start.
START_FENS = [
    ("start", chess.STARTING_FEN, 6),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4),
    ("cpw3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3),
    ("cpw4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3),
    ("cpw4-mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 2),
    ("cpw5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPPPNnPP/RNBQK2R w KQ - 1 8", 3),
    ("cpw6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/3P1N2/PPP1QPPP/R4RK1 w - - 0 10", 2),
    ("ep-pin", "8/8/8/2k5/2pP4/8/B7/4K3 b - d3 0 3", 1),
    ("ep-rank-pin", "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1", 1),
    ("promotions", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 2),
    ("pawn-race", "8/1p4kp/8/P1P5/6p1/1P6/5K1P/8 w - - 0 1", 1),
    ("krk", "8/8/3k4/8/8/8/8/R3K3 w Q - 0 1", 2),
    ("kqk", "8/8/8/4k3/8/8/8/3QK3 w - - 0 1", 2),
    ("castle-through-check", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 1),
]

PIECE_VALUE = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5,
               chess.QUEEN: 9, chess.KING: 0}


# ---------------------------------------------------------------------------------------------
# Position generation


def choose_move(board, moves, rng, style):
    """A random legal move, biased by the game's `style` towards interesting moves."""
    if rng.random() < style["mate"]:
        mates = []
        for m in moves:
            if board.gives_check(m):
                board.push(m)
                if board.is_checkmate():
                    mates.append(m)
                board.pop()
        if mates:
            return rng.choice(mates)
    if rng.random() < style["stalemate"] and chess.popcount(board.occupied) <= 10:
        # Endgames only: there, stalemating moves are common and cheap to look for.
        stalemates = []
        for m in moves:
            board.push(m)
            if board.is_stalemate():
                stalemates.append(m)
            board.pop()
        if stalemates:
            return rng.choice(stalemates)
    r = rng.random()
    if r < style["promote"]:
        promos = [m for m in moves if m.promotion]
        if promos:
            return rng.choice(promos)  # any piece: underpromotions get played too
    r = rng.random()
    if r < style["capture"]:
        caps = [m for m in moves if board.is_capture(m)]
        if caps:
            # Prefer winning captures a little so material comes off and endgames appear.
            caps.sort(key=lambda m: -PIECE_VALUE.get(
                board.piece_type_at(m.to_square) or chess.PAWN, 1))
            return caps[0] if rng.random() < 0.4 else rng.choice(caps)
    r = rng.random()
    if r < style["check"]:
        checks = [m for m in moves if board.gives_check(m)]
        if checks:
            return rng.choice(checks)
    r = rng.random()
    if r < style["pawn"]:
        pawn_moves = [m for m in moves if board.piece_type_at(m.from_square) == chess.PAWN]
        # Double steps landing next to an enemy pawn make en passant possible.
        doubles = [m for m in pawn_moves
                   if abs(m.to_square - m.from_square) == 16 and any(
                       board.piece_at(s) == chess.Piece(chess.PAWN, not board.turn)
                       for s in adjacent_squares(m.to_square))]
        if doubles and rng.random() < 0.7:
            return rng.choice(doubles)
        if pawn_moves:
            return rng.choice(pawn_moves)
    if rng.random() < style["castle"]:
        castles = [m for m in moves if board.is_castling(m)]
        if castles:
            return rng.choice(castles)
    return rng.choice(moves)


def adjacent_squares(sq):
    f, r = chess.square_file(sq), chess.square_rank(sq)
    return [chess.square(f + d, r) for d in (-1, 1) if 0 <= f + d < 8]


def key_of(fen):
    """Board, side, castling and en passant: what makes positions distinct here."""
    return " ".join(fen.split()[:4])


def generate_positions(rng, target):
    """Distinct FENs (with en_passant='fen') reached by biased random play."""
    names = [s[0] for s in START_FENS]
    fens = {s[0]: s[1] for s in START_FENS}
    weights = [s[2] for s in START_FENS]
    positions = {}  # key -> (fen, origin)

    def keep(board, origin):
        fen = board.fen(en_passant="fen")
        k = key_of(fen)
        if k not in positions:
            positions[k] = (fen, origin)

    games = 0
    while len(positions) < target:
        games += 1
        if games > target * 20:
            raise SystemExit("position generator is stuck: too few distinct positions")
        name = rng.choices(names, weights)[0]
        board = chess.Board(fens[name])
        style = {
            "mate": rng.choice([0.0, 0.3, 0.9]),
            "stalemate": rng.choice([0.0, 0.5, 1.0]),
            "promote": rng.choice([0.2, 0.6, 1.0]),
            "capture": rng.choice([0.0, 0.2, 0.5, 0.8]),
            "check": rng.choice([0.0, 0.1, 0.3]),
            "pawn": rng.choice([0.1, 0.3, 0.5]),
            "castle": rng.choice([0.0, 0.3, 0.8]),
        }
        plies = rng.randint(0, MAX_PLIES)
        snapshots = 0
        for ply in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                break  # mate or stalemate: the game is over
            if snapshots < 3 and ply > 0:
                p = 0.0
                if any(board.is_en_passant(m) for m in moves):
                    p = max(p, 0.6)
                if any(m.promotion for m in moves):
                    p = max(p, 0.25)
                if board.is_check():
                    p = max(p, 0.8 if len(board.checkers()) >= 2 else 0.07)
                if any(board.is_castling(m) for m in moves):
                    p = max(p, 0.03)
                if board.ep_square is not None:
                    p = max(p, 0.15)
                if any(board.is_pinned(board.turn, sq) for sq in
                       chess.SquareSet(board.occupied_co[board.turn])):
                    p = max(p, 0.15)
                if p and rng.random() < p:
                    keep(board, f"{name}+{ply}")
                    snapshots += 1
            board.push(choose_move(board, moves, rng, style))
        keep(board, f"{name}+{len(board.move_stack)}")
    items = list(positions.values())[:target]
    return items, games


# ---------------------------------------------------------------------------------------------
# The python-chess side


def perft(board, depth):
    if depth <= 1:
        return board.legal_moves.count() if depth == 1 else 1
    n = 0
    for m in board.legal_moves:
        board.push(m)
        n += perft(board, depth - 1)
        board.pop()
    return n


def divide(board, depth):
    out = {}
    for m in board.legal_moves:
        board.push(m)
        out[m.uci()] = perft(board, depth - 1)
        board.pop()
    return out


def features(board):
    moves = list(board.legal_moves)
    us = board.turn
    pinned = any(board.is_pinned(us, sq) for sq in chess.SquareSet(board.occupied_co[us])
                 if board.piece_type_at(sq) != chess.KING)
    return {
        "castling moves": any(board.is_castling(m) for m in moves),
        "en passant moves": any(board.is_en_passant(m) for m in moves),
        "ep square without ep capture": board.ep_square is not None
        and not any(board.is_en_passant(m) for m in moves),
        "promotions": any(m.promotion for m in moves),
        "castling rights but no castling": board.castling_rights != 0
        and not any(board.is_castling(m) for m in moves),
        "pinned pieces": pinned,
        "in check": board.is_check(),
        "double check": len(board.checkers()) >= 2,
        "mate": board.is_checkmate(),
        "stalemate": board.is_stalemate(),
    }


# Minimum number of positions showing each feature.
MINIMUM = {
    "castling moves": 20,
    "en passant moves": 20,
    "ep square without ep capture": 20,
    "promotions": 20,
    "pinned pieces": 20,
    "in check": 20,
    "mate": 5,
    "stalemate": 5,
}


# ---------------------------------------------------------------------------------------------
# The tinman side


def spawn(binary, args):
    return subprocess.Popen([binary] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def finish(proc):
    """(stdout lines, error text or None)."""
    try:
        out, err = proc.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        return [], f"timed out after {TIMEOUT}s"
    if proc.returncode != 0:
        return [], f"exit status {proc.returncode}: {err.strip()}"
    return out.splitlines(), None


def parse_perft(lines, want_divide):
    """(nodes, {move: count}) from `tinman perft` output, or raise ValueError."""
    if not lines:
        raise ValueError("no output")
    last = lines[-1].split()
    if len(last) != 6 or last[0] != "nodes" or last[2] != "time" or last[4] != "nps":
        raise ValueError(f"bad last line {lines[-1]!r}")
    nodes = int(last[1])
    counts = {}
    body = lines[:-1]
    if body and not want_divide:
        raise ValueError(f"unexpected lines before the summary: {body[:3]!r}")
    for line in body:
        move, sep, count = line.partition(": ")
        if not sep or not count.isdigit() or move in counts:
            raise ValueError(f"bad divide line {line!r}")
        counts[move] = int(count)
    return nodes, counts


def fmt_moves(moves):
    return " ".join(sorted(moves)) if moves else "(none)"


# ---------------------------------------------------------------------------------------------


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        sys.stderr.write(__doc__)
        return 2
    binary = argv[1]
    seed, target = DEFAULT_SEED, DEFAULT_POSITIONS
    rest = argv[2:]
    while rest:
        if rest[0] == "--seed" and len(rest) > 1:
            seed = int(rest[1])
        elif rest[0] == "--positions" and len(rest) > 1:
            target = int(rest[1])
        else:
            sys.stderr.write(f"python_chess_diff.py: unknown argument {rest[0]!r}\n")
            return 2
        rest = rest[2:]

    started = time.time()
    rng = random.Random(seed)
    positions, games = generate_positions(rng, target)
    divide_set = set(rng.sample(range(len(positions)), min(DIVIDE_CHECKS, len(positions))))
    gen_time = time.time() - started
    print(f"generated {len(positions)} distinct positions from {games} random games "
          f"(seed {seed}, {gen_time:.1f}s, python-chess {chess.__version__})")

    coverage = {k: 0 for k in features(chess.Board())}
    passed = failed = 0
    divides_checked = 0
    for index, (fen, origin) in enumerate(positions):
        board = chess.Board(fen)
        with_divide = index in divide_set
        # Start both tinman processes first; compute the python-chess side meanwhile.
        moves_proc = spawn(binary, ["moves", "--variant", "normal", "--fen", fen])
        perft_args = ["perft", "--variant", "normal", "--depth", str(PERFT_DEPTH), "--fen", fen]
        if with_divide:
            perft_args.append("--divide")
        perft_proc = spawn(binary, perft_args)

        for k, v in features(board).items():
            coverage[k] += v
        expected_moves = {m.uci() for m in board.legal_moves}
        expected_divide = divide(board, PERFT_DEPTH)
        expected_nodes = sum(expected_divide.values())

        problems = []
        lines, error = finish(moves_proc)
        if error:
            problems.append(f"tinman moves failed: {error}")
        else:
            got = set(lines)
            if len(got) != len(lines):
                problems.append("tinman moves printed a move twice")
            missing, extra = expected_moves - got, got - expected_moves
            if missing or extra:
                problems.append(f"moves: missing (legal per python-chess) {fmt_moves(missing)}; "
                                f"extra (not legal) {fmt_moves(extra)}")

        lines, error = finish(perft_proc)
        got_divide = None
        if error:
            problems.append(f"tinman perft failed: {error}")
        else:
            try:
                nodes, got_divide = parse_perft(lines, with_divide)
            except ValueError as e:
                problems.append(f"tinman perft: unreadable output: {e}")
                nodes = None
            if nodes is not None and nodes != expected_nodes:
                problems.append(f"perft({PERFT_DEPTH}): tinman {nodes}, "
                                f"python-chess {expected_nodes}")
            if nodes is not None and (nodes != expected_nodes or with_divide):
                if not with_divide:
                    # Find which root moves differ (an extra process only on failure).
                    try:
                        _, got_divide = parse_perft(
                            finish(spawn(binary, perft_args + ["--divide"]))[0], True)
                    except ValueError:
                        got_divide = None
                else:
                    divides_checked += 1
                if got_divide is not None:
                    diffs = [
                        f"{m}: tinman {got_divide.get(m, '-')}, python-chess "
                        f"{expected_divide.get(m, '-')}"
                        for m in sorted(set(got_divide) | set(expected_divide))
                        if got_divide.get(m) != expected_divide.get(m)
                    ]
                    if diffs:
                        problems.append(f"perft({PERFT_DEPTH}) --divide differs: "
                                        + "; ".join(diffs))

        if problems:
            failed += 1
            print(f"MISMATCH [{origin}] {fen}")
            for p in problems:
                print(f"    {p}")
        else:
            passed += 1

    elapsed = time.time() - started
    print("coverage (positions with):")
    for k, v in coverage.items():
        floor = MINIMUM.get(k)
        print(f"    {k:32} {v:4}" + (f"   (minimum {floor})" if floor else ""))
    print(f"    {'--divide compared':32} {divides_checked:4}   (wanted {len(divide_set)})")
    short = [k for k, floor in MINIMUM.items() if coverage[k] < floor]
    if divides_checked != len(divide_set):
        short.append("--divide compared")
    if len(positions) < 500 and target >= 500:
        short.append("positions")
    print(f"python-chess differential: {len(positions)} positions, {passed} passed, "
          f"{failed} failed ({elapsed:.1f}s)")
    if short:
        print(f"COVERAGE TOO LOW: {', '.join(short)} (tune the generator)")
    return 1 if failed or short else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
