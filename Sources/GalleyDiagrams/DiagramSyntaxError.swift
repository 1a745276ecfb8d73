// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A diagram source that cannot be read, with where and what was expected there.
package struct DiagramSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line in the diagram's source, from 1.
    package var line: Int
    /// The column in that line, from 1 (in characters).
    package var column: Int
    /// What is wrong, as one sentence that says what was expected.
    package var message: String

    package init(line: Int, column: Int, _ message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    package var description: String { "\(line):\(column): \(message)" }

    /// The message with the line of `source` it is about, quoted: what a reader needs to
    /// find the mistake in a diagram inside a longer page.
    package func message(quotingLineOf source: String) -> String {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return message }
        let text = lines[line - 1].trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? message : "\(message) (line: `\(text)`)"
    }
}
