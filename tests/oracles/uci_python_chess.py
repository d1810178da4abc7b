#!/usr/bin/env python3
"""python-chess drives Tinman over UCI as a real client would.

Usage: python3 tests/oracles/uci_python_chess.py TINMAN_BINARY

Plays two complete standard games (engine against itself through python-chess, which checks
every move it receives for legality), one with a clock and one with a fixed time per move,
then analyses a position with MultiPV 3 and checks the three lines. Prints a summary line and
exits non-zero on any problem. Needs `pip install chess`.
"""
import sys

try:
    import chess
    import chess.engine
except ImportError:
    print("python-chess missing: pip install chess")
    sys.exit(3)


def play_game(engine, limit_for, max_plies=200):
    board = chess.Board()
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        result = engine.play(board, limit_for(board))
        if result.move is None or result.move not in board.legal_moves:
            raise SystemExit(f"illegal or missing move {result.move} in {board.fen()}")
        board.push(result.move)
    return board


def main(binary):
    engine = chess.engine.SimpleEngine.popen_uci(binary)
    try:
        def with_clock(board):
            return chess.engine.Limit(white_clock=1.0, black_clock=1.0, white_inc=0.01, black_inc=0.01)

        games = [
            play_game(engine, with_clock),
            play_game(engine, lambda b: chess.engine.Limit(time=0.01)),
        ]
        for board in games:
            print(f"game: {board.ply()} plies, result {board.result(claim_draw=True)}, "
                  f"final {board.fen()}")
        board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3")
        infos = engine.analyse(board, chess.engine.Limit(depth=5), multipv=3)
        firsts = [info["pv"][0] for info in infos]
        print("multipv:", [(board.san(m), str(info["score"].white())) for m, info in zip(firsts, infos)])
        if len(infos) != 3 or len(set(firsts)) != 3:
            raise SystemExit("MultiPV 3 did not give three different lines")
        if chess.Move.from_uci("f3f7") != firsts[0]:
            raise SystemExit(f"missed the mate Qxf7#: {firsts}")
    finally:
        engine.quit()
    print("python-chess UCI client: 2 games, 1 analysis, 0 failed")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__)
        sys.exit(2)
    main(sys.argv[1])
