#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Times `galley lint` against mdl 0.12.0 (Debian's ruby-mdl) in the same run: on the
square/workflow corpus (the default rules over every page, as its oracle was made) and on a
generated tree of 5,000 Markdown files. Run through `make bench`."""
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
RUNS = int(os.environ.get("BENCH_RUNS", "5"))


def timed(command, cwd):
    start = time.perf_counter()
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    return time.perf_counter() - start, result


def compare(label, files, cwd, extra=(), runs=RUNS, target=0.1, stubs=()):
    """Times both on `files`, taking turns. Lines about `stubs` (pages stored as a path to
    another file, which galley lints as the file they name) are left out of the comparison."""
    mdl_times, galley_times = [], []
    for _ in range(runs):
        seconds, mdl_result = timed(["mdl", *extra, *files], cwd)
        mdl_times.append(seconds)
        seconds, galley_result = timed([GALLEY, "lint", "--no-mkdocs", *extra, *files], cwd)
        galley_times.append(seconds)
    def kept(output):
        if not stubs:
            return output.splitlines()
        # The findings alone: the rule links under them follow from which rules fired.
        return [line for line in output.splitlines() if re.match(r"\S+:\d+: MD\d+", line) and not any(line.startswith(stub + ":") for stub in stubs)]
    same = kept(mdl_result.stdout) == kept(galley_result.stdout)
    mdl_median, galley_median = statistics.median(mdl_times), statistics.median(galley_times)
    print(f"  {label}: mdl {mdl_median * 1000:.0f} ms, galley {galley_median * 1000:.1f} ms: "
          f"{galley_median / mdl_median:.3f} of mdl's time, {mdl_median / galley_median:.1f}x faster "
          f"(target <= {target}); same output: {'yes' if same else 'NO'}")
    if not same:
        sys.exit("outputs differ")


def generate(directory, count):
    corpus_pages = sorted((CORPUS / "docs").rglob("*.md"))
    texts = []
    for page in corpus_pages:
        text = page.read_text()
        if len(text) > 100:
            texts.append(text)
    for index in range(count):
        folder = directory / f"section{index // 100:02d}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"page{index:04d}.md").write_text(texts[index % len(texts)])


def main():
    if shutil.which("mdl") is None:
        sys.exit("mdl is not installed: apt-get install ruby-mdl")
    print(f"\n== galley lint against mdl 0.12.0, median of {RUNS} runs each, interleaved")
    # Pages stored as link stubs (a path in place of a symbolic link) are left out: mdl reads
    # the stub's text, galley the file it names.
    files = sorted(str(path.relative_to(CORPUS)) for path in (CORPUS / "docs").rglob("*.md") if path.stat().st_size > 100)
    compare(f"corpus ({len(files)} files, default rules)", files, CORPUS, ["--ignore-front-matter"])
    # The project's own lint: lint_docs.sh's files and options, with its style file, run where
    # the project runs it, inside its git repository (a copy here, committed), where the
    # link stubs among its pages are checked against git's index.
    project = [str(path.relative_to(CORPUS)) for path in sorted((CORPUS / "docs").rglob("*.md")) if path.name not in ("CHANGELOG.md", "whyworkflow.md")]
    stubs = [name for name in project if (CORPUS / name).stat().st_size <= 100]
    work = pathlib.Path(tempfile.mkdtemp(prefix="galley-bench-lint-"))
    try:
        repository = work / "repository"
        shutil.copytree(CORPUS, repository)
        for command in (["init", "-q"], ["add", "-A"], ["-c", "user.name=bench", "-c", "user.email=bench@example.com", "commit", "-q", "-m", "corpus"]):
            subprocess.run(["git", *command], cwd=repository, check=True)
        compare(f"the project's lint_docs.sh ({len(project)} files, its .markdownlint.rb, in a git repository)", project, repository,
                ["--style", ".markdownlint.rb", "--ignore-front-matter"], target=0.05, stubs=stubs)
        generate(work / "docs", 5000)
        compare("5,000 generated files (a directory argument)", ["docs"], work, runs=max(1, RUNS // 2))
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
