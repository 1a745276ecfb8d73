// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyDiagnostics

/// The codes of what GalleyLint reports (the guide's table of codes lists them all).
package enum LintCodes {
    package static let config = DiagnosticCode(.lint, "config", "a lint style or `.mdlrc` statement that cannot be read")
    package static let fix = DiagnosticCode(.lint, "fix", "`--fix` could not write a file")
    package static let missingFile = DiagnosticCode(.lint, "missing_file", "a file given to `galley lint` does not exist")
    package static let style = DiagnosticCode(.lint, "style", "a lint style that is neither built in nor a file")

    /// Every code above, for the table of codes.
    package static let rubyRules = DiagnosticCode(.lint, "ruby_rules", "Ruby rule files that Galley cannot run (`-u`, `rulesets`)")
    package static let all: [DiagnosticCode] = [config, fix, missingFile, style, rubyRules]
}
