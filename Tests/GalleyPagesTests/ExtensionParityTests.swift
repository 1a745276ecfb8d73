// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// Each extension Galley implements renders as Python-Markdown with pymdown-extensions
/// renders it: fixtures written from each extension's documented behaviour, compared with
/// the real thing after taking out whitespace between tags.
@Suite("Extension parity with Python-Markdown")
struct ExtensionParityTests {
    static let fixtures: [(name: String, page: MarkdownOracle.Page)] = [
        ("nl2br", .init(extensions: ["nl2br"], markdown: "line one\nline two\nline *three*\n\nnext paragraph\nwith two lines\n")),
        ("nl2br keeps hard breaks", .init(extensions: ["nl2br"], markdown: "ends with spaces  \nnext\n")),
        ("keys", .init(extensions: ["pymdownx.keys"], markdown: "Press ++ctrl+alt+delete++ or ++cmd+shift+p++.\n\nThen ++enter++, ++f5++, ++page-up++, ++a++ and ++ctrl+\"custom\"++.\n")),
        ("keys left alone", .init(extensions: ["pymdownx.keys"], markdown: "Not keys: ++notakey++ and `++ctrl++` in code.\n")),
        ("abbr", .init(extensions: ["abbr"], markdown: "The HTML spec is kept by the W3C, not by HTMLX.\n\n*[HTML]: Hyper Text Markup Language\n*[W3C]:  World Wide Web Consortium\n")),
        ("abbr in emphasis and headings", .init(extensions: ["abbr"], markdown: "# About HTML\n\nSome *HTML* here and `HTML` in code.\n\n*[HTML]: Hyper Text Markup Language\n")),
        ("def_list", .init(extensions: ["def_list"], markdown: "Apple\n:   A fruit.\n\nOrange\n:   A colour.\n:   Also a fruit.\n\nTerm one\nTerm two\n:   Shared definition.\n")),
        ("def_list loose", .init(extensions: ["def_list"], markdown: "Apple\n\n:   A fruit that grows on trees.\n\n    A second paragraph of the definition.\n")),
        ("def_list with code and admonition", .init(extensions: ["def_list", "admonition", "pymdownx.superfences"], markdown: "`timeout`\n:   Seconds to wait.\n\n    ```\n    timeout: 10\n    ```\n\n    !!! note\n        Zero waits forever.\n\nAfter the list.\n")),
        ("def_list lazy line", .init(extensions: ["def_list"], markdown: "Term\n:   first line\nlazy second line\n\nParagraph.\n")),
        ("def_list colon paragraph", .init(extensions: ["def_list"], markdown: ":   a colon with no term\n\nText\n")),
        ("def_list inline markup", .init(extensions: ["def_list"], markdown: "**Bold term**\n:   A *definition* with [a link](https://example.com).\n")),
        ("a fence holding tabs and indented fences", .init(extensions: ["pymdownx.superfences", "pymdownx.tabbed"], configs: ["pymdownx.tabbed": ["alternate_style": "true"]], markdown: "```\n=== \"Kotlin\"\n\n    ```kotlin\n    val x = 1\n    ```\n\n=== \"Java\"\n    Text\n```\n\nAfter the fence.\n")),
        ("containers in list items", .init(extensions: ["admonition", "pymdownx.superfences", "pymdownx.tabbed"], configs: ["pymdownx.tabbed": ["alternate_style": "true"]], markdown: "1. Install it:\n\n    !!! note\n        Inside a note.\n\n2. Pick a language:\n\n    === \"Kotlin\"\n        Kotlin text\n\n    === \"Java\"\n        Java text\n\n3. Done.\n\nAfter.\n")),
        ("bullets holding a note, then a plain list", .init(extensions: ["admonition"], markdown: "* Item\n\n    !!! tip \"Careful\"\n        Text *here*.\n\n* Second\n\nPlain:\n\n- a\n- b\n")),
        ("a reference label defined twice: the last wins", .init(extensions: [], markdown: "See [the guide][g] and [Other][G].\n\n[g]: https://example.com/first\n[G]: https://example.com/second \"Second\"\n")),
        ("attr_list on links, images, emphasis and code", .init(extensions: ["attr_list"], markdown: "[Button](x.md){ .md-button .md-button--primary } and ![img](a.png){ width=\"300\" loading=lazy } and *em*{ .x } and `code`{ #c }\n\n[a](b \"t\"){ .x #i data-k=\"v w\" } ![i](s.png \"T\"){: .y } **s**{ .z } [n](m) { .q }\n")),
        ("md_in_html on details and a grid", .init(extensions: ["md_in_html"], markdown: "<details markdown>\n<summary>More</summary>\n\nSome **bold** text.\n\n</details>\n\n<div class=\"grid cards\" markdown>\n\n-   __Fast__\n\n    Text\n\n</div>\n")),
        ("keys in a heading", .init(extensions: ["pymdownx.keys"], markdown: "## Copy with ++ctrl+c++\n\nText.\n")),
        ("emoji and icons as Material writes them", .init(extensions: ["pymdownx.emoji", "attr_list", "admonition"], configs: ["pymdownx.emoji": Self.materialEmoji], markdown: """
            #### :material-check-all: on all pages

            Hi :smile:, :+1: and :thumbsup: :fontawesome-brands-github:{ .big } :octicons-mark-github-16: :simple-swift: :heart: :flag_us:

            Not emoji: :nope: at 12:30:45, a:smile:b, `:smile:` and :material-no-such-icon:.

            !!! note ":material-alert: Careful"
                Text :rocket:

            """)),
        ("emoji in tab labels", .init(extensions: ["pymdownx.emoji", "pymdownx.tabbed", "pymdownx.superfences"], configs: ["pymdownx.emoji": Self.materialEmoji, "pymdownx.tabbed": ["alternate_style": "true"]], markdown: "=== \":simple-kotlin: Kotlin\"\n    Kotlin :tada:\n\n=== \":fontawesome-brands-java: Java\"\n    Java\n")),
        ("emoji with the extension's defaults", .init(extensions: ["pymdownx.emoji"], markdown: "Hi :smile: :+1: :material-check: :smile_cat:\n")),
        ("emoji as twemoji SVG with long titles and short alt", .init(extensions: ["pymdownx.emoji"], configs: ["pymdownx.emoji": ["emoji_index": "!!python/name:pymdownx.emoji.twemoji", "emoji_generator": "!!python/name:pymdownx.emoji.to_svg", "title": "long", "alt": "short"]], markdown: "Hi :smile: and :keycap_star: and :heart:\n")),
        ("emoji as characters", .init(extensions: ["pymdownx.emoji"], configs: ["pymdownx.emoji": ["emoji_index": "!!python/name:pymdownx.emoji.gemoji", "emoji_generator": "!!python/name:pymdownx.emoji.to_alt"]], markdown: "Hi :smile: :+1: :family_man_woman_girl:\n")),
        ("critic view", .init(extensions: ["pymdownx.critic"], markdown: "Here is {++added *em*++} and {--gone--} and {~~old~>**new**~~} and {==marked==}{>>a <comment>\nover lines<<}.\n\n{++\n\nA whole new paragraph.\n\n# Heading {++x++}\n\n++}\n\nmulti {++line\nadd++} ok\n\n{--\n\n* a\n* b\n\n--}\n\nUnclosed {++ here and {-- there.\n")),
        ("critic accept", .init(extensions: ["pymdownx.critic"], configs: ["pymdownx.critic": ["mode": "accept"]], markdown: "Here is {++added++} and {--gone--} and {~~old~>new~~} and {==marked==}{>>a comment<<}.\n")),
        ("critic reject", .init(extensions: ["pymdownx.critic"], configs: ["pymdownx.critic": ["mode": "reject"]], markdown: "Here is {++added++} and {--gone--} and {~~old~>new~~} and {==marked==}{>>a comment<<}.\n")),
        ("arithmatex generic", .init(extensions: ["pymdownx.arithmatex", "pymdownx.superfences"], configs: ["pymdownx.arithmatex": ["generic": "true"]], markdown: "Inline $E = mc^2$ and \\(a_b < c_d\\) but not $5 and $6, nor \\$x$ or `$y$`.\n\n$$\n\\frac{a}{b} & x\n$$\n\n\\begin{align}\nx &= 1\n\\end{align}\n\n\\[\nz_1 * z_2\n\\]\n\nText $$x$$ inline and $a_1$ with *$b_2$* and $multi\nline$ end.\n\n```\necho $HOME $PATH\n```\n\n* item $k_1$\n\n    $$\n    y\n    $$\n")),
        // Option values are text, as Python-Markdown writes them: `<` and `>` escaped, `&` kept
        // only where it starts an entity, so no configuration can put markup into a page.
        ("toc permalink symbol and title are text", .init(extensions: ["toc"], configs: ["toc": ["permalink": "<img src=x onerror=alert(1)> &para; & x", "permalink_title": "a\"b<c"]], markdown: "# Hi\n\n## There\n")),
        ("arithmatex wraps are text", .init(extensions: ["pymdownx.arithmatex"], configs: ["pymdownx.arithmatex": ["generic": "true", "tex_inline_wrap": "['<i>&amp; &', '</i>']", "tex_block_wrap": "['<b>&#x26;', '&lt;/b>']"]], markdown: "Inline $a<b$.\n\n$$\nx\n$$\n", listOptions: ["pymdownx.arithmatex": ["tex_inline_wrap": ["<i>&amp; &", "</i>"], "tex_block_wrap": ["<b>&#x26;", "&lt;/b>"]]])),
        ("arithmatex for MathJax 2", .init(extensions: ["pymdownx.arithmatex"], markdown: "Inline $E = mc^2$ and \\(a<b\\).\n\n$$\n\\frac{a}{b} < 1\n$$\n")),
        ("escapeall", .init(extensions: ["pymdownx.escapeall", "pymdownx.superfences"], markdown: "Escaped \\a\\b, \\ space, \\<tag\\>, \\&amp; and \\\\a and \\*not em\\* and `\\a` code\\\nnext line\n\n<div>raw \\a</div>\n\n```\nfenced \\a\n```\n")),
        ("escapeall with hard breaks and non-breaking spaces", .init(extensions: ["pymdownx.escapeall"], configs: ["pymdownx.escapeall": ["hardbreak": "true", "nbsp": "true"]], markdown: "one\\\ntwo\\ three \\é\n")),
        ("escapeall and math together", .init(extensions: ["pymdownx.escapeall", "pymdownx.arithmatex"], configs: ["pymdownx.arithmatex": ["generic": "true"]], markdown: "Math $\\alpha_1$ and \\(\\beta\\) and \\q.\n")),
        ("betterem", .init(extensions: ["pymdownx.betterem"], markdown: "snake_case_word and __init__ and *a **b** c* and **bold**text and _a_b_ and *emph*asis and ***both*** and __strong__ly and mid*word*em.\n")),
        ("emphasis without betterem", .init(extensions: [], markdown: "snake_case_word and __init__ and *a **b** c* and **bold**text and _a_b_ and *emph*asis and mid*word*em.\n")),
        ("sane_lists", .init(extensions: ["sane_lists"], markdown: "3. three\n4. four\n\n* a\n* b\n1. one\n2. two\n\nText\n\n- x\n\n- y\n")),
        ("lists without sane_lists", .init(extensions: [], markdown: "3. three\n4. four\n\n* a\n* b\n\n1. one\n2. two\n\nText\n\n- x\n\n- y\n")),
        ("Python-Markdown list rules", .init(extensions: ["pymdownx.superfences"], markdown: "text\n* a\n* b\n\n* a\n* b\n\n* c\n* d\n\nPara\n\n* a\n\n  cont 2\n\n* b\n  * nested2\n    * nested4\n* c\n\nPara\n\n* x\n    * n4\n      * n6\n        * n8\n\nPara\n\n* item:\n```bash\ncode\n```\n* next\n\nPara\n1. one\n\n1) not a list\n2) either\n\n- a\n\n    para two\n- b\n")),
        ("inline tags start paragraphs, block tags raw HTML", .init(extensions: [], markdown: "Intro\n\n<img src=\"a.png\" width=\"96\" alt=\"x\">\n\n<span>*em* inside</span>\n\n<div>\n*raw*\n</div>\n\n<!-- comment -->\n\n<kbd>Ctrl</kbd> and text\n")),
        ("a backslash before a line break", .init(extensions: ["pymdownx.highlight", "pymdownx.superfences"], markdown: "Text right under.\\\nmore text, then two.\\\\\nand an end\\\n\n    code \\\n    more\n\n* item \\\nlazy\n")),
        ("tabs in the classic markup", .init(extensions: ["pymdownx.tabbed", "pymdownx.superfences"], markdown: "=== \"Kotlin\"\n    Kotlin *text*\n\n=== \"Java\"\n    ```\n    int x;\n    ```\n\nBetween.\n\n=== \"A\"\n    a\n\n===+ \"B\"\n    b\n")),
        // Chinese headings get readable ids only with a Unicode slug function (`toc.slugify`).
        ("toc slugify: pymdown-extensions' Unicode slugs", .init(extensions: ["toc"], configs: ["toc": ["slugify": "!!python/object/apply:pymdownx.slugs.slugify {kwds: {case: lower}}"]], markdown: "# 快速开始\n\n## Workflow 的写法\n\n## Workflow 的写法\n\n### Ünïcödé, <i>too</i>\n")),
        ("toc slugify_unicode with a separator", .init(extensions: ["toc"], configs: ["toc": ["slugify": "!!python/name:markdown.extensions.toc.slugify_unicode", "separator": "_"]], markdown: "# 用状态机建模流程\n\n## Two  words -- here\n")),
        ("definitions reach containers, also under a footnote or a paragraph line", .init(extensions: ["admonition", "footnotes"], markdown: """
            !!! note
                See [the guide][Guide  One], [Two] and a note[^a].

            Text with [two] and [the guide][guide one].
            [two]: https://example.com/two

            [^a]: The note, with [a link][far].
            [guide one]: https://example.com/one

            !!! tip
                Only [far] here.

            [far]: https://example.com/far "Far away"

            """)),
        ("a definition line inside raw HTML stays raw HTML", .init(extensions: [], markdown: "<div>\n[x]: https://example.com/x\n</div>\n\nText.\n")),
        ("abbr longest first", .init(extensions: ["abbr"], markdown: "Use HTML5 or HTML.\n\n*[HTML]: Hyper Text Markup Language\n*[HTML5]: The fifth HTML\n")),
    ]

    static let materialEmoji = [
        "emoji_index": "!!python/name:material.extensions.emoji.twemoji",
        "emoji_generator": "!!python/name:material.extensions.emoji.to_svg",
    ]

    @Test func everyFixtureMatches() throws {
        let expected = try MarkdownOracle.render(Self.fixtures.map(\.page))
        for (fixture, python) in zip(Self.fixtures, expected) {
            let ours = try MarkdownOracle.galley(fixture.page)
            #expect(MarkdownOracle.normalized(ours) == MarkdownOracle.normalized(python), "\(fixture.name)\nGalley:\n\(ours)\nPython-Markdown:\n\(python)")
        }
    }
}
