// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// One line of a page with its number in the file (from 1).
struct SourceLine: Sendable {
    var text: Substring
    var number: Int
    /// Whether the line holds only white space; dedenting never changes it.
    let isBlank: Bool
    /// The leading spaces when the leading white space has no tab, else `nil`. Kept so that
    /// `indent` and `dedented(by:)` cost O(1) however deep a line is nested: containers
    /// dedent their bodies level by level, and re-scanning the white space at each level
    /// made deep nesting cubic.
    private var leadingSpaces: Int?

    init(text: Substring, number: Int) {
        self.text = text
        self.number = number
        var spaces = 0
        var sawTab = false
        var blank = true
        for byte in text.utf8 {
            if byte == 0x20 {
                if !sawTab { spaces += 1 }
            } else if byte == 0x09 {
                sawTab = true
            } else {
                blank = false
                break
            }
        }
        isBlank = blank
        leadingSpaces = sawTab ? nil : spaces
    }

    private init(text: Substring, number: Int, isBlank: Bool, leadingSpaces: Int?) {
        self.text = text
        self.number = number
        self.isBlank = isBlank
        self.leadingSpaces = leadingSpaces
    }

    /// The number of leading columns of white space, a tab counting to the next multiple of 4.
    var indent: Int {
        if let leadingSpaces { return leadingSpaces }
        var columns = 0
        for byte in text.utf8 {
            if byte == 0x20 {
                columns += 1
            } else if byte == 0x09 {
                columns += 4 - columns % 4
            } else {
                break
            }
        }
        return columns
    }

    /// The line with `columns` leading columns of white space removed.
    func dedented(by columns: Int) -> SourceLine {
        if let leadingSpaces {
            let removed = min(columns, leadingSpaces)
            let start = text.utf8.index(text.startIndex, offsetBy: removed)
            return SourceLine(text: text[start...], number: number, isBlank: isBlank, leadingSpaces: leadingSpaces - removed)
        }
        var removed = 0
        var index = text.startIndex
        while removed < columns, index < text.endIndex {
            let character = text[index]
            if character == " " {
                removed += 1
            } else if character == "\t" {
                removed += 4 - removed % 4
            } else {
                break
            }
            index = text.index(after: index)
        }
        return SourceLine(text: text[index...], number: number)
    }

    /// The lines of `source`, found by scanning its UTF-8 bytes for newlines (far cheaper than
    /// splitting by `Character`); a `\r` before a newline is dropped.
    static func split(_ source: String) -> [SourceLine] {
        var lines: [SourceLine] = []
        var number = 1
        let utf8 = source.utf8
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            if utf8[index] == 0x0A {
                var end = index
                if end > start, utf8[utf8.index(before: end)] == 0x0D { end = utf8.index(before: end) }
                lines.append(SourceLine(text: source[start..<end], number: number))
                number += 1
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if start != utf8.endIndex {
            lines.append(SourceLine(text: source[start..<utf8.endIndex], number: number))
        }
        return lines
    }
}
