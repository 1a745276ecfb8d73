// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0

/// One line of a generated page and the source line it stands for, so that what a later
/// stage finds on it (a broken link, a failing example) is reported where the author wrote it.
package struct GeneratedLine: Sendable, Equatable {
    package var text: String
    /// The file, as diagnostics name it (project-relative when inside the project).
    package var file: String
    /// From 1.
    package var line: Int
    /// Added to a column of ``text`` gives the column in the source line.
    package var columnShift: Int

    package init(_ text: String, file: String, line: Int, columnShift: Int = 0) {
        self.text = text
        self.file = file
        self.line = line
        self.columnShift = columnShift
    }
}

/// A reference page made from the code: Markdown the page stages read like any other page.
package struct GeneratedPage: Sendable {
    /// Its path as if under `docs_dir` (`api/Workflow/RenderContext.md`).
    package var path: String
    package var lines: [GeneratedLine]
    /// The symbol path links on the page are relative to.
    package var scope: [String]

    /// The page's Markdown.
    package var markdown: String { lines.map(\.text).joined(separator: "\n") + "\n" }
}
