// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// The codes of what the diagram stages report.
package enum DiagramCodes {
    /// A diagram whose text cannot be read.
    package static let syntax = "diagram.syntax"
    /// An image link to a `.seq` file that cannot be read.
    package static let missingFile = "diagram.missing_file"
    /// A Mermaid diagram of a type that is not drawn.
    package static let unsupportedType = "diagram.unsupported_type"
    /// A `.seq` image link inside other text.
    package static let notAlone = "diagram.not_alone"
    /// What fails a build: the diagram is missing from the page.
    package static let failures: Set<String> = [syntax, missingFile]

    /// What is said of a Mermaid diagram of `type`, which is not drawn.
    package static func unsupportedMessage(_ type: String) -> String {
        "Mermaid `\(type)` diagrams are not drawn; only `sequenceDiagram` is"
    }
}

