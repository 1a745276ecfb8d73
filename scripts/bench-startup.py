#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Where a small build's time goes, and the cold `galley check` of this repository's docs.

1. Start-up: `galley --version` (the cost every command pays before its work) and the shared
   libraries the dynamic loader maps.
2. The seed corpus (square/workflow, 20 pages): the whole run's wall time against the build's
   own stages as `galley build -v` reports them.
3. `galley check` of this repository with the snippet host library built but no compiled
   snippets cached (target < 5 s), and warm, every program compiled (a check still runs them
   all; target < 3 s).

Run through `make bench`; BENCH_RUNS sets the number of runs (default 15 for the short runs)."""
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
GALLEY = ROOT / ".build" / "release" / "galley"
CORPUS = ROOT.parent / "shared" / "corpus" / "square-workflow"
RUNS = int(os.environ.get("BENCH_RUNS", "15"))


def median_ms(command, cwd=None, runs=RUNS, before=None):
    times = []
    for _ in range(runs):
        if before:
            before()
        start = time.perf_counter()
        subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def startup():
    print(f"\n== start-up, median of {RUNS} runs")
    print(f"  galley --version: {median_ms([GALLEY, '--version']):.1f} ms")
    libraries = subprocess.run(["ldd", GALLEY], capture_output=True, text=True).stdout.splitlines()
    swift = [line for line in libraries if "libswift" in line or "Foundation" in line]
    # libcurl came in with Foundation's networking part and brought some thirty libraries,
    # 4.5 ms of every command, until the preview server stopped linking it.
    curl = any("libcurl" in line for line in libraries)
    print(f"  shared libraries mapped: {len(libraries)} ({len(swift)} of the Swift runtime{', libcurl among them' if curl else ''})")


def seed_corpus():
    if not CORPUS.exists():
        print("square-workflow corpus absent: skipping the small-site breakdown")
        return
    work = pathlib.Path(tempfile.mkdtemp(prefix="galley-bench-seed-"))
    try:
        project = work / "project"
        shutil.copytree(CORPUS, project)
        output = work / "out"
        wall = median_ms([GALLEY, "build", "-q", "-d", output], cwd=project, before=lambda: shutil.rmtree(output, ignore_errors=True))
        shutil.rmtree(output, ignore_errors=True)
        verbose = subprocess.run([GALLEY, "build", "-v", "-d", output], cwd=project, capture_output=True, text=True).stderr
        stages = re.search(r"^Stages: (.*)$", verbose, re.M)
        staged = sum(float(ms) for ms in re.findall(r"([0-9.]+) ms", stages.group(1))) if stages else 0
        print(f"\n== seed corpus (square/workflow, 20 pages), median of {RUNS} builds")
        print(f"  whole run {wall:.1f} ms; the build's stages {staged:.1f} ms of it (one run: {stages.group(1) if stages else '?'})")
        lint = median_ms([GALLEY, "lint", "--no-mkdocs", "docs"], cwd=project)
        print(f"  galley lint of docs/: {lint:.1f} ms")
    finally:
        shutil.rmtree(work)


def cold_check(runs=3):
    """The snippet cache's compiled programs and results are set aside, the host library
    (`.galley/host-*`) kept: what a CI job that caches only the host build pays."""
    cache = ROOT / ".galley" / "snippets"
    kept = ROOT / ".galley" / "snippets.bench-kept"
    if not cache.exists():
        print("\n== cold galley check: run `galley check` once first, so that the host library is built")
        return
    times = []
    cache.rename(kept)
    try:
        for _ in range(runs):
            shutil.rmtree(cache, ignore_errors=True)
            start = time.perf_counter()
            result = subprocess.run([GALLEY, "check", "-q"], cwd=ROOT, capture_output=True, text=True)
            times.append(time.perf_counter() - start)
            if result.returncode != 0:
                sys.exit("galley check failed:\n" + result.stderr[-2000:])
    finally:
        shutil.rmtree(cache, ignore_errors=True)
        kept.rename(cache)
    print(f"\n== cold galley check of this repository's docs (host library built, no snippet results), median of {runs}")
    print(f"  {statistics.median(times):.2f} s (target < 5 s)")


def warm_check(runs=7):
    """Every program compiled and in the cache; a check runs all of them all the same."""
    subprocess.run([GALLEY, "check", "-q"], cwd=ROOT, capture_output=True)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = subprocess.run([GALLEY, "check", "-q"], cwd=ROOT, capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        if result.returncode != 0:
            sys.exit("galley check failed:\n" + result.stderr[-2000:])
    print(f"\n== warm galley check of this repository's docs (programs compiled, every one run), median of {runs}")
    print(f"  {statistics.median(times):.2f} s (target < 3 s)")


if __name__ == "__main__":
    if not GALLEY.exists():
        sys.exit("build galley first: make bench")
    startup()
    seed_corpus()
    cold_check()
    warm_check()
