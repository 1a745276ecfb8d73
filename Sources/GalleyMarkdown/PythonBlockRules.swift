// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// Python-Markdown's block rules, where they build a different tree than CommonMark's, applied
/// to a stretch's lines before cmark-gfm reads them, so that a page's lists and paragraphs
/// come out as mkdocs makes them:
///
/// - a line that starts with a tag Python-Markdown does not count as block-level (`<img>`,
///   `<a>`, `<span>`…) starts a paragraph, not a raw HTML block;
/// - `1)` does not start an ordered list (only `1.` does);
/// - a list does not interrupt a paragraph: a marker line right after paragraph text is text;
/// - items nest by four spaces: a marker indented one to three spaces is a sibling, and an
///   item's content after a blank line needs four spaces, or the list ends;
/// - a fence right after an item's line belongs to that item;
/// - a backslash at the end of a line is a backslash, not a line break;
/// - a marker right under an item's indented paragraph continues that paragraph;
/// - without `sane_lists`, an item of the other kind continues the list it follows (with
///   it, such an item right under another is text).
///
/// The lines are rewritten (an escaping backslash, indentation), never added or removed.
/// What is left of the rules (per-item looseness, ordered list numbers) is applied to the
/// tree afterwards.
enum PythonBlockRules {
    fileprivate struct Item {
        /// The columns before the item's content (its indent, marker and spaces).
        var contentColumn: Int
    }

    /// Python-Markdown's `block_level_elements`: a line starting with any other tag is text.
    static let blockLevelTags: Set<String> = [
        "address", "article", "aside", "blockquote", "body", "canvas", "center", "colgroup", "dd", "details", "div", "dl",
        "dt", "fieldset", "figcaption", "figure", "footer", "form", "group", "h1", "h2", "h3", "h4", "h5", "h6", "header",
        "hgroup", "hr", "html", "iframe", "legend", "li", "main", "map", "math", "menu", "nav", "noscript", "object", "ol",
        "option", "output", "p", "pre", "progress", "script", "section", "style", "summary", "table", "tbody", "td",
        "textarea", "tfoot", "th", "thead", "tr", "ul", "video",
    ]

    /// Whether `content` starts with an open or closing tag that is not block-level.
    static func startsWithInlineTag(_ content: Substring) -> Bool {
        guard content.first == "<" else { return false }
        let afterBracket = content.dropFirst().drop { $0 == "/" }
        let name = afterBracket.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        guard let first = name.first, first.isLetter else { return false }
        let next = afterBracket.dropFirst(name.count).first
        guard next == nil || next == " " || next == ">" || next == "/" || next == "\t" else { return false }
        return !blockLevelTags.contains(name.lowercased())
    }

    /// `escapesAll`: `pymdownx.escapeall` reads backslashes itself (``EarlySyntax``).
    static func apply(_ lines: [SourceLine], saneLists: Bool, escapesAll: Bool, placeholders: Placeholders) -> [SourceLine] {
        var reader = Reader(saneLists: saneLists, escapesAll: escapesAll, placeholders: placeholders)
        reader.result.reserveCapacity(lines.count)
        for line in lines {
            reader.read(line)
        }
        return reader.finished()
    }

    /// Reads a stretch line by line, keeping what Python-Markdown would know at each line.
    private struct Reader {
        let saneLists: Bool
        let escapesAll: Bool
        let placeholders: Placeholders
        var result: [SourceLine] = []
        var fence: Fence?
        /// Columns added to each line of the open fence (one that belongs to an item).
        var fenceShift = 0
        var inList = false
        var lastItem: Item?
        var previous: SourceLine?
        /// Whether the line before is paragraph text outside a list.
        var afterParagraphText = false
        /// Whether the line before belongs to a paragraph indented under an item after a blank line.
        var inItemParagraph = false
        /// Whether the list at each nesting level (by four spaces) is ordered.
        var kinds: [Int: Bool] = [:]
        var inIndentedCode = false
        /// Text lines (in `result`) that end in a backslash.
        var backslashEnds: [Int] = []
        /// Inside a raw HTML block: what ends it (a closing tag, `-->`, or "" for a blank line).
        /// Its lines are HTML, where `#main {` is CSS, not a heading.
        var rawHTMLEnd: String?

        init(saneLists: Bool, escapesAll: Bool, placeholders: Placeholders) {
            self.saneLists = saneLists
            self.escapesAll = escapesAll
            self.placeholders = placeholders
        }

        mutating func read(_ line: SourceLine) {
            defer { previous = line }
            if let open = fence {
                result.append(PythonBlockRules.shifted(line, by: fenceShift))
                if open.isClosed(by: line.text) { fence = nil }
                return
            }
            if line.isBlank {
                result.append(line)
                if rawHTMLEnd == "" { rawHTMLEnd = nil }
                afterParagraphText = false
                inItemParagraph = false
                return
            }
            let previousBlank = previous?.isBlank ?? true
            let indent = line.indent
            let content = line.dedented(by: indent).text
            trackRawHTML(content, indent: indent)
            if indent >= 4, !inList, previousBlank, !afterParagraphText {
                inIndentedCode = true
            } else if indent < 4 {
                inIndentedCode = false
            }
            if let opened = Fence(opening: line.text) {
                openFence(opened, line, indent: indent, previousBlank: previousBlank)
            } else if previousBlank, indent < 4, PythonBlockRules.startsWithInlineTag(content) {
                // cmark-gfm would make this line a raw HTML block; an invisible filler in
                // front makes it the paragraph Python-Markdown reads.
                placeholders.usesFiller = true
                result.append(SourceLine(text: Substring(String(line.text.prefix(indent)) + String(Placeholders.filler) + content), number: line.number))
                afterParagraphText = !inList
            } else if let parenthesis = PythonBlockRules.orderedWithParenthesis(content), indent < 4 || inList {
                // Not a list item to Python-Markdown: escaped, it reads as the text it is.
                result.append(SourceLine(text: Substring(String(line.text.prefix(line.text.count - content.count)) + parenthesis), number: line.number))
                afterParagraphText = !inList
            } else {
                if !inIndentedCode, !escapesAll, content.reversed().prefix(while: { $0 == "\\" }).count % 2 == 1 {
                    // The line about to be appended, whichever way it is rewritten below.
                    backslashEnds.append(result.count)
                }
                if let marker = ContainerList.marker(content) {
                    markerLine(line, marker: marker, content: content, indent: indent, previousBlank: previousBlank)
                } else {
                    textLine(line, content: content, indent: indent, previousBlank: previousBlank)
                }
            }
        }

        /// Python-Markdown reads a fence right under an item's first line as part of it.
        private mutating func openFence(_ opened: Fence, _ line: SourceLine, indent: Int, previousBlank: Bool) {
            fenceShift = inList && !previousBlank && indent < 4 ? max(0, (lastItem?.contentColumn ?? 0) - indent) : 0
            fence = opened
            result.append(PythonBlockRules.shifted(line, by: fenceShift))
            afterParagraphText = false
        }

        /// Notes where a raw HTML block starts and ends (as cmark-gfm will read it).
        private mutating func trackRawHTML(_ content: Substring, indent: Int) {
            if let end = rawHTMLEnd {
                if !end.isEmpty, content.lowercased().contains(end) { rawHTMLEnd = nil }
                return
            }
            guard indent < 4, !afterParagraphText, content.first == "<" else { return }
            let end = PythonBlockRules.rawHTMLBlockEnd(content)
            if let end, end.isEmpty || !content.lowercased().contains(end) { rawHTMLEnd = end }
        }

        private mutating func textLine(_ line: SourceLine, content: Substring, indent: Int, previousBlank: Bool) {
            var written = line
            if inList, previousBlank, indent < 4 {
                // After a blank line, content less than four spaces in ends the list. (Python-
                // Markdown still reads the line's indent: ` # x` stays text.)
                inList = false
                lastItem = nil
                kinds = [:]
                written = indent == 0 ? line : line.dedented(by: indent)
            }
            if rawHTMLEnd == nil, content.first == "#" || content.first == ">" {
                written = hashHeading(written, content: content, indent: indent)
            }
            result.append(written)
            if inList, previousBlank { inItemParagraph = !PythonBlockRules.startsOtherBlock(content) }
            afterParagraphText = !inList && !PythonBlockRules.startsOtherBlock(content)
        }

        /// `line` as cmark-gfm must read it for Python-Markdown's heading, if its content (or
        /// a block quote's, after the `>` markers) starts with `#`.
        private func hashHeading(_ line: SourceLine, content: Substring, indent: Int) -> SourceLine {
            if content.first == ">" {
                guard !inList, indent < 4 else { return line }
                let markers = line.text.count - PythonBlockRules.afterQuoteMarkers(line.text).count
                let quoted = line.text.dropFirst(markers)
                let quotedIndent = quoted.prefix { $0 == " " }.count
                guard quoted.dropFirst(quotedIndent).first == "#" else { return line }
                if quotedIndent == 0 { return PythonBlockRules.hashHeading(line, indent: markers) ?? line }
                return PythonBlockRules.escapingHash(line, at: markers + quotedIndent)
            }
            let itemColumn = ((lastItem?.contentColumn ?? 0) + 3) / 4 * 4
            if inList ? indent >= 4 && indent % 4 == 0 && indent <= itemColumn : indent == 0 {
                return PythonBlockRules.hashHeading(line, indent: indent) ?? line
            }
            guard !inList, indent < 4 else { return line }
            // ` ## x` is text to Python-Markdown.
            return PythonBlockRules.escapingHash(line, at: line.indent)
        }

        private mutating func markerLine(_ line: SourceLine, marker: (ordered: Bool, number: Int, rest: Substring), content: Substring, indent: Int, previousBlank: Bool) {
            if inList, inItemParagraph, indent < 4 {
                // Right under an item's indented paragraph, a marker continues the paragraph.
                result.append(PythonBlockRules.escapedMarker(line, content: content, ordered: marker.ordered))
                return
            }
            if !inList {
                if afterParagraphText, indent < 4 {
                    // A list can't interrupt a paragraph: the marker is text.
                    result.append(PythonBlockRules.escapedMarker(line, content: content, ordered: marker.ordered))
                    return
                }
                guard indent < 4 else {
                    result.append(line)
                    return
                }
            }
            // Nesting goes by whole steps of four spaces.
            let level = indent / 4 * 4
            var written = content
            if inList, let kind = kinds[level], kind != marker.ordered {
                if saneLists {
                    if !previousBlank {
                        result.append(PythonBlockRules.escapedMarker(line, content: content, ordered: marker.ordered))
                        return
                    }
                    kinds[level] = marker.ordered
                } else {
                    // The item joins the list before it, whatever its marker.
                    written = (kind ? "1. " : "* ") + marker.rest
                }
            } else if !inList || kinds[level] == nil {
                kinds[level] = marker.ordered
            }
            kinds = kinds.filter { $0.key <= level }
            inList = true
            afterParagraphText = false
            let rewritten = level == indent && written == content ? line : SourceLine(text: Substring(String(repeating: " ", count: level) + written), number: line.number)
            result.append(rewritten)
            lastItem = Item(contentColumn: level + written.count - marker.rest.count)
        }

        /// cmark-gfm reads a backslash before a line break as a break; Python-Markdown prints it.
        mutating func finished() -> [SourceLine] {
            for index in backslashEnds where index + 1 < result.count && !result[index + 1].isBlank {
                result[index] = SourceLine(text: Substring(String(result[index].text) + "\\"), number: result[index].number)
            }
            return result
        }
    }

    /// What ends the raw HTML block `content` opens, if it opens one cmark-gfm reads as raw
    /// HTML: a closing tag or `-->`, or "" for a blank line (a block-level tag).
    fileprivate static func rawHTMLBlockEnd(_ content: Substring) -> String? {
        if content.hasPrefix("<!--") { return "-->" }
        let afterBracket = content.dropFirst().drop { $0 == "/" }
        let name = afterBracket.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }.lowercased()
        if ["script", "style", "pre", "textarea"].contains(name) { return "</\(name)>" }
        return blockLevelTags.contains(name) ? "" : nil
    }

    /// `1) text` written so that no Markdown reads a list in it: `1\) text`.
    fileprivate static func orderedWithParenthesis(_ content: Substring) -> String? {
        let digits = content.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 9, content.dropFirst(digits.count).first == ")" else { return nil }
        let rest = content.dropFirst(digits.count + 1)
        guard rest.isEmpty || rest.first == " " else { return nil }
        return String(digits) + "\\)" + rest
    }

    fileprivate static func escapedMarker(_ line: SourceLine, content: Substring, ordered: Bool) -> SourceLine {
        let lead = String(line.text.prefix(line.text.count - content.count))
        let escaped: String
        if ordered {
            let digits = content.prefix { $0.isNumber }
            escaped = digits + "\\" + content.dropFirst(digits.count)
        } else {
            escaped = "\\" + content
        }
        return SourceLine(text: Substring(lead + escaped), number: line.number)
    }

    /// Lines that begin a block of their own after paragraph text, so a list may follow them.
    fileprivate static func startsOtherBlock(_ content: Substring) -> Bool {
        content.hasPrefix("#") || content.hasPrefix("<") || content.hasPrefix("|") || content.hasPrefix(">")
    }

    fileprivate static func shifted(_ line: SourceLine, by columns: Int) -> SourceLine {
        guard columns > 0, !line.isBlank else { return line }
        return SourceLine(text: Substring(String(repeating: " ", count: columns) + line.text), number: line.number)
    }
}
