#!/usr/bin/env python3
"""A small XBoard (protover 2) engine for the match-runner tests: it plays a random legal
move, asking Tinman's command line (`tinman moves`) for the legal moves, so it plays every
game Tinman knows. It speaks the protocol the runner uses: the feature handshake with
done=0/done=1, new, variant, setboard, force, usermove, level/st/sd, time/otim, go, ping/pong,
result, quit.

With --transposed it expects the board reflected over the a1 diagonal (files and ranks
swapped, as the runner's `transpose=1` sends it) and answers in the same coordinates: it
transposes everything back before asking Tinman.

With --variants=LIST it announces only those games (`feature variants="LIST"`).

usage: xboard_random.py PATH-TO-TINMAN [SEED] [--transposed] [--variants=LIST]
"""
import random
import re
import subprocess
import sys

args = [a for a in sys.argv[1:] if not a.startswith("--")]
transposed = "--transposed" in sys.argv
announced = "normal,wizardoz,desertoasis,imawazir,wedgie"
for a in sys.argv[1:]:
    if a.startswith("--variants="):
        announced = a.split("=", 1)[1]
tinman = args[0]
rng = random.Random(int(args[1]) if len(args) > 1 else 1)


def flip_squares(text):
    """Swaps file and rank of every square in a move or en-passant text."""
    def swap(m):
        f, r = ord(m.group(1)) - ord("a"), int(m.group(2)) - 1
        return chr(ord("a") + r) + str(f + 1)
    return re.sub(r"([a-l])(\d+)", swap, text)


def flip_fen(fen):
    fields = fen.split()
    rows = []
    for row in fields[0].split("/"):
        cells = []
        for tok in re.findall(r"\d+|.", row):
            cells.extend([None] * int(tok) if tok.isdigit() else [tok])
        rows.append(cells)
    height, width = len(rows), len(rows[0])
    out = []
    for y in reversed(range(width)):
        text, empty = "", 0
        for x in range(height):
            c = rows[height - 1 - x][y]
            if c is None:
                empty += 1
                continue
            text += (str(empty) if empty else "") + c
            empty = 0
        out.append(text + (str(empty) if empty else ""))
    if len(fields) > 3 and fields[3] != "-":
        fields[3] = flip_squares(fields[3])
    return " ".join(["/".join(out)] + fields[1:])

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
    moves.append(m)
    if transposed:
        m = flip_squares(m)
    send(f"1 0 0 {len(legal)} {m}")
    send(f"move {m}")


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    cmd, rest = words[0], words[1:]
    if cmd == "protover":
        send("feature done=0")
        send('feature ping=1 setboard=1 usermove=1 sigint=0 sigterm=0 myname="xboard-random"')
        send(f'feature variants="{announced}"')
        send("feature done=1")
    elif cmd == "new":
        variant, fen, moves, force, my_side = "normal", None, [], False, "b"
    elif cmd == "variant":
        variant = rest[0]
    elif cmd == "setboard":
        fen, moves = " ".join(rest), []
        if transposed:
            fen = flip_fen(fen)
    elif cmd == "force":
        force = True
    elif cmd == "usermove":
        moves.append(flip_squares(rest[0]) if transposed else rest[0])
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
