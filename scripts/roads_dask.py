#!/usr/bin/env python3
"""Runs a `tinman roads survey` as N shards on a Dask cluster and merges them.

    python3 scripts/roads_dask.py (--scheduler tcp://HOST:8786 | --local-workers W) --shards N \
        [--tinman PATH] --out DIR -- SURVEY_OPTIONS...

SURVEY_OPTIONS are `tinman roads survey`'s own (`--all --games-per-road 40 --each nodes=5000`),
without `--shard` and `-o`: the driver gives shard K/N of them to one Dask task each. A task
runs the survey on its worker in a scratch folder and sends back the shard's results file;
the driver keeps it as DIR/shard-K-of-N.jsonl and, once every shard is done, merges them into
DIR/all.jsonl with `tinman roads merge`. A task is handed the shard's file as the driver has
it, so a rerun with the same DIR and N resumes every shard wherever its task runs (the
workers need no shared file system). The workers need the `tinman` binary at `--tinman`
(default: `tinman` on their PATH). See docs/roads.md.

Exit status: 0 when all.jsonl is written; 2 for bad arguments or a survey that refuses them
(its one `tinman: ...` line is shown); 1 when a shard failed otherwise.
"""

import argparse
import os
import subprocess
import sys
import tempfile

MERGED = "all.jsonl"


def shard_file(out_dir, k, n):
    return os.path.join(out_dir, f"shard-{k}-of-{n}.jsonl")


def write_whole(path, data):
    """Writes `data` (bytes) to `path` in one piece: a temporary file beside it, renamed."""
    partial = path + ".partial"
    with open(partial, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(partial, path)


def run_shard(tinman, options, k, n, existing):
    """On a worker: survey shard k/n, resuming from `existing` (the shard's results so far)."""
    with tempfile.TemporaryDirectory(prefix="tinman-roads-") as scratch:
        results = os.path.join(scratch, "shard.jsonl")
        with open(results, "wb") as f:
            f.write(existing)
        command = [tinman, "roads", "survey", *options, "--shard", f"{k}/{n}", "-o", results]
        done = subprocess.run(command, capture_output=True, text=True)
        with open(results, "rb") as f:
            data = f.read()
    return {"k": k, "status": done.returncode, "stdout": done.stdout, "stderr": done.stderr, "data": data}


def parse(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    where = p.add_mutually_exclusive_group(required=True)
    where.add_argument("--scheduler", help="address of a running Dask scheduler (tcp://HOST:8786)")
    where.add_argument("--local-workers", type=int, help="start a local cluster of this many one-thread workers")
    p.add_argument("--shards", type=int, required=True, help="number of shards (tasks)")
    p.add_argument("--tinman", default="tinman", help="the tinman binary on the workers")
    p.add_argument("--out", required=True, help="folder for the shard files and all.jsonl")
    if "--" not in argv:
        p.error("give the survey's options after --")
    split = argv.index("--")
    args = p.parse_args(argv[:split])
    args.options = argv[split + 1 :]
    if args.shards < 1 or (args.local_workers is not None and args.local_workers < 1):
        p.error("--shards and --local-workers must be at least 1")
    for banned in ("--shard", "-o", "--output"):
        if banned in args.options:
            p.error(f"the driver sets {banned} itself; leave it out of the survey's options")
    return args


def main(argv):
    args = parse(argv)
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        print("roads_dask: needs dask.distributed (pip install 'dask[distributed]')", file=sys.stderr)
        return 2
    os.makedirs(args.out, exist_ok=True)
    if args.local_workers is not None:
        cluster = LocalCluster(
            n_workers=args.local_workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = Client(cluster)
    else:
        cluster, client = None, Client(args.scheduler)
    try:
        futures = []
        for k in range(1, args.shards + 1):
            path = shard_file(args.out, k, args.shards)
            existing = open(path, "rb").read() if os.path.exists(path) else b""
            futures.append(
                client.submit(run_shard, args.tinman, args.options, k, args.shards, existing, pure=False)
            )
        failures = []
        for future in as_completed(futures):
            r = future.result()
            # Whole lines only ever reach the file, so a failed shard's part is kept for a rerun.
            if r["data"]:
                write_whole(shard_file(args.out, r["k"], args.shards), r["data"])
            if r["status"] == 0:
                print(f"shard {r['k']}/{args.shards}: {r['stdout'].strip()}", flush=True)
            else:
                failures.append(r)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    if failures:
        first = min(failures, key=lambda r: r["k"])
        line = (first["stderr"].strip().splitlines() or ["(no message)"])[-1]
        print(f"roads_dask: shard {first['k']}/{args.shards} failed: {line}", file=sys.stderr)
        return 2 if all(r["status"] == 2 for r in failures) else 1
    merged = os.path.join(args.out, MERGED)
    if os.path.exists(merged):
        os.remove(merged)  # the driver's own output, made again from the shards
    shards = [shard_file(args.out, k, args.shards) for k in range(1, args.shards + 1)]
    shards = [s for s in shards if os.path.exists(s)]
    if not shards:
        print("roads_dask: no shard has results (no roads in the survey's set?)", file=sys.stderr)
        return 1
    done = subprocess.run([args.tinman, "roads", "merge", *shards, "-o", merged], capture_output=True, text=True)
    if done.returncode != 0:
        print(f"roads_dask: merge failed: {done.stderr.strip()}", file=sys.stderr)
        return 1
    print(done.stdout.strip())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
