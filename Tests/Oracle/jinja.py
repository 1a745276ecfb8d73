#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Renders templates with Jinja itself, for the parity tests of Galley's template engine.

Reads a JSON list of {"templates": {name: source}, "main": name, "context": JSON text,
"options": {"trim_blocks": bool, "lstrip_blocks": bool, "undefined": "lenient|debug|strict",
"directories": [folders searched before the templates given], "mkdocs": bool}} on standard input;
writes the JSON list of {"output": text} or {"error": message}.

With "mkdocs", the environment is mkdocs' theme environment (its `url` and `script_tag`
filters) and the context's maps are objects whose keys are attributes too, as mkdocs'
`page` and `config` are."""
import json
import sys

import jinja2

UNDEFINED = {"lenient": jinja2.Undefined, "debug": jinja2.DebugUndefined, "strict": jinja2.StrictUndefined}


class Attributes(dict):
    """A map whose keys are attributes too, as mkdocs' objects have them."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


class Listing(list):
    """A list with attributes, as mkdocs' `nav` is: `{"__items__": [...], "homepage": ...}`."""


def objects(value):
    if isinstance(value, dict) and "__items__" in value:
        listing = Listing(objects(item) for item in value["__items__"])
        for key, item in value.items():
            if key != "__items__":
                setattr(listing, key, objects(item))
        return listing
    if isinstance(value, dict):
        return Attributes((key, objects(item)) for key, item in value.items())
    if isinstance(value, list):
        return [objects(item) for item in value]
    return value


def render(case):
    options = case.get("options") or {}
    loaders = [jinja2.FileSystemLoader(folder) for folder in options.get("directories", [])]
    environment = jinja2.Environment(
        loader=jinja2.ChoiceLoader(loaders + [jinja2.DictLoader(case["templates"])]),
        trim_blocks=options.get("trim_blocks", False),
        lstrip_blocks=options.get("lstrip_blocks", False),
        undefined=UNDEFINED[options.get("undefined", "lenient")],
        auto_reload=False,
    )
    context = json.loads(case["context"])
    if options.get("mkdocs"):
        from mkdocs.utils import templates

        environment.filters["url"] = templates.url_filter
        environment.filters["script_tag"] = templates.script_tag_filter
        context = objects(context)
    try:
        return {"output": environment.get_template(case["main"]).render(context)}
    except Exception as error:  # every failure is an answer: Galley must fail too
        return {"error": "%s: %s" % (type(error).__name__, error)}


json.dump([render(case) for case in json.load(sys.stdin)], sys.stdout)
