#!/usr/bin/env python3
"""Renders Markdown as mkdocs does, for the parity tests: Python-Markdown with the given
extensions (and mkdocs' own defaults: toc, tables, fenced_code), one page per request.

Reads a JSON list of {"extensions": [...], "configs": {...}, "markdown": "..."} on standard
input and writes the JSON list of HTML bodies to standard output."""
import json
import sys

import markdown


def render(request):
    extensions = ["toc", "tables", "fenced_code"] + [name for name in request.get("extensions", []) if name not in ("toc", "tables", "fenced_code")]
    converter = markdown.Markdown(extensions=extensions, extension_configs=request.get("configs", {}))
    return converter.convert(request["markdown"])


def main():
    requests = json.load(sys.stdin)
    json.dump([render(request) for request in requests], sys.stdout)


if __name__ == "__main__":
    main()
