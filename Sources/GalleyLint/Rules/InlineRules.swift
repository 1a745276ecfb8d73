extension Rule {
    static let inlineRules: [Rule] = [
        Rule("MD011", "Reversed link syntax", tags: ["links"], aliases: ["no-reversed-links"]) { document, _ in
            document.matchingTextLines(Self.hasReversedLink)
        },
        Rule("MD033", "Inline HTML", tags: ["html"], aliases: ["no-inline-html"]) { document, _ in
            document.tree.nodes.indices.filter { [.html, .inlineHTML].contains(document.tree.nodes[$0].kind) }.map { document.tree.nodes[$0].line }
        },
        Rule("MD034", "Bare URL used", tags: ["links", "url"], aliases: ["no-bare-urls"]) { document, _ in
            document.matchingTextLines { $0.contains("http://") || $0.contains("https://") }
        },
        Rule("MD035", "Horizontal rule style", tags: ["hr"], aliases: ["hr-style"], defaults: ["style": .symbol("consistent")]) { document, parameters in
            let rules = document.tree.all(.rule)
            guard let first = rules.first else { return [] }
            let wanted = parameters.text("style") == "consistent" ? document.elementLine(first) : parameters.text("style")
            return rules.filter { document.elementLine($0) != wanted }.map { document.tree.nodes[$0].line }
        },
        Rule("MD037", "Spaces inside emphasis markers", tags: ["whitespace", "emphasis"], aliases: ["no-space-in-emphasis"]) { document, _ in
            Array(Set(document.matchingTextLines(Self.hasSpaceInsideEmphasis))).sorted()
        },
        Rule("MD038", "Spaces inside code span elements", tags: ["whitespace", "code"], aliases: ["no-space-in-code"]) { document, _ in
            document.tree.all(.codeSpan).filter { index in
                let node = document.tree.nodes[index]
                return node.endLine == node.line && Self.codeSpanHasEdgeSpace(node, in: document)
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

    /// `\([^)]+\)\[[^\]]+\]`.
    static func hasReversedLink(_ text: Substring) -> Bool {
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            defer { index += 1 }
            guard characters[index] == "(" else { continue }
            var close = index + 1
            while close < characters.count, characters[close] != ")" { close += 1 }
            guard close < characters.count, close > index + 1, close + 1 < characters.count, characters[close + 1] == "[" else { continue }
            var end = close + 2
            while end < characters.count, characters[end] != "]" { end += 1 }
            if end < characters.count, end > close + 2 { return true }
        }
        return false
    }

    /// `\s(\*\*?|__?)\s.+\1` or `(\*\*?|__?).+\s\1\s`.
    static func hasSpaceInsideEmphasis(_ text: Substring) -> Bool {
        let characters = Array(text)
        for start in characters.indices {
            for marker in ["**", "*", "__", "_"] {
                let markerCharacters = Array(marker)
                guard start + markerCharacters.count <= characters.count, Array(characters[start..<(start + markerCharacters.count)]) == markerCharacters else { continue }
                let after = start + markerCharacters.count
                // Opening marker with space on both sides, closed later.
                if start > 0, characters[start - 1].isRubySpace, after < characters.count, characters[after].isRubySpace,
                   contains(markerCharacters, in: characters, from: after + 2) {
                    return true
                }
                // Closing marker with space on both sides, after some text.
                if after + 1 < characters.count, let closing = find(markerCharacters, in: characters, from: after + 1, where: { position in
                    position > 0 && characters[position - 1].isRubySpace && position + markerCharacters.count < characters.count && characters[position + markerCharacters.count].isRubySpace
                }), closing > after {
                    return true
                }
            }
        }
        return false
    }

    private static func contains(_ needle: [Character], in characters: [Character], from start: Int) -> Bool {
        find(needle, in: characters, from: start) { _ in true } != nil
    }

    private static func find(_ needle: [Character], in characters: [Character], from start: Int, where accept: (Int) -> Bool) -> Int? {
        guard start <= characters.count - needle.count else { return nil }
        for position in start...(characters.count - needle.count) where Array(characters[position..<(position + needle.count)]) == needle && accept(position) {
            return position
        }
        return nil
    }

    /// Whether mdl sees space inside the span: its parser drops leading whitespace (and
    /// then trailing whitespace too), so only a span that starts with text and ends with
    /// whitespace counts. cmark-gfm drops one space on each side when both are there, so the
    /// source line tells those apart.
    static func codeSpanHasEdgeSpace(_ node: LintTree.Node, in document: LintDocument) -> Bool {
        guard let first = node.value.first, let last = node.value.last, !first.isRubySpace, last.isRubySpace else { return false }
        return !document.line(node.line).contains("` \(node.value) `")
    }
}
