#!/usr/bin/env python3
"""Runs Tinman and passes its XBoard dialogue through, except that the `setup` line it sends
for a game gets the FEN of the environment variable START_FEN: XBoard then starts its games
from that position (it cannot read such a board from a position file before the engine has
described the game). For the real-XBoard tests of chains, vanishing Wazirs and result claims.
"""
import os
import subprocess
import sys
import threading

engine = subprocess.Popen([os.environ["TINMAN"]], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          text=True, bufsize=1)


def to_engine():
    for line in sys.stdin:
        engine.stdin.write(line)
        if line.startswith("variant "):
            engine.stdin.write(f"setboard {os.environ['START_FEN']}\n")
        engine.stdin.flush()
    engine.stdin.close()


threading.Thread(target=to_engine, daemon=True).start()
for line in engine.stdout:
    if line.startswith("setup ("):
        _, table, size, _ = line.split(" ", 3)
        # XBoard reads the six standard fields; the engine also gets the game's extra ones.
        fen = " ".join(os.environ["START_FEN"].split()[:6])
        line = f"setup {table} {size} {fen}\n"
    sys.stdout.write(line)
    sys.stdout.flush()
engine.wait()
