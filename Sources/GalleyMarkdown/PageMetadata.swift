// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// What a page says about itself in YAML front matter (or `meta` headers).
package struct PageMetadata: Sendable, Equatable {
    /// `title:`.
    package var title: String?
    /// `description:`.
    package var description: String?
    /// `template:`.
    package var template: String?
    /// `hide:` (`navigation`, `toc`, `footer`...).
    package var hide: [String]
    /// Every key as text, for keys a theme or later stage reads itself.
    package var values: [String: String]
    /// Each key whose value is a list of texts (`tags: [a, b]`), as that list.
    package var lists: [String: [String]] = [:]
    /// How many source lines the front matter took, so body lines keep their real numbers.
    package var lineCount: Int
    /// The source line of each top-level key.
    package var keyLines: [String: Int] = [:]

    /// Empty metadata.
    package init(
        title: String? = nil,
        description: String? = nil,
        template: String? = nil,
        hide: [String] = [],
        values: [String: String] = [:],
        lineCount: Int = 0
    ) {
        self.title = title
        self.description = description
        self.template = template
        self.hide = hide
        self.values = values
        self.lineCount = lineCount
    }
}
