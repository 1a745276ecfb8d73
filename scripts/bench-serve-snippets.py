#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""The snippet edit loop of `galley serve`: the time from saving an edit of one Swift block to
the live-reload socket's `ready` message for the page with its new output, measured end to
end as bench-serve.py measures prose edits. Two pages:

  * a page of 8 Workflow blocks (the realistic snippet benchmark's page, 30 such pages in the
    project),
  * the largest page of the guide (by size) in a copy of this repository's docs.

Each edit adds a comment line to the page's last block that runs, so the program changes and
is compiled again while its output stays the same. The server's own line for each rebuild
gives the split between compiling, linking and running. Run through `make bench`."""
import importlib.util
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parent.parent
GALLEY = ROOT / ".build" / "release" / "galley"
EDITS = 12
TARGET_MS = 500


def load(name):
    spec = importlib.util.spec_from_file_location(name.replace("-", "_"), ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


serve = load("bench-serve")
realistic = load("bench-snippets-realistic")

FENCE = re.compile(r"^( *)```swift([^\n]*)\n", re.M)


def last_running_fence(text):
    """The offset just past the opening line of the page's last block that runs, and the
    fence's indentation."""
    found = None
    for match in FENCE.finditer(text):
        words = match.group(2).split()
        if {"run", "silent"} & set(words) and not any(w.startswith(("norun", "fails", "crash", "expect")) for w in words):
            found = (match.end(), match.group(1))
    if found is None:
        sys.exit("no block that runs")
    return found


def block_edit(path):
    original = path.read_text()
    offset, indent = last_running_fence(original)

    def edit(number):
        path.write_text(original[:offset] + f"{indent}// benchmark edit {number}\n" + original[offset:])
    return edit


class ServerLines:
    """`galley serve`'s terminal lines, read as they come."""

    def __init__(self, process):
        self.lines = []
        self.reader = threading.Thread(target=self.read, args=(process,), daemon=True)
        self.reader.start()

    def read(self, process):
        for line in process.stderr:
            self.lines.append(line.rstrip("\n"))

    def stages(self, count):
        """The snippet stages of the last `count` rebuild lines."""
        found = [line for line in self.lines if line.startswith(("Built ", "Updated "))][-count:]
        split = []
        for line in found:
            figures = dict((stage, float(seconds)) for stage, seconds in re.findall(r"(compiling|linking|running) ([\d.]+) s", line))
            total = re.search(r"in ([\d.]+) (ms|s)", line)
            seconds = float(total.group(1)) / (1000 if total.group(2) == "ms" else 1) if total else 0.0
            split.append((seconds, figures))
        return split


def wait_for_page(port, page, seconds=900):
    """Waits until the server answers with `page` (the realistic project has no home page)."""
    url = f"http://127.0.0.1:{port}/" + page.removeprefix("docs/").removesuffix(".md") + "/"
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2).read()
            return
        except OSError:
            time.sleep(0.1)
    sys.exit(f"{url} did not answer")


def measure(project, page):
    port = serve.free_port()
    server = subprocess.Popen([GALLEY, "serve", "--dev-addr", f"127.0.0.1:{port}"], cwd=project, stderr=subprocess.PIPE, text=True)
    lines = ServerLines(server)
    try:
        wait_for_page(port, str(page))
        time.sleep(1)
        serve.EDITS = EDITS
        times = serve.galley_reload_times(project, port, block_edit(project / page))
        time.sleep(0.5)
        return times, lines.stages(EDITS)
    finally:
        server.terminate()
        server.wait()


def report(name, times, stages):
    ms = sorted(t * 1000 for t in times)
    median = statistics.median(ms)
    split = {stage: statistics.median(s[1].get(stage, 0.0) for s in stages) * 1000 for stage in ("compiling", "linking", "running")}
    rebuild = statistics.median(s[0] for s in stages) * 1000 if stages else 0.0
    verdict = "met" if median <= TARGET_MS else "missed"
    print(f"  {name}: save to ready median {median:.0f} ms (p90 {ms[int(len(ms) * 0.9) - 1]:.0f}, max {ms[-1]:.0f}); "
          f"the server's rebuild {rebuild:.0f} ms, of it compiling {split['compiling']:.0f} ms, linking {split['linking']:.0f} ms, "
          f"running {split['running']:.0f} ms; target <= {TARGET_MS} ms {verdict}")


def main():
    if not GALLEY.exists():
        sys.exit("build galley first: swift build -c release --product galley")
    print(f"\n== The snippet edit loop in galley serve ({EDITS} edits each, save to live-reload `ready`)")
    with tempfile.TemporaryDirectory(prefix="galley-bench-serve-snippets-") as scratch:
        scratch = pathlib.Path(scratch)
        eight = scratch / "eight"
        realistic.make_project(eight)
        report("a page of 8 Workflow blocks", *measure(eight, "docs/page5.md"))
        own = scratch / "own"
        serve.make_project(own, "galley")
        guide = sorted((own / "docs" / "workflow").glob("*.md"), key=lambda p: p.stat().st_size)
        largest = [p for p in guide if not p.name.endswith(".zh.md")][-1]
        page = largest.relative_to(own)
        report(f"the guide's largest page ({page}, {largest.stat().st_size // 1024} KB)", *measure(own, page))


if __name__ == "__main__":
    main()
