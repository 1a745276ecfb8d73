// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0

/// Where a raw HTML block ends, as Python-Markdown reads it: at the line that closes its
/// element. CommonMark runs a block-level tag's HTML block on to the next blank line, so a
/// Markdown line right under `<hr />`, `<p>…</p>` or a `<div>`'s closing line would stay raw;
/// Python-Markdown reads it as Markdown (a paragraph).
extension BlockScanner {
    /// The index of the line that closes the block-level element opening `lines[index]`
    /// (at the margin, after a blank line or at the start), when Markdown follows it
    /// directly: a void element (`<hr />`), an element closed on its line, a comment, or an
    /// element closed on a later line before any blank one. `nil` otherwise.
    static func rawHTMLEnd(_ lines: [SourceLine], at index: Int) -> Int? {
        let text = lines[index].text
        guard text.first == "<", index == 0 || lines[index - 1].isBlank else { return nil }
        let close: Int?
        if text.hasPrefix("<!--") {
            close = lines[index...].prefix { !$0.isBlank }.firstIndex { $0.text.contains("-->") }
        } else {
            let name = text.dropFirst().prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }.lowercased()
            guard PythonBlockRules.blockLevelTags.contains(name) else { return nil }
            close = closingLine(of: name, lines, from: index)
        }
        guard let close, close + 1 < lines.count else { return nil }
        let next = lines[close + 1]
        guard !next.isBlank, next.indent < 4, next.text.first != "<", opensFence(next.text) == nil else { return nil }
        return close
    }

    /// Void elements, complete in their opening tag.
    private static let voidElements: Set<String> = ["hr", "br", "img", "input", "meta", "link", "area", "base", "col", "embed", "source", "track", "wbr"]

    /// The line whose `</name>` balances the element opened at `index`, counting nested
    /// elements of the same name, before any blank line.
    private static func closingLine(of name: String, _ lines: [SourceLine], from index: Int) -> Int? {
        if voidElements.contains(name) { return lines[index].text.hasSuffix(">") ? index : nil }
        var depth = 0
        for position in index..<lines.count {
            let line = lines[position]
            if line.isBlank { return nil }
            let lowered = line.text.lowercased()
            depth += occurrences(of: "<\(name)>", in: lowered) + occurrences(of: "<\(name) ", in: lowered)
            depth -= occurrences(of: "</\(name)>", in: lowered)
            if depth <= 0 { return lowered.trimmingWhitespace().hasSuffix(">") ? position : nil }
        }
        return nil
    }

    private static func occurrences(of needle: String, in text: String) -> Int {
        text.ranges(of: needle).count
    }
}
