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
        let terms = definitions.keys.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
        let characters = Array(text)
        var result: [Inline] = []
        var plain = ""
        var index = 0
        func isWord(_ position: Int) -> Bool {
            position >= 0 && position < characters.count && (characters[position].isLetter || characters[position].isNumber || characters[position] == "_")
        }
        while index < characters.count {
            var matched: String?
            for term in terms {
                let length = term.count
                guard index + length <= characters.count, String(characters[index..<(index + length)]) == term else { continue }
                // `\b` on both sides, as the extension's pattern has it.
                let termStart = term.first.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false
                let termEnd = term.last.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false
                guard isWord(index - 1) != termStart, isWord(index + length) != termEnd else { continue }
                matched = term
                break
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
