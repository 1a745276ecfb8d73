// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyConfig

/// One language of a multi-language site (the `i18n` plugin): its pages, each at its URL
/// under the language's prefix, in a tree where the paths the nav and links use without a
/// language (`basics/routing.md`) name this language's page.
package struct LanguageView: Sendable {
    package var language: I18nSettings.Language
    /// `zh/`, or empty for the default language.
    package var prefix: String
    package var tree: SourceTree
    /// Pages shown in this language from the default language's files (no translation).
    package var fallbacks: Set<String>
    /// Each page's path without its language (`basics/routing.md`), by its own path.
    package var logicalPaths: [String: String]
}

/// Splits a docs tree by language, as mkdocs-static-i18n 1.x lays the site out: the default
/// language at the root, each other language under its locale, and, where the config allows,
/// a page a language lacks taken from the default language.
package enum LanguageViews {
    package static func split(_ tree: SourceTree, settings: I18nSettings, useDirectoryURLs: Bool) -> [LanguageView] {
        let locales = Set(settings.languages.map(\.locale))
        let defaultLocale = settings.defaultLanguage.locale
        // By language, each page by its path without the language.
        var byLanguage: [String: [String: PageFile]] = [:]
        for page in tree.pages {
            let (locale, logical) = language(of: page.path, structure: settings.docsStructure, locales: locales, defaultLocale: defaultLocale)
            byLanguage[locale, default: [:]][logical] = page
        }
        let defaults = byLanguage[defaultLocale] ?? [:]
        return settings.languages.filter(\.build).map { language in
            let prefix = settings.prefix(of: language)
            var own = byLanguage[language.locale] ?? [:]
            var fallbacks: Set<String> = []
            if !language.isDefault, language.fallbackToDefault {
                for (logical, page) in defaults where own[logical] == nil {
                    own[logical] = page
                    fallbacks.insert(page.path)
                }
            }
            var logicalPaths: [String: String] = [:]
            let pages = own.map { logical, page in
                let location = PageURL.locate(logical, useDirectoryURLs: useDirectoryURLs)
                logicalPaths[page.path] = logical
                return PageFile(path: page.path, absolutePath: page.absolutePath, destination: prefix + location.destination, url: prefix + location.url)
            }
            var view = SourceTree(pages: pages, assets: tree.assets, docsDirectory: tree.docsDirectory)
            view.theme = tree.theme
            for (path, logical) in logicalPaths where path != logical {
                view.addAlias(logical, for: path)
            }
            return LanguageView(language: language, prefix: prefix, tree: view, fallbacks: fallbacks, logicalPaths: logicalPaths)
        }
    }

    /// The language of the page at `path` and its path without it.
    static func language(of path: String, structure: I18nSettings.DocsStructure, locales: Set<String>, defaultLocale: String) -> (String, String) {
        switch structure {
        case .suffix:
            // `page.zh.md`: the last dotted part before `.md` is a locale.
            let stem = path.dropLast(3)
            if let dot = stem.lastIndex(of: "."), !stem[stem.index(after: dot)...].contains("/") {
                let locale = String(stem[stem.index(after: dot)...])
                if locales.contains(locale) { return (locale, String(stem[..<dot]) + ".md") }
            }
            return (defaultLocale, path)
        case .folder:
            if let slash = path.firstIndex(of: "/"), locales.contains(String(path[..<slash])) {
                return (String(path[..<slash]), String(path[path.index(after: slash)...]))
            }
            return (defaultLocale, path)
        }
    }
}
