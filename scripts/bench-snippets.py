#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Times Swift snippets in `galley check` on a generated set of 200 snippets over 20 pages:
cold (no cached results), against compiling each block on its own, warm with no change,
and with one page changed. Run through `make bench`."""
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = pathlib.Path(__file__).resolve().parent.parent
GALLEY = ROOT / ".build" / "release" / "galley"
PAGES, BLOCKS = 20, 10


def page_text(page, variant=0):
    parts = [f"# Page {page}\n"]
    parts.append(f"```swift run\nstruct Counter{page}: Workflow {{\n    typealias Output = Never\n"
                 f"    func makeInitialState() -> Int {{ {page} }}\n"
                 f"    func render(state: Int, context: RenderContext<Counter{page}>) -> String {{ \"count \\(state)\" }}\n}}\n"
                 f"let host = WorkflowHost(workflow: Counter{page}())\nprint(host.rendering.value)\n```\n")
    for block in range(1, BLOCKS):
        parts.append(f"```swift run\nlet value{block} = {block} * {page + variant}\nprint(\"block {block}:\", value{block}, host.rendering.value)\n```\n")
    return "\n".join(parts)


def make_project(directory):
    (directory / "docs").mkdir(parents=True)
    nav = "\n".join(f"  - page{n}.md" for n in range(PAGES))
    (directory / "mkdocs.yml").write_text(
        f"site_name: Snippet bench\ngalley:\n  snippets:\n    package: {ROOT}\n    products: [Workflow, WorkflowUI]\nnav:\n{nav}\n")
    for n in range(PAGES):
        (directory / "docs" / f"page{n}.md").write_text(page_text(n))


def check(project):
    start = time.perf_counter()
    result = subprocess.run([GALLEY, "check", "-v"], cwd=project, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"galley check failed:\n{result.stderr[-3000:]}")
    summary = re.search(r"Snippets: .*", result.stderr)
    compiled = re.search(r"(\d+) compiled", result.stderr)
    return wall, int(compiled.group(1)) if compiled else 0, summary.group(0) if summary else ""


def per_block_baseline(project):
    """Each of the 200 blocks compiled on its own (its page's earlier blocks included so it
    compiles), two at a time, against the same libraries."""
    libraries = sorted((ROOT / ".galley").glob("host-*/.build/debug/libGalleySnippetHost.so"), key=lambda p: p.stat().st_mtime)
    host = libraries[-1].parent
    work = project / "per-block"
    work.mkdir()
    jobs = []
    for n in range(PAGES):
        text = page_text(n)
        blocks = re.findall(r"```swift run\n(.*?)```", text, re.S)
        for index in range(len(blocks)):
            source = work / f"p{n}b{index}.swift"
            source.write_text("import Workflow\n" + "".join(blocks[: index + 1]))
            jobs.append(source)

    def compile_one(source):
        subprocess.run(["swiftc", "-Onone", "-swift-version", "6", "-I", host / "Modules", "-L", host,
                        "-lGalleySnippetHost", "-Xlinker", "-rpath", "-Xlinker", host, source, "-o", source.with_suffix("")],
                       check=True, capture_output=True)

    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        list(pool.map(compile_one, jobs))
    return time.perf_counter() - start, len(jobs)


def main():
    work = pathlib.Path(tempfile.mkdtemp(prefix="galley-bench-snippets-"))
    project = work / "project"
    make_project(project)
    print(f"\n== Swift snippets: {PAGES * BLOCKS} blocks over {PAGES} pages (galley check)")
    check(project)  # builds the shared library host once; not part of any figure below
    shutil.rmtree(project / ".galley", ignore_errors=True)
    cold, compiled, summary = check(project)
    print(f"  cold (no cached results): {cold:.2f} s, {compiled} compiler invocations (target < 5 s)\n    {summary}")
    baseline, count = per_block_baseline(project)
    print(f"  each block compiled on its own: {baseline:.2f} s for {count} compilations; galley is {baseline / cold:.1f}x faster (target >= 10x)")
    warm, compiled, summary = check(project)
    plain = work / "plain"
    shutil.copytree(project, plain, ignore=shutil.ignore_patterns(".galley", "per-block"))
    (plain / "mkdocs.yml").write_text((plain / "mkdocs.yml").read_text().replace("galley:", "unused_galley:"))
    for page in (plain / "docs").iterdir():
        page.write_text(page.read_text().replace("```swift run", "```swift"))
    without, _, _ = check(plain)
    print(f"  warm, nothing changed: {warm:.2f} s, {compiled} compiler invocations; {warm - without:+.2f} s over the same site without snippets (target 0 and < 0.3 s)")
    (project / "docs" / "page3.md").write_text(page_text(3, variant=1))
    changed, compiled, summary = check(project)
    print(f"  one page changed: {changed:.2f} s, {compiled} compiler invocation(s) (target 1)\n    {summary}")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
