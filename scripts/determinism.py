#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Builds the same input ROUNDS times and checks that every build writes the same complete
site, byte for byte: the shared corpora, this repository's docs, and a site made to catch
races in the parallel stages (400 pages of 30 paragraphs, each with bare URLs that autolink
and ~~strikethroughs~~, also in table cells). The race site is also counted: every link and
every strikethrough must be in every build.

    scripts/determinism.py [--rounds N] [--galley PATH]

With TSAN_OPTIONS set and a galley built with `--sanitize=thread`, a ThreadSanitizer report
fails the run as well (`make tsan`)."""
import argparse
import hashlib
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
SHARED = (ROOT.parent / "shared" / "corpus").resolve()
PAGES, PARAGRAPHS = 400, 30


def race_site(folder):
    """Writes the race repro: PAGES pages, each paragraph with one bare URL and one
    strikethrough, and a table whose cells hold both."""
    docs = folder / "docs"
    docs.mkdir(parents=True)
    (folder / "mkdocs.yml").write_text("site_name: Race\nmarkdown_extensions:\n  - tables\n")
    for page in range(PAGES):
        lines = [f"# Page {page}", ""]
        for paragraph in range(PARAGRAPHS - 1):
            lines += [f"See https://example.com/{page}/{paragraph} and ~~old {paragraph}~~ text.", ""]
        lines += ["| link | gone |", "| --- | --- |", f"| https://example.com/{page}/t | ~~cell {page}~~ |", ""]
        (docs / f"page-{page}.md").write_text("\n".join(lines))
    return PAGES * PARAGRAPHS, PAGES * PARAGRAPHS


def tree_hash(site):
    """One hash of every file's path and bytes under `site`."""
    digest = hashlib.sha256()
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(site)).encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


def count(site, needle):
    return sum(p.read_bytes().count(needle) for p in site.rglob("*.html") if "404" not in p.name)


def build(galley, project, site, rerun):
    command = [str(galley), "build", "-q", "-d", str(site)] + (["--rerun"] if rerun else [])
    result = subprocess.run(command, cwd=project, capture_output=True, text=True)
    if result.returncode != 0 or "ThreadSanitizer" in result.stderr:
        sys.exit(f"{project}: galley build failed (exit {result.returncode}):\n{result.stderr[-4000:]}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--galley", default=str(ROOT / ".build" / "release" / "galley"))
    parser.add_argument("--rerun", action="store_true", help="run every snippet program in every build (the snippet engine's parallel stages too)")
    parser.add_argument("--skip-own-docs", action="store_true", help="leave out this repository's docs (their snippets need a toolchain)")
    arguments = parser.parse_args()
    galley = pathlib.Path(arguments.galley).resolve()
    work = pathlib.Path(tempfile.mkdtemp(prefix="galley-determinism-"))
    failed = False
    try:
        projects = []
        race = work / "race"
        expected_links, expected_strikes = race_site(race)
        projects.append(("race site", race))
        for name in ("square-workflow", "leakcanary"):
            if (SHARED / name).is_dir():
                copy = work / name
                shutil.copytree(SHARED / name, copy, ignore=shutil.ignore_patterns("site", "ORACLE"))
                projects.append((name, copy))
        if not arguments.skip_own_docs:
            projects.append(("this repository", ROOT))
        for label, project in projects:
            hashes = set()
            for round in range(arguments.rounds):
                site = work / f"site-{label.replace(' ', '-')}-{round}"
                build(galley, project, site, arguments.rerun)
                hashes.add(tree_hash(site))
                if project == race:
                    links, strikes = count(site, b'href="https://example.com/'), count(site, b"<del>")
                    if (links, strikes) != (expected_links, expected_strikes):
                        print(f"{label}, build {round + 1}: {links} of {expected_links} links, {strikes} of {expected_strikes} strikethroughs")
                        failed = True
                shutil.rmtree(site)
            verdict = "identical" if len(hashes) == 1 else f"{len(hashes)} different sites"
            print(f"{label}: {arguments.rounds} builds, {verdict}")
            failed = failed or len(hashes) != 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
