#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""`galley check` of this repository's docs, whole and split four ways (`--shard K/4`), in
a fresh clone: each shard's time beside the whole check's. The linked libraries are built
once, by a first check, and kept (as a shared cache would keep them); before every timed
check the compiled page programs are removed, so each compiles its own pages from nothing.
Rounds take turns (whole, 1/4 … 4/4), medians of BENCH_RUNS rounds (3 unless set); target:
each shard <= 35% of the whole. Run through `make bench`."""
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
GALLEY = ROOT / ".build" / "release" / "galley"
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
SHARDS = 4


def check(clone, arguments):
    """Wall seconds of one check; the checks' own problems do not stop the benchmark."""
    shutil.rmtree(clone / ".galley" / "snippets", ignore_errors=True)
    start = time.perf_counter()
    result = subprocess.run([GALLEY, "check", "-q"] + arguments, cwd=clone, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if result.returncode not in (0, 1):
        sys.exit(f"galley check {' '.join(arguments)} failed:\n{result.stderr[-3000:]}")
    return wall


def main():
    if not GALLEY.exists():
        sys.exit("build galley first: swift build -c release --product galley")
    with tempfile.TemporaryDirectory(prefix="galley-bench-shards-") as scratch:
        clone = pathlib.Path(scratch) / "repository"
        subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
        print(f"\n== galley check of this repository's docs, whole and as {SHARDS} shards, libraries built, programs cold; medians of {RUNS} rounds")
        first = check(clone, [])
        print(f"  the first check, building the libraries too: {first:6.1f} s")
        runs = {name: [] for name in ["whole"] + [f"{k}/{SHARDS}" for k in range(1, SHARDS + 1)]}
        for _ in range(RUNS):
            for name in runs:
                runs[name].append(check(clone, [] if name == "whole" else ["--shard", name]))
        whole = statistics.median(runs["whole"])
        print(f"  whole check: {whole:6.1f} s")
        for name, walls in runs.items():
            if name != "whole":
                share = statistics.median(walls) / whole
                print(f"  shard {name}:  {statistics.median(walls):6.1f} s, {share * 100:4.0f}% of the whole (target <= 35%)")


if __name__ == "__main__":
    main()
