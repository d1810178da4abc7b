#!/usr/bin/env python3
"""A small XBoard (protover 2) engine for the match-runner tests: it plays a random legal
move, asking Tinman's command line (`tinman moves`) for the legal moves, so it plays every
game Tinman knows. It speaks the protocol the runner uses: the feature handshake with
done=0/done=1, new, variant, setboard, force, usermove, level/st/sd, time/otim, go, ping/pong,
result, quit.

usage: xboard_random.py PATH-TO-TINMAN [SEED]
"""
import random
import subprocess
import sys

tinman = sys.argv[1]
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
variant, fen, moves = "normal", None, []
force, my_side = True, None


def send(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def side_to_move():
    first = (fen.split()[1] if fen else "w")
    return first if len(moves) % 2 == 0 else ("b" if first == "w" else "w")


def think():
    args = [tinman, "moves", "--variant", variant]
    if fen:
        args += ["--fen", fen]
    if moves:
        args += ["--moves", " ".join(moves)]
    legal = subprocess.run(args, capture_output=True, text=True, check=True).stdout.split()
    if not legal:
        return
    # Thinking output: ply, score (centipawns), time (centiseconds), nodes, PV.
    m = rng.choice(legal)
    send(f"1 0 0 {len(legal)} {m}")
    moves.append(m)
    send(f"move {m}")


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    cmd, rest = words[0], words[1:]
    if cmd == "protover":
        send("feature done=0")
        send('feature ping=1 setboard=1 usermove=1 sigint=0 sigterm=0 myname="xboard-random"')
        send('feature variants="normal,wizardoz,desertoasis,imawazir,wedgie"')
        send("feature done=1")
    elif cmd == "new":
        variant, fen, moves, force, my_side = "normal", None, [], False, "b"
    elif cmd == "variant":
        variant = rest[0]
    elif cmd == "setboard":
        fen, moves = " ".join(rest), []
    elif cmd == "force":
        force = True
    elif cmd == "usermove":
        moves.append(rest[0])
        if not force and side_to_move() == my_side:
            think()
    elif cmd == "go":
        force = False
        my_side = side_to_move()
        think()
    elif cmd == "ping":
        send(f"pong {rest[0]}")
    elif cmd == "quit":
        break
