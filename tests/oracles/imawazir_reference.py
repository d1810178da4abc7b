#!/usr/bin/env python3
"""Independent reference implementation of `imawazir` (I'm a Wazir, Get Me Out of Here).

What this is
------------
A deliberately small, slow, obviously-correct mailbox implementation of the rules of
`imawazir` (Charles Gilman), used as an oracle for Tinman's move generator.  It was written
ONLY from the rules text (/work/shared/spec/rules.md section 4 plus the "Common to all games"
part, and the seed page 002_2c19e1425d53667f.txt); none of Tinman's source was read, so it
cannot share a bug with the engine.

Rules as implemented (see the spec, which is authoritative):
  * 8x8.  Pawns move exactly as in FIDE chess (double step from the 2nd/7th rank, en passant on
    the next move only); a pawn reaching the last rank promotes, and only to a Wazir.
  * Wazir: one step orthogonally, moving or capturing.  No king, no check: every
    pseudo-legal move is legal.
  * Central quarter c3-f6.  Every Wazir has a height: 2 outside the centre or when it has just
    arrived there.  At the end of EVERY move (either player's):
      1. every Wazir of height 6 (either colour) is removed from the board;
      2. every Wazir of the player who just moved that stands in the centre and did not just
         enter it from outside on this move gains 1 (moving inside the centre keeps the height
         and still gains).
    A Wazir that leaves the centre is back to height 2.
  * After the removals: if exactly one player has Wazirs, that player has won; if neither has
    a Wazir nor a Pawn it is a draw.  A decided position has no legal moves (perft
    convention).  A player with no legal move loses (also zero moves).  Draw rules
    (repetition, 100 plies) are ignored here.

FEN (Tinman's form): board field with P/p/W/w, side, castling `-`, en-passant square or `-`,
halfmove clock, fullmove number, then a heights field: `-` or a comma list such as
`c4=3,f5=6` giving the heights of central Wazirs whose height is not 2 (written here in
ascending square order a1, b1, ..., h1, a2, ...).  Moves: `e2e4`, promotion `e7e8w`.
The halfmove clock is reset by a capture, a pawn move or a removal.

How to run
----------
  python3 tests/oracles/imawazir_reference.py perft DEPTH 'FEN'
  python3 tests/oracles/imawazir_reference.py divide DEPTH 'FEN'
  python3 tests/oracles/imawazir_reference.py play 'FEN' MOVE MOVE ...
  python3 tests/oracles/imawazir_reference.py selftest
  python3 tests/oracles/imawazir_reference.py compare target/release/tinman [MAXDEPTH]
(`startpos` may be used in place of a FEN.)  `compare` runs perft 1..4 on a built-in list of
positions with running timers against `TINMAN perft --variant imawazir --depth D --fen FEN`,
prints a table and `imawazir reference: N counts, N passed, N failed`, exits 1 on any
mismatch, and on a mismatch narrows it down with `--divide` to the first differing position.
"""

import subprocess
import sys
import time

START_FEN = "wwwwwwww/pppppppp/8/8/8/8/PPPPPPPP/WWWWWWWW w - - 0 1 -"
FILES = "abcdefgh"
WHITE, BLACK = "w", "b"


def sq_name(sq):
    return FILES[sq % 8] + str(sq // 8 + 1)


def parse_sq(text):
    f = FILES.index(text[0])
    r = int(text[1:]) - 1
    if not (0 <= f < 8 and 0 <= r < 8):
        raise ValueError("bad square " + text)
    return r * 8 + f


def in_centre(sq):
    f, r = sq % 8, sq // 8
    return 2 <= f <= 5 and 2 <= r <= 5  # files c..f, ranks 3..6


def colour_of(piece):
    return WHITE if piece.isupper() else BLACK


def is_wazir(piece):
    return piece is not None and piece.lower() == "w"


def is_pawn(piece):
    return piece is not None and piece.lower() == "p"


class Position:
    """board: list of 64 (None or 'P','W','p','w'), index = rank*8 + file (a1 = 0).
    height: dict square -> height, for every Wazir on the board."""

    def __init__(self, board, height, side, ep, halfmove, fullmove):
        self.board = board
        self.height = height
        self.side = side
        self.ep = ep  # square a pawn may capture onto en passant, or None
        self.halfmove = halfmove
        self.fullmove = fullmove

    # ---------------------------------------------------------------- FEN
    @staticmethod
    def from_fen(fen):
        if fen == "startpos":
            fen = START_FEN
        parts = fen.split()
        if len(parts) < 4:
            raise ValueError("FEN needs at least 4 fields")
        while len(parts) < 7:
            parts.append({4: "0", 5: "1", 6: "-"}[len(parts)])
        rows = parts[0].split("/")
        if len(rows) != 8:
            raise ValueError("need 8 ranks")
        board = [None] * 64
        for i, row in enumerate(rows):
            r = 7 - i
            f = 0
            for ch in row:
                if ch.isdigit():
                    f += int(ch)
                elif ch in "PWpw":
                    if f >= 8:
                        raise ValueError("rank too long")
                    board[r * 8 + f] = ch
                    f += 1
                else:
                    raise ValueError("bad piece " + ch)
            if f != 8:
                raise ValueError("rank of wrong length: " + row)
        side = parts[1]
        if side not in (WHITE, BLACK):
            raise ValueError("bad side")
        ep = None if parts[3] == "-" else parse_sq(parts[3])
        if ep is not None:
            # the square a pawn of the side NOT to move just passed over with a double step
            r, f = ep // 8, ep % 8
            ep_rank, dr, pawn = (5, -1, "p") if side == WHITE else (2, 1, "P")
            if not (r == ep_rank and board[ep] is None and board[(r - dr) * 8 + f] is None
                    and board[(r + dr) * 8 + f] == pawn):
                raise ValueError("en passant square %s: no pawn just double-stepped over it"
                                 % parts[3])
        height = {sq: 2 for sq in range(64) if is_wazir(board[sq])}
        if parts[6] != "-":
            for item in parts[6].split(","):
                name, value = item.split("=")
                sq = parse_sq(name)
                if not is_wazir(board[sq]):
                    raise ValueError("height given for a non-Wazir on " + name)
                if not in_centre(sq):
                    raise ValueError("height given for a Wazir outside the centre: " + name)
                h = int(value)
                if not 2 <= h <= 6:
                    raise ValueError("height out of range on " + name)
                height[sq] = h
        return Position(board, height, side, ep, int(parts[4]), int(parts[5]))

    def ep_capturable(self):
        """True if a pawn of the side to move could capture en passant right now."""
        if self.ep is None:
            return False
        f, r = self.ep % 8, self.ep // 8
        pawn = "P" if self.side == WHITE else "p"
        from_r = r - 1 if self.side == WHITE else r + 1
        if not 0 <= from_r < 8:
            return False
        for df in (-1, 1):
            if 0 <= f + df < 8 and self.board[from_r * 8 + f + df] == pawn:
                return True
        return False

    def fen(self):
        rows = []
        for r in range(7, -1, -1):
            row, empty = "", 0
            for f in range(8):
                p = self.board[r * 8 + f]
                if p is None:
                    empty += 1
                else:
                    if empty:
                        row += str(empty)
                        empty = 0
                    row += p
            if empty:
                row += str(empty)
            rows.append(row)
        ep = sq_name(self.ep) if self.ep_capturable() else "-"
        hs = [sq_name(sq) + "=" + str(h) for sq, h in sorted(self.height.items()) if h != 2]
        return "%s %s - %s %d %d %s" % ("/".join(rows), self.side, ep, self.halfmove,
                                        self.fullmove, ",".join(hs) if hs else "-")

    # ------------------------------------------------------------- result
    def result(self):
        """None while the game goes on, else '1-0', '0-1' or '1/2-1/2' (board-decided only)."""
        white_w = any(p == "W" for p in self.board)
        black_w = any(p == "w" for p in self.board)
        if white_w and not black_w:
            return "1-0"
        if black_w and not white_w:
            return "0-1"
        if not white_w and not black_w and not any(is_pawn(p) for p in self.board):
            return "1/2-1/2"
        return None

    # ---------------------------------------------------------- move gen
    def legal_moves(self):
        """List of (from, to, promote) with promote True for a pawn promoting to a Wazir."""
        if self.result() is not None:
            return []
        moves = []
        me = self.side
        for sq in range(64):
            p = self.board[sq]
            if p is None or colour_of(p) != me:
                continue
            f, r = sq % 8, sq // 8
            if is_wazir(p):
                for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    nf, nr = f + df, r + dr
                    if 0 <= nf < 8 and 0 <= nr < 8:
                        t = self.board[nr * 8 + nf]
                        if t is None or colour_of(t) != me:
                            moves.append((sq, nr * 8 + nf, False))
            else:  # pawn
                dr = 1 if me == WHITE else -1
                start_r = 1 if me == WHITE else 6
                last_r = 7 if me == WHITE else 0
                nr = r + dr
                if not 0 <= nr < 8:
                    continue  # a pawn on its last rank cannot exist in play; be safe
                one = nr * 8 + f
                if self.board[one] is None:
                    moves.append((sq, one, nr == last_r))
                    two = (r + 2 * dr) * 8 + f
                    if r == start_r and self.board[two] is None:
                        moves.append((sq, two, False))
                for df in (-1, 1):
                    nf = f + df
                    if not 0 <= nf < 8:
                        continue
                    t_sq = nr * 8 + nf
                    t = self.board[t_sq]
                    if t is not None and colour_of(t) != me:
                        moves.append((sq, t_sq, nr == last_r))
                    elif t is None and t_sq == self.ep:
                        victim = self.board[r * 8 + nf]
                        if is_pawn(victim) and colour_of(victim) != me:
                            moves.append((sq, t_sq, False))
        return moves

    def move_text(self, move):
        fr, to, promo = move
        return sq_name(fr) + sq_name(to) + ("w" if promo else "")

    def parse_move(self, text):
        for m in self.legal_moves():
            if self.move_text(m) == text:
                return m
        raise ValueError("illegal move %s in %s" % (text, self.fen()))

    # -------------------------------------------------------------- make
    def make(self, move):
        fr, to, promo = move
        board = list(self.board)
        height = dict(self.height)
        me = self.side
        piece = board[fr]
        capture = board[to] is not None
        reset_clock = capture or is_pawn(piece)

        # en passant capture: the victim stands beside the mover, behind the target square
        if is_pawn(piece) and to == self.ep and board[to] is None and fr % 8 != to % 8:
            victim_sq = (fr // 8) * 8 + to % 8
            board[victim_sq] = None
            capture = True

        # move the piece (a captured Wazir's height goes with it)
        height.pop(to, None)
        board[to] = piece
        board[fr] = None
        moved_h = height.pop(fr, None)
        just_entered = None
        if promo:
            board[to] = "W" if me == WHITE else "w"
            height[to] = 2
        elif is_wazir(piece):
            if in_centre(to) and in_centre(fr):
                height[to] = moved_h  # moving inside the centre keeps the height
            else:
                height[to] = 2  # arriving in the centre, or outside it: height 2
                if in_centre(to):
                    just_entered = to

        # new en passant square
        ep = None
        if is_pawn(piece) and abs(to - fr) == 16:
            ep = (fr + to) // 2

        # end of move: 1. remove every Wazir of height 6 (either colour)
        removed = [sq for sq, h in height.items() if h >= 6]
        for sq in removed:
            board[sq] = None
            del height[sq]
        if removed:
            reset_clock = True
        # 2. the mover's central Wazirs gain 1, except one that just entered from outside
        for sq in list(height):
            if colour_of(board[sq]) == me and in_centre(sq) and sq != just_entered:
                height[sq] += 1

        return Position(board, height, BLACK if me == WHITE else WHITE, ep,
                        0 if reset_clock else self.halfmove + 1,
                        self.fullmove + (1 if me == BLACK else 0))

    # ------------------------------------------------------------- perft
    def perft(self, depth):
        if depth == 0:
            return 1
        moves = self.legal_moves()
        if depth == 1:
            return len(moves)
        return sum(self.make(m).perft(depth - 1) for m in moves)

    def divide(self, depth):
        out = {}
        for m in self.legal_moves():
            out[self.move_text(m)] = self.make(m).perft(depth - 1) if depth > 1 else 1
        return out


# ==================================================================== self test
def selftest():
    failures = 0

    def check(what, got, want):
        nonlocal failures
        ok = got == want
        if not ok:
            failures += 1
        print("%-4s %s: got %r, want %r" % ("ok" if ok else "FAIL", what, got, want))

    def h(pos, name):
        sq = parse_sq(name)
        return pos.height.get(sq) if is_wazir(pos.board[sq]) else None

    # 1. White's wazir enters d3 from d2 and stays (shuffling a1/a2) while Black shuffles h8/h7.
    #    Heights at the end of each successive move: 2 2 3 3 4 4 5 5 6 then vanish.
    pos = Position.from_fen("7w/8/8/8/8/8/3W4/W7 w - - 0 1 -")
    seq = []
    pos = pos.make(pos.parse_move("d2d3"))
    seq.append(h(pos, "d3"))
    shuffle_w = ["a1a2", "a2a1"]
    shuffle_b = ["h8h7", "h7h8"]
    for i in range(9):
        if pos.side == BLACK:
            mv = shuffle_b[(i // 2) % 2]
        else:
            mv = shuffle_w[(i // 2) % 2]
        pos = pos.make(pos.parse_move(mv))
        seq.append(h(pos, "d3"))
    check("height sequence of a wazir staying in the centre", seq,
          [2, 2, 3, 3, 4, 4, 5, 5, 6, None])
    check("after the vanish white still has a1, game goes on", pos.result(), None)

    # 2. Leaving the centre resets to 2; re-entering starts at 2 with no gain on that move.
    pos = Position.from_fen("7w/8/8/8/3W4/8/8/W7 w - - 0 1 d4=5")
    pos = pos.make(pos.parse_move("d4d3"))  # d3 is still central (c3-f6)
    check("d4->d3 stays inside the centre, keeps 5 and gains", h(pos, "d3"), 6)
    pos = Position.from_fen("7w/8/8/8/8/2W5/8/W7 w - - 0 1 c3=5")
    pos = pos.make(pos.parse_move("c3b3"))
    check("c3->b3 leaves the centre: height back to 2", h(pos, "b3"), 2)
    pos = pos.make(pos.parse_move("h8h7"))
    pos = pos.make(pos.parse_move("b3c3"))
    check("b3->c3 re-enters: height 2, no gain on the entering move", h(pos, "c3"), 2)
    pos = pos.make(pos.parse_move("h7h8"))
    pos = pos.make(pos.parse_move("a1a2"))
    check("one own move later it gains", h(pos, "c3"), 3)

    # 3. Moving inside the centre does not reset, and still gains.
    pos = Position.from_fen("7w/8/8/8/3W4/8/8/W7 w - - 0 1 d4=4")
    pos = pos.make(pos.parse_move("d4e4"))
    check("d4(4)->e4 inside the centre: 4 + 1", h(pos, "e4"), 5)

    # 4. A height-6 Wazir of the side not to move vanishes at the end of the next move;
    #    if that was the last Wazir of its side, the mover wins at once (no moves after).
    pos = Position.from_fen("8/8/8/3w4/8/8/8/W7 w - - 0 1 d5=6")
    nxt = pos.make(pos.parse_move("a1a2"))
    check("black's height-6 d5 vanished", nxt.board[parse_sq("d5")], None)
    check("white wins at once", nxt.result(), "1-0")
    check("decided position has no legal moves", len(nxt.legal_moves()), 0)
    check("perft 2 through it", pos.perft(2), 0)

    # 5. Own last wazir reaching 6 is only removed after the opponent's move.
    pos = Position.from_fen("7w/8/8/8/3W4/8/8/8 w - - 0 1 d4=5")
    nxt = pos.make(pos.parse_move("d4d5"))
    check("d4(5)->d5: 6, still on board", h(nxt, "d5"), 6)
    check("game still on", nxt.result(), None)
    nxt2 = nxt.make(nxt.parse_move("h8g8"))
    check("removed at the end of black's move, black wins", nxt2.result(), "0-1")
    nxt = pos.make(pos.parse_move("d4c4"))
    check("d4(5)->c4 stays central, gains to 6", h(nxt, "c4"), 6)
    pos = Position.from_fen("7w/8/8/8/2W5/8/8/8 w - - 0 1 c4=5")
    nxt = pos.make(pos.parse_move("c4b4"))
    check("c4(5)->b4 leaves in time: height 2", h(nxt, "b4"), 2)
    check("then survives black's move", nxt.make(nxt.parse_move("h8g8")).result(), None)

    # 6. Capturing the last enemy wazir wins; both vanish together -> pawns decide, game on.
    pos = Position.from_fen("8/8/8/3wW3/8/8/8/8 w - - 0 1 d5=3,e5=4")
    check("e5xd5 wins", pos.make(pos.parse_move("e5d5")).result(), "1-0")
    pos = Position.from_fen("8/1P6/8/8/8/8/6p1/8 w - - 0 1 -")
    check("no wazirs but pawns: game goes on", pos.result(), None)
    nxt = pos.make(pos.parse_move("b7b8w"))
    check("promotion gives the only wazir: win", nxt.result(), "1-0")
    check("no pieces at all: draw", Position.from_fen("8/8/8/8/8/8/8/8 w - - 0 1 -").result(),
          "1/2-1/2")

    # 7. En passant, next move only, and FEN writes the ep square only when capturable.
    pos = Position.from_fen("w7/3p4/8/4P3/8/8/8/W7 b - - 0 1 -")
    nxt = pos.make(pos.parse_move("d7d5"))
    check("ep square written when capturable", nxt.fen().split()[3], "d6")
    check("e5xd6 ep legal", "e5d6" in [nxt.move_text(m) for m in nxt.legal_moves()], True)
    after = nxt.make(nxt.parse_move("e5d6"))
    check("ep removed the d5 pawn", after.board[parse_sq("d5")], None)
    pos = Position.from_fen("w7/3p4/8/8/8/8/8/W7 b - - 0 1 -")
    nxt = pos.make(pos.parse_move("d7d5"))
    check("ep square not written when no capturer", nxt.fen().split()[3], "-")

    # 8. Start position
    start = Position.from_fen("startpos")
    check("start perft 1", start.perft(1), 16)
    check("start perft 2", start.perft(2), 256)

    # 9. a white wazir of height 6 (side to move; unreachable, FEN only): moving inside the
    #    centre still vanishes at the end of the move; stepping out saves it.
    pos = Position.from_fen("7w/8/8/8/3W4/8/8/W7 w - - 0 1 d4=6")
    check("W d4(6)->d5 vanishes", pos.make(pos.parse_move("d4d5")).board[parse_sq("d5")], None)
    pos = Position.from_fen("7w/8/8/8/2W5/8/8/W7 w - - 0 1 c4=6")
    check("W c4(6)->b4 survives", h(pos.make(pos.parse_move("c4b4")), "b4"), 2)

    print("selftest: %d failures" % failures)
    return failures == 0


# ==================================================================== comparison
# (name, FEN, max depth).  Positions with running timers: in play the side to move has central
# heights 2..5 and the side not to move 2..6; one FEN-only position breaks that on purpose.
POSITIONS = [
    ("timers both sides, vanish next move",
     "3w4/1p3p2/2w5/3WwW2/2W5/5w2/2P3P1/1W6 w - - 0 1 c4=3,d5=5,e5=6,f5=2,c6=4,f3=4", 4),
    ("black to move, white wazir at 6, black at 5",
     "w7/p3p3/3W4/2w2w2/3Ww3/8/1P3P2/6W1 b - - 0 1 d6=6,c5=5,f5=3,d4=4,e4=2", 4),
    ("white one vanish from losing its last wazir",
     "1w6/3p4/8/8/3W4/2w5/5P2/8 w - - 0 1 d4=5,c3=3", 4),
    ("both sides a single wazir, both timed",
     "8/2p5/2w5/8/4W3/8/5P2/8 w - - 0 1 c6=5,e4=4", 4),
    ("wazirs about to enter and leave the centre",
     "8/3w4/1w4w1/2W5/5W2/1W6/2w5/8 w - - 0 1 c5=5,f4=3", 4),
    ("pawns near promotion, wazirs on the back ranks",
     "w1w5/1P4P1/3w4/4W3/3W4/8/2p4p/1W4W1 w - - 0 1 d6=4,e5=3,d4=5", 4),
    ("en passant available (white), timers",
     "4w3/8/2w5/3pP3/3W4/8/8/4W3 w - d6 0 2 c6=3,d4=5", 4),
    ("en passant available (black), timers",
     "4w3/8/8/3w4/4pP2/2W5/8/4W3 b - f3 0 1 d5=5,c3=6", 4),
    ("no wazirs at all, pawns race to promote",
     "8/1P3p2/8/8/8/8/2p3P1/8 w - - 0 1 -", 4),
    ("black one vanish from losing, white has a spare",
     "8/8/4w3/8/8/3W4/8/W7 b - - 0 1 e6=5,d3=2", 4),
    ("busy middlegame with timers on both sides",
     "ww1w1ww1/pp3ppp/2wp4/3WwW2/2W1P3/2P2w2/PP3PPP/WW3WW1 w - - 0 1 c6=4,d5=5,e5=6,f5=3,"
     "c4=2,f3=5", 4),
    ("FEN-only: side to move owns height-6 wazirs",
     "7w/3p4/8/2Ww4/8/3W4/8/W7 w - - 0 1 c5=6,d5=6,d3=3", 4),
    ("start position", "startpos", 4),
]


def engine_perft(binary, fen, depth, divide=False):
    cmd = [binary, "perft", "--variant", "imawazir", "--depth", str(depth), "--fen", fen]
    if divide:
        cmd.append("--divide")
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError("engine failed on %s: %s" % (fen, out.stderr.strip()))
    lines = [l for l in out.stdout.strip().splitlines() if l.strip()]
    nodes = int(lines[-1].split()[1])
    if not divide:
        return nodes
    counts = {}
    for l in lines[:-1]:
        mv, n = l.split(":")
        counts[mv.strip()] = int(n)
    return nodes, counts


def narrow(binary, fen, depth):
    """Follow a differing divide entry down to the first position whose move lists differ."""
    pos = Position.from_fen(fen)
    parent = None
    path = []
    while True:
        mine = pos.divide(depth)
        _, theirs = engine_perft(binary, pos.fen(), depth, divide=True)
        only_mine = sorted(set(mine) - set(theirs))
        only_theirs = sorted(set(theirs) - set(mine))
        if only_mine or only_theirs or depth == 1:
            print("    first differing position (after %s): %s" % (" ".join(path) or "root",
                                                                     pos.fen()))
            print("      moves only in reference: %s" % (only_mine or "none"))
            print("      moves only in engine:    %s" % (only_theirs or "none"))
            return
        bad = [m for m in sorted(mine) if mine[m] != theirs[m]]
        if not bad:
            # Given the reference's FEN of this position the engine agrees, so the two differ
            # in the position that the last move produces (e.g. heights or removals).
            print("    given the reference's FEN of the position after %s the engine agrees;"
                  % (" ".join(path) or "root"))
            print("    so they disagree on what the move %s produces." % (path[-1] if path
                                                                           else "?"))
            if parent is not None:
                print("      before: %s" % parent.fen())
            print("      reference after: %s" % pos.fen())
            return
        mv = bad[0]
        print("    %s: reference %d, engine %d" % (mv, mine[mv], theirs[mv]))
        path.append(mv)
        parent = pos
        pos = pos.make(pos.parse_move(mv))
        depth -= 1


def compare(binary, maxdepth=4):
    total = passed = failed = 0
    print("%-48s %5s %12s %12s %6s %7s" % ("position", "depth", "reference", "tinman",
                                           "result", "py s"))
    for name, fen, md in POSITIONS:
        fen_full = Position.from_fen(fen).fen() if fen == "startpos" else fen
        for depth in range(1, min(md, maxdepth) + 1):
            t0 = time.time()
            mine = Position.from_fen(fen_full).perft(depth)
            dt = time.time() - t0
            try:
                theirs = engine_perft(binary, fen_full, depth)
            except RuntimeError as e:
                print("    " + str(e))
                theirs = -1
            total += 1
            ok = mine == theirs
            if ok:
                passed += 1
            else:
                failed += 1
            print("%-48s %5d %12d %12d %6s %7.2f" % (name[:48], depth, mine, theirs,
                                                     "ok" if ok else "FAIL", dt))
            sys.stdout.flush()
            if not ok and theirs >= 0:
                print("    FEN: " + fen_full)
                narrow(binary, fen_full, depth)
            if not ok:
                break
    print("imawazir reference: %d counts, %d passed, %d failed" % (total, passed, failed))
    return failed == 0


# ==================================================================== CLI
def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    cmd = argv[1]
    if cmd == "perft":
        pos = Position.from_fen(argv[3])
        print("nodes %d" % pos.perft(int(argv[2])))
    elif cmd == "divide":
        pos = Position.from_fen(argv[3])
        counts = pos.divide(int(argv[2]))
        for mv in sorted(counts):
            print("%s: %d" % (mv, counts[mv]))
        print("nodes %d" % sum(counts.values()))
    elif cmd == "play":
        pos = Position.from_fen(argv[2])
        print(pos.fen())
        for text in argv[3:]:
            pos = pos.make(pos.parse_move(text))
            print(pos.fen())
        res = pos.result()
        if res is None and not pos.legal_moves():
            res = "1-0" if pos.side == BLACK else "0-1"
            print("result %s (no legal move)" % res)
        elif res is not None:
            print("result %s" % res)
    elif cmd == "selftest":
        return 0 if selftest() else 1
    elif cmd == "compare":
        maxdepth = int(argv[3]) if len(argv) > 3 else 4
        return 0 if compare(argv[2], maxdepth) else 1
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
