# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Whether mkdocs' `exclude_docs` selects each file: pathspec's gitignore rules, as mkdocs
reads them. JSON [[patterns, path], ...] in, JSON [bool, ...] out."""
import json
import sys

import pathspec

requests = json.load(sys.stdin)
json.dump([pathspec.gitignore.GitIgnoreSpec.from_lines(patterns).match_file(path) for patterns, path in requests], sys.stdout)
