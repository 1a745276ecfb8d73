# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Python-Markdown's own `slugify` for each request: JSON [[text, separator], ...] in,
JSON [slug, ...] out."""
import json
import sys

from markdown.extensions.toc import slugify

requests = json.load(sys.stdin)
json.dump([slugify(text, separator) for text, separator in requests], sys.stdout)
