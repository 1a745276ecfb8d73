#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Follows the tutorial's setup page from an empty folder, as a reader would: writes the
manifest the page shows, puts each file of its table where the table says, and runs
`swift build` and `swift test` in the new package. Fails if the page and the code drifted
apart. The new package depends on this repository by the path the page names (`../galley`),
so the folder is made beside a link of that name."""
import os
import re
import subprocess
import sys
import tempfile
import time

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(REPOSITORY, "docs", "tutorial", "setup.md")


def manifest(text):
    """The fenced block of the page that starts with the tools-version line."""
    for block in re.findall(r"^```swift[^\n]*\n(.*?)^```", text, re.S | re.M):
        if block.startswith("// swift-tools-version:"):
            return block
    sys.exit(f"{PAGE}: no manifest block (one starting with `// swift-tools-version:`)")


def table(text):
    """(file in the package, file in this repository) for each row of the layout table."""
    rows = []
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0].startswith("`") and cells[3].startswith("`docs/"):
            rows.append((cells[0].strip("`"), cells[3].strip("`")))
    if not rows:
        sys.exit(f"{PAGE}: no layout table")
    return rows


def main():
    text = open(PAGE, encoding="utf-8").read()
    with tempfile.TemporaryDirectory(prefix="follow-tutorial-") as root:
        os.symlink(REPOSITORY, os.path.join(root, "galley"))
        package = os.path.join(root, "TodoApp")
        os.mkdir(package)
        with open(os.path.join(package, "Package.swift"), "w", encoding="utf-8") as out:
            out.write(manifest(text))
        for target, source in table(text):
            os.makedirs(os.path.dirname(os.path.join(package, target)), exist_ok=True)
            with open(os.path.join(REPOSITORY, source), encoding="utf-8") as src:
                content = src.read()
            with open(os.path.join(package, target), "w", encoding="utf-8") as out:
                out.write(content)
        for command in (["swift", "build"], ["swift", "test"]):
            start = time.monotonic()
            result = subprocess.run(command, cwd=package)
            print(f"follow-tutorial: `{' '.join(command)}` exited {result.returncode} after {time.monotonic() - start:.0f} s", flush=True)
            if result.returncode != 0:
                sys.exit(f"the tutorial's setup page, followed from an empty folder, fails at `{' '.join(command)}`")


if __name__ == "__main__":
    main()
