#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""The docs' size and how much of them is checked: English pages (translations and included
fragments not counted), words of prose outside fences, Swift blocks that run, the share of
those whose result the build checks (`expect`, `fails`, `crash`), and the translated pages
per language suffix."""
import collections
import glob
import os
import re

DOCS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs")
FENCE = re.compile(r"^ *```.*?^ *```", re.S | re.M)
SWIFT = re.compile(r"^ *```swift ([^\n]*)", re.M)
TRANSLATION = re.compile(r"\.([a-z]{2}(?:-[A-Za-z]+)?)\.md$")


def main():
    pages, translations = [], collections.Counter()
    for path in sorted(glob.glob(os.path.join(DOCS, "**", "*.md"), recursive=True)):
        if "/includes/" in path:
            continue
        match = TRANSLATION.search(path)
        if match:
            translations[match.group(1)] += 1
        else:
            pages.append(path)
    words = running = checked = 0
    for path in pages:
        text = open(path, encoding="utf-8").read()
        words += len(FENCE.sub("", text).split())
        for match in SWIFT.finditer(text):
            options = match.group(1).split()
            checks = "expect" in options or any(o.startswith(("fails", "crash")) for o in options)
            if checks or "run" in options:
                running += 1
                checked += checks
    print(f"{len(pages)} pages, {words} words of prose, {running} Swift blocks that run, "
          f"{checked} with a checked result ({100 * checked / max(running, 1):.0f} %)")
    for language, count in sorted(translations.items()):
        print(f"{count} pages in `{language}`")


if __name__ == "__main__":
    main()
