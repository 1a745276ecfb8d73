// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyHighlight
import GalleyMarkdown
import GalleyMarkup

/// Produces HTML from a typed document, in the structure Python-Markdown and pymdown
/// emit, so stylesheets written for mkdocs sites keep working.
package struct HTMLRenderer {
    let settings: MarkdownSettings
    /// What the page's snippets produced, shown under their blocks.
    let snippets: SnippetResults
    private var html = ""
    private var tabSetCount = 0
    private var codeBlockCount = 0
    private var footnoteNumbers: [String: Int] = [:]
    private var footnoteReferenceCounts: [String: Int] = [:]

    package init(settings: MarkdownSettings, snippets: SnippetResults = SnippetResults()) {
        self.settings = settings
        self.snippets = snippets
    }

    /// The HTML of `document`'s body, footnotes last.
    package mutating func render(_ document: Document) -> HTML {
        html = ""
        html.reserveCapacity(4096)
        for (index, footnote) in document.footnotes.enumerated() where footnoteNumbers[footnote.label] == nil {
            footnoteNumbers[footnote.label] = index + 1
        }
        blocks(document.blocks, tight: false)
        if !document.footnotes.isEmpty {
            html += "<div class=\"footnote\">\n<hr />\n<ol>\n"
            for footnote in document.footnotes {
                let label = MarkupText.escape(footnote.label)
                let number = footnoteNumbers[footnote.label] ?? 0
                html += "<li id=\"fn:\(label)\">\n"
                var body = footnote.blocks
                // One way back for each place the note is referenced, as Python-Markdown writes them.
                let references = max(1, footnoteReferenceCounts[footnote.label] ?? 1)
                let backref = (1...references).map { count -> String in
                    let id = count == 1 ? "fnref:\(label)" : "fnref\(count):\(label)"
                    return "<a class=\"footnote-backref\" href=\"#\(id)\" title=\"Jump back to footnote \(number) in the text\">&#8617;</a>"
                }.joined()
                if case .paragraph(let inlines, _, _)? = body.last {
                    body.removeLast()
                    blocks(body, tight: false)
                    html += "<p>"
                    self.inlines(inlines)
                    html += "&#160;" + backref + "</p>\n"
                } else {
                    blocks(body, tight: false)
                    html += "<p>" + backref + "</p>\n"
                }
                html += "</li>\n"
            }
            html += "</ol>\n</div>\n"
        }
        // Every text of the document went through the escapes below on its way in.
        return HTML(trusted: html)
    }

    // MARK: Blocks

    private mutating func blocks(_ blocks: [Block], tight: Bool) {
        for block in blocks {
            self.block(block, tight: tight)
        }
    }

    private mutating func block(_ block: Block, tight: Bool) {
        switch block {
        case .heading(let heading):
            // Sorted by name, as Python-Markdown writes them; a boolean attribute
            // (`{ data-search-exclude }`) is written bare.
            var pairs = heading.attributes.map { ($0.key, $0.value == $0.key ? nil : Optional($0.value)) }
            if !heading.id.isEmpty { pairs.append(("id", heading.id)) }
            if !heading.classes.isEmpty { pairs.append(("class", heading.classes.joined(separator: " "))) }
            let attributes = Self.attributeText(pairs)
            html += "<h\(heading.level)\(attributes)>"
            inlines(heading.content)
            if let symbol = settings.permalink, !heading.id.isEmpty {
                html += "<a class=\"headerlink\" href=\"#\(MarkupText.escape(heading.id))\" title=\"\(MarkupText.escape(settings.permalinkTitle))\">\(MarkupText.escapeKeepingReferences(symbol))</a>"
            }
            html += "</h\(heading.level)>\n"
        case .paragraph(let content, _, let attributes?):
            html += "<p" + Self.attributeText(attributes) + ">"
            inlines(content)
            html += "</p>\n"
        case .paragraph(let content, _, nil):
            if tight {
                // Python-Markdown writes a tight item's text right against what follows it.
                inlines(content)
            } else {
                html += "<p>"
                inlines(content)
                html += "</p>\n"
            }
        case .blockQuote(let inner):
            html += "<blockquote>\n"
            blocks(inner, tight: false)
            html += "</blockquote>\n"
        case .list(let list):
            list.isOrdered ? (html += list.start == 1 ? "<ol>\n" : "<ol start=\"\(list.start)\">\n") : (html += "<ul>\n")
            for item in list.items {
                if let checked = item.task {
                    html += "<li class=\"task-list-item\"><input type=\"checkbox\" disabled=\"disabled\"\(checked ? " checked=\"checked\"" : "") /> "
                } else {
                    html += "<li>"
                }
                if !(item.isLoose ?? !list.isTight), case .paragraph? = item.blocks.first {
                    blocks(Array(item.blocks.prefix(1)), tight: true)
                    // Python-Markdown leaves a line break between the text and a code block.
                    if item.blocks.count > 1, case .code = item.blocks[1] { html += "\n" }
                    blocks(Array(item.blocks.dropFirst()), tight: true)
                    if html.hasSuffix("\n") { html.removeLast() }
                } else {
                    html += "\n"
                    blocks(item.blocks, tight: false)
                }
                html += "</li>\n"
            }
            html += list.isOrdered ? "</ol>\n" : "</ul>\n"
        case .code(let code):
            codeBlock(code)
        case .html(let raw):
            html += raw
            if !raw.hasSuffix("\n") { html += "\n" }
        case .thematicBreak:
            html += "<hr />\n"
        case .table(let table):
            tableHTML(table)
        case .admonition(let admonition):
            admonitionHTML(admonition)
        case .tabbedSet(let set):
            tabbedHTML(set)
        case .htmlContainer(let open, let body, let close):
            html += open + "\n"
            blocks(body, tight: false)
            html += close + "\n"
        case .definitionList(let list):
            html += "<dl>\n"
            for item in list.items {
                for term in item.terms {
                    html += "<dt>"
                    inlines(term)
                    html += "</dt>\n"
                }
                for definition in item.definitions {
                    html += "<dd>"
                    if definition.isTight, definition.blocks.count == 1, case .paragraph(let content, _, nil) = definition.blocks[0] {
                        inlines(content)
                    } else {
                        html += "\n"
                        blocks(definition.blocks, tight: false)
                    }
                    html += "</dd>\n"
                }
            }
            html += "</dl>\n"
        }
    }

    private mutating func admonitionHTML(_ admonition: Admonition) {
        let classes = MarkupText.escape(admonition.classes.joined(separator: " "))
        switch admonition.style {
        case .plain:
            html += "<div class=\"admonition \(classes)\">\n"
            if let title = admonition.title {
                html += "<p class=\"admonition-title\">"
                inlines(title)
                html += "</p>\n"
            }
            blocks(admonition.body, tight: false)
            html += "</div>\n"
        case .collapsed, .expanded:
            html += "<details class=\"\(classes)\"\(admonition.style == .expanded ? " open=\"open\"" : "")>\n<summary>"
            if let title = admonition.title { inlines(title) }
            html += "</summary>\n"
            blocks(admonition.body, tight: false)
            html += "</details>\n"
        }
    }

    private mutating func tabbedHTML(_ set: TabbedSet) {
        tabSetCount += 1
        let setID = tabSetCount
        let selected = set.tabs.lastIndex(where: \.isSelected) ?? 0
        guard settings.alternateTabs else {
            // The classic markup: each tab's input, label and content in turn.
            html += "<div class=\"tabbed-set\" data-tabs=\"\(setID):\(set.tabs.count)\">"
            for (index, tab) in set.tabs.enumerated() {
                html += "<input\(index == selected ? " checked=\"checked\"" : "") id=\"__tabbed_\(setID)_\(index + 1)\" name=\"__tabbed_\(setID)\" type=\"radio\" />"
                html += "<label for=\"__tabbed_\(setID)_\(index + 1)\">"
                inlines(tab.label)
                html += "</label><div class=\"tabbed-content\">\n"
                blocks(tab.body, tight: false)
                html += "</div>\n"
            }
            html += "</div>\n"
            return
        }
        html += "<div class=\"tabbed-set tabbed-alternate\" data-tabs=\"\(setID):\(set.tabs.count)\">"
        for index in set.tabs.indices {
            html += "<input\(index == selected ? " checked=\"checked\"" : "") id=\"__tabbed_\(setID)_\(index + 1)\" name=\"__tabbed_\(setID)\" type=\"radio\" />"
        }
        html += "<div class=\"tabbed-labels\">"
        for (index, tab) in set.tabs.enumerated() {
            html += "<label for=\"__tabbed_\(setID)_\(index + 1)\">"
            inlines(tab.label)
            html += "</label>"
        }
        html += "</div>\n<div class=\"tabbed-content\">\n"
        for tab in set.tabs {
            html += "<div class=\"tabbed-block\">\n"
            blocks(tab.body, tight: false)
            html += "</div>\n"
        }
        html += "</div>\n</div>\n"
    }

    private mutating func tableHTML(_ table: Table) {
        func alignment(_ column: Int) -> String {
            guard column < table.alignments.count else { return "" }
            switch table.alignments[column] {
            case .none: return ""
            case .left: return " style=\"text-align: left;\""
            case .center: return " style=\"text-align: center;\""
            case .right: return " style=\"text-align: right;\""
            }
        }
        html += "<table>\n<thead>\n<tr>\n"
        for (column, cell) in table.header.enumerated() {
            html += "<th\(alignment(column))>"
            inlines(cell)
            html += "</th>\n"
        }
        html += "</tr>\n</thead>\n<tbody>\n"
        for row in table.rows {
            html += "<tr>\n"
            for (column, cell) in row.enumerated() {
                html += "<td\(alignment(column))>"
                inlines(cell)
                html += "</td>\n"
            }
            html += "</tr>\n"
        }
        html += "</tbody>\n</table>\n"
    }

    // MARK: Code

    private mutating func codeBlock(_ code: CodeBlock) {
        codeBlockCount += 1
        let language = code.language
        if !settings.highlightsCode, snippets[code]?.lineValues.isEmpty ?? true {
            // No highlighting extension: Python-Markdown's fenced_code block, whose
            // `language-…` class a script such as highlight.js reads.
            html += "<pre><code" + (language.isEmpty ? "" : " class=\"language-\(MarkupText.escape(language))\"") + ">"
            html += MarkupText.escape(code.code.hasSuffix("\n") || code.code.isEmpty ? code.code : code.code + "\n") + "</code></pre>\n"
            snippetNotes(code)
            return
        }
        let tokens = settings.highlightsCode && !language.isEmpty ? Highlighter.highlight(code.code, language: language) : nil
        let highlightedLines = CodeLines.parseLineSet(code.options["hl_lines"] ?? "")
        let firstNumber = Int(code.options["linenums"]?.split(separator: " ").first ?? "") ?? 1
        let numbered = code.options["linenums"].map { $0 != "0" && $0 != "false" } ?? ((code.isFenced ? settings.lineNumbersByDefault : settings.indentedLineNumbersByDefault) && !language.isEmpty)
        let classes = language.isEmpty || !settings.namesLanguageOnBlocks ? "highlight" : "language-\(MarkupText.escape(language)) highlight"
        html += "<div class=\"\(classes)\">"
        if let title = code.options["title"], !title.isEmpty {
            html += "<span class=\"filename\">\(MarkupText.escape(title))</span>"
        }
        html += "<pre><span></span><code>"
        let lines = CodeLines.split(tokens ?? [HighlightToken(code.code)])
        for (offset, line) in lines.enumerated() {
            let number = offset + 1
            if settings.anchorsLines {
                // pymdownx.highlight's anchors; a line number, when shown, is the link itself.
                // Out of the tab order (a long block would be dozens of stops), and an anchor
                // with no number is hidden from assistive technology: it has no text to read.
                let anchor = "__codelineno-\(codeBlockCount - 1)-\(firstNumber + offset)"
                html += numbered
                    ? "<a class=\"linenos\" id=\"\(anchor)\" name=\"\(anchor)\" href=\"#\(anchor)\" tabindex=\"-1\" data-linenos=\"\(firstNumber + offset) \"></a>"
                    : "<a id=\"\(anchor)\" name=\"\(anchor)\" href=\"#\(anchor)\" tabindex=\"-1\" aria-hidden=\"true\"></a>"
            } else if numbered {
                html += "<span class=\"linenos\" data-linenos=\"\(firstNumber + offset) \"></span>"
            }
            let isHighlighted = highlightedLines.contains(number)
            if isHighlighted { html += "<span class=\"hll\">" }
            appendTokens(line)
            if let value = snippets[code]?.lineValues[offset] {
                html += "<span class=\"snippet-value\"> // \(MarkupText.escape(value))</span>"
            }
            html += isHighlighted ? "\n</span>" : "\n"
        }
        html += "</code></pre></div>\n"
        snippetNotes(code)
    }

    /// What a snippet printed, or why it did not run, under its block.
    private mutating func snippetNotes(_ code: CodeBlock) {
        if let result = snippets[code], result.shown, result.failed || !result.text.isEmpty {
            snippetResult(result)
        }
        if code.language == "swift", let reason = snippets.notRunReason(of: code) {
            html += "<div class=\"snippet-result snippet-not-run\"><span class=\"snippet-label\">Not run: \(MarkupText.escape(reason))</span></div>\n"
        }
    }

    /// The output block under a snippet: what it printed, or why it failed.
    private mutating func snippetResult(_ result: SnippetResult) {
        let classes = "snippet-result snippet-\(result.kind.rawValue)" + (result.failed ? " snippet-failed" : "")
        let label = result.failed ? "Failed" : (result.kind == .output ? "Output" : (result.kind == .trap ? "Trap" : "Compiler"))
        html += "<div class=\"\(classes)\"><span class=\"snippet-label\">\(label)</span><pre><code>"
        html += MarkupText.escape(result.text.hasSuffix("\n") ? String(result.text.dropLast()) : result.text)
        html += "</code></pre></div>\n"
    }

    /// Highlighted tokens as `<span class="…">` runs; unclassified text is only escaped.
    private mutating func appendTokens(_ tokens: [HighlightToken]) {
        for token in tokens {
            if let className = token.className {
                html += "<span class=\"\(className)\">\(MarkupText.escape(token.text))</span>"
            } else {
                html += MarkupText.escape(token.text)
            }
        }
    }

    // MARK: Inlines

    private mutating func inlines(_ content: [Inline]) {
        for inline in content {
            self.inline(inline)
        }
    }

    private mutating func inline(_ inline: Inline) {
        switch inline {
        case .text(let text): html += MarkupText.escape(text)
        case .code(let code): html += "<code>\(MarkupText.escape(code))</code>"
        // A symbol link the link stage did not resolve (it reported why) shows what was written.
        case .symbolLink(let path, let content):
            if let content { inlines(content) } else { html += "<code>\(MarkupText.escape(path))</code>" }
        case .highlightedCode(let language, let code):
            html += "<code class=\"highlight\">"
            appendTokens(Highlighter.highlight(code, language: language) ?? [HighlightToken(code)])
            html += "</code>"
        case .emphasis(let content): wrap("em", content)
        case .strong(let content): wrap("strong", content)
        case .strikethrough(let content): wrap("del", content)
        case .inserted(let content): wrap("ins", content)
        case .superscript(let content): wrap("sup", content)
        case .subscript(let content): wrap("sub", content)
        case .marked(let content): wrap("mark", content)
        case .link, .image, .emoji:
            // Their attributes are written sorted by name, with or without `attr_list` ones.
            attributed(inline, ElementAttributes())
        case .html(let raw): html += raw
        case .softBreak: html += "\n"
        case .lineBreak: html += "<br />\n"
        case .keys(let keys):
            html += "<span class=\"keys\">"
            for (index, key) in keys.enumerated() {
                if index > 0 { html += "<span>+</span>" }
                switch key {
                case .known(let name, let label): html += "<kbd class=\"key-\(MarkupText.escape(name))\">\(MarkupText.escape(label))</kbd>"
                case .custom(let text): html += "<kbd>\(MarkupText.escape(text))</kbd>"
                }
            }
            html += "</span>"
        case .abbreviation(let text, let title):
            html += "<abbr title=\"\(MarkupText.escape(title))\">\(MarkupText.escape(text))</abbr>"
        case .attributed(let element, let extra):
            attributed(element, extra)
        case .footnoteReference(let label):
            let escaped = MarkupText.escape(label)
            let count = footnoteReferenceCounts[label, default: 0] + 1
            footnoteReferenceCounts[label] = count
            let id = count == 1 ? "fnref:\(escaped)" : "fnref\(count):\(escaped)"
            let number = footnoteNumbers[label].map(String.init) ?? escaped
            html += "<sup id=\"\(id)\"><a class=\"footnote-ref\" href=\"#fn:\(escaped)\">\(number)</a></sup>"
        }
    }

    /// A block's `attr_list` attributes as written in its opening tag, sorted by name.
    static func attributeText(_ attributes: ElementAttributes) -> String {
        var pairs: [(String, String?)] = attributes.pairs.map { ($0.key, $0.value) }
        if let id = attributes.id { pairs.append(("id", id)) }
        if !attributes.classes.isEmpty { pairs.append(("class", attributes.classes.joined(separator: " "))) }
        return attributeText(pairs)
    }

    /// Attributes as written in an opening tag, sorted by name; a `nil` value is written bare.
    static func attributeText(_ pairs: [(String, String?)]) -> String {
        pairs.sorted { $0.0 < $1.0 }.map { key, value in
            value.map { " \(MarkupText.escape(key))=\"\(MarkupText.escape($0))\"" } ?? " \(MarkupText.escape(key))"
        }.joined()
    }

    /// An element with `attr_list` attributes: its own attributes and the given ones merged
    /// (classes joined) and sorted by name, as Python-Markdown writes them.
    private mutating func attributed(_ element: Inline, _ extra: ElementAttributes) {
        func openTag(_ name: String, _ own: [(String, String?)]) -> String {
            var attributes = own
            if let id = extra.id { attributes.append(("id", id)) }
            if !extra.classes.isEmpty {
                if let index = attributes.firstIndex(where: { $0.0 == "class" }) {
                    attributes[index].1 = [attributes[index].1 ?? "", extra.classes.joined(separator: " ")].filter { !$0.isEmpty }.joined(separator: " ")
                } else {
                    attributes.append(("class", extra.classes.joined(separator: " ")))
                }
            }
            for pair in extra.pairs {
                attributes.removeAll { $0.0 == pair.key }
                attributes.append((pair.key, pair.value))
            }
            return "<\(name)" + Self.attributeText(attributes)
        }
        switch element {
        case .link(let destination, let title, let content):
            html += openTag("a", [("href", destination)] + (title.isEmpty ? [] : [("title", title)])) + ">"
            inlines(content)
            html += "</a>"
        case .image(let source, let title, let alt):
            html += openTag("img", [("alt", alt.plainText), ("src", source)] + (title.isEmpty ? [] : [("title", title)])) + " />"
        case .code(let code):
            html += openTag("code", []) + ">\(MarkupText.escape(code))</code>"
        case .emoji(.image(let source, let alt, let title, let className), _):
            html += openTag("img", [("alt", alt), ("class", className), ("src", source)] + (title.map { [("title", $0)] } ?? [])) + " />"
        case .emoji(.icon(let svg, let className), _):
            // The SVG is an icon file's markup, inlined as Material inlines it.
            html += openTag("span", [("class", className)]) + ">" + svg + "</span>"
        case .emoji(.characters(let text), _):
            html += MarkupText.escape(text)
        case .emphasis(let content), .strong(let content), .strikethrough(let content), .marked(let content), .inserted(let content):
            let tag: String
            switch element {
            case .emphasis: tag = "em"
            case .strong: tag = "strong"
            case .strikethrough: tag = "del"
            case .marked: tag = "mark"
            default: tag = "ins"
            }
            html += openTag(tag, []) + ">"
            inlines(content)
            html += "</\(tag)>"
        default:
            inline(element)
        }
    }


    private mutating func wrap(_ tag: String, _ content: [Inline]) {
        html += "<\(tag)>"
        inlines(content)
        html += "</\(tag)>"
    }
}

/// Splitting highlighted code into lines, and reading `hl_lines`.
enum CodeLines {
    /// The tokens of each line, without the newlines; a trailing newline adds no empty line.
    static func split(_ tokens: [HighlightToken]) -> [[HighlightToken]] {
        var lines: [[HighlightToken]] = [[]]
        for token in tokens {
            guard token.text.utf8.contains(0x0A) else {
                // Most tokens hold no line break and are kept as they are.
                if !token.text.isEmpty { lines[lines.count - 1].append(token) }
                continue
            }
            for (index, piece) in token.text.linesAtNewlineBytes().enumerated() {
                if index > 0 { lines.append([]) }
                if !piece.isEmpty { lines[lines.count - 1].append(HighlightToken(String(piece), token.className)) }
            }
        }
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// `"1 3-5"` → {1, 3, 4, 5}.
    static func parseLineSet(_ text: String) -> Set<Int> {
        var result: Set<Int> = []
        for part in text.split(whereSeparator: { $0 == " " || $0 == "," }) {
            let bounds = part.split(separator: "-").compactMap { Int($0) }
            if bounds.count == 2, bounds[0] <= bounds[1] {
                result.formUnion(bounds[0]...bounds[1])
            } else if bounds.count == 1 {
                result.insert(bounds[0])
            }
        }
        return result
    }
}
