// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import GalleySnippets

/// Prints diagnostics to standard error, once, in the `file:line:col: level: message` form.
struct DiagnosticPrinter {
    let level: Severity
    let strict: Bool

    func print(_ diagnostics: [Diagnostic]) {
        var text = ""
        for diagnostic in diagnostics where diagnostic.severity >= level {
            // A failed shared cache is no fault of the site: `--strict` does not raise it.
            text += (diagnostic.isAboutTheSharedCache ? diagnostic : diagnostic.raised(strict: strict)).description + "\n"
        }
        FileHandle.standardError.write(Data(text.utf8))
    }
}
