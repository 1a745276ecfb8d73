// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
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
}
