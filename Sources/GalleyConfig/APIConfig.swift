// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0

/// The `galley: api:` section of `mkdocs.yml`: which Swift modules get reference pages, where
/// the pages go, and how strictly their documentation is checked.
package struct APIConfig: Sendable, Equatable {
    /// How much of a module's surface is documented (`minimum_access_level`).
    package enum AccessLevel: String, Sendable, CaseIterable {
        case open, `public`, package, `internal`
    }

    /// What an undocumented symbol is (`require_docs`).
    package enum Requirement: String, Sendable, CaseIterable {
        case off, warn, error
    }

    /// The SwiftPM package the modules are in, relative to the project; `nil` is
    /// `galley.snippets.package`, else the project itself.
    package var package: String?
    /// The modules with reference pages, in the order their sections appear.
    package var modules: [String] = []
    /// The folder under the site where the pages go (`api/Workflow/RenderContext/`).
    package var path = "api"
    /// The nav section holding the pages, appended to a nav given in `mkdocs.yml`.
    package var navTitle = "API Reference"
    /// Symbols below this level are left out.
    package var minimumAccessLevel = AccessLevel.public
    /// Whether a symbol without a doc comment is reported.
    package var requireDocs = Requirement.off
    /// Where the section is in `mkdocs.yml`.
    package var line = 0

    package init() {}
}
