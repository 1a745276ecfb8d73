// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// Which Markdown extensions a parse applies; built from `markdown_extensions` in the config.
package struct MarkdownOptions: Sendable, Equatable {
    /// `!!!` admonitions.
    package var admonition = true
    /// `???` collapsible blocks (`pymdownx.details`).
    package var details = true
    /// `===` tabs (`pymdownx.tabbed`).
    package var tabbed = true
    /// `[^1]` footnotes.
    package var footnotes = true
    /// Curly quotes and dashes (`smarty`).
    package var smarty = false
    /// `^^ins^^` and `^sup^` (`pymdownx.caret`).
    package var caret = false
    /// `~sub~` (`pymdownx.tilde`); `~~del~~` always works.
    package var tilde = false
    /// `==mark==` (`pymdownx.mark`).
    package var mark = false
    /// `(c)`, `-->`, `1/2`... (`pymdownx.smartsymbols`).
    package var smartSymbols = false
    /// `` `#!lang code` `` (`pymdownx.inlinehilite`).
    package var inlineHilite = false
    /// `{#id .class}` after headings (`attr_list`).
    package var attrList = true
    /// `<div markdown>` blocks (`md_in_html`).
    package var markdownInHTML = false
    /// `Key: value` header lines (`meta`).
    package var meta = false
    /// `++ctrl+alt+del++` (`pymdownx.keys`).
    package var keys = false
    /// Every line break in a paragraph is a `<br />` (`nl2br`).
    package var newlineToBreak = false
    /// A line break between two Chinese or Japanese characters joins the lines with nothing
    /// (`galley.markdown.join_cjk_lines`), where browsers would show a space. Off by default,
    /// as Python-Markdown has no such rule.
    package var joinsCJKLines = false
    /// `*[HTML]: Hyper Text Markup Language` definitions (`abbr`).
    package var abbreviations = false
    /// An ordered list starts at its first number, and a list of another kind right after
    /// one is a list of its own (`sane_lists`); without it, Python-Markdown numbers from 1.
    package var saneLists = false
    /// `Term` / `:   definition` lists (`def_list`).
    package var definitionLists = false
    /// `:smile:` and `:material-check:` (`pymdownx.emoji`), with the index and generator to use.
    package var emoji: EmojiOptions?
    /// `{++inserted++}` and the other CriticMarkup edits (`pymdownx.critic`), and what to do with them.
    package var critic: CriticMode?
    /// `$…$`, `\(…\)` and `$$…$$` TeX math (`pymdownx.arithmatex`), kept for a math script to render.
    package var math: MathOptions?
    /// A backslash escapes any character (`pymdownx.escapeall`).
    package var escapeAll: EscapeAllOptions?

    /// ``` ``Symbol`` ``` (DocC) and `[Symbol][]` (mkdocs-autorefs) are symbol links, resolved
    /// against the site's API reference (`galley.api`); without one they stay code and text,
    /// as mkdocs shows them.
    package var symbolLinks = false

    /// The defaults: what every mkdocs site gets plus the containers real docs use.
    package init() {}
}
