#!/usr/bin/env python3
"""Cross-checks tests/perft/normal.perft against Debian's Stockfish, and compares speed.

Usage:
  python3 tests/oracles/stockfish_perft.py check [MAX_NODES]   # every count up to MAX_NODES
  python3 tests/oracles/stockfish_perft.py speed TINMAN_BINARY [DEPTH]

`check` asks Stockfish (`go perft N`) for every count in the file whose expected value is at
most MAX_NODES (default 10^8) and reports any disagreement. `speed` times perft DEPTH
(default 6) from the start position in Stockfish and in Tinman, one thread each, in the same
run, and prints both with the ratio. Needs `apt-get install stockfish` (/usr/games/stockfish).
"""
import os
import subprocess
import sys
import time

STOCKFISH = os.environ.get("STOCKFISH", "/usr/games/stockfish")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Stockfish:
    def __init__(self):
        self.p = subprocess.Popen([STOCKFISH], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name Threads value 1")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait_for(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("stockfish exited")
            if line.startswith(prefix):
                return line

    def perft(self, fen, depth):
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        return int(self.wait_for("Nodes searched").split(":")[1])

    def close(self):
        self.send("quit")
        self.p.wait()


def cases():
    fen = None
    with open(os.path.join(ROOT, "tests/perft/normal.perft")) as f:
        for n, raw in enumerate(f, 1):
            line = raw.split("#")[0].strip()
            if line.startswith("epd "):
                fen = line[4:].strip()
            elif line.startswith("perft "):
                _, d, nodes = line.split()
                yield n, fen, int(d), int(nodes)


def check(max_nodes):
    sf = Stockfish()
    checked = failed = 0
    for n, fen, depth, nodes in cases():
        if nodes > max_nodes:
            continue
        got = sf.perft(fen, depth)
        checked += 1
        if got != nodes:
            failed += 1
            print(f"normal.perft:{n}: {fen} depth {depth}: file {nodes}, stockfish {got}")
    sf.close()
    print(f"stockfish cross-check: {checked} counts, {checked - failed} passed, {failed} failed")
    return failed == 0


def speed(tinman, depth):
    start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    sf = Stockfish()
    t = time.perf_counter()
    sf_nodes = sf.perft(start_fen, depth)
    sf_secs = time.perf_counter() - t
    sf.close()
    t = time.perf_counter()
    out = subprocess.run([tinman, "perft", "--variant", "normal", "--depth", str(depth)],
                         capture_output=True, text=True, check=True).stdout
    tm_secs = time.perf_counter() - t
    tm_nodes = int(out.split()[-5])
    assert tm_nodes == sf_nodes, (tm_nodes, sf_nodes)
    print(f"perft {depth}: {sf_nodes} nodes")
    print(f"stockfish: {sf_secs:.3f} s, {sf_nodes / sf_secs / 1e6:.1f} Mnps")
    print(f"tinman:    {tm_secs:.3f} s, {tm_nodes / tm_secs / 1e6:.1f} Mnps  ({out.strip().splitlines()[-1]})")
    print(f"ratio tinman/stockfish time: {tm_secs / sf_secs:.2f}")
    return True


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "check":
        ok = check(int(sys.argv[2]) if len(sys.argv) > 2 else 10**8)
    elif len(sys.argv) >= 3 and sys.argv[1] == "speed":
        ok = speed(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 6)
    else:
        print(__doc__)
        ok = False
    sys.exit(0 if ok else 1)
