#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""A cold `galley build` beside `hugo` (Debian's) on the same generated site, alternating,
at 500 and 5,000 pages (and 20,000 with BENCH_LARGE=1): wall time, CPU time (user + system)
and peak memory of each, written to disk and to a RAM-backed folder (/dev/shm). Targets at
5,000 pages: CPU <= 0.35x Hugo's to memory and <= 0.5x to disk; peak memory <= 0.25x Hugo's.
Run through `make bench`."""
import importlib.util
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
RUNS = int(os.environ.get("BENCH_RUNS", "5"))
SIZES = [500, 5000] + ([20000] if os.environ.get("BENCH_LARGE") else [])

spec = importlib.util.spec_from_file_location("serve_large", ROOT / "scripts" / "bench-serve-large.py")
serve_large = importlib.util.module_from_spec(spec)
spec.loader.exec_module(serve_large)


def run(command, cwd):
    """Wall seconds, CPU seconds and peak RSS (MiB) of one run of `command`."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"{command[0]} failed in {cwd}: {process.stderr.read().decode()[-2000:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main():
    if not GALLEY.exists() or not shutil.which("hugo"):
        sys.exit("build galley (release) and install hugo first: make bench")
    print(f"Cold builds beside hugo, median of {RUNS} alternating runs:")
    for pages in SIZES:
        with tempfile.TemporaryDirectory(prefix="galley-bench-hugo-") as scratch, tempfile.TemporaryDirectory(prefix="galley-bench-", dir="/dev/shm") as memory:
            scratch = pathlib.Path(scratch)
            project = scratch / "galley"
            serve_large.generate_site.generate(project, pages)
            config = (project / "mkdocs.yml").read_text().replace("name: material", "name: galley")
            (project / "mkdocs.yml").write_text(config)
            hugo_project = scratch / "hugo"
            serve_large.hugo_site(project, hugo_project)
            results = {"galley (disk)": [], "galley (memory)": [], "hugo (disk)": [], "hugo (memory)": []}
            for _ in range(RUNS):
                results["galley (disk)"].append(run([GALLEY, "build", "-q", "--clean", "-d", str(scratch / "site")], project))
                results["hugo (disk)"].append(run(["hugo", "--quiet", "-d", str(scratch / "hugo-site")], hugo_project))
                results["galley (memory)"].append(run([GALLEY, "build", "-q", "--clean", "-d", f"{memory}/site"], project))
                results["hugo (memory)"].append(run(["hugo", "--quiet", "-d", f"{memory}/hugo-site"], hugo_project))
            medians = {name: tuple(statistics.median(run[i] for run in runs) for i in range(3)) for name, runs in results.items()}
            print(f"  {pages} pages:")
            for name, (wall, cpu, rss) in medians.items():
                print(f"    {name:16} wall {wall:6.2f} s, CPU {cpu:6.2f} s ({cpu / pages * 1000:.2f} ms a page), peak {rss:6.0f} MiB")
            for where in ("disk", "memory"):
                g, h = medians[f"galley ({where})"], medians[f"hugo ({where})"]
                print(f"    to {where}: galley's CPU {g[1] / h[1]:.2f}x hugo's, wall {g[0] / h[0]:.2f}x, peak memory {g[2] / h[2]:.2f}x")


if __name__ == "__main__":
    main()
