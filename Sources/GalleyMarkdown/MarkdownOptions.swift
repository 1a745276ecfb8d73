/// Which Markdown extensions a parse applies; built from `markdown_extensions` in the config.
public struct MarkdownOptions: Sendable, Equatable {
    /// `!!!` admonitions.
    public var admonition = true
    /// `???` collapsible blocks (`pymdownx.details`).
    public var details = true
    /// `===` tabs (`pymdownx.tabbed`).
    public var tabbed = true
    /// `[^1]` footnotes.
    public var footnotes = true
    /// Curly quotes and dashes (`smarty`).
    public var smarty = false
    /// `^^ins^^` and `^sup^` (`pymdownx.caret`).
    public var caret = false
    /// `~sub~` (`pymdownx.tilde`); `~~del~~` always works.
    public var tilde = false
    /// `==mark==` (`pymdownx.mark`).
    public var mark = false
    /// `(c)`, `-->`, `1/2`... (`pymdownx.smartsymbols`).
    public var smartSymbols = false
    /// `` `#!lang code` `` (`pymdownx.inlinehilite`).
    public var inlineHilite = false
    /// `{#id .class}` after headings (`attr_list`).
    public var attrList = true
    /// `<div markdown>` blocks (`md_in_html`).
    public var markdownInHTML = false
    /// `Key: value` header lines (`meta`).
    public var meta = false
    /// `++ctrl+alt+del++` (`pymdownx.keys`).
    public var keys = false
    /// Every line break in a paragraph is a `<br />` (`nl2br`).
    public var newlineToBreak = false
    /// `*[HTML]: Hyper Text Markup Language` definitions (`abbr`).
    public var abbreviations = false
    /// An ordered list starts at its first number, and a list of another kind right after
    /// one is a list of its own (`sane_lists`); without it, Python-Markdown numbers from 1.
    public var saneLists = false
    /// `Term` / `:   definition` lists (`def_list`).
    public var definitionLists = false
    /// `:smile:` and `:material-check:` (`pymdownx.emoji`), with the index and generator to use.
    public var emoji: EmojiOptions?
    /// `{++inserted++}` and the other CriticMarkup edits (`pymdownx.critic`), and what to do with them.
    public var critic: CriticMode?
    /// `$…$`, `\(…\)` and `$$…$$` TeX math (`pymdownx.arithmatex`), kept for a math script to render.
    public var math: MathOptions?
    /// A backslash escapes any character (`pymdownx.escapeall`).
    public var escapeAll: EscapeAllOptions?

    /// The defaults: what every mkdocs site gets plus the containers real docs use.
    public init() {}
}
