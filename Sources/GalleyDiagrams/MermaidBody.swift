// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// A Mermaid diagram's text split as every reader needs it: the front matter's `title`, the
/// line naming the type, and the lines after it.
struct MermaidBody {
    /// `title:` from the front matter.
    var title: String?
    /// The line that names the diagram's type, and its text.
    var typeLine: (number: Int, text: Substring)
    /// The lines after the type's, numbered from the top of the source.
    var lines: [(number: Int, text: Substring)]

    /// `source` read as a diagram of one of `types`; `expected` says which in the error.
    init(_ source: String, types: Set<String>, expected: String) throws(DiagramSyntaxError) {
        let found = MermaidSequenceReader.diagramType(of: source)
        guard let (type, number) = found, types.contains(type) else {
            throw DiagramSyntaxError(line: found?.line ?? 1, column: 1, "expected \(expected) as the diagram's first word")
        }
        let all = numberedLines(source)
        title = all.prefix(number - 1).lazy.map { String($0.text).trimmedSpaces }.first { $0.hasPrefix("title:") }
            .map { String($0.dropFirst(6)).trimmedSpaces.unquoted }
        typeLine = all[number - 1]
        lines = Array(all.dropFirst(number))
    }

    /// Each line after the type's that holds a statement (not blank, not a `%%` comment),
    /// trimmed, with the column its text starts at.
    var statements: [(number: Int, line: String, column: Int)] {
        lines.compactMap { number, text in
            let line = String(text).trimmedSpaces
            guard !line.isEmpty, !line.hasPrefix("%%") else { return nil }
            return (number, line, text.prefix { $0 == " " || $0 == "\t" }.count + 1)
        }
    }
}
