#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Lists the heading ids of every page of a built mkdocs site, one page per line:
`page-url<TAB>id id id`. Used once to record what mkdocs gives the corpus, as test data."""
import html.parser
import pathlib
import sys


class Headings(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids = []
        self.depth = 0

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "article":
            self.depth += 1
        if self.depth and tag in ("h1", "h2", "h3", "h4", "h5", "h6") and "id" in attributes:
            self.ids.append(attributes["id"])

    def handle_endtag(self, tag):
        if tag == "article":
            self.depth -= 1


def main(site):
    root = pathlib.Path(site)
    for page in sorted(root.rglob("index.html")):
        relative = page.relative_to(root).parent.as_posix()
        if relative.startswith(("assets", "search")):
            continue
        text = page.read_text(encoding="utf-8")
        if 'http-equiv="refresh"' in text:
            continue
        parser = Headings()
        parser.feed(text)
        url = "" if relative == "." else relative + "/"
        print(f"{url}\t{' '.join(parser.ids)}")


if __name__ == "__main__":
    main(sys.argv[1])
