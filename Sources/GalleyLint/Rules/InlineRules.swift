// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
extension Rule {
    static let inlineRules: [Rule] = [
        Rule("MD011", "Reversed link syntax", tags: ["links"], aliases: ["no-reversed-links"]) { document, _ in
            document.matchingTextLines(Self.hasReversedLink)
        },
        Rule("MD033", "Inline HTML", tags: ["html"], aliases: ["no-inline-html"]) { document, _ in
            var lines = document.tree.nodes.indices.filter { document.tree.nodes[$0].kind == .html }.map { document.tree.nodes[$0].line }
            // A container title with a tag in it (mkdocs mode), at its place in line order.
            for (line, title) in document.source.containerTitles.sorted(by: { $0.key < $1.key }) {
                let bytes = Array(title.utf8)
                if bytes.indices.contains(where: { bytes[$0] == 0x3C && KramdownHTML.tag(bytes, at: $0) != nil }) { lines.append(line) }
            }
            return document.source.containerTitles.isEmpty ? lines : lines.sorted()
        },
        Rule("MD034", "Bare URL used", tags: ["links", "url"], aliases: ["no-bare-urls"]) { document, _ in
            document.matchingTextLines(Self.hasURL)
        },
        Rule("MD035", "Horizontal rule style", tags: ["hr"], aliases: ["hr-style"], defaults: ["style": .symbol("consistent")]) { document, parameters in
            let rules = document.tree.all(.rule)
            guard let first = rules.first else { return [] }
            // `:consistent` takes the first rule's line; a string is the line wanted (`'---'`);
            // any other symbol is never equal to a line, so every rule fails.
            let symbol = parameters.symbol("style")
            let wanted: String? = symbol == "consistent" ? document.elementLine(first) : symbol == nil ? parameters.text("style") : nil
            return rules.filter { document.elementLine($0) != wanted }.map { document.tree.nodes[$0].line }
        },
        Rule("MD037", "Spaces inside emphasis markers", tags: ["whitespace", "emphasis"], aliases: ["no-space-in-emphasis"]) { document, _ in
            Array(Set(document.matchingTextLines(Self.hasSpaceInsideEmphasis))).sorted()
        },
        Rule("MD038", "Spaces inside code span elements", tags: ["whitespace", "code"], aliases: ["no-space-in-code"]) { document, _ in
            document.tree.all(.codeSpan).filter { index in
                let node = document.tree.nodes[index]
                // `(^\s|\s$)` on a span without a newline.
                guard let first = node.value.utf8.first, let last = node.value.utf8.last, !node.value.utf8.contains(0x0A) else { return false }
                return RubyBytes.isSpace(first) || RubyBytes.isSpace(last)
            }.map { document.tree.nodes[$0].line }
        },
        Rule("MD039", "Spaces inside link text", tags: ["whitespace", "links"], aliases: ["no-space-in-links"]) { document, _ in
            document.tree.all(.link).filter { index in
                let children = document.tree.nodes[index].children
                guard let first = children.first, let last = children.last,
                      document.tree.nodes[first].kind == .text, document.tree.nodes[last].kind == .text else { return false }
                return document.tree.nodes[first].value.hasPrefix(" ") || document.tree.nodes[last].value.hasSuffix(" ")
            }.map { document.tree.nodes[$0].line }
        },
    ]

    /// `https?://`.
    static func hasURL(_ text: Substring) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 7 else { return false }
        for index in 0...(bytes.count - 7) where bytes[index] == UInt8(ascii: "h") {
            guard bytes[index + 1] == UInt8(ascii: "t"), bytes[index + 2] == UInt8(ascii: "t"), bytes[index + 3] == UInt8(ascii: "p") else { continue }
            var next = index + 4
            if next < bytes.count, bytes[next] == UInt8(ascii: "s") { next += 1 }
            if next + 3 <= bytes.count, bytes[next] == UInt8(ascii: ":"), bytes[next + 1] == UInt8(ascii: "/"), bytes[next + 2] == UInt8(ascii: "/") { return true }
        }
        return false
    }

    /// `\([^)]+\)\[[^\]]+\]`.
    static func hasReversedLink(_ text: Substring) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: ")")) else { return false }
        var index = 0
        while index < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "(") else { continue }
            var close = index + 1
            while close < bytes.count, bytes[close] != UInt8(ascii: ")") { close += 1 }
            guard close < bytes.count, close > index + 1, close + 1 < bytes.count, bytes[close + 1] == UInt8(ascii: "[") else { continue }
            var end = close + 2
            while end < bytes.count, bytes[end] != UInt8(ascii: "]") { end += 1 }
            if end < bytes.count, end > close + 2 { return true }
        }
        return false
    }

    /// `\s(\*\*?|__?)\s.+\1` or `(\*\*?|__?).+\s\1\s`.
    static func hasSpaceInsideEmphasis(_ text: Substring) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.contains(where: { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "_") }) else { return false }
        func isSpace(_ position: Int) -> Bool {
            position >= 0 && position < bytes.count && RubyBytes.isSpace(bytes[position])
        }
        func matches(_ marker: [UInt8], at position: Int) -> Bool {
            position >= 0 && position + marker.count <= bytes.count && bytes[position..<(position + marker.count)].elementsEqual(marker)
        }
        let markers: [[UInt8]] = [Array("**".utf8), Array("*".utf8), Array("__".utf8), Array("_".utf8)]
        for start in bytes.indices where bytes[start] == UInt8(ascii: "*") || bytes[start] == UInt8(ascii: "_") {
            for marker in markers where matches(marker, at: start) {
                let after = start + marker.count
                // An opening marker with space on both sides, closed at least two further on.
                if isSpace(start - 1), isSpace(after), after + 2 <= bytes.count - marker.count,
                   (after + 2...(bytes.count - marker.count)).contains(where: { matches(marker, at: $0) }) {
                    return true
                }
                // A closing marker with space on both sides, after at least one character
                // (`.+`) and the space before it.
                if after + 2 <= bytes.count - marker.count - 1,
                   (after + 2...(bytes.count - marker.count - 1)).contains(where: { matches(marker, at: $0) && isSpace($0 - 1) && isSpace($0 + marker.count) }) {
                    return true
                }
            }
        }
        return false
    }
}
