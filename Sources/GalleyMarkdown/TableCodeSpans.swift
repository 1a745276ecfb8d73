// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0

/// Pipes inside code spans on the rows of a table, escaped before cmark-gfm reads them.
///
/// Python-Markdown's tables extension does not split a row at a `|` inside backquotes
/// (`` `a|b` `` and `` `||` `` stay one cell); GFM splits at every unescaped pipe, code spans
/// included, and reads `\|` as a pipe inside the cell's code. Escaping those pipes makes
/// cmark-gfm's cells Python-Markdown's. Lines keep their numbers.
enum TableCodeSpans {
    static func protect(_ lines: [SourceLine]) -> [SourceLine] {
        guard lines.contains(where: { $0.text.utf8.contains(UInt8(ascii: "`")) && $0.text.utf8.contains(UInt8(ascii: "|")) }) else { return lines }
        var result = lines
        var fence: Fence?
        var inTable = false
        for index in lines.indices {
            let text = lines[index].text
            if let open = fence {
                if open.isClosed(by: text) { fence = nil }
                continue
            }
            if let opened = Fence(opening: text), opened.indent <= 3 {
                fence = opened
                inTable = false
                continue
            }
            if lines[index].isBlank {
                inTable = false
                continue
            }
            // A header row is the line before a delimiter row; the body runs to a blank line.
            if !inTable, index + 1 < lines.count, text.contains("|"), isDelimiterRow(lines[index + 1].text) {
                inTable = true
            }
            if inTable, text.contains("`") {
                result[index] = SourceLine(text: Substring(escapingPipesInCode(text)), number: lines[index].number)
            }
        }
        return result
    }

    /// `| --- | :-: |`: cells of dashes with optional colons, and at least one pipe.
    static func isDelimiterRow(_ line: Substring) -> Bool {
        let trimmed = line.trimmingWhitespace()
        guard trimmed.contains("|") else { return false }
        var cells = trimmed.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        // The outer pipes are optional: the empty cells before and after them are not cells.
        if cells.first?.isEmpty == true { cells.removeFirst() }
        if cells.last?.isEmpty == true { cells.removeLast() }
        return !cells.isEmpty && cells.allSatisfy { cell in
            let core = cell.drop { $0 == ":" }.reversed().drop { $0 == ":" }
            return !core.isEmpty && core.allSatisfy { $0 == "-" }
        }
    }

    /// `line` with each `|` between matching backquote runs written `\|`.
    static func escapingPipesInCode(_ line: Substring) -> String {
        let characters = Array(line)
        var output = ""
        var index = 0
        while index < characters.count {
            guard characters[index] == "`" else {
                if characters[index] == "\\", index + 1 < characters.count {
                    output.append(characters[index])
                    output.append(characters[index + 1])
                    index += 2
                    continue
                }
                output.append(characters[index])
                index += 1
                continue
            }
            var run = 0
            while index + run < characters.count, characters[index + run] == "`" { run += 1 }
            // The closing run: the next run of exactly as many backquotes.
            var search = index + run
            var close: Int?
            while search < characters.count {
                guard characters[search] == "`" else { search += 1; continue }
                var length = 0
                while search + length < characters.count, characters[search + length] == "`" { length += 1 }
                if length == run { close = search; break }
                search += length
            }
            guard let close else {
                output += String(characters[index..<(index + run)])
                index += run
                continue
            }
            output += String(characters[index..<(index + run)])
            for position in (index + run)..<close {
                if characters[position] == "|", position == 0 || characters[position - 1] != "\\" { output.append("\\") }
                output.append(characters[position])
            }
            output += String(characters[close..<(close + run)])
            index = close + run
        }
        return output
    }
}
