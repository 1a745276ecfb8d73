// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyDiagnostics

/// The codes of what the blog reports (the guide's table of codes lists them all).
package enum BlogCodes {
    package static let date = DiagnosticCode(.blog, "date", "a blog post without a date it can be published by")
    package static let author = DiagnosticCode(.blog, "author", "a blog post names an author the authors file does not have")
    package static let category = DiagnosticCode(.blog, "category", "a blog post's category is not in `categories_allowed`")
    package static let excerpt = DiagnosticCode(.blog, "excerpt", "a blog post without the excerpt separator, when one is required")
    package static let url = DiagnosticCode(.blog, "url", "a blog post or view whose URL another page already has")
    package static let authors = DiagnosticCode(.blog, "authors", "a blog authors file that cannot be read")

    /// Every code above, for the table of codes.
    package static let all: [DiagnosticCode] = [date, author, category, excerpt, url, authors]
}
