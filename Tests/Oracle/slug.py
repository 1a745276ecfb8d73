# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Python-Markdown's own `slugify` for each request: JSON [[text, separator], ...] in,
JSON [slug, ...] out. A request with a third item "unicode-lower" uses pymdown-extensions'
Unicode `slugify(case="lower")`, as mkdocs-material's tags and blog plugins do."""
import json
import sys

from markdown.extensions.toc import slugify
from pymdownx.slugs import slugify as configurable

unicode_lower = configurable(case="lower")


def slug(request):
    text, separator = request[0], request[1]
    if request[2:] == ["unicode-lower"]:
        return unicode_lower(text, separator)
    return slugify(text, separator)


json.dump([slug(request) for request in json.load(sys.stdin)], sys.stdout)
