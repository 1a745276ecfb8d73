// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyAPI
import GalleyConfig
import GalleyDiagnostics
import GalleyDiagrams
import GalleyLint
import GalleyMarkdown
import GalleyPages
import GalleyProject
import GalleySite
import GalleySnippets
import GalleySources
import GalleyTheme

/// Every diagnostic code, from each module's namespace: the source of the guide's table of
/// codes (a test holds the page to it).
package enum DiagnosticCatalog {
    package static var all: [DiagnosticCode] {
        (ConfigCodes.all + SourceCodes.all + APICodes.all + MarkdownCodes.all + DiagramCodes.all + PageCodes.all + BlogCodes.all + SnippetCodes.all
            + ThemeCodes.all + LintCodes.all + SiteCodes.all + ProjectCodes.all + CheckCodes.all).sorted()
    }

    /// The guide's table: a row per code, with what it means.
    package static var markdownTable: String {
        var rows = ["| code | what it means |", "| --- | --- |"]
        for code in all {
            rows.append("| `\(code)` | \(code.summary)\(code.isAdvisory ? " (advisory: not counted as a failed block)" : "") |")
        }
        rows.append("| `lint.MD001` … `lint.MD046` | a finding of that mdl rule (see [Linting](linting.md)) |")
        return rows.joined(separator: "\n") + "\n"
    }
}
