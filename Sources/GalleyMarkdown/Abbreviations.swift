// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// The `abbr` extension: `*[HTML]: Hyper Text Markup Language` lines define terms for the
/// whole page and are taken out of it; every whole-word use of a term in the page's text
/// (headings, emphasis and link text included, code excluded) becomes `<abbr>`.
enum Abbreviations {
    /// The page's definitions, and the lines with each definition line blanked (which splits
    /// a paragraph there, as Python-Markdown does). Lines in fenced code are left alone.
    static func extract(_ lines: [SourceLine]) -> (definitions: [String: String], lines: [SourceLine]) {
        var definitions: [String: String] = [:]
        var result = lines
        var fence: Fence?
        for (index, line) in lines.enumerated() {
            if let open = fence {
                if BlockScanner.closesFence(line.text, open) { fence = nil }
                continue
            }
            if let opened = BlockScanner.opensFence(line.text) {
                fence = opened
                continue
            }
            guard let (term, title) = definition(line.text) else { continue }
            // An empty title takes back a term defined before.
            if title.isEmpty { definitions[term] = nil } else { definitions[term] = title }
            result[index] = SourceLine(text: "", number: line.number)
        }
        return (definitions, result)
    }

    /// `*[TERM]: title` (the colon may follow a space; the title may be quoted).
    static func definition(_ text: Substring) -> (String, String)? {
        guard text.hasPrefix("*["), let close = text.firstIndex(of: "]") else { return nil }
        let term = text[text.index(text.startIndex, offsetBy: 2)..<close]
        guard !term.isEmpty, !term.contains("\\") else { return nil }
        var rest = text[text.index(after: close)...]
        if rest.first == " " { rest = rest.dropFirst() }
        guard rest.first == ":" else { return nil }
        var title = rest.dropFirst().trimmingWhitespace()
        if title.count >= 2, let first = title.first, first == "\"" || first == "'", title.last == first {
            title = String(title.dropFirst().dropLast())
        }
        return (String(term), title)
    }

    /// `text` with each whole-word use of a term marked; longer terms win.
    static func mark(_ text: String, in definitions: [String: String]) -> [Inline] {
        Matcher(definitions).mark(text)
    }

    /// The page's terms, made once for all its text, as a trie of their characters: each
    /// position of a text walks it as far as the text goes and takes the longest term that
    /// ends there on word boundaries, so the work is the text's length times the longest
    /// term's, not times the number of terms (8,000 terms took 29 s that way).
    struct Matcher {
        let definitions: [String: String]
        /// Each node's children by character; node 0 is the root.
        private var children: [[Character: Int]] = [[:]]
        /// The term that ends at each node, if any.
        private var terms: [String?] = [nil]

        init(_ definitions: [String: String]) {
            self.definitions = definitions
            for term in definitions.keys {
                var node = 0
                for character in term {
                    if let next = children[node][character] {
                        node = next
                    } else {
                        children.append([:])
                        terms.append(nil)
                        children[node][character] = children.count - 1
                        node = children.count - 1
                    }
                }
                terms[node] = term
            }
        }

        static func isWordCharacter(_ character: Character) -> Bool {
            character.isLetter || character.isNumber || character == "_"
        }

        func mark(_ text: String) -> [Inline] {
            let characters = Array(text)
            var result: [Inline] = []
            var plain = ""
            var index = 0
            func isWord(_ position: Int) -> Bool {
                position >= 0 && position < characters.count && Self.isWordCharacter(characters[position])
            }
            while index < characters.count {
                // Every term that starts here, the longest last; the longest that stands on
                // word boundaries (`\b` on both sides, as the extension's pattern has it) wins.
                var matched: String?
                var node = 0
                var position = index
                while position < characters.count, let next = children[node][characters[position]] {
                    node = next
                    position += 1
                    if let term = terms[node], let first = term.first, let last = term.last,
                       isWord(index - 1) != Self.isWordCharacter(first), isWord(position) != Self.isWordCharacter(last) {
                        matched = term
                    }
                }
                if let term = matched {
                    if !plain.isEmpty { result.append(.text(plain)) }
                    plain = ""
                    result.append(.abbreviation(text: term, title: definitions[term] ?? ""))
                    index += term.count
                } else {
                    plain.append(characters[index])
                    index += 1
                }
            }
            if !plain.isEmpty { result.append(.text(plain)) }
            return result
        }
    }
}
