// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0

/// ATX headings as Python-Markdown's hash-header rule reads them, where CommonMark reads
/// the same line differently:
///
/// - no space is needed after the hashes (`##Setup` and `#` + no-break space are headings);
/// - more than six hashes make a level-six heading whose text keeps the rest (`####### x`
///   is `# x` at level six);
/// - trailing hashes go even with no space before them (`# C#` is "C"), unless escaped;
/// - the text is stripped of every kind of white space, the no-break space included;
/// - a line indented by one to three spaces is paragraph text, not a heading (the reader
///   escapes its hash);
/// - the same holds inside block quotes, after their markers.
///
/// Each rewrite keeps the line's number, and its length where it can (only a missing space
/// after the hashes adds a column).
extension PythonBlockRules {
    /// The line cmark-gfm should read for `line`, whose content (after `indent` spaces, where
    /// a heading may start) begins with `#`, or nil when cmark-gfm reads it as Python-Markdown.
    static func hashHeading(_ line: SourceLine, indent: Int) -> SourceLine? {
        let content = line.text.dropFirst(indent)
        let hashes = content.prefix { $0 == "#" }.count
        let level = min(hashes, 6)
        let body = content.dropFirst(level)
        let title = pythonHeadingText(body)
        let spaced = body.first.map { $0 == " " || $0 == "\t" } ?? true
        // What cmark-gfm makes of the line as written: the text after the hashes, less a
        // closing run that follows a space.
        var cmarkTitle = body
        let closing = cmarkTitle.reversed().prefix { $0 == "#" }.count
        let beforeClosing = cmarkTitle.dropLast(closing)
        if closing > 0, beforeClosing.isEmpty || beforeClosing.last == " " || beforeClosing.last == "\t" {
            cmarkTitle = beforeClosing
        }
        if hashes <= 6, spaced, cmarkTitle.trimmingWhitespace() == title { return nil }
        var rewritten = String(line.text.prefix(indent)) + String(repeating: "#", count: level) + " " + title
        let length = line.text.count
        if rewritten.count < length { rewritten += String(repeating: " ", count: length - rewritten.count) }
        return SourceLine(text: Substring(rewritten), number: line.number)
    }

    /// `line` with a backslash in front of the `#` at `offset`, in place of the space before
    /// it: text to cmark-gfm, as to Python-Markdown.
    static func escapingHash(_ line: SourceLine, at offset: Int) -> SourceLine {
        let kept = line.text.prefix(max(0, offset - 1))
        return SourceLine(text: Substring(kept + "\\" + line.text.dropFirst(offset)), number: line.number)
    }

    /// The text after a line's block quote markers (each: up to three spaces, `>`, and one
    /// optional space), as Python-Markdown strips them.
    static func afterQuoteMarkers(_ text: Substring) -> Substring {
        var rest = text
        while true {
            let spaces = rest.prefix { $0 == " " }.count
            guard spaces <= 3, rest.dropFirst(spaces).first == ">" else { return rest }
            rest = rest.dropFirst(spaces + 1)
            if rest.first == " " { rest = rest.dropFirst() }
        }
    }

    /// The heading's text after the hashes, as Python-Markdown takes it: without the closing
    /// run of hashes (an escaped hash is text) and stripped of white space.
    static func pythonHeadingText(_ body: Substring) -> String {
        var text = body
        let closing = text.reversed().prefix { $0 == "#" }.count
        if closing > 0 {
            let before = text.dropLast(closing)
            let backslashes = before.reversed().prefix { $0 == "\\" }.count
            // An odd run of backslashes escapes the first hash of the run: it stays.
            text = backslashes % 2 == 1 ? text.dropLast(closing - 1) : before
        }
        return String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
