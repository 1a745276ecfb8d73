// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyDiagnostics

/// The codes of what GalleyMarkdown reports (the guide's table of codes lists them all).
package enum MarkdownCodes {
    package static let frontMatter = DiagnosticCode(.page, "front_matter", "a page's front matter is not valid YAML")
    package static let nesting = DiagnosticCode(.page, "nesting", "blocks nested deeper than Galley reads them")
    package static let unknownEmoji = DiagnosticCode(.page, "unknown_emoji", "an emoji or icon shortcode the configured index does not know")

    /// Every code above, for the table of codes.
    package static let all: [DiagnosticCode] = [frontMatter, nesting, unknownEmoji]
}
