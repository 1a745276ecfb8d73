// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
extension Rule {
    static let listRules: [Rule] = [
        Rule("MD004", "Unordered list style", tags: ["bullet", "ul"], aliases: ["ul-style"], defaults: ["style": .symbol("consistent")]) { document, parameters in
            let bullets = document.tree.all(.unorderedList).flatMap { document.tree.children($0, .item) }
            guard let first = bullets.first else { return [] }
            // A string never equals the list styles mdl compares it with: every bullet fails.
            guard let style = parameters.symbol("style") else { return bullets.map { document.tree.nodes[$0].line } }
            var errors: [Int] = []
            if style == "sublist" {
                var byLevel: [Int: String] = [:]
                for bullet in bullets {
                    let level = document.tree.nodes[bullet].depth
                    let actual = Self.listStyle(document.elementLine(bullet))
                    if let expected = byLevel[level] {
                        if expected != actual { errors.append(document.tree.nodes[bullet].line) }
                    } else {
                        byLevel[level] = actual
                    }
                }
                return errors
            }
            let wanted = style == "consistent" ? Self.listStyle(document.elementLine(first)) : style
            return bullets.filter { Self.listStyle(document.elementLine($0)) != wanted }.map { document.tree.nodes[$0].line }
        },
        Rule("MD005", "Inconsistent indentation for list items at the same level", tags: ["bullet", "ul", "indentation"], aliases: ["list-indent"]) { document, _ in
            var levels: [Int: Int] = [:]
            var errors: [Int] = []
            for item in document.tree.all(.item) {
                let node = document.tree.nodes[item]
                let indent = LintDocument.indent(of: document.elementLine(item))
                let expected = levels[node.depth] ?? indent
                levels[node.depth] = expected
                if indent != expected { errors.append(node.line) }
            }
            return errors
        },
        Rule("MD006", "Consider starting bulleted lists at the beginning of the line", tags: ["bullet", "ul", "indentation"], aliases: ["ul-start-left"]) { document, _ in
            document.tree.all(.unorderedList, nested: false).filter { LintDocument.indent(of: document.elementLine($0)) != 0 }.map { document.tree.nodes[$0].line }
        },
        Rule("MD007", "Unordered list indentation", tags: ["bullet", "ul", "indentation"], aliases: ["ul-indent"], defaults: ["indent": .integer(3)]) { document, parameters in
            let lists = document.tree.all(.unorderedList)
            guard let first = lists.first else { return [] }
            var current = LintDocument.indent(of: document.elementLine(first))
            var errors: [Int] = []
            for list in lists {
                let indent = LintDocument.indent(of: document.elementLine(list))
                if indent > current, indent - current != parameters.integer("indent") { errors.append(document.tree.nodes[list].line) }
                current = indent
            }
            return errors
        },
        Rule("MD029", "Ordered list item prefix", tags: ["ol"], aliases: ["ol-prefix"], defaults: ["style": .symbol("one")]) { document, parameters in
            var errors: [Int] = []
            // mdl's `case` on the symbol: a string (or any other value) matches no branch.
            let ordered = parameters.symbol("style") == "ordered"
            guard ordered || parameters.symbol("style") == "one" else { return [] }
            for list in document.tree.all(.orderedList) {
                for (position, item) in document.tree.children(list, .item).enumerated() {
                    let prefix = ordered ? "\(position + 1). " : "1. "
                    if !document.elementLine(item).trimmingRubySpace().hasPrefix(prefix) { errors.append(document.tree.nodes[item].line) }
                }
            }
            return errors
        },
        Rule("MD030", "Spaces after list markers", tags: ["ol", "ul", "whitespace"], aliases: ["list-marker-space"],
             defaults: ["ul_single": .integer(1), "ol_single": .integer(1), "ul_multi": .integer(1), "ol_multi": .integer(1)]) { document, parameters in
            var errors: [Int] = []
            for list in document.tree.nodes.indices where [.unorderedList, .orderedList].contains(document.tree.nodes[list].kind) {
                let items = document.tree.children(list, .item)
                let multi = items.contains { document.tree.nodes[$0].children.count > 1 }
                let kind = document.tree.nodes[list].kind == .unorderedList ? "ul" : "ol"
                let required = parameters.integer("\(kind)_\(multi ? "multi" : "single")")
                for item in items {
                    var line = Substring(document.elementLine(item))
                    if line.isEmpty { continue }
                    if line.hasPrefix("> ") { line = line.dropFirst(2) }
                    let marker = line.drop { $0.isRubySpace }.drop { !$0.isRubySpace }
                    let spaces = marker.prefix { $0.isRubySpace }.count
                    if spaces != required { errors.append(document.tree.nodes[item].line) }
                }
            }
            return errors
        },
        Rule("MD032", "Lists should be surrounded by blank lines", tags: ["bullet", "ul", "ol", "blank_lines"], aliases: ["blanks-around-lists"]) { document, _ in
            var errors: [Int] = []
            var inList = false
            var fence = FenceTracker()
            var previous = ""
            for (offset, line) in document.source.structureLines.enumerated() {
                let stripped = strippedBytes(line)
                if stripped.elementsEqual("{:toc}".utf8) { continue }
                if !fence.inCode {
                    let marker = Self.startsWithListMarker(stripped)
                    if marker, !inList, !(previous.isEmpty || previous.first!.isRubySpace || document.source.containerLines.contains(offset)) {
                        errors.append(offset + 1)
                    } else if !marker, inList, !(line.isEmpty || line.first!.isRubySpace) {
                        errors.append(offset)
                    }
                    inList = marker
                }
                if fence.toggles(stripped) { inList = false }
                previous = line
            }
            var seen = Set<Int>()
            return errors.filter { seen.insert($0).inserted }
        },
    ]

    /// `*`, `+`, `-` or digits and a dot, then whitespace.
    static func startsWithListMarker(_ stripped: ArraySlice<UInt8>) -> Bool {
        var rest = stripped
        if let first = rest.first, first == UInt8(ascii: "*") || first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            rest = rest.dropFirst()
        } else {
            let digits = rest.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
            guard digits > 0, rest.dropFirst(digits).first == UInt8(ascii: ".") else { return false }
            rest = rest.dropFirst(digits + 1)
        }
        guard let next = rest.first else { return false }
        return next == 0x20 || (next >= 0x09 && next <= 0x0D)
    }

    /// mdl's list style of an item's line.
    static func listStyle(_ line: String) -> String {
        var text = Substring(line.trimmingRubySpace())
        if text.hasPrefix(">") {
            let afterQuote = text.dropFirst().prefix { $0.isRubySpace }
            if !afterQuote.isEmpty { text = text.dropFirst(1 + afterQuote.count) }
        }
        if text.hasPrefix("*") { return "asterisk" }
        if text.hasPrefix("+") { return "plus" }
        if text.hasPrefix("-") { return "dash" }
        // `match('[0-9]+\.')` and `match('[0-9]+\)')`: anywhere in the line.
        let bytes = Array(text.utf8)
        func digitsThen(_ mark: UInt8) -> Bool {
            bytes.indices.contains { $0 > 0 && bytes[$0] == mark && RubyBytes.isDigit(bytes[$0 - 1]) }
        }
        if digitsThen(0x2E) { return "ordered" }
        if digitsThen(0x29) { return "ordered_paren" }
        return "unknown"
    }
}

/// mdl's line-level fence tracking: a run of three or more backticks or tildes opens a
/// block, and a run starting with the same fence closes it.
struct FenceTracker {
    private(set) var inCode = false
    private var fence = ""

    /// Whether `stripped` (a line without surrounding whitespace) opens or closes a block.
    mutating func toggles(_ stripped: ArraySlice<UInt8>) -> Bool {
        guard let first = stripped.first, first == UInt8(ascii: "`") || first == UInt8(ascii: "~") else { return false }
        let run = String(decoding: stripped.prefix { $0 == first }, as: UTF8.self)
        guard run.count >= 3 else { return false }
        if inCode, !run.hasPrefix(fence) { return false }
        fence = inCode ? "" : run
        inCode.toggle()
        return true
    }
}
