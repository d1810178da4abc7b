#!/usr/bin/env python3
"""A deliberately broken UCI engine for the match-runner tests.

usage: broken_uci.py MODE    MODE is one of
  illegal  answers every `go` with `bestmove e2e5` (never a legal move)
  crash    exits with status 1 on the first `go`
  slow     never answers `go` (it sleeps until it is killed)
  hang     never answers `uci`
  exit     exits with status 1 on `uci`, before `uciok`
  wedgie   lists `UCI_Variant` with `normal` and `wedgie` only; answers `go` like `illegal`
  abort    on the first `go`, writes a Rust stack-overflow message to stderr and aborts (SIGABRT)
  stuck    on the first `go`, writes a Rust panic message to stderr and never answers (as a
           search thread that panicked while the main thread goes on reading)
"""
import os
import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 else "illegal"
if mode not in ("illegal", "crash", "slow", "hang", "exit", "wedgie", "abort", "stuck"):
    sys.exit(f"unknown mode {mode}")


def send(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    cmd = line.split()
    if not cmd:
        continue
    if cmd[0] == "uci":
        if mode == "hang":
            time.sleep(3600)
        if mode == "exit":
            sys.exit(1)
        send(f"id name broken-{mode}")
        if mode == "wedgie":
            send("option name UCI_Variant type combo default normal var normal var wedgie")
        send("uciok")
    elif cmd[0] == "isready":
        send("readyok")
    elif cmd[0] == "go":
        if mode in ("illegal", "wedgie"):
            send("bestmove e2e5")
        elif mode == "crash":
            sys.exit(1)
        elif mode == "abort":
            sys.stderr.write("\nthread 'search' has overflowed its stack\n")
            sys.stderr.write("fatal runtime error: stack overflow, aborting\n")
            sys.stderr.flush()
            os.abort()
        elif mode == "stuck":
            sys.stderr.write("thread 'search' panicked at search/src/search.rs:1:1:\nboom\n")
            sys.stderr.flush()
            time.sleep(3600)
        else:
            time.sleep(3600)
    elif cmd[0] == "quit":
        break
