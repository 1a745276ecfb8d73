// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyDiagnostics

/// The codes of what the API reference reports (the guide's table of codes lists them all).
package enum APICodes {
    package static let extract = DiagnosticCode(.api, "extract", "the compiler could not extract a module's symbol graph")
    package static let module = DiagnosticCode(.api, "module", "`galley.api.modules` names a module the package does not build")
    package static let unresolvedLink = DiagnosticCode(.api, "unresolved_link", "a symbol link that names no documented symbol")
    package static let ambiguousLink = DiagnosticCode(.api, "ambiguous_link", "a symbol link that names several symbols on different pages")
    package static let undocumented = DiagnosticCode(.api, "undocumented", "a public symbol without a doc comment (`require_docs`)")

    /// Every code above, for the table of codes.
    package static let all: [DiagnosticCode] = [extract, module, unresolvedLink, ambiguousLink, undocumented]
}
