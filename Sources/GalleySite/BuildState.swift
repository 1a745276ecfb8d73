// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleyPages
import GalleySearch
import GalleySnippets
import GalleySources
import GalleyTheme

/// What a build into memory of a one-language site keeps for the next change.
package struct BuildState: Sendable {
    var config: SiteConfig
    var options: BuildOptions
    var tree: SourceTree
    var settings: MarkdownSettings
    var shown: ShownPaths
    var view: SiteBuilder.PreparedView
    /// Every page as rendered, in the tree's order (its HTML let go).
    var rendered: [RenderedPage]
    /// Every page's content before the theme laid it out, by page path: what a change of
    /// titles lays out again.
    var contents: [String: RenderedPage]
    var search: SearchFiles
    /// What each page said while it was rendered, by page path.
    var pageDiagnostics: [String: [Diagnostic]]
    /// Everything else the build reported: configuration, navigation, snippets, files.
    var otherDiagnostics: [Diagnostic]
    /// Where each page is in the lists above, found once: an update adds, removes and moves
    /// no page (a new or removed page is a whole build).
    let positions: Positions

    /// Where pages are, by path.
    struct Positions: Sendable {
        /// In `tree.pages`, by absolute path.
        var tree: [String: Int]
        /// In `view.pages`, `rendered` and `search.pages`, by page path.
        var view: [String: Int]
        var rendered: [String: Int]
        var search: [String: Int]

        /// The first place of each path.
        static func of(_ paths: some Sequence<String>) -> [String: Int] {
            Dictionary(paths.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    init(config: SiteConfig, options: BuildOptions, tree: SourceTree, settings: MarkdownSettings, shown: ShownPaths, view: SiteBuilder.PreparedView,
         rendered: [RenderedPage], contents: [RenderedPage], search: SearchFiles, pageDiagnostics: [String: [Diagnostic]], otherDiagnostics: [Diagnostic]) {
        self.config = config
        self.options = options
        self.tree = tree
        self.settings = settings
        self.shown = shown
        self.view = view
        self.rendered = rendered
        self.contents = Dictionary(contents.map { ($0.file.path, $0) }, uniquingKeysWith: { first, _ in first })
        self.search = search
        self.pageDiagnostics = pageDiagnostics
        self.otherDiagnostics = otherDiagnostics
        positions = Positions(
            tree: Positions.of(tree.pages.map(\.absolutePath)), view: Positions.of(view.pages.map(\.file.path)),
            rendered: Positions.of(rendered.map(\.file.path)), search: Positions.of(search.pages.map(\.file.path))
        )
    }

    /// Diagnostics shown from the working directory, in the order builds print them.
    static func sorted(_ diagnostics: some Sequence<Diagnostic>, shown: ShownPaths) -> [Diagnostic] {
        diagnostics.map(shown.locate).sorted { ($0.location, $0.message) < ($1.location, $1.message) }
    }

    var diagnostics: [Diagnostic] {
        Self.sorted(otherDiagnostics + pageDiagnostics.values.joined(), shown: shown)
    }

    func failed(_ diagnostics: [Diagnostic]) -> Bool {
        diagnostics.contains { $0.severity == .error } || (options.strict && diagnostics.contains { $0.severity == .warning })
    }
}
