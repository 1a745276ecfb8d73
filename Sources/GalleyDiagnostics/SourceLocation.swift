// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// A place in a source file, 1-based, as editors and compilers print it.
package struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file, as the user would name it (relative to the project where possible).
    package var file: String
    /// The line, from 1; 0 when unknown.
    package var line: Int
    /// The column, from 1; 0 when unknown.
    package var column: Int

    /// A location in `file` at `line` and `column`.
    package init(file: String, line: Int = 0, column: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:col`, leaving out the parts that are unknown.
    package var description: String {
        guard line > 0 else { return file }
        guard column > 0 else { return "\(file):\(line)" }
        return "\(file):\(line):\(column)"
    }

    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
