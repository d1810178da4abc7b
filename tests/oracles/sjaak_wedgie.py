#!/usr/bin/env python3
"""Independent perft oracle for Tinman's `wedgie` (Wedgie Chess), using Sjaak II.

Sjaak II (Evert Glebbeek's general chess-variant engine, Debian package `sjaakii`,
binary /usr/games/sjaakii) reads user-defined variants from a description file. Wedgie is
described in tests/oracles/wedgie_transposed.sjaak, TRANSPOSED (12 files x 9 ranks, Tinman
square (file F, rank R) = oracle square (file R, rank F), White's forward = east) because
Sjaak II 1.4.1 loses vertical slider moves on 9x12 boards. This script converts Tinman FENs
to the oracle's coordinates, runs Sjaak's console `perft` command, and converts the moves
back to Tinman coordinates.

Setup (once per machine):
    apt-get update && apt-get install -y sjaakii

Usage (from the repository root):
    python3 tests/oracles/sjaak_wedgie.py perft DEPTH ['FEN']    # prints "nodes N"
    python3 tests/oracles/sjaak_wedgie.py divide DEPTH ['FEN']   # "MOVE: COUNT" lines, then "nodes N"
    python3 tests/oracles/sjaak_wedgie.py speed DEPTH            # perft DEPTH from the start, timed inside Sjaak
    python3 tests/oracles/sjaak_wedgie.py fen 'FEN'              # just print the transposed oracle FEN

FEN is Tinman's notation (default: the start position): ranks 12..1, 9 cells each, holes
written `*`; side `w`/`b`; castling `-`; en passant `-`, or skipped square then landing
square (`d5e6`), or the skipped square alone when exactly one pawn fits. Moves are printed
as from+to in Tinman coordinates with a lowercase promotion letter (`e4f5`, `d9e10q`).
Environment: SJAAKII overrides the engine path.

Notes:
- Sjaak's `perft N` also runs depths 1..N-1 first (cheap next to depth N); `speed` reports
  Sjaak's own time and nodes/second for the depth-N iteration alone.
- Sjaak's divide also lists pseudo-legal moves that leave the king attacked (count 0); they
  are dropped using the depth-1 pass. Legal moves with 0 at depth N (mates) are kept.
- Start position, as validated (hand counts at depth 1, and at depths 1-4 against a separate
  throwaway Python move generator): 30, 900, 27338, 826488, 25807944 (depths 1-5).
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
VARIANT_FILE = os.path.join(HERE, "wedgie_transposed.sjaak")
VARIANT_NAME = "wedgie_transposed"
SJAAK = os.environ.get("SJAAKII", "/usr/games/sjaakii")

START_FEN = "****k****/***bqb***/**rnpnr**/*ppppppp*/9/9/9/9/*PPPPPPP*/**RNPNR**/***BQB***/****K**** w - - 0 1"

FILES = 9   # Tinman files a..i
RANKS = 12  # Tinman ranks 1..12
# Playable file interval (0-based, inclusive) of each Tinman rank.
ROW = {1: (4, 4), 2: (3, 5), 3: (2, 6), 4: (1, 7), 9: (1, 7), 10: (2, 6), 11: (3, 5), 12: (4, 4)}
for _r in range(5, 9):
    ROW[_r] = (0, 8)
WHITE_START = {(4, 3)} | {(f, 4) for f in range(1, 8)}
BLACK_START = {(4, 10)} | {(f, 9) for f in range(1, 8)}
PIECES = set("KQRBNPkqrbnp")


def playable(f, r):
    return 1 <= r <= RANKS and 0 <= f < FILES and ROW[r][0] <= f <= ROW[r][1]


def sq_name(f, r):
    return "abcdefghi"[f] + str(r)


def parse_sq(s):
    m = re.fullmatch(r"([a-i])(\d{1,2})", s)
    if not m:
        raise ValueError(f"bad square {s!r}")
    f, r = ord(m.group(1)) - ord("a"), int(m.group(2))
    if not playable(f, r):
        raise ValueError(f"square {s} is a hole or off the board")
    return f, r


def oracle_sq(f, r):
    """Tinman (file index, rank) -> oracle square name (file = Tinman rank, rank = Tinman file)."""
    return "abcdefghijkl"[r - 1] + str(f + 1)


def from_oracle_sq(s):
    return int(s[1]) - 1, ord(s[0]) - ord("a") + 1


def parse_fen(fen):
    parts = fen.split()
    if len(parts) < 2:
        raise ValueError("FEN needs at least board and side")
    rows = parts[0].split("/")
    if len(rows) != RANKS:
        raise ValueError(f"expected {RANKS} ranks, got {len(rows)}")
    board = {}
    for i, row in enumerate(rows):
        r = RANKS - i
        f = 0
        for tok in re.findall(r"\d+|.", row):
            if tok.isdigit():
                for _ in range(int(tok)):
                    if playable(f, r):
                        board[(f, r)] = None
                    f += 1
            elif tok == "*":
                if playable(f, r):
                    raise ValueError(f"'*' on playable square {sq_name(f, r)}")
                f += 1
            elif tok in PIECES:
                if not playable(f, r):
                    raise ValueError(f"piece on hole {sq_name(f, r)}")
                board[(f, r)] = tok
                f += 1
            else:
                raise ValueError(f"bad FEN character {tok!r}")
        if f != FILES:
            raise ValueError(f"rank {r} has {f} cells, expected {FILES}")
    side = parts[1]
    if side not in ("w", "b"):
        raise ValueError("side must be w or b")
    castle = parts[2] if len(parts) > 2 else "-"
    if castle != "-":
        raise ValueError("wedgie has no castling; castling field must be '-'")
    ep = parts[3] if len(parts) > 3 else "-"
    half = parts[4] if len(parts) > 4 else "0"
    full = parts[5] if len(parts) > 5 else "1"
    ep_pair = None
    if ep != "-":
        m = re.fullmatch(r"([a-i]\d{1,2})([a-i]\d{1,2})?", ep)
        if not m:
            raise ValueError(f"bad en-passant field {ep!r}")
        skipped = parse_sq(m.group(1))
        # The pawn that double-stepped belongs to the side NOT to move.
        mover = "p" if side == "w" else "P"
        back = 1 if side == "w" else -1   # Black moved down, so it came from rank+1
        if m.group(2):
            landing = parse_sq(m.group(2))
        else:
            cands = []
            for df in (-1, 1):
                lf, lr = skipped[0] + df, skipped[1] - back
                of, orr = skipped[0] - df, skipped[1] + back
                if playable(lf, lr) and board.get((lf, lr)) == mover and playable(of, orr):
                    cands.append((lf, lr))
            if len(cands) != 1:
                raise ValueError(f"en-passant square {ep} is ambiguous or fits no pawn; write it as skipped+landing")
            landing = cands[0]
        if abs(landing[0] - skipped[0]) != 1 or landing[1] - skipped[1] != -back:
            raise ValueError(f"en-passant landing {sq_name(*landing)} is not one diagonal step beyond {sq_name(*skipped)}")
        if board.get(landing) != mover:
            raise ValueError(f"no double-stepped {mover!r} pawn on {sq_name(*landing)}")
        ep_pair = (skipped, landing)
    return board, side, ep_pair, half, full


def to_oracle_fen(fen):
    board, side, ep_pair, half, full = parse_fen(fen)
    rows = []
    for y in range(FILES, 0, -1):          # oracle rank y = Tinman file y-1, printed 9..1
        out, empty = "", 0
        for x in range(1, RANKS + 1):      # oracle file x = Tinman rank x
            f, r = y - 1, x
            if not playable(f, r):
                if empty:
                    out += str(empty)
                    empty = 0
                out += "*"
                continue
            p = board[(f, r)]
            if p is None:
                empty += 1
                continue
            if empty:
                out += str(empty)
                empty = 0
            out += p
        if empty:
            out += str(empty)
        rows.append(out)
    # Sjaak reads: board side castling ep half full. With no castling pieces it still eats
    # the third field as castling, so "-" must be there. Its ep field may carry the
    # move-to (skipped) square followed by the capture-victim square: exactly our pair.
    # The move counters are not passed on: Sjaak's perft ignores them (draw rules play no part
    # in perft) and it keeps the half-move clock in a signed byte.
    ep = "-" if ep_pair is None else oracle_sq(*ep_pair[0]) + oracle_sq(*ep_pair[1])
    return f"{'/'.join(rows)} {side} - {ep} 0 1"


MOVE_RE = re.compile(r"^\s*([A-Z]?)([a-l])([1-9])([-x])([a-l])([1-9])(?:=?([A-Za-z]))?[+#]?\s+(\d+)\s+(\d+)\s*$")
TOTAL_RE = re.compile(r"^\s*(\d+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)nps\s*$")


def run_sjaak(fen, depth, divide):
    ofen = to_oracle_fen(fen)
    cmds = [
        f"load {VARIANT_FILE}",
        f"variant {VARIANT_NAME}",
        "new",
        "board off",
        f"setboard {ofen}",
        f"perft {depth} 1" if divide else f"perft {depth}",
        "quit",
    ]
    if not os.path.exists(SJAAK):
        raise SystemExit(f"{SJAAK} not found: apt-get update && apt-get install -y sjaakii (or set SJAAKII)")
    p = subprocess.run([SJAAK, "-no_user_variants"], input="\n".join(cmds) + "\n",
                       capture_output=True, text=True, check=False)
    text = re.sub(r"\x1b\[[0-9;]*m", "", p.stdout)
    if "Error" in text or "error" in text:
        raise RuntimeError("sjaakii reported an error:\n" + text)
    # The prompt precedes output on the same line: split on '>' prompt markers too.
    lines = []
    for line in text.splitlines():
        lines.extend(line.split(">") if ">" in line else [line])
    moves, totals = {}, {}
    cur = {}
    for line in lines:
        m = MOVE_RE.match(line)
        if m:
            piece, ff, fr, _, tf, tr, promo, cnt, _cum = m.groups()
            f1, r1 = from_oracle_sq(ff + fr)
            f2, r2 = from_oracle_sq(tf + tr)
            mv = sq_name(f1, r1) + sq_name(f2, r2) + (promo.lower() if promo else "")
            if mv in cur:
                raise RuntimeError(f"duplicate move {mv} in Sjaak's output")
            cur[mv] = int(cnt)
            continue
        m = TOTAL_RE.match(line)
        if m:
            d = int(m.group(1))
            totals[d] = (int(m.group(2)), float(m.group(3)), float(m.group(4)))
            moves[d] = cur
            cur = {}
    if depth not in totals:
        raise RuntimeError("no perft total for depth %d in Sjaak's output:\n%s" % (depth, text))
    result = moves.get(depth, {})
    if divide:
        # Sjaak's divide also lists pseudo-legal moves that leave the king attacked, with
        # count 0. At depth 1 a legal move counts exactly 1, so keep the moves that are legal
        # there (a legal move with 0 at depth N, e.g. a mate, must still be listed).
        legal = {mv for mv, n in moves.get(1, {}).items() if n == 1}
        if any(n not in (0, 1) for n in moves.get(1, {}).values()):
            raise RuntimeError("unexpected depth-1 divide count from Sjaak")
        result = {mv: n for mv, n in result.items() if mv in legal}
        if len(legal) != totals[1][0]:
            raise RuntimeError("depth-1 legal move count does not match Sjaak's depth-1 total")
    return result, totals[depth], ofen


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    cmd = argv[1]
    if cmd == "fen":
        print(to_oracle_fen(argv[2] if len(argv) > 2 else START_FEN))
        return 0
    depth = int(argv[2])
    fen = argv[3] if len(argv) > 3 else START_FEN
    if cmd == "perft":
        _, (nodes, _, _), _ = run_sjaak(fen, depth, False)
        print(f"nodes {nodes}")
    elif cmd == "divide":
        moves, (nodes, _, _), _ = run_sjaak(fen, depth, True)
        for mv in sorted(moves):
            print(f"{mv}: {moves[mv]}")
        if sum(moves.values()) != nodes:
            raise RuntimeError("divide counts do not add up to the total")
        print(f"nodes {nodes}")
    elif cmd == "speed":
        _, (nodes, secs, nps), ofen = run_sjaak(START_FEN, depth, False)
        print(f"sjaakii perft {depth} from the start position: nodes {nodes}, time {secs:.2f} s, {nps:.0f} nps")
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
