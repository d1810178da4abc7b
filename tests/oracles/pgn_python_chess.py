#!/usr/bin/env python3
"""Reads standard-chess PGN written by `tinman match` with python-chess and checks it strictly:
every movetext token must be the SAN python-chess itself writes for that move (so the
disambiguation, `x`, `+`, `#`, `=Q` and `O-O` are checked, not only legality), the game must
parse without errors, and a game ending by the rules must end so on python-chess's board.

usage: pgn_python_chess.py FILE.pgn      exit 0: all good; 1: a problem (printed); 3: no python-chess
"""
import re
import sys

try:
    import chess
    import chess.pgn
except ImportError:
    sys.exit(3)

path = sys.argv[1]
problems = []
games = 0
with open(path) as f:
    text = f.read()
# The movetext tokens as written, per game, to compare with python-chess's own SAN.
raw_games = [g for g in re.split(r"\n(?=\[Event )", text) if g.strip()]
with open(path) as f:
    while True:
        game = chess.pgn.read_game(f)
        if game is None:
            break
        raw = raw_games[games]
        games += 1
        if game.errors:
            problems.append(f"game {games}: {game.errors}")
            continue
        movetext = re.sub(r"\{[^}]*\}", " ", raw.split("\n\n", 1)[1])
        written = [w for w in movetext.split() if not re.match(r"^\d+\.", w) and w not in ("1-0", "0-1", "1/2-1/2", "*")]
        board = game.board()
        for ply, (move, token) in enumerate(zip(game.mainline_moves(), written), 1):
            if board.san(move) != token:
                problems.append(f"game {games} ply {ply}: wrote {token}, SAN is {board.san(move)}")
            board.push(move)
        if len(written) != len(list(game.mainline_moves())):
            problems.append(f"game {games}: {len(written)} tokens, {len(list(game.mainline_moves()))} moves")
        result = game.headers.get("Result")
        if "Termination" not in game.headers and board.is_checkmate():
            want = "0-1" if board.turn == chess.WHITE else "1-0"
            if result != want:
                problems.append(f"game {games}: mate on the board but Result {result}")
for p in problems:
    print(p)
print(f"{games} games, {len(problems)} problems")
sys.exit(1 if problems or games == 0 else 0)
