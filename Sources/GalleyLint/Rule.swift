// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyMarkdown

/// A parameter value as a style file writes it: `3`, `true`, `'.,;:!'` or `:atx`.
package enum ParameterValue: Sendable, Equatable, CustomStringConvertible {
    case integer(Int)
    case boolean(Bool)
    case string(String)
    case symbol(String)
    /// An array (or several values given to one setting), as `.mdlrc`'s `rules` takes.
    case list([ParameterValue])

    package var description: String {
        switch self {
        case .list(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .integer(let value): String(value)
        case .boolean(let value): String(value)
        case .string(let value): "'\(value)'"
        case .symbol(let value): ":\(value)"
        }
    }

    /// The value as text, whether written as a string or a symbol.
    var text: String {
        switch self {
        case .integer(let value): String(value)
        case .boolean(let value): String(value)
        case .string(let value), .symbol(let value): value
        case .list(let items): items.map(\.text).joined(separator: ",")
        }
    }
}

/// A rule's parameters: its defaults, with what the style set on top.
package struct RuleParameters: Sendable, Equatable {
    package var values: [String: ParameterValue]

    func integer(_ name: String) -> Int {
        if case .integer(let value) = values[name] { return value }
        return Int(values[name]?.text ?? "") ?? 0
    }

    func boolean(_ name: String) -> Bool {
        if case .boolean(let value) = values[name] { return value }
        return values[name]?.text == "true"
    }

    func text(_ name: String) -> String {
        values[name]?.text ?? ""
    }

    /// The parameter's name when it is a symbol (`:atx`), nil when it is anything else: mdl
    /// compares its style parameters with symbols, which a string (`'atx'`) never equals, so
    /// a style written as a string flags everything (or, in a `case`, nothing).
    func symbol(_ name: String) -> String? {
        if case .symbol(let value) = values[name] { return value }
        return nil
    }
}

/// One lint rule: mdl's identity for it (id, description, tags, aliases, parameters) and
/// the check that returns the offending lines, in the order mdl reports them.
package struct Rule: Sendable {
    package var id: String
    package var description: String
    package var tags: [String]
    package var aliases: [String]
    package var defaults: [String: ParameterValue]
    /// Where the rule is explained, as mdl links it.
    package let documentationURL: String
    let check: @Sendable (LintDocument, RuleParameters) -> [Int]

    init(_ id: String, _ description: String, tags: [String], aliases: [String], defaults: [String: ParameterValue] = [:],
         check: @escaping @Sendable (LintDocument, RuleParameters) -> [Int]) {
        self.id = id
        self.description = description
        self.tags = tags
        self.aliases = aliases
        self.defaults = defaults
        self.check = check
        self.documentationURL = Self.documentationURL(id: id, description: description)
    }

    static func documentationURL(id: String, description: String) -> String {
        // Every run of characters other than a to z becomes one dash.
        var slug = ""
        for character in description.lowercased() {
            if ("a"..."z").contains(character) {
                slug.append(character)
            } else if !slug.hasSuffix("-") || slug.isEmpty {
                slug.append("-")
            }
        }
        return "https://github.com/markdownlint/markdownlint/blob/master/docs/RULES.md#\(id.lowercased())---\(slug)"
    }
}

/// A parsed file and the questions the rules ask of it.
package struct LintDocument: Sendable {
    package var source: LintSource
    package var tree: LintTree

    package init(_ source: LintSource) {
        self.source = source
        self.tree = LintTreeBuilder.build(source)
    }

    /// The lines as written.
    var lines: [String] { source.lines }

    /// The line an element starts on, as parsed.
    func elementLine(_ index: Int) -> String {
        line(tree.nodes[index].line)
    }

    func line(_ number: Int) -> String {
        number >= 1 && number <= source.structureLines.count ? source.structureLines[number - 1] : ""
    }

    /// Leading whitespace width, a tab counting 8.
    static func indent(of line: String) -> Int {
        var width = 0
        for character in line {
            if character == " " { width += 1 } else if character == "\t" { width += 8 } else if character.isRubySpace { width += 1 } else { break }
        }
        return width
    }

    /// Lines (from 1) of the written text whose content satisfies `predicate`.
    func matchingLines(_ predicate: (String) -> Bool) -> [Int] {
        lines.indices.filter { predicate(lines[$0]) }.map { $0 + 1 }
    }

    /// Lines of every code block, as mdl counts them: the start through as many more lines
    /// as the content has.
    func codeBlockLines() -> Set<Int> {
        var result = Set<Int>()
        for index in tree.all(.codeBlock) {
            let node = tree.nodes[index]
            let count = node.value.isEmpty ? 0 : node.value.split(separator: "\n", omittingEmptySubsequences: false).count - (node.value.hasSuffix("\n") ? 1 : 0)
            result.formUnion(node.line...(node.line + count))
        }
        return result
    }

    /// Lines of text elements (outside links) that satisfy `predicate`.
    func matchingTextLines(_ predicate: (Substring) -> Bool) -> [Int] {
        var result: [Int] = []
        for index in tree.nodes.indices where tree.nodes[index].kind == .text && tree.nodes[index].line > 0 && !tree.isInside(index, .link) {
            let node = tree.nodes[index]
            var offset = 0
            for text in node.value.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
                if predicate(Substring(text)) { result.append(node.line + offset) }
                offset += 1
            }
        }
        return result
    }

    enum HeaderStyle: String {
        case atx, atxClosed = "atx_closed", setext
    }

    func headerStyle(_ index: Int) -> HeaderStyle {
        let text = elementLine(index)
        guard text.hasPrefix("#") else { return .setext }
        return text.trimmingRubySpace().hasSuffix("#") ? .atxClosed : .atx
    }

    /// mdl's `extract_text`: the values of text children and the text of strong, emphasis,
    /// paragraph and code span children (and quotes for smart quotes), split into lines
    /// as Ruby's `split("\n")` splits. With `restoringWhitespace`, each element's first line
    /// is its whole source line instead, with `removing` applied, as mdl does at every level.
    func extractedText(_ index: Int, removing prefix: (Substring) -> Substring = { $0 }, restoringWhitespace: Bool = true) -> [String] {
        var text = ""
        for child in tree.nodes[index].children {
            let node = tree.nodes[child]
            switch node.kind {
            case .text, .smartQuote: text += node.value
            case .strong, .emphasis, .paragraph, .codeSpan:
                text += extractedText(child, removing: prefix, restoringWhitespace: restoringWhitespace).joined(separator: "\n")
            default: break
            }
        }
        // Split at the byte, as Ruby's `split("\n")` does (a "\r\n" Character would not split),
        // and without walking the text Character by Character.
        var lines = text.linesAtNewlineBytes().map(String.init)
        while lines.last?.isEmpty == true { lines.removeLast() }
        if restoringWhitespace {
            let first = String(prefix(Substring(elementLine(index))))
            if lines.isEmpty { lines = [first] } else { lines[0] = first }
        }
        return lines
    }
}

extension Character {
    /// Ruby's `\s`: space, tab, and the line and page breaks.
    var isRubySpace: Bool {
        self == " " || self == "\t" || self == "\n" || self == "\r" || self == "\u{0B}" || self == "\u{0C}" || self == "\r\n"
    }
}

/// A line's bytes without Ruby's surrounding whitespace (and NULs), as `String#strip` leaves them.
func strippedBytes(_ line: String) -> ArraySlice<UInt8> {
    let bytes = Array(line.utf8)
    var start = 0, end = bytes.count
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) || byte == 0 }
    while start < end, isSpace(bytes[start]) { start += 1 }
    while end > start, isSpace(bytes[end - 1]) { end -= 1 }
    return bytes[start..<end]
}

extension StringProtocol {
    func trimmingRubySpace() -> String {
        var slice = Substring(self)
        while let first = slice.first, first.isRubySpace || first == "\0" { slice = slice.dropFirst() }
        while let last = slice.last, last.isRubySpace || last == "\0" { slice = slice.dropLast() }
        return String(slice)
    }
}
