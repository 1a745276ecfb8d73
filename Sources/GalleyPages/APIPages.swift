// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyAPI

/// What the page stages need of the API reference: the pages it made, each with the source
/// line behind each of its lines, and the table symbol links resolve against.
package struct APIPages: Sendable, Equatable {
    package var table: SymbolTable
    /// The generated Markdown and its lines' origins, by page path.
    package var sources: [String: (markdown: String, origins: LineOrigins)] = [:]
    /// Changes with the symbol graphs and what the pages were made with.
    package var fingerprint: String

    package init(reference: APIReference, fingerprint: String) {
        table = reference.table
        self.fingerprint = fingerprint
        for page in reference.pages {
            sources[page.path] = (page.markdown, LineOrigins(lines: page.lines.map { ($0.file, $0.line, $0.columnShift) }))
        }
    }

    /// The same graphs made into the same Markdown (the symbol table follows from them).
    package static func == (lhs: APIPages, rhs: APIPages) -> Bool {
        lhs.fingerprint == rhs.fingerprint && lhs.sources.mapValues(\.markdown) == rhs.sources.mapValues(\.markdown)
    }
}
