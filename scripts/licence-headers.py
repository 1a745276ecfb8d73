#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""The licence header every source file of the repository starts with.

The convention: two comment lines, the copyright and the SPDX identifier of the Apache
License 2.0, in the file's own comment syntax, first in the file (after a `#!` line or
Swift's `// swift-tools-version` line, which must stay first).

    python3 scripts/licence-headers.py --check   # lists files without it; exit 1 if any
    python3 scripts/licence-headers.py --add     # adds it where missing

Left out: the docs (their code is shown to readers), test fixtures and highlighting
samples (their bytes are the test), and generated or third-party formats.
"""
import subprocess
import sys
from pathlib import Path

COPYRIGHT = "Copyright 2026 The Galley authors"
SPDX = "SPDX-License-Identifier: Apache-2.0"

STYLES = {
    ".swift": "//", ".c": "//", ".h": "//", ".js": "//",
    ".py": "#", ".sh": "#", ".rb": "#",
    ".css": "/*",
}
NAMED = {"Makefile": "#", ".ci/run": "#"}
LEFT_OUT = ("docs/", "Tests/GalleyHighlightTests/Samples/")
LEFT_OUT_PARTS = ("Fixtures", "Golden")


def style(path: str):
    if path.startswith(LEFT_OUT) or any(part in LEFT_OUT_PARTS for part in Path(path).parts):
        return None
    if path in NAMED:
        return NAMED[path]
    if path == ".markdownlint.rb":
        return None
    return STYLES.get(Path(path).suffix)


def header(marker: str) -> str:
    if marker == "/*":
        return f"/* {COPYRIGHT}\n * {SPDX} */\n"
    return f"{marker} {COPYRIGHT}\n{marker} {SPDX}\n"


def split_first_line(text: str):
    """A line that must stay first (`#!`, `// swift-tools-version`), and the rest."""
    if text.startswith("#!") or text.startswith("// swift-tools-version"):
        first, _, rest = text.partition("\n")
        return first + "\n", rest
    return "", text


def has_header(text: str, marker: str) -> bool:
    _, rest = split_first_line(text)
    return rest.startswith(header(marker))


def main() -> int:
    mode = sys.argv[1] if len(sys.argv) > 1 else "--check"
    root = Path(__file__).resolve().parent.parent
    files = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True, check=True).stdout.split("\n")
    missing = []
    for path in filter(None, files):
        marker = style(path)
        if marker is None or not (root / path).is_file():
            continue
        text = (root / path).read_text(encoding="utf-8")
        if has_header(text, marker):
            continue
        missing.append(path)
        if mode == "--add":
            first, rest = split_first_line(text)
            (root / path).write_text(first + header(marker) + rest, encoding="utf-8")
    if mode == "--check":
        for path in missing:
            print(f"{path}:1: the licence header is missing (scripts/licence-headers.py --add adds it)")
        return 1 if missing else 0
    print(f"added the licence header to {len(missing)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
