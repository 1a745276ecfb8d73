#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""`galley gh-deploy` against `mkdocs gh-deploy` on the leakcanary corpus, as CI runs them:
each round commits a one-line change to a page, then deploys it with each tool (alternating,
each to a bare remote of its own), then runs Galley once more with nothing changed. Prints
each round, then the medians and the ratio.

    python3 scripts/bench-deploy.py [--rounds 7] [--galley .build/release/galley] [--mkdocs .bench/venv/bin/mkdocs]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = (ROOT / ".." / "shared" / "corpus" / "leakcanary").resolve()


def run(command, cwd, env=None):
    subprocess.run(command, cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def timed(command, cwd, env):
    start = time.perf_counter()
    run(command, cwd, env)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--galley", default=str(ROOT / ".build/release/galley"))
    parser.add_argument("--mkdocs", default=str(ROOT / ".bench/venv/bin/mkdocs"))
    args = parser.parse_args()
    args.galley, args.mkdocs = os.path.abspath(args.galley), os.path.abspath(args.mkdocs)
    base = Path(tempfile.mkdtemp(prefix="galley-bench-deploy-"))
    try:
        for remote in ("galley.git", "mkdocs.git"):
            run(["git", "init", "-q", "--bare", remote], base)
        work = base / "work"
        shutil.copytree(CORPUS, work, symlinks=True, ignore=shutil.ignore_patterns("site", ".git"))
        env = dict(os.environ, PATH=str(Path(args.mkdocs).parent) + ":" + os.environ.get("PATH", ""),
                   GIT_AUTHOR_NAME="Bench", GIT_AUTHOR_EMAIL="bench@example.com",
                   GIT_COMMITTER_NAME="Bench", GIT_COMMITTER_EMAIL="bench@example.com")
        (work / ".gitignore").write_text("site/\n.galley/\n")
        for command in (["git", "init", "-q", "-b", "main"], ["git", "add", "-A"], ["git", "commit", "-qm", "sources"],
                        ["git", "remote", "add", "galley", "../galley.git"], ["git", "remote", "add", "mkdocs", "../mkdocs.git"]):
            run(command, work, env)
        galley, mkdocs, unchanged = [], [], []
        page = work / "docs" / "faq.md"
        for number in range(1, args.rounds + 1):
            page.write_text(page.read_text() + f"\nEdit {number}.\n")
            run(["git", "commit", "-qam", f"edit {number}"], work, env)
            galley.append(timed([args.galley, "gh-deploy", "-r", "galley"], work, env))
            mkdocs.append(timed([args.mkdocs, "gh-deploy", "-r", "mkdocs", "--ignore-version"], work, env))
            unchanged.append(timed([args.galley, "gh-deploy", "-r", "galley"], work, env))
            print(f"round {number}: galley {galley[-1]:.2f} s, mkdocs {mkdocs[-1]:.2f} s, galley unchanged {unchanged[-1]:.2f} s")
        g, m = statistics.median(galley), statistics.median(mkdocs)
        print(f"median of {args.rounds}: galley gh-deploy {g:.2f} s, mkdocs gh-deploy {m:.2f} s ({m / g:.2f}x); "
              f"galley with nothing changed {statistics.median(unchanged):.2f} s (no commit)")
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
