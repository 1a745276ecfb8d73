#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Renders Markdown as mkdocs does, for the parity tests: Python-Markdown with the given
extensions (and mkdocs' own defaults: toc, tables, fenced_code), one page per request.

Reads a JSON list of {"extensions": [...], "configs": {...}, "markdown": "..."} on standard
input and writes the JSON list of HTML bodies to standard output."""
import importlib
import json
import sys

import markdown
import yaml

PYTHON_NAME = "!!python/name:"
PYTHON_APPLY = "!!python/object/apply:"


def resolved(value):
    """A `!!python/name:module.attribute` value as the object it names, and a
    `!!python/object/apply:function {kwds: ...}` value as the call's result, as mkdocs' YAML
    loader (PyYAML's full `Loader`) makes them."""
    if isinstance(value, str) and value.startswith(PYTHON_NAME):
        module, _, attribute = value[len(PYTHON_NAME):].rpartition(".")
        return getattr(importlib.import_module(module), attribute)
    if isinstance(value, str) and value.startswith(PYTHON_APPLY):
        return yaml.load(value, Loader=yaml.Loader)
    return value


def render(request):
    extensions = ["toc", "tables", "fenced_code"] + [name for name in request.get("extensions", []) if name not in ("toc", "tables", "fenced_code")]
    configs = {name: {key: resolved(value) for key, value in options.items()} for name, options in request.get("configs", {}).items()}
    for name, options in request.get("listOptions", {}).items():
        configs.setdefault(name, {}).update(options)
    converter = markdown.Markdown(extensions=extensions, extension_configs=configs)
    return converter.convert(request["markdown"])


def main():
    requests = json.load(sys.stdin)
    json.dump([render(request) for request in requests], sys.stdout)


if __name__ == "__main__":
    main()
