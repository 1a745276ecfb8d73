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

    static func split(_ source: String) -> [SourceLine] {
        var lines: [SourceLine] = []
        var number = 1
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.last == "\r" ? line.dropLast() : line
            lines.append(SourceLine(text: text, number: number))
            number += 1
        }
        if lines.last?.text.isEmpty == true { lines.removeLast() }
        return lines
    }
}
