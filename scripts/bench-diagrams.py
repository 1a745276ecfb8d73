#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Times drawing a 200-message sequence diagram as SVG: galley (its reader, layout and SVG
writer, in process) against seqdiag, the Python tool that draws sequence diagrams from text
(also in process, so neither pays for starting a program), then both command lines end to
end. The two alternate in one run; medians are reported. Target: under 20 ms per diagram.
Run through `make bench`."""
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
GALLEY = ROOT / ".build" / "release" / "galley"
SEQDIAG_PYTHON = ROOT / ".bench" / "seqdiag" / "bin" / "python"
SEQDIAG = ROOT / ".bench" / "seqdiag" / "bin" / "seqdiag"
RUNS = int(os.environ.get("BENCH_RUNS", "7"))
MESSAGES = 200
PARTICIPANTS = ["Host", "Node", "Context", "Parent", "Child", "Sink"]


def web_sequence():
    """200 messages among six participants, with the constructs a real diagram has:
    activations, notes, nested fragments and numbering."""
    lines = ["title Two hundred messages", "autonumber 1"]
    for index in range(MESSAGES):
        a, b = PARTICIPANTS[index % 6], PARTICIPANTS[(index * 5 + 1) % 6]
        if index % 40 == 0:
            lines.append(f"loop pass {index // 40}")
        if index % 40 == 10:
            lines.append("alt the child exists")
        if index % 40 == 15:
            lines.append("else it does not")
        if a == b:
            b = PARTICIPANTS[(index + 1) % 6]
        arrow = "-->" if index % 3 == 2 else "->"
        lines.append(f"{a}{arrow}{b}: message {index} with some words")
        if index % 40 == 20:
            lines.append("end")
        if index % 25 == 0:
            lines.append(f"note over {a}: a note about step {index}")
        if index % 40 == 39:
            lines.append("end")
    return "\n".join(lines) + "\n"


def seqdiag_source():
    edges = []
    for index in range(MESSAGES):
        a, b = PARTICIPANTS[index % 6], PARTICIPANTS[(index * 5 + 1) % 6]
        if a == b:
            b = PARTICIPANTS[(index + 1) % 6]
        arrow = "-->" if index % 3 == 2 else "->"
        edges.append(f'  {a} {arrow} {b} [label = "message {index} with some words"];')
    return "seqdiag {\n" + "\n".join(edges) + "\n}\n"


SEQDIAG_IN_PROCESS = """
import statistics, sys, time
from seqdiag import parser, builder, drawer
source = open(sys.argv[1]).read()
samples = []
for _ in range(int(sys.argv[2])):
    start = time.perf_counter()
    diagram = builder.ScreenNodeBuilder.build(parser.parse_string(source))
    draw = drawer.DiagramDraw("SVG", diagram, filename=None)
    draw.draw()
    draw.save()
    samples.append((time.perf_counter() - start) * 1000)
print(statistics.median(samples))
"""


def timed(command, cwd):
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, check=True, capture_output=True)
    return time.perf_counter() - start


def main():
    if not GALLEY.exists() or not SEQDIAG.exists():
        sys.exit("build galley (release) and the seqdiag venv first: make bench")
    with tempfile.TemporaryDirectory(prefix="galley-bench-diagrams-") as folder:
        seq = pathlib.Path(folder, "big.seq")
        seq.write_text(web_sequence())
        diag = pathlib.Path(folder, "big.diag")
        diag.write_text(seqdiag_source())
        galley_ms, seqdiag_ms = [], []
        for _ in range(RUNS):
            out = subprocess.run([GALLEY, "diagram", seq, "--repeat-count", "20"], check=True, capture_output=True, text=True).stdout
            galley_ms.append(float(out.split("median ")[1].split(" ms")[0]))
            out = subprocess.run([SEQDIAG_PYTHON, "-c", SEQDIAG_IN_PROCESS, diag, "3"], check=True, capture_output=True, text=True).stdout
            seqdiag_ms.append(float(out))
        g, s = statistics.median(galley_ms), statistics.median(seqdiag_ms)
        print(f"Diagrams, {MESSAGES} messages, drawing in process (median of {RUNS} runs): "
              f"galley {g:.2f} ms (target < 20 ms: {'met' if g < 20 else 'MISSED'}), seqdiag {s:.0f} ms, {s / g:.0f}x faster")
        galley_cli, seqdiag_cli = [], []
        for _ in range(RUNS):
            galley_cli.append(timed([GALLEY, "diagram", seq, "-o", pathlib.Path(folder, "g.svg")], folder))
            seqdiag_cli.append(timed([SEQDIAG, "-Tsvg", "-o", pathlib.Path(folder, "s.svg"), diag], folder))
        g, s = statistics.median(galley_cli), statistics.median(seqdiag_cli)
        print(f"  command line, end to end: galley diagram {g * 1000:.0f} ms, seqdiag {s * 1000:.0f} ms, {s / g:.1f}x faster")
    graphs()


def graphs():
    """Mermaid flowcharts and the other diagrams Graphviz lays out: galley's time to read, lay
    out and draw each of the test fixtures, in process (median of 50 drawings a run, the
    median of RUNS runs). The issue's budget is 5 ms a diagram."""
    folder = ROOT / "Tests" / "GalleyDiagramsTests" / "Flowcharts"
    medians = []
    for source in sorted(folder.glob("*.mmd")):
        runs = []
        for _ in range(RUNS):
            out = subprocess.run([GALLEY, "diagram", source, "--repeat-count", "50"], check=True, capture_output=True, text=True).stdout
            runs.append(float(out.split("median ")[1].split(" ms")[0]))
        medians.append((source.stem, statistics.median(runs)))
    worst = max(time for _, time in medians)
    print(f"Flowcharts laid out by Graphviz, read + layout + drawing in process (median of {RUNS} runs of 50): "
          f"median {statistics.median(t for _, t in medians):.2f} ms, slowest {worst:.2f} ms "
          f"(budget 5 ms: {'met' if worst <= 5 else 'MISSED'})")
    for name, time in medians:
        print(f"  {name:20} {time:.2f} ms")


if __name__ == "__main__":
    main()
