#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Highlights code as Pygments does, for the highlighting parity tests.

Reads a JSON list of {"language": ..., "code": ...} on standard input and writes, for each,
the list of [text, short class] tokens Pygments' HTML formatter would style (the class of
`Token.Text` and white space is "")."""
import json
import sys

from pygments.lexers import get_lexer_by_name
from pygments.token import STANDARD_TYPES, Token
from pygments.util import ClassNotFound


def short_class(token_type):
    while token_type not in STANDARD_TYPES:
        token_type = token_type.parent
    return STANDARD_TYPES[token_type]


def tokens(request):
    try:
        lexer = get_lexer_by_name(request["language"], stripnl=False, ensurenl=False)
    except ClassNotFound:
        return None
    return [[text, short_class(token_type)] for token_type, text in lexer.get_tokens(request["code"])]


def main():
    json.dump([tokens(request) for request in json.load(sys.stdin)], sys.stdout)


if __name__ == "__main__":
    main()
