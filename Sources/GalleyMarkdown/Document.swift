// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// A parsed Markdown page: front matter plus a tree of typed blocks.
///
/// Every later stage (links, table of contents, highlighting, snippets, rendering) works
/// on this tree; HTML is produced from it at the end and never patched afterwards.
package struct Document: Sendable, Equatable {
    /// Metadata from YAML front matter or `meta`-style headers.
    package var metadata: PageMetadata
    /// The body.
    package var blocks: [Block]
    /// Footnote bodies by label, in the order they are defined.
    package var footnotes: [FootnoteDefinition]

    /// A document with `blocks`.
    package init(metadata: PageMetadata = PageMetadata(), blocks: [Block], footnotes: [FootnoteDefinition] = []) {
        self.metadata = metadata
        self.blocks = blocks
        self.footnotes = footnotes
    }
}

/// A block-level element.
package indirect enum Block: Sendable, Equatable {
    /// `# Title` or a setext heading.
    case heading(Heading)
    /// A paragraph of inline content; `line` is where it starts in the source; `attributes`
    /// from an `attr_list` line under it.
    case paragraph([Inline], line: Int, attributes: ElementAttributes? = nil)
    /// `> quoted`.
    case blockQuote([Block])
    /// A bullet or ordered list.
    case list(ListBlock)
    /// A fenced or indented code block.
    case code(CodeBlock)
    /// Raw HTML, passed through.
    case html(String)
    /// `---`.
    case thematicBreak
    /// A GFM table.
    case table(Table)
    /// `!!! note`, `??? note` and `???+ note` blocks.
    case admonition(Admonition)
    /// A run of `=== "Label"` tabs.
    case tabbedSet(TabbedSet)
    /// An HTML element whose content is Markdown (`md_in_html`): open tag, body, close tag.
    case htmlContainer(open: String, body: [Block], close: String)
    /// `Term` / `:   definition` (`def_list`).
    case definitionList(DefinitionList)
}

/// A `def_list` list: terms, each group followed by its definitions.
package struct DefinitionList: Sendable, Equatable {
    package var items: [DefinitionItem]
    /// The source line of the first term or definition.
    package var line: Int

    package init(items: [DefinitionItem], line: Int) {
        self.items = items
        self.line = line
    }
}

/// Terms (`<dt>`) and the definitions (`<dd>`) that follow them.
package struct DefinitionItem: Sendable, Equatable {
    package var terms: [[Inline]]
    package var definitions: [Definition]

    package init(terms: [[Inline]], definitions: [Definition]) {
        self.terms = terms
        self.definitions = definitions
    }
}

/// One `<dd>`. A tight one renders a lone paragraph without `<p>`, as Python-Markdown does
/// for a definition that follows its term directly and has no indented blocks after it.
package struct Definition: Sendable, Equatable {
    package var blocks: [Block]
    package var isTight: Bool

    package init(blocks: [Block], isTight: Bool) {
        self.blocks = blocks
        self.isTight = isTight
    }
}

/// A heading and the attributes `toc` and `attr_list` give it.
package struct Heading: Sendable, Equatable {
    /// 1 to 6.
    package var level: Int
    /// The heading text.
    package var content: [Inline]
    /// The anchor id; empty until the table-of-contents stage assigns one (or `{#id}` set it).
    package var id: String
    /// Extra classes from `{.class}`.
    package var classes: [String]
    /// Other attributes from `{key=value}`.
    package var attributes: [String: String]
    /// The source line.
    package var line: Int

    /// A heading of `level` with `content`.
    package init(level: Int, content: [Inline], id: String = "", classes: [String] = [], attributes: [String: String] = [:], line: Int) {
        self.level = level
        self.content = content
        self.id = id
        self.classes = classes
        self.attributes = attributes
        self.line = line
    }
}

/// A list and its items.
package struct ListBlock: Sendable, Equatable {
    /// Whether it is numbered.
    package var isOrdered: Bool
    /// The first number of an ordered list.
    package var start: Int
    /// Tight lists render their items' paragraphs without `<p>`.
    package var isTight: Bool
    /// The items.
    package var items: [ListItem]

    /// A list of `items`.
    package init(isOrdered: Bool, start: Int = 1, isTight: Bool, items: [ListItem]) {
        self.isOrdered = isOrdered
        self.start = start
        self.isTight = isTight
        self.items = items
    }
}

/// One list item; `task` is set for `- [ ]` and `- [x]` items.
package struct ListItem: Sendable, Equatable {
    /// The item's blocks.
    package var blocks: [Block]
    /// `true` checked, `false` unchecked, `nil` not a task.
    package var task: Bool?
    /// Whether its paragraphs get `<p>`. Python-Markdown decides per item (a blank line
    /// before or after it, or between its blocks); `nil` leaves it to the list.
    package var isLoose: Bool?

    /// An item of `blocks`.
    package init(blocks: [Block], task: Bool? = nil, isLoose: Bool? = nil) {
        self.blocks = blocks
        self.task = task
        self.isLoose = isLoose
    }
}

/// A code block with the options of its info string.
package struct CodeBlock: Sendable, Equatable {
    /// The language, first word of the info string; empty when none.
    package var language: String
    /// The words after the language that are not `key=value` options (`run`, `silent`...).
    package var flags: [String]
    /// `key="value"` options of the info string (`title`, `hl_lines`, `linenums`...).
    package var options: [String: String]
    /// The code, ending in a newline.
    package var code: String
    /// The line of the first code line in the source.
    package var firstCodeLine: Int
    /// The column the fence (and so the code) is indented to in the source, from 1.
    package var column: Int
    /// Whether it was fenced (rather than indented).
    package var isFenced: Bool
    /// Whether its closing fence was found; a fence left open runs to the end of the page (or
    /// of the list item or quote that holds it), prose included.
    package var isClosed = true

    /// A code block.
    package init(
        language: String,
        flags: [String] = [],
        options: [String: String] = [:],
        code: String,
        firstCodeLine: Int,
        column: Int = 1,
        isFenced: Bool = true
    ) {
        self.language = language
        self.flags = flags
        self.options = options
        self.code = code
        self.firstCodeLine = firstCodeLine
        self.column = column
        self.isFenced = isFenced
    }
}

extension CodeBlock {
    /// Why a fence written `norun="..."` is shown instead of run; `nil` when it gives no
    /// reason (a bare `norun`, or none at all).
    package var notRunReason: String? {
        guard let reason = options["norun"]?.trimmingWhitespace(), !reason.isEmpty else { return nil }
        return reason
    }
}

/// A GFM table.
package struct Table: Sendable, Equatable {
    /// Column alignment.
    package enum Alignment: Sendable, Equatable {
        case none, left, center, right
    }

    /// One alignment per column.
    package var alignments: [Alignment]
    /// Header cells.
    package var header: [[Inline]]
    /// Body rows of cells.
    package var rows: [[[Inline]]]

    /// A table.
    package init(alignments: [Alignment], header: [[Inline]], rows: [[[Inline]]]) {
        self.alignments = alignments
        self.header = header
        self.rows = rows
    }
}

/// An admonition or a collapsible details block.
package struct Admonition: Sendable, Equatable {
    /// How the block shows.
    package enum Style: Sendable, Equatable {
        /// `!!!`: always open.
        case plain
        /// `???`: collapsible, closed.
        case collapsed
        /// `???+`: collapsible, open.
        case expanded
    }

    /// The style.
    package var style: Style
    /// The classes: the type first, then any extra words.
    package var classes: [String]
    /// The title; `nil` when the block has an explicitly empty title (`""`).
    package var title: [Inline]?
    /// The body.
    package var body: [Block]
    /// The marker's source line.
    package var line: Int

    /// An admonition.
    package init(style: Style, classes: [String], title: [Inline]?, body: [Block], line: Int) {
        self.style = style
        self.classes = classes
        self.title = title
        self.body = body
        self.line = line
    }
}

/// Consecutive `=== "Label"` blocks.
package struct TabbedSet: Sendable, Equatable {
    /// One tab.
    package struct Tab: Sendable, Equatable {
        /// The label.
        package var label: [Inline]
        /// The content.
        package var body: [Block]
        /// `===+` marks the tab selected at first.
        package var isSelected: Bool
        /// The marker's source line.
        package var line: Int

        /// A tab.
        package init(label: [Inline], body: [Block], isSelected: Bool = false, line: Int) {
            self.label = label
            self.body = body
            self.isSelected = isSelected
            self.line = line
        }
    }

    /// The tabs, in order.
    package var tabs: [Tab]

    /// A set of `tabs`.
    package init(tabs: [Tab]) {
        self.tabs = tabs
    }
}

/// A footnote's body.
package struct FootnoteDefinition: Sendable, Equatable {
    /// The label inside `[^label]`.
    package var label: String
    /// The body.
    package var blocks: [Block]

    /// A footnote.
    package init(label: String, blocks: [Block]) {
        self.label = label
        self.blocks = blocks
    }
}

/// Inline content.
package indirect enum Inline: Sendable, Equatable {
    /// Plain text (already unescaped).
    case text(String)
    /// `` `code` ``.
    case code(String)
    /// A link to a symbol of the API reference, by its path (`RenderContext/makeSink(of:)`):
    /// ``` ``path`` ```, or `[content][path]` with `content` shown instead of the path.
    case symbolLink(path: String, content: [Inline]?)
    /// `` `#!lang code` ``: code to highlight inline.
    case highlightedCode(language: String, code: String)
    /// `*em*`.
    case emphasis([Inline])
    /// `**strong**`.
    case strong([Inline])
    /// `~~deleted~~`.
    case strikethrough([Inline])
    /// `^^inserted^^`.
    case inserted([Inline])
    /// `^superscript^`.
    case superscript([Inline])
    /// `~subscript~`.
    case `subscript`([Inline])
    /// `==marked==`.
    case marked([Inline])
    /// A link.
    case link(destination: String, title: String, content: [Inline])
    /// An image.
    case image(source: String, title: String, alt: [Inline])
    /// Raw inline HTML.
    case html(String)
    /// A line break inside a paragraph that renders as a space or newline.
    case softBreak
    /// A hard line break.
    case lineBreak
    /// `[^label]`.
    case footnoteReference(label: String)
    /// `++ctrl+alt+del++` (`pymdownx.keys`).
    case keys([KeyPress])
    /// A term the page defines as an abbreviation (`abbr`), with its expansion.
    case abbreviation(text: String, title: String)
    /// A `:shortcode:` the emoji index knows (`pymdownx.emoji`), as its generator writes it.
    case emoji(Emoji, shortcode: String)
    /// A link, image, emphasis or code span with `attr_list` braces after it:
    /// `[Button](x.md){ .md-button }`.
    case attributed(Inline, ElementAttributes)
}

/// What `{ #id .class key="value" }` sets on an element (`attr_list`).
package struct ElementAttributes: Sendable, Equatable {
    package var id: String?
    package var classes: [String] = []
    /// Other attributes in the order written; a value of `nil` is a bare name.
    package var pairs: [(key: String, value: String?)] = []

    package init() {}

    package static func == (lhs: ElementAttributes, rhs: ElementAttributes) -> Bool {
        lhs.id == rhs.id && lhs.classes == rhs.classes && lhs.pairs.map(\.key) == rhs.pairs.map(\.key) && lhs.pairs.map(\.value) == rhs.pairs.map(\.value)
    }

    /// Reads the inside of the braces; `nil` when a word is not an attribute.
    package static func parse(_ text: Substring) -> ElementAttributes? {
        var attributes = ElementAttributes()
        var rest = text.drop { $0 == " " || $0 == ":" }
        while let first = rest.first {
            if first == " " {
                rest = rest.dropFirst()
                continue
            }
            if first == "#" || first == "." {
                let word = rest.dropFirst().prefix { $0 != " " }
                guard !word.isEmpty else { return nil }
                if first == "#" { attributes.id = String(word) } else { attributes.classes.append(String(word)) }
                rest = rest.dropFirst(1 + word.count)
                continue
            }
            let key = rest.prefix { $0 != " " && $0 != "=" }
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ":" }) else { return nil }
            rest = rest.dropFirst(key.count)
            guard rest.first == "=" else {
                attributes.pairs.append((String(key), nil))
                continue
            }
            rest = rest.dropFirst()
            if let quote = rest.first, quote == "\"" || quote == "'" {
                guard let close = rest.dropFirst().firstIndex(of: quote) else { return nil }
                attributes.pairs.append((String(key), String(rest[rest.index(after: rest.startIndex)..<close])))
                rest = rest[rest.index(after: close)...]
            } else {
                let value = rest.prefix { $0 != " " }
                attributes.pairs.append((String(key), String(value)))
                rest = rest.dropFirst(value.count)
            }
        }
        return attributes.id == nil && attributes.classes.isEmpty && attributes.pairs.isEmpty ? nil : attributes
    }
}

/// One key of a `pymdownx.keys` combination.
package enum KeyPress: Sendable, Equatable {
    /// A key the keymap knows: its class name (`key-NAME`) and label.
    case known(name: String, label: String)
    /// A quoted label of the author's own.
    case custom(String)
}

extension Inline {
    /// The text a reader sees, without markup: used for titles, slugs and search.
    package var plainText: String {
        switch self {
        case .text(let text), .code(let text), .html(let text): text
        case .symbolLink(let path, let content): content.map { $0.map(\.plainText).joined() } ?? path
        case .highlightedCode(_, let code): code
        case .emphasis(let content), .strong(let content), .strikethrough(let content), .inserted(let content),
             .superscript(let content), .subscript(let content), .marked(let content), .link(_, _, let content):
            content.plainText
        case .image(_, _, let alt): alt.plainText
        case .softBreak, .lineBreak: " "
        case .footnoteReference: ""
        case .keys(let keys):
            keys.map { key in
                switch key {
                case .known(_, let label): label
                case .custom(let text): text
                }
            }.joined(separator: "+")
        case .abbreviation(let text, _): text
        // An image or icon has no text; Python-Markdown's `toc` leaves it out of ids and titles.
        case .emoji(.characters(let text), _): text
        case .emoji: ""
        case .attributed(let inner, _): inner.plainText
        }
    }
}

extension Array where Element == Inline {
    /// The concatenated plain text of the inlines.
    package var plainText: String {
        map(\.plainText).joined()
    }
}
