# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Python-Markdown's own `slugify` for each request: JSON [[text, separator], ...] in,
JSON [slug, ...] out. A request's optional third item picks another function:
"unicode-lower" is pymdown-extensions' Unicode `slugify(case="lower")`, as
mkdocs-material's tags and blog plugins use it; "markdown-unicode" is Python-Markdown's
`slugify_unicode`; an object is pymdown-extensions' `slugify` with those arguments."""
import json
import sys

from markdown.extensions.toc import slugify, slugify_unicode
from pymdownx.slugs import slugify as configurable

unicode_lower = configurable(case="lower")


def slug(request):
    text, separator = request[0], request[1]
    function = request[2] if len(request) > 2 else None
    if function == "unicode-lower":
        return unicode_lower(text, separator)
    if function == "markdown-unicode":
        return slugify_unicode(text, separator)
    if isinstance(function, dict):
        return configurable(**function)(text, separator)
    return slugify(text, separator)


json.dump([slug(request) for request in json.load(sys.stdin)], sys.stdout)
