#!/usr/bin/env python3
"""Times `galley build` against `mkdocs build` and `zensical build -c` side by side, on the
square/workflow corpus and on generated sites, and reports ratios, pages per second, peak
memory and growth. Run through `make bench`."""
import os
import pathlib
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
VENV = ROOT / ".bench" / "venv" / "bin"
GALLEY = ROOT / ".build" / "release" / "galley"
CORPUS = ROOT.parent / "shared" / "corpus" / "square-workflow"
ENV = dict(os.environ, DISABLE_MKDOCS_2_WARNING="true", NO_MKDOCS_2_WARNING="1")


def run(command, cwd):
    """Runs `command` once; returns (wall seconds, peak RSS in MiB of that child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    result = subprocess.run(command, cwd=cwd, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"{' '.join(map(str, command))} failed:\n{result.stderr.decode()[-2000:]}")
    # ru_maxrss of children is the maximum over all children so far; measure in a fresh
    # process per sample so it reflects this command.
    return wall, max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024


def peak_memory(command, cwd):
    """Peak RSS of one run of `command`, measured in a dedicated child interpreter."""
    probe = (
        "import resource,subprocess,sys,os;"
        "subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL,stderr=subprocess.DEVNULL,check=True);"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    out = subprocess.run([sys.executable, "-c", probe, *map(str, command)], cwd=cwd, env=ENV, capture_output=True, check=True)
    return int(out.stdout.decode().strip()) / 1024


def median_wall(command, cwd, runs, outputs=()):
    """Median wall time; every output directory is removed before each run, so each run is
    cold and every tool pays for creating its whole site."""
    walls = []
    for _ in range(runs):
        for output in outputs:
            shutil.rmtree(output, ignore_errors=True)
        walls.append(run(command, cwd)[0])
    return statistics.median(walls)


def tools(site_dir):
    return {
        "mkdocs": [VENV / "mkdocs", "build", "-q", "-d", site_dir],
        "zensical": [VENV / "zensical", "build", "-c"],
        "galley": [GALLEY, "build", "-q", "-d", site_dir],
    }


def filesystem_floor(directory, pages):
    """Seconds to create `pages` directories each with a 20 kB index.html, in plain Python:
    the part of any static-site build that is the disk's, not the tool's."""
    shutil.rmtree(directory, ignore_errors=True)
    start = time.perf_counter()
    for n in range(pages):
        path = directory / f"section-{n // 100}" / f"page-{n}"
        path.mkdir(parents=True, exist_ok=True)
        (path / "index.html").write_bytes(b"x" * 20000)
    elapsed = time.perf_counter() - start
    shutil.rmtree(directory, ignore_errors=True)
    return elapsed


def corpus(runs):
    if not CORPUS.exists():
        print("corpus absent: skipping the corpus comparison")
        return
    work = pathlib.Path(tempfile.mkdtemp(prefix="galley-bench-corpus-"))
    project = work / "square-workflow"
    shutil.copytree(CORPUS, project)
    print(f"\n== square/workflow corpus, {runs} runs each, median wall time (cold: clean output, no caches)")
    results = {}
    output = work / "out"
    for name, command in tools(output).items():
        results[name] = median_wall(command, project, runs, outputs=(output, project / "site", project / ".cache"))
        print(f"  {name:9s} {results[name] * 1000:9.1f} ms")
    print(f"  galley is {results['mkdocs'] / results['galley']:.1f}x faster than mkdocs (target >= 20x)")
    print(f"  galley is {results['zensical'] / results['galley']:.1f}x faster than zensical (target >= 10x)")
    shutil.rmtree(work)


def generated(sizes, runs):
    sys.path.insert(0, str(ROOT / "scripts"))
    import importlib
    generator = importlib.import_module("generate-site")
    work = pathlib.Path(tempfile.mkdtemp(prefix="galley-bench-generated-"))
    print(f"\n== generated sites, galley only, {runs} runs each")
    walls = {}
    for size in sizes:
        project = work / f"site-{size}"
        generator.generate(project, size)
        command = [GALLEY, "build", "-q", "-d", project / "out"]
        walls[size] = median_wall(command, project, runs, outputs=(project / "out",))
        memory = peak_memory(command, project)
        print(f"  {size:5d} pages: {walls[size]:6.2f} s, {size / walls[size]:7.0f} pages/s, peak memory {memory:6.1f} MiB")
        floor = filesystem_floor(project / "floor", size)
        print(f"         the disk alone: creating the same {size} directories and files takes {floor:.2f} s here")
        memory_dir = pathlib.Path("/dev/shm")
        if memory_dir.is_dir():
            # The same build writing to memory: what the tool costs without the disk's share.
            in_memory = pathlib.Path(tempfile.mkdtemp(prefix="galley-bench-out-", dir=memory_dir)) / "out"
            wall = median_wall([GALLEY, "build", "-q", "-d", in_memory], project, runs, outputs=(in_memory,))
            shutil.rmtree(in_memory.parent)
            print(f"         written to memory (/dev/shm): {wall:6.2f} s, {size / wall:7.0f} pages/s")
    if len(sizes) >= 2:
        small, large = sizes[0], sizes[-1]
        print(f"  growth: {large} pages took {walls[large] / walls[small]:.1f}x the time of {small} (linear would be {large / small:.0f}x; target <= 11x for 10x pages)")
    if "--compare-generated" in sys.argv:
        size = sizes[-1]
        project = work / f"site-{size}"
        print(f"\n== generated {size}-page site, one run each")
        for name, command in tools(project / "out-cmp").items():
            wall = median_wall(command, project, 1)
            print(f"  {name:9s} {wall:7.2f} s")
    shutil.rmtree(work)


if __name__ == "__main__":
    runs = int(os.environ.get("BENCH_RUNS", "5"))
    corpus(runs)
    generated([500, 5000], max(1, runs // 2))
