// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// Link reference definitions given twice: Python-Markdown keeps the last one, while
/// CommonMark (and so cmark-gfm) keeps the first. Every earlier definition of a label that
/// is defined again is blanked, so the page links as mkdocs links it.
enum DuplicateReferences {
    static func keepLast(_ lines: [SourceLine]) -> [SourceLine] {
        var definitionLines: [(index: Int, label: String)] = []
        var fence: Fence?
        var previousAllowsDefinition = true
        for (index, line) in lines.enumerated() {
            if let open = fence {
                if open.isClosed(by: line.text) { fence = nil }
                previousAllowsDefinition = false
                continue
            }
            if let opened = Fence(opening: line.text) {
                fence = opened
                previousAllowsDefinition = false
                continue
            }
            // A definition cannot interrupt a paragraph, so only one after a blank line or
            // another definition counts.
            if previousAllowsDefinition, let label = label(of: line) {
                definitionLines.append((index, label))
                previousAllowsDefinition = true
            } else {
                previousAllowsDefinition = line.isBlank
            }
        }
        var last: [String: Int] = [:]
        for definition in definitionLines { last[definition.label] = definition.index }
        guard last.count < definitionLines.count else { return lines }
        var result = lines
        for definition in definitionLines where last[definition.label] != definition.index {
            result[definition.index] = SourceLine(text: "", number: lines[definition.index].number)
        }
        return result
    }

    /// The normalized label of a one-line definition `[label]: destination`, not a footnote.
    private static func label(of line: SourceLine) -> String? {
        guard line.indent <= 3 else { return nil }
        let text = line.text.drop { $0 == " " }
        guard text.first == "[", text.dropFirst().first != "^", let close = text.firstIndex(of: "]") else { return nil }
        let rest = text[text.index(after: close)...]
        guard rest.first == ":", !rest.dropFirst().trimmingWhitespace().isEmpty else { return nil }
        let label = text[text.index(after: text.startIndex)..<close]
        guard !label.isEmpty else { return nil }
        return label.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }
}
