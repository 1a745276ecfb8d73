// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyDiagnostics

/// The codes of what GalleySources reports (the guide's table of codes lists them all).
package enum SourceCodes {
    package static let configCustomDir = DiagnosticCode(.config, "custom_dir", "`theme.custom_dir` names a folder that does not exist")
    package static let configDocsDir = DiagnosticCode(.config, "docs_dir", "`docs_dir` is missing, or is or holds the configuration's folder")
    package static let conflict = DiagnosticCode(.files, "conflict", "two source files would be written to the same file of the site; one is left out")
    package static let linkStub = DiagnosticCode(.files, "link_stub", "a file that is a git link stub is read as the link")
    package static let readmeShadowed = DiagnosticCode(.files, "readme_shadowed", "a `README.md` left out because an `index.md` takes its place")
    package static let unreadable = DiagnosticCode(.files, "unreadable", "a source file or folder cannot be read, and is left out")

    /// Every code above, for the table of codes.
    package static let all: [DiagnosticCode] = [configCustomDir, configDocsDir, conflict, linkStub, readmeShadowed, unreadable]
}
