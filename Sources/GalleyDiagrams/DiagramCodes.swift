// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyDiagnostics

/// The codes of what GalleyDiagrams reports (the guide's table of codes lists them all).
package enum DiagramCodes {
    package static let missingFile = DiagnosticCode(.diagram, "missing_file", "an image link to a `.seq` file that cannot be read")
    package static let notAlone = DiagnosticCode(.diagram, "not_alone", "a `.seq` image link inside other text, which is not drawn")
    package static let syntax = DiagnosticCode(.diagram, "syntax", "a diagram's text cannot be read")
    package static let unsupportedType = DiagnosticCode(.diagram, "unsupported_type", "a Mermaid diagram of a type Galley does not draw")
    package static let notDrawn = DiagnosticCode(.diagram, "not_drawn", "part of a drawn diagram's source that Galley reads but does not draw")
    package static let layoutUnavailable = DiagnosticCode(.diagram, "layout_unavailable", "a flowchart that cannot be laid out because Graphviz's library is missing")

    /// Every code above, for the table of codes.
    package static let all: [DiagnosticCode] = [layoutUnavailable, missingFile, notAlone, notDrawn, syntax, unsupportedType]

    /// What fails a build: the diagram is missing from the page.
    package static let failures: Set<DiagnosticCode> = [syntax, missingFile]

    /// What is said of a Mermaid diagram of `type`, which is not drawn.
    package static func unsupportedMessage(_ type: String) -> String {
        "Mermaid `\(type)` diagrams are not drawn; only `sequenceDiagram`, `flowchart` (`graph`), `stateDiagram-v2`, `classDiagram` and `erDiagram` are"
    }
}
