#!/usr/bin/env python3
"""The reliability soak (docs/reliability.md): Tinman's UCI mode against its XBoard mode in
all five games through `tinman match`, counting crashes, illegal moves, time forfeits and
protocol errors, and the resident memory (RSS) of engine processes kept for many games.

The work is cut into chunks (a game and a range of games). Every finished chunk appends one
line of tallies to the results file; a rerun skips the chunks already there, so the soak can
be stopped and resumed. `--shard K/N` runs every N-th chunk, so machines (or sessions) can
share the soak. Progress and the estimated time left are printed after every chunk and, while
a chunk runs, every `--progress` seconds.

    python3 tests/soak/soak.py --tinman target/release/tinman                 # the full soak
    python3 tests/soak/soak.py --tinman T --games 50 --results pilot.tsv      # a pilot
    python3 tests/soak/soak.py --summary --results soak-results.tsv           # tallies only

Each chunk is one `tinman match` run:

    tinman match -variant V -concurrency 2 -games N -openings random=8 balance=1000 -srand SEED \\
        -engine cmd=T name=UCI restart=off -engine cmd=T proto=xboard name=XBoard restart=off \\
        -each tc=TC timemargin=MS -maxmoves M -pgnout DIR/V-K.pgn

With `restart=off` each of the runner's two game threads keeps one UCI and one XBoard
process for the whole chunk, so a chunk of N games runs every process for about N/2 games;
the RSS chunk (`--rss-games`, default 2000, of the games in `--rss-variants`) runs processes
for about 1,000 games. RSS is read from /proc every 2 s for every engine process (the
runner's children) and logged to DIR/CHUNK.rss; the tallies give the longest-lived
process's RSS once warm (after a tenth of its life), at the end, and its largest. A process
that failed in a game is replaced, so "processes" above 2 x concurrency means replacements
(the engine check's short-lived processes are usually gone before the first sample).
"""
import argparse
import os
import re
import subprocess
import sys
import time

VARIANTS = ["normal", "wizardoz", "desertoasis", "imawazir", "wedgie"]
FIELDS = [
    "chunk", "variant", "games", "seconds", "uci_wins", "xboard_wins", "draws", "normal",
    "adjudicated", "crashes", "illegal", "time_forfeits", "protocol", "plies", "rss_first_kb",
    "rss_last_kb", "rss_max_kb", "rss_growth_kb", "processes", "exit",
]


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tinman", help="the tinman binary to soak")
    p.add_argument("--results", default="soak-results.tsv", help="tallies file (appended)")
    p.add_argument("--pgn-dir", default="soak-pgn", help="where each chunk's PGN goes")
    p.add_argument("--games", type=int, default=2000, help="games per game (default 2000)")
    p.add_argument("--chunk", type=int, default=500, help="games per chunk (default 500)")
    p.add_argument("--rss-games", type=int, default=2000,
                   help="games of the first chunk of each --rss-variants game (default 2000)")
    p.add_argument("--rss-variants", default="desertoasis",
                   help="games whose first chunk is the long RSS chunk: names, 'all' or 'none'")
    p.add_argument("--variants", default=",".join(VARIANTS))
    p.add_argument("--tc", default="0.2+0.002", help="time control of both engines")
    p.add_argument("--timemargin", type=int, default=1000,
                   help="ms past the clock before a forfeit (default 1000; see docs/reliability.md)")
    p.add_argument("--maxmoves", type=int, default=150, help="adjudicate a draw after this many moves")
    p.add_argument("--concurrency", type=int, default=2)
    p.add_argument("--balance", type=int, default=1000,
                   help="random openings kept within this many centipawns (default 1000: the first "
                        "one tried, so preparing openings costs one short search each)")
    p.add_argument("--shard", default="1/1", help="K/N: run chunks K, K+N, K+2N, ... (1-based)")
    p.add_argument("--progress", type=float, default=30, help="seconds between progress lines")
    p.add_argument("--summary", action="store_true", help="print the tallies of the results file and stop")
    return p.parse_args()


def chunks(args):
    """Every chunk of the soak: (name, variant, first game, games)."""
    rss = VARIANTS if args.rss_variants == "all" else [] if args.rss_variants == "none" else args.rss_variants.split(",")
    out = []
    for v in args.variants.split(","):
        start = 0
        while start < args.games:
            size = args.rss_games if (start == 0 and v in rss) else args.chunk
            size = min(size, args.games - start)
            out.append((f"{v}-{start + 1}-{start + size}", v, start, size))
            start += size
    return out


def read_results(path):
    rows = []
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if line.startswith("chunk\t") or not line.strip():
                    continue
                rows.append(dict(zip(FIELDS, line.rstrip("\n").split("\t"))))
    return rows


def children(pid):
    """(pid, rss_kb) of the engine processes of the runner `pid`."""
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/status") as f:
                status = f.read()
        except OSError:
            continue
        ppid = re.search(r"^PPid:\s+(\d+)", status, re.M)
        rss = re.search(r"^VmRSS:\s+(\d+)", status, re.M)
        if ppid and int(ppid.group(1)) == pid and rss:
            out.append((int(entry), int(rss.group(1))))
    return out


def run_chunk(args, name, variant, start, size, seed, report):
    os.makedirs(args.pgn_dir, exist_ok=True)
    pgn = os.path.join(args.pgn_dir, f"{name}.pgn")
    if os.path.exists(pgn):
        os.remove(pgn)
    t = os.path.abspath(args.tinman)
    cmd = [t, "match", "-variant", variant, "-concurrency", str(args.concurrency), "-games", str(size),
           "-openings", "random=8", f"balance={args.balance}", "-srand", str(seed),
           "-engine", f"cmd={t}", "name=UCI", "restart=off",
           "-engine", f"cmd={t}", "proto=xboard", "name=XBoard", "restart=off",
           "-each", f"tc={args.tc}", f"timemargin={args.timemargin}", "-pgnout", pgn]
    if args.maxmoves:
        cmd[cmd.index("-pgnout"):cmd.index("-pgnout")] = ["-maxmoves", str(args.maxmoves)]
    started = time.time()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
    tally = dict.fromkeys(["uci_wins", "xboard_wins", "draws", "normal", "adjudicated", "crashes",
                           "illegal", "time_forfeits", "protocol"], 0)
    finished = 0
    # Per engine process: its RSS samples (seconds into the chunk, kB), also written to
    # DIR/NAME.rss ("seconds pid kB" lines) for a closer look.
    rss = {}
    rss_log = open(os.path.join(args.pgn_dir, f"{name}.rss"), "w")
    last_sample = last_report = 0.0
    import selectors
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    while True:
        now = time.time()
        if now - last_sample >= 2:
            last_sample = now
            for pid, kb in children(proc.pid):
                rss.setdefault(pid, []).append((now - started, kb))
                rss_log.write(f"{now - started:.0f} {pid} {kb}\n")
        if now - last_report >= args.progress and finished:
            last_report = now
            report(finished, size, now - started)
        if not sel.select(timeout=1):
            continue
        line = proc.stdout.readline()
        if not line:
            break
        m = re.match(r"Finished game \d+ \((\S+) vs (\S+)\): (\S+) \{(.*)\}", line)
        if not m:
            continue
        finished += 1
        white, black, result, reason = m.groups()
        if result == "1/2-1/2":
            tally["draws"] += 1
        else:
            winner = white if result == "1-0" else black
            tally["uci_wins" if winner == "UCI" else "xboard_wins"] += 1
        if "engine crashed" in reason:
            tally["crashes"] += 1
        elif "illegal move" in reason:
            tally["illegal"] += 1
        elif "loses on time" in reason:
            tally["time_forfeits"] += 1
        elif "breaks the protocol" in reason or "false claim" in reason:
            tally["protocol"] += 1
        elif "adjudication" in reason:
            tally["adjudicated"] += 1
        else:
            tally["normal"] += 1
    err = proc.stderr.read()
    code = proc.wait()
    seconds = time.time() - started
    plies = 0
    if os.path.exists(pgn):
        with open(pgn) as f:
            plies = sum(int(n) for n in re.findall(r'\[PlyCount "(\d+)"\]', f.read()))
    rss_log.close()
    # The longest-lived process: its RSS once warmed up (the first sample after a tenth of its
    # life, when its tables are in use), at its last sample, and its largest.
    first = last = top = growth = 0
    if rss:
        samples = max(rss.values(), key=lambda v: v[-1][0] - v[0][0])
        life = samples[-1][0] - samples[0][0]
        warm = next(kb for t, kb in samples if t - samples[0][0] >= life / 10)
        first, last, top = warm, samples[-1][1], max(kb for _, kb in samples)
        growth = last - warm
    row = dict(chunk=name, variant=variant, games=finished, seconds=f"{seconds:.0f}", plies=plies,
               rss_first_kb=first, rss_last_kb=last, rss_max_kb=top, rss_growth_kb=growth,
               processes=len(rss), exit=code, **tally)
    if code != 0 or finished != size:
        print(f"  chunk {name}: exit {code}, {finished}/{size} games\n{err}", file=sys.stderr)
    return row


def summary(rows):
    total = {k: 0 for k in FIELDS[2:-1] if not k.startswith("rss_") and k != "processes"}
    for r in rows:
        for k in total:
            total[k] += float(r[k])
    games = int(total["games"])
    print(f"{len(rows)} chunks, {games} games, {total['seconds']:.0f} s of runner time "
          f"({total['seconds'] / max(games, 1):.2f} s per game at the chunks' concurrency), "
          f"{total['plies'] / max(games, 1):.0f} plies per game")
    print(f"  crashes {int(total['crashes'])}, illegal moves {int(total['illegal'])}, time forfeits "
          f"{int(total['time_forfeits'])}, protocol errors {int(total['protocol'])}, adjudicated "
          f"{int(total['adjudicated'])}; UCI {int(total['uci_wins'])} - XBoard {int(total['xboard_wins'])} - draws {int(total['draws'])}")
    for r in rows:
        print(f"  {r['chunk']:<24} {r['games']:>5} games {r['seconds']:>6} s  crash {r['crashes']} illegal "
              f"{r['illegal']} time {r['time_forfeits']} protocol {r['protocol']}  RSS first {r['rss_first_kb']} "
              f"last {r['rss_last_kb']} max {r['rss_max_kb']} kB ({r['processes']} engine processes)")


def main():
    args = parse_args()
    rows = read_results(args.results)
    if args.summary:
        summary(rows)
        return 0
    if not args.tinman or not os.access(args.tinman, os.X_OK):
        sys.exit("soak.py: --tinman PATH (an executable tinman binary) is needed")
    k, n = (int(x) for x in args.shard.split("/"))
    plan = [c for i, c in enumerate(chunks(args)) if i % n == k - 1]
    done = {r["chunk"] for r in rows if r["exit"] == "0"}
    todo = [c for c in plan if c[0] not in done]
    total_games = sum(c[3] for c in todo)
    print(f"soak: {len(plan)} chunks in shard {args.shard}, {len(plan) - len(todo)} already done, "
          f"{total_games} games to play", flush=True)
    if not os.path.exists(args.results):
        with open(args.results, "w") as f:
            f.write("\t".join(FIELDS) + "\n")
    played, spent = 0, 0.0
    for index, (name, variant, start, size) in enumerate(todo):
        seed = 1000 * (VARIANTS.index(variant) + 1) + start

        def report(finished, size, seconds, name=name):
            rate = (spent + seconds) / max(played + finished, 1)
            left = rate * (total_games - played - finished)
            print(f"  {name}: {finished}/{size} games, {seconds:.0f} s; soak {played + finished}/{total_games}, "
                  f"about {left / 60:.0f} min left", flush=True)

        row = run_chunk(args, name, variant, start, size, seed, report)
        played += int(row["games"])
        spent += float(row["seconds"])
        with open(args.results, "a") as f:
            f.write("\t".join(str(row[k]) for k in FIELDS) + "\n")
        left = spent / max(played, 1) * (total_games - played)
        print(f"chunk {index + 1}/{len(todo)} {name}: {row['games']} games in {row['seconds']} s, crashes "
              f"{row['crashes']}, illegal {row['illegal']}, time {row['time_forfeits']}, protocol "
              f"{row['protocol']}, RSS {row['rss_first_kb']}->{row['rss_last_kb']} kB; about {left / 60:.0f} min left",
              flush=True)
    summary(read_results(args.results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
