/// One line of a page with its number in the file (from 1).
struct SourceLine: Sendable {
    var text: Substring
    var number: Int

    var isBlank: Bool {
        text.allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// The number of leading columns of white space, a tab counting to the next multiple of 4.
    var indent: Int {
        var columns = 0
        for character in text {
            if character == " " {
                columns += 1
            } else if character == "\t" {
                columns += 4 - columns % 4
            } else {
                break
            }
        }
        return columns
    }

    /// The line with `columns` leading columns of white space removed.
    func dedented(by columns: Int) -> SourceLine {
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
