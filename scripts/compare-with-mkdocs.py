#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Compares a site Galley built with the one mkdocs built from the same sources, page by page:
heading ids, the block structure of the article (its elements' tags, nested, without text),
and extension syntax left literal in Galley's text (`:shortcode:`, `!!!`, `===`, `{: …}`…).

    python3 scripts/compare-with-mkdocs.py GALLEY_SITE MKDOCS_SITE

Prints the shares and the pages that differ; exits 0 (it measures, it does not judge)."""
import html.parser
import pathlib
import re
import sys

BLOCKS = {"p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "pre", "table", "blockquote", "dl", "dt", "dd", "details", "hr"}
LITERAL = re.compile(r"(?<![\w:/]):[a-z0-9][a-z0-9_+-]*:(?![\w/])|^\s*(?:!!!|\?\?\?\+?|===)\s|\{:?\s*[#.][\w-]+[^}]*\}|\[TOC\]", re.M)


class Article(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.ids = []
        self.structure = []
        self.text = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "article":
            self.depth += 1
            return
        if not self.depth:
            return
        if tag in ("code", "pre", "script", "style", "svg"):
            self.skip += 1
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6") and attributes.get("id"):
            self.ids.append(attributes["id"])
        if tag in BLOCKS:
            self.structure.append(tag)
        if tag == "div" and "admonition" in (attributes.get("class") or ""):
            self.structure.append("admonition")

    def handle_endtag(self, tag):
        if tag == "article":
            self.depth -= 1
        elif self.depth:
            if tag in ("code", "pre", "script", "style", "svg"):
                self.skip = max(0, self.skip - 1)
            if tag in BLOCKS:
                self.structure.append("/" + tag)

    def handle_data(self, data):
        if self.depth and not self.skip:
            self.text.append(data)


def read(path):
    parser = Article()
    parser.feed(path.read_text(encoding="utf-8", errors="replace"))
    return parser


def main(galley, mkdocs):
    galley, mkdocs = pathlib.Path(galley), pathlib.Path(mkdocs)
    pages = sorted(p.relative_to(mkdocs) for p in mkdocs.rglob("*.html") if p.name != "404.html")
    same_ids = same_structure = total = missing = literal = 0
    differing = []
    for page in pages:
        theirs = read(mkdocs / page)
        if not (galley / page).exists():
            missing += 1
            differing.append(f"{page}: missing")
            continue
        ours = read(galley / page)
        total += 1
        same_ids += ours.ids == theirs.ids
        same_structure += ours.structure == theirs.structure
        found = LITERAL.findall(" ".join(ours.text)) if ours.text else []
        found = [f for f in found if f not in LITERAL.findall(" ".join(theirs.text))]
        literal += len(found)
        if ours.ids != theirs.ids or ours.structure != theirs.structure or found:
            differing.append(f"{page}: ids {'=' if ours.ids == theirs.ids else '≠'}, structure {'=' if ours.structure == theirs.structure else '≠'}, literal {found[:5]}")
    print(f"pages: {total} of {len(pages)} ({missing} missing)")
    print(f"heading ids equal to mkdocs': {same_ids}/{total} pages")
    print(f"block structure equal to mkdocs': {same_structure}/{total} pages")
    print(f"extension syntax left literal (not literal in mkdocs' page): {literal} fragments")
    for line in differing:
        print("  " + line)


if __name__ == "__main__":
    main(*sys.argv[1:3])
