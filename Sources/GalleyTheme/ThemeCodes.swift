// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyDiagnostics

/// The codes of what GalleyTheme reports (the guide's table of codes lists them all).
package enum ThemeCodes {
    package static let template = DiagnosticCode(.theme, "template", "a theme template that cannot be read or used")
    package static let icon = DiagnosticCode(.theme, "icon", "an icon the configuration names is in none of the icon sets; a lettered badge stands in")

    /// Every code above, for the table of codes.
    package static let all: [DiagnosticCode] = [icon, template]
}
