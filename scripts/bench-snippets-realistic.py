#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Times Swift snippets on realistic Workflow code: 30 pages of 8 blocks each, made from the
tutorial's own testing chapter (workflows, actions, renderings, render testers and action
testers). Side by side in one run, alternating, it times

  * `galley check` cold (cached results and programs removed, the host library kept),
  * the per-page baseline: each page's blocks joined into a `main.swift` and compiled into an
    executable by `swiftc`, two at a time, against the same library,
  * `galley check` warm with nothing changed, and with one block of one page edited,
  * `galley check` cold on this repository's own docs,

and prints medians, ratios and the targets, with where the time goes: galley's own split
(`check -v`: compiling, linking, running) and, for one page, what each phase of the
compiler adds (start-up, importing the libraries, type checking, SIL, code generation),
which is the floor no scheduling of separate compiles gets under. Run through `make bench`."""
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = pathlib.Path(__file__).resolve().parent.parent
GALLEY = ROOT / ".build" / "release" / "galley"
PAGES, BLOCKS, ROUNDS = 30, 8, 3
SOURCE_PAGE = ROOT / "docs" / "tutorial" / "tests.md"
IMPORTS = ["Workflow", "WorkflowUI", "WorkflowTesting"]


INCLUDE = re.compile(r'^--8<-- "([^"]+)"[ \t]*$', re.M)


def expanded(code):
    """`code` with each `--8<-- "path"` or `"path:section"` line replaced by what it includes
    from `docs/`, as pymdownx.snippets does for the tutorial's pages."""
    def include(match):
        path, _, section = match.group(1).partition(":")
        text = (ROOT / "docs" / path).read_text()
        if section:
            text = text.split(f"// --8<-- [start:{section}]\n", 1)[1].split(f"// --8<-- [end:{section}]", 1)[0]
        return text
    return INCLUDE.sub(include, code)


def fences(markdown):
    """The Swift fences of a page that run and succeed (the declarations block, `silent`, and
    the `run` blocks; not `norun`, `fails` or `crash`), each dedented to its fence's column and
    with its includes expanded."""
    blocks = []
    for match in re.finditer(r"^( *)```swift([^\n]*)\n(.*?)^\1```", markdown, re.S | re.M):
        words = match.group(2).split()
        if not ({"run", "silent"} & set(words)) or any(w.startswith(("norun", "fails", "crash")) for w in words):
            continue
        indent = len(match.group(1))
        code = "".join(line[indent:] + "\n" for line in match.group(3).splitlines())
        blocks.append(expanded(code))
    return blocks


def split_declarations(code, parts):
    """`code` cut at top-level declarations into `parts` pieces of about equal length."""
    starts = [i for i, line in enumerate(code.splitlines()) if re.match(r"(struct|typealias|enum|final class|class) ", line)]
    lines = code.splitlines(keepends=True)
    pieces, bounds = [], [0]
    for part in range(1, parts):
        target = len(lines) * part // parts
        bounds.append(min((s for s in starts if s > bounds[-1]), key=lambda s: abs(s - target)))
    bounds.append(len(lines))
    for begin, end in zip(bounds, bounds[1:]):
        pieces.append("".join(lines[begin:end]))
    return pieces


def page_blocks(page, edit=0):
    """Eight blocks: the chapter's declarations in four, then its four testing blocks, with
    the page's number in the data so that no two pages are the same program."""
    blocks = fences(SOURCE_PAGE.read_text())
    declarations, tests = blocks[0], blocks[1:]
    declarations = declarations.replace("Take the cat for a walk", f"Take the cat for walk {page}")
    result = split_declarations(declarations, BLOCKS - len(tests)) + tests
    if edit:
        result[-1] = result[-1].replace("print(\"on top after logging in:\"", f"print(\"edit {edit}, on top after logging in:\"")
    assert len(result) == BLOCKS, len(result)
    return result


def page_markdown(page, edit=0):
    return f"# Page {page}\n\n" + "\n".join(f"```swift run\n{block}```\n" for block in page_blocks(page, edit))


def make_project(directory):
    (directory / "docs").mkdir(parents=True)
    nav = "\n".join(f"  - page{n}.md" for n in range(PAGES))
    (directory / "mkdocs.yml").write_text(
        f"site_name: Realistic snippets\ngalley:\n  snippets:\n    package: {ROOT}\n"
        f"    products: [{', '.join(IMPORTS)}]\nnav:\n{nav}\n")
    for n in range(PAGES):
        (directory / "docs" / f"page{n}.md").write_text(page_markdown(n))


def check(project):
    start = time.perf_counter()
    result = subprocess.run([GALLEY, "check", "-v"], cwd=project, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"galley check failed in {project}:\n{result.stderr[-3000:]}")
    summary = re.search(r"Snippets: .*", result.stderr)
    compiled = re.search(r"(\d+) compiled", result.stderr)
    seconds = re.search(r"in ([\d.]+) s", summary.group(0)) if summary else None
    stages = re.search(r"Snippet stages: .*", result.stderr)
    split = dict((stage, float(value)) for stage, value in re.findall(r"(compiling|linking|running) ([\d.]+) s", stages.group(0))) if stages else {}
    return wall, int(compiled.group(1)) if compiled else 0, float(seconds.group(1)) if seconds else 0.0, split


def host_directory(project):
    """The host library `galley check` built for the project (in the linked package)."""
    libraries = sorted((ROOT / ".galley").glob("host-*/.build/debug/libGalleySnippetHost.so"), key=lambda p: p.stat().st_mtime)
    return libraries[-1].parent


def baseline(project, host, work):
    """Each page's program alone: its blocks as one `main.swift`, compiled and linked by
    `swiftc`, two at a time."""
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    sources = []
    for n in range(PAGES):
        folder = work / f"page{n}"
        folder.mkdir()
        source = folder / "main.swift"
        source.write_text("".join(f"import {module}\n" for module in IMPORTS) + "".join(page_blocks(n)))
        sources.append(source)

    def compile_one(source):
        subprocess.run(["swiftc", "-Onone", "-swift-version", "6", "-module-name", "Page", "-I", host / "Modules", "-L", host,
                        "-lGalleySnippetHost", "-Xlinker", "-rpath", "-Xlinker", host, source, "-o", source.with_suffix("")],
                       check=True, capture_output=True)

    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=2) as pool:
        list(pool.map(compile_one, sources))
    return time.perf_counter() - start


def compiler_phases(host, work):
    """What each phase of the compiler adds for one page's program, compiled alone: the
    medians of five runs of `swiftc` stopping after each phase, and of two programs that only
    print (with and without the imports)."""
    work.mkdir(parents=True, exist_ok=True)
    sources = {
        "bare": "print(1)\n",
        "imports": "".join(f"import {module}\n" for module in IMPORTS) + "print(1)\n",
        "page": "".join(f"import {module}\n" for module in IMPORTS) + "".join(page_blocks(0)),
    }
    for name, text in sources.items():
        (work / f"{name}.swift").write_text(text)
    base = ["swiftc", "-Onone", "-swift-version", "6", "-module-name", "Page", "-I", str(host / "Modules")]
    runs = {
        "start-up and the standard library": base + ["-c", "bare.swift", "-o", "bare.o"],
        "importing Workflow, WorkflowUI, WorkflowTesting": base + ["-c", "imports.swift", "-o", "imports.o"],
        "type checking the page": base + ["-typecheck", "page.swift"],
        "SILGen": base + ["-emit-silgen", "page.swift", "-o", "page.sil"],
        "SIL passes": base + ["-emit-sil", "page.swift", "-o", "page.sil"],
        "IR and machine code": base + ["-c", "page.swift", "-o", "page.o"],
    }
    medians = {}
    for name, command in runs.items():
        times = []
        for _ in range(5):
            start = time.perf_counter()
            subprocess.run(command, cwd=work, check=True, capture_output=True)
            times.append(time.perf_counter() - start)
        medians[name] = statistics.median(times)
    # Each phase's share: what stopping after it costs beyond stopping before it.
    names = list(runs)
    phases = [(names[0], medians[names[0]]), (names[1], medians[names[1]] - medians[names[0]]),
              (names[2], medians[names[2]] - medians[names[1]])]
    phases += [(names[i], medians[names[i]] - medians[names[i - 1]]) for i in range(3, len(names))]
    return phases, medians[names[-1]]


def own_docs_project(work):
    """This repository's docs and config in a scratch folder, linking this package."""
    project = work / "own-docs"
    shutil.copytree(ROOT / "docs", project / "docs")
    config = (ROOT / "mkdocs.yml").read_text().replace("    package: .\n", f"    package: {ROOT}\n")
    (project / "mkdocs.yml").write_text(config)
    for name in (".markdownlint.rb", ".mdlrc"):
        if (ROOT / name).exists():
            shutil.copy(ROOT / name, project / name)
    return project


def cold(project):
    shutil.rmtree(project / ".galley" / "snippets", ignore_errors=True)
    return check(project)


def main():
    work = pathlib.Path(tempfile.mkdtemp(prefix="galley-bench-realistic-"))
    project = work / "project"
    make_project(project)
    own = own_docs_project(work)
    print(f"\n== Swift snippets on realistic code: {PAGES} pages x {BLOCKS} blocks from docs/tutorial/tests.md (galley check)")
    check(project)  # builds the host library once; not part of any figure below
    host = host_directory(project)
    check(own)

    colds, baselines, owns = [], [], []
    for _ in range(ROUNDS):
        colds.append(cold(project))
        baselines.append(baseline(project, host, work / "baseline"))
        owns.append(cold(own))
    cold_wall = statistics.median(c[0] for c in colds)
    cold_snippets = statistics.median(c[2] for c in colds)
    base = statistics.median(baselines)
    print(f"  galley cold: {cold_wall:.2f} s median wall ({cold_snippets:.2f} s in snippets), {colds[0][1]} compiler runs; "
          f"runs {', '.join(f'{c[0]:.2f}' for c in colds)}")
    split = {stage: statistics.median(c[3].get(stage, 0.0) for c in colds) for stage in ("compiling", "linking", "running")}
    print(f"  galley's split (check -v): compiling {split['compiling']:.2f} s, linking {split['linking']:.2f} s, running {split['running']:.2f} s")
    print(f"  per-page swiftc, 2 at a time: {base:.2f} s median; runs {', '.join(f'{b:.2f}' for b in baselines)}")
    print(f"  galley cold is {base / cold_wall:.2f}x the per-page baseline (target >= 2x; stretch >= 5x)")
    phases, page_compile = compiler_phases(host, work / "phases")
    print(f"  one page compiled alone, {page_compile * 1000:.0f} ms: " + ", ".join(f"{name} {seconds * 1000:.0f} ms" for name, seconds in phases))
    if split["compiling"] > 0:
        print(f"  the floor: with linking and running free, galley would be {base / split['compiling']:.2f}x the baseline; "
              f"each page is a module of its own and the compiler takes one module per process, so its start-up and imports "
              f"({(phases[0][1] + phases[1][1]) * 1000:.0f} ms) are paid per page")
    own_wall = statistics.median(o[0] for o in owns)
    print(f"  this repository's docs, cold: {own_wall:.2f} s median wall ({statistics.median(o[2] for o in owns):.2f} s in snippets, "
          f"{owns[0][1]} compiler runs) (target < 8 s)")

    warms = [check(project) for _ in range(ROUNDS)]
    print(f"  warm, nothing changed: {statistics.median(w[0] for w in warms):.2f} s median, "
          f"{max(w[1] for w in warms)} compiler runs (target 0)")
    edits = []
    for round in range(1, ROUNDS + 1):
        (project / "docs" / "page5.md").write_text(page_markdown(5, edit=round))
        edits.append(check(project))
    print(f"  one block edited: {statistics.median(e[0] for e in edits):.2f} s median wall, "
          f"{statistics.median(e[2] for e in edits):.2f} s in snippets, {max(e[1] for e in edits)} compiler run(s) "
          f"(target 1 page recompiled, < 1 s)")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
