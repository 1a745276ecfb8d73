// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyDiagnostics

/// The codes of what GalleyPages reports (the guide's table of codes lists them all).
package enum PageCodes {
    package static let configExtensionDependency = DiagnosticCode(.config, "extension_dependency", "a Markdown extension needs a Python package's data that is not installed")
    package static let includesCycle = DiagnosticCode(.includes, "cycle", "an include that includes itself")
    package static let includesNotFound = DiagnosticCode(.includes, "not_found", "an included file that does not exist")
    package static let includesSectionNotFound = DiagnosticCode(.includes, "section_not_found", "an include names a section the file does not have")
    package static let includesUnreadable = DiagnosticCode(.includes, "unreadable", "an included file that is not UTF-8 text")
    package static let includesUrl = DiagnosticCode(.includes, "url", "an include from a URL, which Galley does not fetch")
    package static let encoding = DiagnosticCode(.page, "encoding", "a page that is not UTF-8")
    package static let frontMatterKey = DiagnosticCode(.page, "front_matter_key", "a front matter key that has no effect")
    package static let unreadable = DiagnosticCode(.page, "unreadable", "a page that cannot be read")
    package static let unhighlightedLanguage = DiagnosticCode(.page, "unhighlighted_language", "a code block in a language Galley does not highlight")
    package static let templatesSyntax = DiagnosticCode(.templates, "syntax", "a page or template that is not a valid template")
    package static let templatesUndefined = DiagnosticCode(.templates, "undefined", "a template variable that is not defined")

    /// Every code above, for the table of codes.
    package static let all: [DiagnosticCode] = [configExtensionDependency, includesCycle, includesNotFound, includesSectionNotFound, includesUnreadable, includesUrl, encoding, frontMatterKey, unreadable, unhighlightedLanguage, templatesSyntax, templatesUndefined]
}
