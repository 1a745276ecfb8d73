import Foundation
/// Splits a page into the stretches cmark-gfm parses and the pymdown containers around
/// them, recursing into container bodies, and assembles the typed blocks.
///
/// cmark-gfm knows nothing of `!!!`, `???` and `===`; their bodies are indented, which
/// CommonMark would read as code. So containers are found here, line by line (skipping
/// fenced code), and only their dedented bodies go to cmark-gfm.
struct BlockScanner {
    let options: MarkdownOptions
    /// Reference and footnote definitions of the whole page, appended to every stretch so
    /// that a reference in a container resolves to a definition outside it.
    let sharedDefinitions: String
    var footnotes: [FootnoteDefinition] = []
    /// For each line (by number) that opens a `markdown` HTML container, the line that closes
    /// it: found once for the page, so nesting costs no re-scan per level.
    private let htmlCloses: [Int: Int]
    /// Containers nested deeper than ``maximumDepth``, by the line of the first one refused.
    private(set) var tooDeep: [Int] = []

    /// How deeply admonitions, tabs and `markdown` HTML blocks may nest. Python-Markdown
    /// itself stops near Python's recursion limit; real pages nest a handful of levels.
    static let maximumDepth = 100

    init(options: MarkdownOptions, allLines: [SourceLine]) {
        self.options = options
        htmlCloses = options.markdownInHTML ? Self.matchHTMLContainers(allLines) : [:]
        let definitions = Self.definitions(in: allLines)
        // cmark-gfm drops footnote definitions nobody references, so every stretch ends
        // with a paragraph that references them all; that paragraph lies past the stretch's
        // own lines and is dropped from the result.
        let labels = definitions.split(separator: "\n").compactMap(footnoteLabel)
        var shared = definitions
        if !labels.isEmpty {
            shared += "\n\n" + labels.map { "[^\($0)]" }.joined(separator: " ")
        }
        self.sharedDefinitions = shared
    }

    mutating func blocks(_ lines: [SourceLine], columnOffset: Int, depth: Int = 0) -> [Block] {
        var blocks: [Block] = []
        var pending: [SourceLine] = []
        var fence: (character: Character, length: Int)?
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
                    tooDeep.append(line.number)
                    index = container.closeIndex + 1
                    continue
                }
                let body = self.blocks(Array(lines[(index + 1)..<container.closeIndex]), columnOffset: columnOffset, depth: depth + 1)
                blocks.append(.htmlContainer(open: container.openTag, body: body, close: container.closeTag))
                index = container.closeIndex + 1
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
                    tooDeep.append(line.number)
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
            pending.append(line)
            index += 1
        }
        flush(&self)
        return blocks
    }

    private mutating func parseMarkdown(_ lines: [SourceLine], columnOffset: Int) -> [Block] {
        guard let first = lines.first, let last = lines.last else { return [] }
        var text = lines.map(\.text).joined(separator: "\n")
        if !sharedDefinitions.isEmpty {
            text += "\n\n" + sharedDefinitions
        }
        let parsed = CMarkConverter.parse(
            text,
            firstLine: first.number,
            columnOffset: columnOffset,
            lastOwnLine: last.number,
            features: CMarkFeatures(smartPunctuation: options.smarty, footnotes: options.footnotes, tildeIsSubscript: options.tilde)
        )
        footnotes.append(contentsOf: parsed.footnotes)
        tooDeep.append(contentsOf: parsed.tooDeep)
        return parsed.blocks
    }

    /// Inline Markdown of a title or label.
    private func parseInline(_ text: String) -> [Inline] {
        let parsed = CMarkConverter.parse(
            text,
            firstLine: 1,
            columnOffset: 0,
            lastOwnLine: Int.max,
            features: CMarkFeatures(smartPunctuation: options.smarty, footnotes: false, tildeIsSubscript: options.tilde)
        )
        if case .paragraph(let inlines, _)? = parsed.blocks.first {
            return inlines
        }
        return [.text(text)]
    }

    static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst().lowercased()
    }

    // MARK: Fences

    static func opensFence(_ text: Substring) -> (character: Character, length: Int)? {
        let trimmed = text.drop { $0 == " " }
        guard let character = trimmed.first, character == "`" || character == "~" else { return nil }
        let length = trimmed.prefix { $0 == character }.count
        guard length >= 3 else { return nil }
        if character == "`", trimmed.dropFirst(length).contains("`") { return nil }
        return (character, length)
    }

    static func closesFence(_ text: Substring, _ open: (character: Character, length: Int)) -> Bool {
        let trimmed = text.trimmingWhitespace()
        return trimmed.count >= open.length && trimmed.allSatisfy { $0 == open.character }
    }

    // MARK: Definitions shared across stretches

    /// Link reference definitions and footnote definitions (with their indented
    /// continuation lines) anywhere in the page, outside fenced code.
    static func definitions(in lines: [SourceLine]) -> String {
        var collected: [Substring] = []
        var fence: (character: Character, length: Int)?
        var inFootnote = false
        for line in lines {
            if let open = fence {
                if closesFence(line.text, open) { fence = nil }
                continue
            }
            if let opened = opensFence(line.text) {
                fence = opened
                inFootnote = false
                continue
            }
            let trimmed = line.text.drop { $0 == " " }
            if inFootnote, line.isBlank || line.indent >= 4 {
                collected.append(line.text)
                continue
            }
            inFootnote = false
            guard trimmed.first == "[", let close = trimmed.firstIndex(of: "]"),
                  trimmed[trimmed.index(after: close)...].first == ":", line.indent <= 3 else { continue }
            collected.append(line.text)
            inFootnote = trimmed.dropFirst().first == "^"
        }
        return collected.joined(separator: "\n")
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
        var fence: (character: Character, length: Int)?
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
