// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
/// Splits a page into the stretches cmark-gfm parses and the pymdown containers around
/// them, recursing into container bodies, and assembles the typed blocks.
///
/// cmark-gfm knows nothing of `!!!`, `???` and `===`; their bodies are indented, which
/// CommonMark would read as code. So containers are found here, line by line (skipping
/// fenced code), and only their dedented bodies go to cmark-gfm.
struct BlockScanner {
    let options: MarkdownOptions
    /// Reference and footnote definitions of the whole page, appended to each stretch that
    /// names them so that a reference in a container resolves to a definition outside it.
    let sharedDefinitions: SharedDefinitions
    var footnotes: [FootnoteDefinition] = []
    /// For each line (by number) that opens a `markdown` HTML container, the line that closes
    /// it: found once for the page, so nesting costs no re-scan per level.
    private let htmlCloses: [Int: Int]
    /// Containers nested deeper than ``maximumDepth``, by the line of the first one refused.
    private(set) var tooDeep: [TooDeep] = []

    /// How deeply admonitions, tabs and `markdown` HTML blocks may nest. Python-Markdown
    /// itself stops near Python's recursion limit; real pages nest a handful of levels.
    static let maximumDepth = 100

    /// Where nesting passed ``maximumDepth``, and what was nested.
    struct TooDeep: Equatable {
        var line: Int
        var kind: NestingKind
    }

    /// What a page nests too deep, in the words the error uses.
    enum NestingKind: Equatable {
        case containers, lists, quotes, inlines

        var description: String {
            switch self {
            case .containers: "containers (admonitions, tabs, `markdown` HTML blocks)"
            case .lists: "lists"
            case .quotes: "block quotes"
            case .inlines: "emphasis, links and other inline markup"
            }
        }
    }

    /// Math and escapes taken out before cmark-gfm reads a stretch, when they are on.
    private let early: EarlySyntax?
    private let placeholders: Placeholders

    init(options: MarkdownOptions, allLines: [SourceLine], placeholders: Placeholders) {
        self.options = options
        early = EarlySyntax(options: options, placeholders: placeholders)
        self.placeholders = placeholders
        htmlCloses = options.markdownInHTML ? Self.matchHTMLContainers(allLines) : [:]
        sharedDefinitions = SharedDefinitions(lines: allLines)
    }

    mutating func blocks(_ lines: [SourceLine], columnOffset: Int, depth: Int = 0) -> [Block] {
        var blocks: [Block] = []
        var pending: [SourceLine] = []
        var fence: Fence?
        var tabSetOpen = false
        var index = 0

        func flush(_ scanner: inout BlockScanner) {
            let meaningful = pending.contains { !$0.isBlank }
            if meaningful {
                blocks.append(contentsOf: scanner.parseMarkdown(pending, columnOffset: columnOffset))
                tabSetOpen = false
            }
            pending.removeAll()
        }

        while index < lines.count {
            let line = lines[index]
            if let open = fence {
                pending.append(line)
                if Self.closesFence(line.text, open) { fence = nil }
                index += 1
                continue
            }
            if let opened = Self.opensFence(line.text) {
                fence = opened
                pending.append(line)
                index += 1
                continue
            }
            if options.markdownInHTML, let container = htmlContainer(lines, at: index) {
                flush(&self)
                guard depth < Self.maximumDepth else {
                    tooDeep.append(TooDeep(line: line.number, kind: .containers))
                    index = container.closeIndex + 1
                    continue
                }
                let body = self.blocks(Array(lines[(index + 1)..<container.closeIndex]), columnOffset: columnOffset, depth: depth + 1)
                blocks.append(.htmlContainer(open: container.openTag, body: body, close: container.closeTag))
                index = container.closeIndex + 1
                continue
            }
            if line.indent == 0, let close = Self.rawHTMLEnd(lines, at: index) {
                // The raw element alone, so that the Markdown under it is read as Markdown.
                pending.append(contentsOf: lines[index...close])
                flush(&self)
                index = close + 1
                continue
            }
            if line.indent < 4, pending.last?.isBlank ?? true, ContainerList.marker(line.text) != nil,
               let list = ContainerList.scan(lines, at: index, options: options)
            {
                flush(&self)
                guard depth < Self.maximumDepth else {
                    tooDeep.append(TooDeep(line: line.number, kind: .lists))
                    index = list.end
                    continue
                }
                let items = list.items.map { item in
                    ListItem(blocks: self.blocks(item.body, columnOffset: columnOffset + 4, depth: depth + 1), task: item.task)
                }
                blocks.append(.list(ListBlock(isOrdered: list.isOrdered, start: list.start, isTight: false, items: items)))
                tabSetOpen = false
                index = list.end
                continue
            }
            if line.indent == 0, let marker = ContainerMarker(line.text, options: options) {
                flush(&self)
                var end = index + 1
                while end < lines.count, lines[end].isBlank || lines[end].indent >= 4 {
                    end += 1
                }
                while end > index + 1, lines[end - 1].isBlank {
                    end -= 1
                }
                guard depth < Self.maximumDepth else {
                    tooDeep.append(TooDeep(line: line.number, kind: .containers))
                    index = end
                    continue
                }
                let body = lines[(index + 1)..<end].map { $0.dedented(by: 4) }
                let content = self.blocks(body, columnOffset: columnOffset + 4, depth: depth + 1)
                switch marker {
                case .admonition(let style, let classes, let title):
                    let lowered = classes.map { $0.lowercased() }
                    let titleInlines: [Inline]?
                    if let title {
                        titleInlines = title.isEmpty ? nil : parseInline(title)
                    } else {
                        titleInlines = [.text(Self.capitalized(lowered[0]))]
                    }
                    blocks.append(.admonition(Admonition(style: style, classes: lowered, title: titleInlines, body: content, line: line.number)))
                    tabSetOpen = false
                case .tab(let label, let selected, let newSet):
                    let tab = TabbedSet.Tab(label: parseInline(label), body: content, isSelected: selected, line: line.number)
                    if tabSetOpen, !newSet, case .tabbedSet(var set) = blocks.last {
                        set.tabs.append(tab)
                        blocks[blocks.count - 1] = .tabbedSet(set)
                    } else {
                        blocks.append(.tabbedSet(TabbedSet(tabs: [tab])))
                    }
                    tabSetOpen = true
                }
                index = end
                continue
            }
            if options.definitionLists, line.indent < 4, let definitionText = Self.definitionText(line.text),
               let terms = Self.takeTerms(from: &pending, after: blocks)
            {
                let meaningful = pending.contains { !$0.isBlank }
                flush(&self)
                let (body, end, indentedBlocks) = Self.definitionBody(lines, at: index, firstText: definitionText)
                let content = self.blocks(body, columnOffset: columnOffset + 4, depth: depth + 1)
                let termInlines: [[Inline]] = terms.rawHTML ? terms.texts.map { [.html($0)] } : terms.texts.map { parseInline($0) }
                var definition = Definition(blocks: content, isTight: !terms.loose && !indentedBlocks)
                if !meaningful, case .definitionList(var list)? = blocks.last {
                    if termInlines.isEmpty, let previous = list.items.last?.definitions.last, !previous.isTight {
                        // A definition after a loose one, with no terms of its own, is loose too.
                        definition.isTight = false
                    }
                    if termInlines.isEmpty, !list.items.isEmpty {
                        list.items[list.items.count - 1].definitions.append(definition)
                    } else {
                        list.items.append(DefinitionItem(terms: termInlines, definitions: [definition]))
                    }
                    blocks[blocks.count - 1] = .definitionList(list)
                } else {
                    blocks.append(.definitionList(DefinitionList(items: [DefinitionItem(terms: termInlines, definitions: [definition])], line: terms.lines.first?.number ?? line.number)))
                }
                tabSetOpen = false
                index = end
                continue
            }
            pending.append(line)
            index += 1
        }
        flush(&self)
        return blocks
    }

    // MARK: Definition lists

    /// The text after a `def_list` marker: up to three spaces, `:`, one to three spaces.
    static func definitionText(_ text: Substring) -> Substring? {
        let rest = text.drop { $0 == " " }
        guard text.utf8.count - rest.utf8.count <= 3, rest.first == ":" else { return nil }
        let afterColon = rest.dropFirst()
        let spaces = afterColon.prefix { $0 == " " }.count
        guard (1...3).contains(spaces) else { return nil }
        return afterColon.dropFirst(spaces)
    }

    /// The terms of a definition starting now, as Python-Markdown's `def_list` finds them:
    /// the lines of the paragraph just before it (tight), or of the paragraph before the
    /// blank lines before it (loose); a raw HTML block there (`<!-- md:option -->`) is one
    /// loose term, as Python-Markdown reads it from the placeholder paragraph it stands for.
    /// The terms are taken out of `pending`. After a heading, or when adding to the
    /// definition list just made, the definition has no terms. `nil` when the line is no
    /// definition at all (a paragraph starting with a colon).
    private static func takeTerms(from pending: inout [SourceLine], after blocks: [Block]) -> (lines: [SourceLine], texts: [String], rawHTML: Bool, loose: Bool)? {
        let trailing = Array(pending.reversed().prefix { !$0.isBlank }.reversed())
        if !trailing.isEmpty {
            if trailing.allSatisfy(isPlainTextLine) {
                pending.removeLast(trailing.count)
                return (trailing, trailing.map { $0.text.trimmingWhitespace() }, false, false)
            }
            if isRawHTMLBlock(trailing) {
                pending.removeLast(trailing.count)
                return (trailing, [trailing.map { $0.text.trimmingWhitespace() }.joined(separator: "\n")], true, true)
            }
            // A heading ends its block in Python-Markdown: the definition follows it, termless.
            return isHeadingLine(trailing[trailing.count - 1]) ? ([], [], false, false) : nil
        }
        let blanks = pending.reversed().prefix { $0.isBlank }.count
        let paragraph = Array(pending.dropLast(blanks).reversed().prefix { !$0.isBlank }.reversed())
        if !paragraph.isEmpty {
            if paragraph.allSatisfy(isPlainTextLine) {
                pending.removeLast(blanks + paragraph.count)
                return (paragraph, paragraph.map { $0.text.trimmingWhitespace() }, false, true)
            }
            if isRawHTMLBlock(paragraph) {
                pending.removeLast(blanks + paragraph.count)
                return (paragraph, [paragraph.map { $0.text.trimmingWhitespace() }.joined(separator: "\n")], true, true)
            }
            return isHeadingLine(paragraph[paragraph.count - 1]) ? ([], [], false, false) : nil
        }
        if case .definitionList? = blocks.last { return ([], [], false, false) }
        return nil
    }

    /// Whether `lines` are one raw HTML block to Python-Markdown: a comment, or a block-level
    /// element, whole.
    private static func isRawHTMLBlock(_ lines: [SourceLine]) -> Bool {
        guard let first = lines.first, first.indent < 4 else { return false }
        let start = first.text.drop { $0 == " " }
        let end = lines[lines.count - 1].text.trimmingWhitespace()
        if start.hasPrefix("<!--") { return end.hasSuffix("-->") }
        let name = start.dropFirst().prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }.lowercased()
        return start.first == "<" && PythonBlockRules.blockLevelTags.contains(name) && end.hasSuffix(">")
    }

    private static func isHeadingLine(_ line: SourceLine) -> Bool {
        line.indent == 0 && line.text.first == "#"
    }

    /// Whether a line can be a term: not the start of a heading, list, quote, fence, table or
    /// HTML block, which Python-Markdown reads before definition lists (a line starting with
    /// an inline tag, `<span>`, is text).
    private static func isPlainTextLine(_ line: SourceLine) -> Bool {
        guard line.indent < 4 else { return false }
        let text = line.text.drop { $0 == " " }
        guard let first = text.first else { return false }
        if first == "<" { return PythonBlockRules.startsWithInlineTag(text) }
        if "#>|".contains(first) { return false }
        if "-*+".contains(first), text.dropFirst().first == " " { return false }
        let digits = text.prefix { $0.isNumber }
        if !digits.isEmpty, text.dropFirst(digits.count).first == ".", text.dropFirst(digits.count + 1).first == " " { return false }
        return opensFence(text) == nil
    }

    /// A definition's lines: its first line's text, then lazy lines of the same paragraph or
    /// lines indented by four (dedented), then indented blocks after blank lines, which also
    /// belong to it. Returns the lines, the index after them, and whether indented blocks
    /// followed (which makes the definition loose).
    private static func definitionBody(_ lines: [SourceLine], at index: Int, firstText: Substring) -> ([SourceLine], Int, Bool) {
        var body = [SourceLine(text: firstText, number: lines[index].number)]
        var end = index + 1
        if end < lines.count, !lines[end].isBlank, lines[end].indent < 4, definitionText(lines[end].text) == nil {
            while end < lines.count, !lines[end].isBlank, definitionText(lines[end].text) == nil {
                body.append(lines[end])
                end += 1
            }
        } else {
            while end < lines.count, !lines[end].isBlank, lines[end].indent >= 4 {
                body.append(lines[end].dedented(by: 4))
                end += 1
            }
        }
        var indentedBlocks = false
        while true {
            var next = end
            while next < lines.count, lines[next].isBlank { next += 1 }
            guard next > end, next < lines.count, lines[next].indent >= 4 else { break }
            body.append(contentsOf: lines[end..<next])
            end = next
            while end < lines.count, lines[end].isBlank || lines[end].indent >= 4 {
                if !lines[end].isBlank { indentedBlocks = true }
                body.append(lines[end].dedented(by: 4))
                end += 1
            }
            while end > next, lines[end - 1].isBlank {
                end -= 1
                body.removeLast()
            }
        }
        return (body, end, indentedBlocks)
    }

    private mutating func parseMarkdown(_ lines: [SourceLine], columnOffset: Int) -> [Block] {
        guard let first = lines.first, let last = lines.last else { return [] }
        let listed = PythonBlockRules.apply(lines, saneLists: options.saneLists, escapesAll: options.escapeAll != nil, placeholders: placeholders)
        let tabled = TableCodeSpans.protect(listed)
        let lines = early?.protect(tabled) ?? tabled
        var text = withoutInterruptingDefinitions(lines).map(\.text).joined(separator: "\n")
        let appendix = sharedDefinitions.appendix(for: text)
        if !appendix.isEmpty {
            text += "\n\n" + appendix
        }
        let parsed = CMarkConverter.parse(
            text,
            firstLine: first.number,
            columnOffset: columnOffset,
            lastOwnLine: last.number,
            features: CMarkFeatures(smartPunctuation: options.smarty, footnotes: options.footnotes, tildeIsSubscript: options.tilde, symbolLinks: options.symbolLinks)
        )
        footnotes.append(contentsOf: parsed.footnotes)
        tooDeep.append(contentsOf: parsed.tooDeep)
        return parsed.blocks
    }

    /// Inline Markdown of a title or label.
    private func parseInline(_ text: String) -> [Inline] {
        let parsed = CMarkConverter.parse(
            early?.inline(text) ?? text,
            firstLine: 1,
            columnOffset: 0,
            lastOwnLine: Int.max,
            features: CMarkFeatures(smartPunctuation: options.smarty, footnotes: false, tildeIsSubscript: options.tilde, symbolLinks: options.symbolLinks)
        )
        if case .paragraph(let inlines, _, _)? = parsed.blocks.first {
            return inlines
        }
        return [.text(text)]
    }

    static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst().lowercased()
    }

    // MARK: Fences

    static func opensFence(_ text: Substring) -> Fence? {
        Fence(opening: text)
    }

    static func closesFence(_ text: Substring, _ open: Fence) -> Bool {
        open.isClosed(by: text)
    }

    // MARK: Definitions shared across stretches

    /// `lines` with each reference definition that follows a non-blank line made blank.
    /// Python-Markdown takes `[label]: url` as a definition wherever a line of a block starts
    /// with it, and the block is split there; in CommonMark a definition cannot interrupt a
    /// paragraph, so cmark-gfm read the line as text (after a footnote, as the footnote's).
    /// The definition itself reaches cmark-gfm among the shared definitions.
    ///
    /// Lines of raw HTML are left as they are: a block that starts with a tag runs to the
    /// next blank line, and Python-Markdown keeps its text, `[label]: url` lines included.
    private func withoutInterruptingDefinitions(_ lines: [SourceLine]) -> [SourceLine] {
        guard !sharedDefinitions.referenceLines.isEmpty else { return lines }
        var result = lines
        var inHTML = false
        for index in result.indices {
            let line = result[index]
            if line.isBlank {
                inHTML = false
                continue
            }
            let startsBlock = index == 0 || result[index - 1].isBlank
            if startsBlock {
                inHTML = line.indent <= 3 && line.text.drop { $0 == " " }.first == "<"
            } else if !inHTML, sharedDefinitions.referenceLines.contains(line.number) {
                result[index] = SourceLine(text: "", number: line.number)
            }
        }
        return result
    }

    // MARK: md_in_html

    private struct HTMLContainer {
        var openTag: String
        var closeTag: String
        var closeIndex: Int
    }

    /// The tag name and attributes (without `markdown`) of a line that opens a `markdown`
    /// HTML container, such as `<div class="grid" markdown>`.
    private static func openingTag(_ text: Substring) -> (name: Substring, attributes: String)? {
        guard text.first == "<", text.last == ">", text.contains("markdown") else { return nil }
        let name = text.dropFirst().prefix { $0.isLetter || $0.isNumber }
        guard !name.isEmpty else { return nil }
        var attributes = String(text.dropFirst(1 + name.count).dropLast())
        for form in [" markdown=\"1\"", " markdown=\"block\"", " markdown=\"span\"", " markdown"] {
            if let range = attributes.range(of: form) {
                attributes.removeSubrange(range)
                return (name, attributes)
            }
        }
        return nil
    }

    /// Pairs every `markdown` container's opening line with its closing `</name>` line, by
    /// line number, counting nested elements of the same name (so `<div markdown>` inside
    /// `<div markdown>` closes at its own `</div>`). One pass over the page, skipping fenced
    /// code.
    private static func matchHTMLContainers(_ lines: [SourceLine]) -> [Int: Int] {
        var open: [(name: Substring, line: Int, markdown: Bool)] = []
        var closes: [Int: Int] = [:]
        var fence: Fence?
        for line in lines {
            let text = Substring(line.text.trimmingWhitespace())
            if let current = fence {
                if closesFence(text, current) { fence = nil }
                continue
            }
            if let opened = opensFence(text) {
                fence = opened
                continue
            }
            guard text.first == "<" else { continue }
            if text.hasPrefix("</"), text.last == ">" {
                let name = text.dropFirst(2).dropLast()
                guard let match = open.lastIndex(where: { $0.name == name }) else { continue }
                if open[match].markdown { closes[open[match].line] = line.number }
                open.removeSubrange(match...)
            } else if let tag = openingTag(text) {
                open.append((tag.name, line.number, true))
            } else {
                let name = text.dropFirst().prefix { $0.isLetter || $0.isNumber }
                let after = text.dropFirst(1 + name.count).first
                if !name.isEmpty, after == " " || after == ">", !text.hasSuffix("/>"), !text.contains("</\(name)>") {
                    open.append((name, line.number, false))
                }
            }
        }
        return closes
    }

    /// `<div markdown>` … `</div>` starting at `index`, with the `markdown` attribute removed.
    private func htmlContainer(_ lines: [SourceLine], at index: Int) -> HTMLContainer? {
        let line = lines[index]
        guard let closeNumber = htmlCloses[line.number], let tag = Self.openingTag(line.text) else { return nil }
        let closeIndex = index + (closeNumber - line.number)
        guard closeIndex < lines.count, lines[closeIndex].number == closeNumber else { return nil }
        return HTMLContainer(openTag: "<\(tag.name)\(tag.attributes)>", closeTag: "</\(tag.name)>", closeIndex: closeIndex)
    }
}
