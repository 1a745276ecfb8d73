// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// One line of a diagram's source, read from left to right, knowing the column of each
/// character so that errors point at the right place.
struct SourceLineCursor {
    let characters: [Character]
    /// The line's number in the source, from 1.
    let number: Int
    /// The index of the next character.
    var index = 0

    init(_ text: Substring, number: Int) {
        characters = Array(text)
        self.number = number
    }

    /// The 1-based column of the next character.
    var column: Int { index + 1 }

    var isAtEnd: Bool { index >= characters.count }

    var rest: String { String(characters[min(index, characters.count)...]) }

    mutating func skipSpaces() {
        while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
    }

    /// Consumes `word` when the line continues with it (case-insensitively), followed by a
    /// space or the end of the line when `wholeWord` is set.
    mutating func take(_ word: String, wholeWord: Bool = true, caseSensitive: Bool = false) -> Bool {
        let wanted = Array(word)
        guard index + wanted.count <= characters.count else { return false }
        for (offset, character) in wanted.enumerated() {
            let found = characters[index + offset]
            let same = caseSensitive ? found == character : found.lowercased() == character.lowercased()
            if !same { return false }
        }
        let end = index + wanted.count
        if wholeWord, end < characters.count, !(characters[end] == " " || characters[end] == "\t") { return false }
        index = end
        return true
    }

    func peek(_ offset: Int = 0) -> Character? {
        let position = index + offset
        return position < characters.count ? characters[position] : nil
    }

    /// An error at the next character.
    func error(_ message: String) -> DiagramSyntaxError {
        DiagramSyntaxError(line: number, column: column, message)
    }

    /// An error at `column`.
    func error(at column: Int, _ message: String) -> DiagramSyntaxError {
        DiagramSyntaxError(line: number, column: column, message)
    }
}

extension String {
    /// Leading and trailing spaces and tabs removed.
    var trimmedSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
        return String(text)
    }
}
