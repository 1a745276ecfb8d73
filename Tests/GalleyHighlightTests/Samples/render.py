#!/usr/bin/env python3
"""Renders a page."""
import json
from pathlib import Path


class Page:
    """One page of the site."""

    def __init__(self, path, title=None):
        self.path = Path(path)
        self.title = title or self.path.stem

    def render(self, context):
        # Headings get ids.
        if not context.get("toc"):
            return None
        return f"<h1>{self.title}</h1>"


def main():
    pages = [Page("index.md"), Page("guide.md", "Guide")]
    for page in pages:
        print(json.dumps({"path": str(page.path), "words": 42, "ratio": 1.5}))


if __name__ == "__main__":
    main()
