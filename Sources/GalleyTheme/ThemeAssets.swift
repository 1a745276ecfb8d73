// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagrams

/// The theme's static files, copied to `assets/galley/` in every site.
package enum ThemeAssets {
    /// Site-relative directory of the theme's files.
    package static let directory = "assets/galley"

    /// The generated stylesheet with the site's colour schemes.
    package static let paletteFile = "palette.css"

    /// Each asset's name and contents, the palette stylesheet for `context` among them.
    package static func files(for context: SiteContext) throws -> [(name: String, data: Data)] {
        try files() + [(paletteFile, Data(Palette.stylesheet(context.schemes).utf8))] + languageFiles(for: [context])
    }

    /// The script with the theme's words for each language of `contexts` other than English,
    /// which `galley.js` has already: one small file a language's pages share.
    package static func languageFiles(for contexts: [SiteContext]) -> [(name: String, data: Data)] {
        var files: [String: Data] = [:]
        for context in contexts {
            guard let json = context.stringsJSON, let name = context.stringsFile else { continue }
            files[name] = Data("window.galleyStrings=\(json);\n".utf8)
        }
        return files.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Each static asset's name and contents: the files of `Assets/`, compiled into the
    /// executable (SwiftPM's `embedInCode`), so that no resource folder has to sit beside it.
    package static func files() throws -> [(name: String, data: Data)] {
        [
            ("favicon.svg", Data(PackageResources.favicon_svg)),
            // The diagrams' colours are the theme's variables, so they follow the palette.
            ("galley.css", Data(PackageResources.galley_css) + Data(("\n/* Diagrams drawn at build time */\n" + SequenceDiagramStyle.css + "\n").utf8)),
            ("galley.js", Data(PackageResources.galley_js)),
        ]
    }
}
