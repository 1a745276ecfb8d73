// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyConfig
import GalleySources
import GalleyTheme

/// What one build pass makes: the whole site, or with the `i18n` plugin one language of it,
/// with the configuration that language is built with.
struct SiteView: Sendable {
    var config: SiteConfig
    var tree: SourceTree
    /// Where this view's pages and search index go: `zh/`, or empty.
    var prefix: String
    /// Pages shown from the default language's files; their problems are said once, there.
    var fallbacks: Set<String>
    var language: I18nSettings.Language?
    /// Each page's path without its language, by its own path.
    var logicalPaths: [String: String]

    /// The views of the site: one per built language with the `i18n` plugin, else one.
    static func views(of tree: SourceTree, config: SiteConfig) -> [SiteView] {
        guard let i18n = config.i18n else {
            return [SiteView(config: config, tree: tree, prefix: "", fallbacks: [], language: nil, logicalPaths: [:])]
        }
        return LanguageViews.split(tree, settings: i18n, useDirectoryURLs: config.useDirectoryURLs).map { language in
            var languageConfig = config.forLanguage(language.language)
            if !language.language.isDefault, let nav = languageConfig.nav {
                // A page this language lacks (without fallback) leaves its nav, as in
                // mkdocs-static-i18n; a wrong path is reported once, by the default language.
                languageConfig.nav = prune(nav, tree: language.tree, defaults: tree)
            }
            return SiteView(
                config: languageConfig, tree: language.tree, prefix: language.prefix,
                fallbacks: language.fallbacks, language: language.language, logicalPaths: language.logicalPaths
            )
        }
    }

    /// `entries` without the pages `tree` lacks but `defaults` has, and without sections left empty.
    private static func prune(_ entries: [NavEntry], tree: SourceTree, defaults: SourceTree) -> [NavEntry] {
        entries.compactMap { entry in
            switch entry {
            case .page(_, let path, _):
                return tree.page(at: path) == nil && defaults.page(at: path) != nil ? nil : entry
            case .link:
                return entry
            case .section(let title, let children, let line):
                let kept = prune(children, tree: tree, defaults: defaults)
                return kept.isEmpty ? nil : .section(title: title, children: kept, line: line)
            }
        }
    }

    /// Gives each page of each language the same page in every language (its `hreflang`
    /// links and the language selector), when there is more than one language.
    static func link(_ prepared: inout [SiteBuilder.PreparedView]) {
        if prepared.count == 1 {
            // A site built once per language by other means lists its languages in Material's
            // `extra.alternate`: the menu leads to each language's home as given.
            let listed = (prepared[0].view.config.extra["alternate"]?.list ?? []).compactMap { entry -> SiteContext.Alternate? in
                guard let link = entry["link"]?.string else { return nil }
                let locale = entry["lang"]?.string ?? ""
                return SiteContext.Alternate(locale: locale, name: entry["name"]?.string ?? locale, url: link)
            }
            if listed.count > 1 { prepared[0].context.languageRoots = listed }
            return
        }
        // Each language's pages by their path without the language.
        let byLogical: [[String: PageFile]] = prepared.map { view in
            Dictionary(view.view.tree.pages.map { (view.view.logicalPaths[$0.path] ?? $0.path, $0) }, uniquingKeysWith: { first, _ in first })
        }
        let languages = prepared.map { $0.view.language }
        for index in prepared.indices {
            var alternates: [String: [SiteContext.Alternate]] = [:]
            for page in prepared[index].view.tree.pages {
                let logical = prepared[index].view.logicalPaths[page.path] ?? page.path
                // A language that lacks the page offers its home instead, as mkdocs-static-i18n does.
                alternates[page.url] = zip(zip(byLogical, languages), prepared).compactMap { pair, other in
                    let (pages, language) = pair
                    guard let language else { return nil }
                    return SiteContext.Alternate(locale: language.locale, name: language.name, url: pages[logical]?.url ?? other.view.prefix)
                }
            }
            prepared[index].context.alternates = alternates
            prepared[index].context.languageRoots = zip(prepared, languages).compactMap { view, language in
                language.map { SiteContext.Alternate(locale: $0.locale, name: $0.name, url: view.view.prefix) }
            }
        }
    }
}
