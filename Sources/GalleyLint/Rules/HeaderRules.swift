// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
extension Rule {
    static let headerRules: [Rule] = [
        Rule("MD001", "Header levels should only increment by one level at a time", tags: ["headers"], aliases: ["header-increment"]) { document, _ in
            var previous: Int?
            var errors: [Int] = []
            for index in document.tree.all(.header) {
                let node = document.tree.nodes[index]
                if let previous, node.level > previous + 1 { errors.append(node.line) }
                previous = node.level
            }
            return errors
        },
        Rule("MD002", "First header should be a top level header", tags: ["headers"], aliases: ["first-header-h1"], defaults: ["level": .integer(1)]) { document, parameters in
            guard let first = document.tree.all(.header).first, document.tree.nodes[first].level != parameters.integer("level") else { return [] }
            return [document.tree.nodes[first].line]
        },
        Rule("MD003", "Header style", tags: ["headers"], aliases: ["header-style"], defaults: ["style": .symbol("consistent")]) { document, parameters in
            let headers = document.tree.all(.header, nested: false)
            guard let first = headers.first else { return [] }
            // A string never equals the header styles mdl compares it with: every header fails.
            guard let style = parameters.symbol("style") else { return headers.map { document.tree.nodes[$0].line } }
            let wanted = style == "consistent" ? document.headerStyle(first).rawValue : style
            return headers.filter { index in
                let actual = document.headerStyle(index)
                if wanted == "setext_with_atx" {
                    return !(actual == .setext || (actual == .atx && document.tree.nodes[index].level > 2))
                }
                return actual.rawValue != wanted
            }.map { document.tree.nodes[$0].line }
        },
        Rule("MD018", "No space after hash on atx style header", tags: ["headers", "atx", "spaces"], aliases: ["no-missing-space-atx"]) { document, _ in
            document.tree.all(.header).filter { index in
                document.headerStyle(index) == .atx && Self.hashesThen(document.elementLine(index)) { $0 != "#" && !$0.isRubySpace }
            }.map { document.tree.nodes[$0].line }
        },
        Rule("MD019", "Multiple spaces after hash on atx style header", tags: ["headers", "atx", "spaces"], aliases: ["no-multiple-space-atx"]) { document, _ in
            document.tree.all(.header).filter { index in
                document.headerStyle(index) == .atx && Self.hashesThenTwoSpaces(document.elementLine(index))
            }.map { document.tree.nodes[$0].line }
        },
        Rule("MD020", "No space inside hashes on closed atx style header", tags: ["headers", "atx_closed", "spaces"], aliases: ["no-missing-space-closed-atx"]) { document, _ in
            document.tree.all(.header).filter { index in
                let line = document.elementLine(index)
                guard document.headerStyle(index) == .atxClosed else { return false }
                if Self.hashesThen(line, { $0 != "#" && !$0.isRubySpace }) { return true }
                // `[^#\s\\]#+$`: text right before the closing hashes.
                let beforeClosing = line.reversed().drop { $0 == "#" }
                return line.hasSuffix("#") && beforeClosing.first.map { !$0.isRubySpace && $0 != "\\" } == true
            }.map { document.tree.nodes[$0].line }
        },
        Rule("MD021", "Multiple spaces inside hashes on closed atx style header", tags: ["headers", "atx_closed", "spaces"], aliases: ["no-multiple-space-closed-atx"]) { document, _ in
            document.tree.all(.header).filter { index in
                let line = document.elementLine(index)
                guard document.headerStyle(index) == .atxClosed else { return false }
                if Self.hashesThenTwoSpaces(line) { return true }
                let beforeClosing = Array(line.reversed().drop { $0 == "#" }.prefix(2))
                return line.hasSuffix("#") && beforeClosing.count == 2 && beforeClosing.allSatisfy(\.isRubySpace)
            }.map { document.tree.nodes[$0].line }
        },
        Rule("MD022", "Headers should be surrounded by blank lines", tags: ["headers", "blank_lines"], aliases: ["blanks-around-headers"]) { document, _ in
            var errors: [Int] = []
            let lines = document.lines
            for index in document.tree.all(.header, nested: false) {
                let number = document.tree.nodes[index].line
                var bad = number > 1 && number - 2 < lines.count && !lines[number - 2].isEmpty && !document.source.containerLines.contains(number - 1)
                let next = document.headerStyle(index) == .setext ? number + 1 : number
                if next < lines.count, !lines[next].isEmpty { bad = true }
                if bad { errors.append(number) }
            }
            // Header-like lines inside paragraphs, which mdl's parser leaves as text.
            for index in document.tree.all(.paragraph, nested: false) {
                var number = document.tree.nodes[index].line
                var bytes: [UInt8] = []
                for child in document.tree.children(index, .text) { bytes += document.tree.nodes[child].value.utf8 }
                guard bytes.contains(UInt8(ascii: "#")) || bytes.contains(UInt8(ascii: "-")) || bytes.contains(UInt8(ascii: "=")) else { continue }
                var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
                if bytes.last == 0x0A { lines.removeLast() }
                // Whether each of the two lines before is empty.
                var previousEmpty = (true, true)
                for line in lines {
                    if line.first == UInt8(ascii: "#"), !previousEmpty.1 { errors.append(number) }
                    if Self.isUnderline(line), !previousEmpty.0 { errors.append(number - 1) }
                    number += 1
                    previousEmpty = (previousEmpty.1, line.isEmpty)
                }
            }
            return errors.sorted()
        },
        Rule("MD023", "Headers must start at the beginning of the line", tags: ["headers", "spaces"], aliases: ["header-start-left"]) { document, _ in
            var errors: [Int] = []
            for index in document.tree.all(.header, nested: false) where document.elementLine(index).first?.isRubySpace == true {
                errors.append(document.tree.nodes[index].line)
            }
            // Indented header-like lines that kramdown keeps as paragraph text.
            for index in document.tree.all(.paragraph, nested: false) {
                var number = document.tree.nodes[index].line
                var previous = ""
                for line in document.extractedText(index) {
                    let indent = line.prefix { $0.isRubySpace }
                    let rest = line.dropFirst(indent.count)
                    if !indent.isEmpty, rest.hasPrefix("#") { errors.append(number) }
                    if !indent.isEmpty, Self.isUnderline(ArraySlice(rest.utf8)), !previous.isEmpty { errors.append(number - 1) }
                    number += 1
                    previous = line
                }
            }
            return errors.sorted()
        },
        Rule("MD024", "Multiple headers with the same content", tags: ["headers"], aliases: ["no-duplicate-header"], defaults: ["allow_different_nesting": .boolean(false)]) { document, parameters in
            let headers = document.tree.all(.header).map { document.tree.nodes[$0] }
            let allowNesting = parameters.boolean("allow_different_nesting")
            var duplicates = Set<Int>()
            // A header repeats an earlier one of the same text (at another level, with
            // `allow_different_nesting`). The first line of each text at each level is all
            // that decides it; comparing with every earlier header made a page of 40,000
            // headers take seconds.
            var firstLines: [String: [Int: Int]] = [:]
            for (position, header) in headers.enumerated() {
                let earlier = firstLines[header.value, default: [:]]
                if earlier.contains(where: { $0.value < header.line && (!allowNesting || $0.key != header.level) }) {
                    duplicates.insert(position)
                }
                firstLines[header.value, default: [:]][header.level] = min(earlier[header.level] ?? .max, header.line)
            }
            if allowNesting {
                var stack: [[String]] = []
                var current = 0
                for (position, header) in headers.enumerated() {
                    if current > header.level {
                        // Headers that climb past the first one's level empty the stack; Ruby's
                        // `pop` then answers nil, where `removeLast` would trap.
                        _ = stack.popLast()
                    } else if current < header.level {
                        stack.append([header.value])
                    } else if stack.last?.contains(header.value) == true {
                        duplicates.insert(position)
                    }
                    current = header.level
                }
            }
            return duplicates.sorted().map { headers[$0].line }
        },
        Rule("MD025", "Multiple top level headers in the same document", tags: ["headers"], aliases: ["single-h1"], defaults: ["level": .integer(1)]) { document, parameters in
            let headers = document.tree.all(.header, nested: false).filter { document.tree.nodes[$0].level == parameters.integer("level") }
            guard let first = headers.first, document.tree.nodes[first].line == 1 else { return [] }
            return headers.dropFirst().map { document.tree.nodes[$0].line }
        },
        Rule("MD026", "Trailing punctuation in header", tags: ["headers"], aliases: ["no-trailing-punctuation"], defaults: ["punctuation": .string(".,;:!?")]) { document, parameters in
            let punctuation = Set(parameters.text("punctuation"))
            return document.tree.all(.header).filter { index in
                document.tree.nodes[index].value.last.map { punctuation.contains($0) } == true
            }.map { document.tree.nodes[$0].line }
        },
        Rule("MD036", "Emphasis used instead of a header", tags: ["headers", "emphasis"], aliases: ["no-emphasis-as-header"], defaults: ["punctuation": .string(".,;:!?")]) { document, parameters in
            let punctuation = Set(parameters.text("punctuation"))
            return document.tree.all(.paragraph, nested: false).filter { index in
                let children = document.tree.nodes[index].children
                guard children.count == 1, [.emphasis, .strong].contains(document.tree.nodes[children[0]].kind) else { return false }
                let lines = document.extractedText(children[0], restoringWhitespace: false)
                guard lines.count == 1 else { return false }
                return lines[0].last.map { !punctuation.contains($0) } ?? false
            }.map { document.tree.nodes[$0].line }
        },
        Rule("MD041", "First line in file should be a top level header", tags: ["headers"], aliases: ["first-line-h1"], defaults: ["level": .integer(1)]) { document, parameters in
            guard let first = document.tree.all(.header).first else { return [1] }
            let node = document.tree.nodes[first]
            return node.line != 1 || node.level != parameters.integer("level") ? [1] : []
        },
    ]

    /// `^#+` followed by a character that satisfies `next`.
    static func hashesThen(_ line: String, _ next: (Character) -> Bool) -> Bool {
        guard line.hasPrefix("#") else { return false }
        return line.drop { $0 == "#" }.first.map(next) ?? false
    }

    /// `^#+\s\s`.
    static func hashesThenTwoSpaces(_ line: String) -> Bool {
        guard line.hasPrefix("#") else { return false }
        let rest = Array(line.drop { $0 == "#" }.prefix(2))
        return rest.count == 2 && rest.allSatisfy(\.isRubySpace)
    }

    /// `^(-+|=+)\s*$` on bytes.
    static func isUnderline(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "=") else { return false }
        return line.drop { $0 == first }.allSatisfy { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }
    }
}
