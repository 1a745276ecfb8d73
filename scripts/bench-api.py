#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Measures the API reference (`galley.api`): what it adds to a warm build of this repository
(the same build with and without the section, run by run in turn), the cold extraction, how
the stage grows with the number of symbols (generated packages), and DocC on the same symbol
graphs, side by side. Run through `make bench`, or alone after `swift build -c release`."""
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
GALLEY = pathlib.Path(os.environ.get("GALLEY", ROOT / ".build" / "release" / "galley"))
RUNS = int(os.environ.get("RUNS", "5"))


def build(config, site, cwd):
    """One `galley build -v`: (wall seconds, the API stage's seconds, what the summary said)."""
    start = time.perf_counter()
    result = subprocess.run([str(GALLEY), "build", "-v", "-f", str(config), "-d", str(site)], cwd=cwd, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"galley build -f {config} failed:\n{result.stderr[-3000:]}")
    stages = re.findall(r"api: [a-z ]+ ([0-9.]+) ms", result.stderr)
    summary = re.search(r"API reference: .*", result.stderr)
    return wall, sum(float(ms) for ms in stages) / 1000, summary.group(0) if summary else ""


def this_repository():
    with_api = ROOT / "mkdocs.yml"
    text = with_api.read_text()
    without = re.sub(r"\n  # The runtime's reference.*?\n  api:\n(    .*\n)+", "\n", text, flags=re.S)
    if without == text:
        sys.exit("could not remove galley.api from mkdocs.yml")
    plain = ROOT / ".bench-no-api.yml"
    plain.write_text(without)
    site = pathlib.Path(tempfile.mkdtemp(prefix="bench-api-"))
    try:
        # Cold: no symbol graphs in the cache (the libraries stay built: snippets need them too).
        shutil.rmtree(ROOT / ".galley" / "symbolgraphs", ignore_errors=True)
        cold = build(with_api, site / "a", ROOT)
        build(plain, site / "b", ROOT)
        walls = {"with": [], "without": []}
        stages = []
        for _ in range(RUNS):
            wall, stage, summary = build(with_api, site / "a", ROOT)
            walls["with"].append(wall)
            stages.append(stage)
            walls["without"].append(build(plain, site / "b", ROOT)[0])
        with_median, without_median = statistics.median(walls["with"]), statistics.median(walls["without"])
        print("This repository, warm (snippet results and symbol graphs cached), medians of", RUNS)
        print(f"  galley build with galley.api:    {with_median:.2f} s   ({summary})")
        print(f"  galley build without it:        {without_median:.2f} s")
        print(f"  difference:                     {with_median - without_median:+.2f} s (ratio {with_median / without_median:.2f})")
        print(f"  the api stage alone:            {statistics.median(stages):.3f} s")
        print(f"  cold (graphs extracted) stage:  {cold[1]:.2f} s   ({cold[2]})")
    finally:
        plain.unlink(missing_ok=True)
        shutil.rmtree(site, ignore_errors=True)


def generated(types):
    """A package of `types` documented structures with eight members each."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix=f"bench-api-{types}-"))
    (folder / "Sources" / "Big").mkdir(parents=True)
    (folder / "docs").mkdir()
    (folder / "Package.swift").write_text(
        '// swift-tools-version: 6.0\nimport PackageDescription\n'
        'let package = Package(name: "Big", products: [.library(name: "Big", targets: ["Big"])], targets: [.target(name: "Big")])\n')
    lines = []
    for n in range(types):
        lines += [f"/// Type number {n}, linked to ``Type{(n + 1) % types}``.", f"public struct Type{n}: Equatable {{"]
        for m in range(8):
            lines += [f"    /// Member {m} of ``Type{n}``.", f"    public func member{m}(value: Int) -> Int {{ value + {m} }}"]
        lines.append("}")
    (folder / "Sources" / "Big" / "Big.swift").write_text("\n".join(lines) + "\n")
    (folder / "docs" / "index.md").write_text("# Home\n\nSee ``Type0``.\n")
    (folder / "mkdocs.yml").write_text("site_name: Big\ngalley:\n  api:\n    modules: [Big]\n")
    return folder


def growth():
    print("Generated packages (each type: a struct and 8 documented methods), medians of", RUNS)
    for types in (25, 100, 400):
        folder = generated(types)
        try:
            cold = build(folder / "mkdocs.yml", folder / "site", folder)
            warm = [build(folder / "mkdocs.yml", folder / "site", folder) for _ in range(RUNS)]
            stage = statistics.median(w[1] for w in warm)
            symbols = types * 9
            print(f"  {symbols:5d} symbols: api stage warm {stage:.3f} s ({stage / symbols * 1e6:.0f} µs/symbol), "
                  f"cold {cold[1]:.2f} s; whole build warm {statistics.median(w[0] for w in warm):.2f} s")
        finally:
            shutil.rmtree(folder, ignore_errors=True)


def docc():
    """DocC's `convert` on the symbol graphs galley extracted for this repository."""
    docc_binary = shutil.which("docc") or "/opt/swift/usr/bin/docc"
    graphs = sorted((ROOT / ".galley" / "symbolgraphs").glob("*/"))
    if not os.path.exists(docc_binary) or not graphs:
        print("DocC: not run (no docc binary in the toolchain, or no symbol graphs yet)")
        return
    out = pathlib.Path(tempfile.mkdtemp(prefix="bench-docc-"))
    try:
        times = []
        for _ in range(RUNS):
            shutil.rmtree(out / "site", ignore_errors=True)
            start = time.perf_counter()
            result = subprocess.run([docc_binary, "convert", "--additional-symbol-graph-dir", str(graphs[-1]),
                                     "--fallback-display-name", "Workflow", "--fallback-bundle-identifier", "workflow",
                                     "--output-path", str(out / "site")], capture_output=True, text=True)
            times.append(time.perf_counter() - start)
            if result.returncode != 0:
                print("DocC failed:", result.stderr[-1000:])
                return
        pages = sum(1 for _ in (out / "site" / "data" / "documentation").rglob("*.json"))
        print(f"DocC convert on the same symbol graphs: {statistics.median(times):.2f} s, {pages} page data files "
              "(a separate site; its examples are not run)")
    finally:
        shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    this_repository()
    growth()
    docc()
