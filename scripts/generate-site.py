#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Writes a synthetic mkdocs project of N pages for build benchmarks: headings, prose with
links between pages, code in several languages, tables, admonitions and tabs."""
import pathlib
import shutil
import sys

PAGE = """# Page {n}: {topic}

Intro for page {n}. It links to [the next page](../section-{next_section}/page-{next}.md#details) and to
[the home page](../index.md). *Emphasis*, **strong**, `inline code` and a footnote[^1].

## Details

!!! note "About page {n}"
    Admonition body with a [link](../index.md) and a list:

    - first item
    - second item

=== "Swift"

    ```swift
    struct Counter{n}: Workflow {{
        func render(state: Int, context: RenderContext<Counter{n}>) -> String {{
            "count \\(state)"
        }}
    }}
    ```

=== "Kotlin"

    ```kotlin
    class Counter{n} : StatelessWorkflow<Unit, Nothing, String>() {{
        override fun render(props: Unit, context: RenderContext): String = "count"
    }}
    ```

| Column | Value |
|:-------|------:|
| a      | {n}   |
| b      | {m}   |

### Notes on {topic}

??? tip "More"
    Hidden text for page {n}.

```yaml
key: value-{n}
list: [1, 2, 3]
```

[^1]: The footnote of page {n}.
"""

TOPICS = ["state", "rendering", "actions", "workers", "testing", "screens", "navigation", "props"]


def generate(root, pages, per_section=100):
    root = pathlib.Path(root)
    if root.exists():
        shutil.rmtree(root)
    docs = root / "docs"
    docs.mkdir(parents=True)
    sections = (pages + per_section - 1) // per_section
    nav = ["  - Home: index.md"]
    for s in range(sections):
        nav.append(f"  - Section {s}:")
        (docs / f"section-{s}").mkdir()
        for i in range(per_section):
            n = s * per_section + i
            if n >= pages:
                break
            nxt = (n + 1) % pages
            text = PAGE.format(n=n, m=n * 7, topic=TOPICS[n % len(TOPICS)], next=nxt, next_section=nxt // per_section)
            (docs / f"section-{s}" / f"page-{n}.md").write_text(text, encoding="utf-8")
            nav.append(f"      - section-{s}/page-{n}.md")
    (docs / "index.md").write_text("# Generated site\n\nA benchmark site.\n", encoding="utf-8")
    config = "\n".join([
        f"site_name: Generated {pages}",
        "theme:",
        "  name: material",
        "markdown_extensions:",
        "  - admonition",
        "  - footnotes",
        "  - tables",
        "  - toc:",
        "      permalink: true",
        "  - pymdownx.details",
        "  - pymdownx.highlight",
        "  - pymdownx.superfences",
        "  - pymdownx.tabbed:",
        "      alternate_style: true",
        "plugins:",
        "  - search",
        "nav:",
    ] + nav) + "\n"
    (root / "mkdocs.yml").write_text(config, encoding="utf-8")


if __name__ == "__main__":
    generate(sys.argv[1], int(sys.argv[2]))
