// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyDiagnostics

extension LintCodes {
    /// The code of a finding of rule `id` (`MD013`): `lint.MD013`, as mdl names the rule.
    package static func rule(_ id: String) -> DiagnosticCode {
        DiagnosticCode(.lint, id, "a finding of mdl's rule \(id)")
    }
}
