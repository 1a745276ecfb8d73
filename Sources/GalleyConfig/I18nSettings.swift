// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// The `i18n` plugin (mkdocs-static-i18n 1.x): one docs tree holding several languages, each
/// built at its own URL prefix, the default language at the root.
package struct I18nSettings: Sendable, Equatable {
    /// How a page says its language.
    package enum DocsStructure: String, Sendable, Equatable {
        /// `page.zh.md` beside `page.md`.
        case suffix
        /// `zh/page.md`, one folder per language.
        case folder
    }

    /// One language of the site.
    package struct Language: Sendable, Equatable {
        /// `en`, `zh`, `pt-BR`: the suffix or folder name and the `lang` attribute.
        package var locale: String
        /// What the language selector shows.
        package var name: String
        /// Whether the site has this language's pages.
        package var build: Bool
        package var isDefault: Bool
        /// The site's name in this language.
        package var siteName: String?
        /// The site's description, author and copyright line in this language.
        package var siteDescription: String?
        package var siteAuthor: String?
        package var copyright: String?
        /// Nav titles in this language, by the title `nav` gives.
        package var navTranslations: [String: String]
        /// A page this language lacks is the default language's page, marked untranslated.
        package var fallbackToDefault: Bool
        /// This language's own `nav`, replacing the site's.
        package var nav: [NavEntry]?
    }

    package var docsStructure: DocsStructure
    /// Every language, the default first.
    package var languages: [Language]
    /// The `mkdocs.yml` line of the plugin, for diagnostics.
    package var line: Int

    /// The default language.
    package var defaultLanguage: Language { languages[0] }

    /// The URL prefix of `language`'s pages: empty for the default language, `zh/` otherwise.
    package func prefix(of language: Language) -> String {
        language.isDefault ? "" : language.locale + "/"
    }

    /// The options of one language that Galley reads.
    static let languageOptions: Set<String> = [
        "locale", "name", "build", "default", "site_name", "site_description", "site_author", "copyright", "nav_translations",
        "fallback_to_default", "nav",
    ]

    /// Reads the plugin's options; problems go to `problems` as (line, message).
    static func read(_ options: ConfigValue, line: Int, problems: inout [(Int, String)]) -> I18nSettings? {
        let structure: DocsStructure
        switch options["docs_structure"]?.string ?? "suffix" {
        case "folder": structure = .folder
        case "suffix": structure = .suffix
        case let other:
            problems.append((line, "`docs_structure: \(other)` is neither `suffix` nor `folder`; `suffix` is used"))
            structure = .suffix
        }
        let fallback = options["fallback_to_default"]?.bool ?? true
        var languages: [Language] = []
        for entry in options["languages"]?.list ?? [] {
            guard let locale = entry["locale"]?.string, !locale.isEmpty else {
                problems.append((line, "a language of the `i18n` plugin has no `locale`; it is left out"))
                continue
            }
            for option in entry.entries ?? [] where !Self.languageOptions.contains(option.key) {
                problems.append((option.line, "the option `\(option.key)` of the language `\(locale)` has no effect in Galley; it is ignored"))
            }
            var navTranslations: [String: String] = [:]
            for item in entry["nav_translations"]?.entries ?? [] {
                if let text = item.value.string { navTranslations[item.key] = text }
            }
            languages.append(Language(
                locale: locale,
                name: entry["name"]?.string ?? locale,
                build: entry["build"]?.bool ?? true,
                isDefault: entry["default"]?.bool ?? false,
                siteName: entry["site_name"]?.string,
                siteDescription: entry["site_description"]?.string,
                siteAuthor: entry["site_author"]?.string,
                copyright: entry["copyright"]?.string,
                navTranslations: navTranslations,
                fallbackToDefault: entry["fallback_to_default"]?.bool ?? fallback,
                nav: entry["nav"].map { navEntries($0, line: line, problems: &problems) }
            ))
        }
        guard !languages.isEmpty else {
            problems.append((line, "the `i18n` plugin lists no languages; the site is built in one language"))
            return nil
        }
        if let index = languages.firstIndex(where: \.isDefault) {
            languages.insert(languages.remove(at: index), at: 0)
        } else {
            problems.append((line, "no language of the `i18n` plugin says `default: true`; the first, `\(languages[0].locale)`, is the default"))
            languages[0].isDefault = true
        }
        return I18nSettings(docsStructure: structure, languages: languages, line: line)
    }
}

/// A `nav` given as a configuration value (a language's own), read as the top-level `nav` is.
private func navEntries(_ value: ConfigValue, line: Int, problems: inout [(Int, String)]) -> [NavEntry] {
    func isURL(_ target: String) -> Bool { target.contains("://") || target.hasPrefix("/") || target.hasPrefix("mailto:") }
    var entries: [NavEntry] = []
    for item in value.list ?? [] {
        if let path = item.string {
            entries.append(isURL(path) ? .link(title: path, url: path, line: line) : .page(title: nil, path: path, line: line))
        } else if let pairs = item.entries, pairs.count == 1 {
            let pair = pairs[0]
            if let target = pair.value.string {
                entries.append(isURL(target) ? .link(title: pair.key, url: target, line: pair.line) : .page(title: pair.key, path: target, line: pair.line))
            } else if pair.value.list != nil {
                entries.append(.section(title: pair.key, children: navEntries(pair.value, line: pair.line, problems: &problems), line: pair.line))
            } else {
                problems.append((pair.line, "the `nav` entry `\(pair.key)` of a language must point to a page, a URL or a list"))
            }
        } else {
            problems.append((line, "a `nav` entry of a language must be a path or a single `Title: target` pair"))
        }
    }
    return entries
}

extension SiteConfig {
    /// The `i18n` plugin's settings, when the site uses it.
    package var i18n: I18nSettings? {
        pluginSettings("i18n") { I18nSettings.read($0, line: $1, problems: &$2) }
    }
}

extension SiteConfig {
    /// The configuration one language of the site is built with: its site name, its
    /// language for the theme, and the nav with its titles translated.
    package func forLanguage(_ language: I18nSettings.Language) -> SiteConfig {
        var config = self
        if let name = language.siteName { config.siteName = name }
        if let description = language.siteDescription { config.siteDescription = description }
        if let author = language.siteAuthor { config.siteAuthor = author }
        if let copyright = language.copyright { config.copyright = copyright }
        config.theme.language = language.locale
        if let own = language.nav { config.nav = own }
        if !language.navTranslations.isEmpty {
            config.nav = nav.map { Self.translate($0, language.navTranslations) }
        }
        return config
    }

    private static func translate(_ entries: [NavEntry], _ titles: [String: String]) -> [NavEntry] {
        entries.map { entry in
            switch entry {
            case .page(let title, let path, let line): .page(title: title.map { titles[$0] ?? $0 }, path: path, line: line)
            case .link(let title, let url, let line): .link(title: titles[title] ?? title, url: url, line: line)
            case .section(let title, let children, let line): .section(title: titles[title] ?? title, children: translate(children, titles), line: line)
            }
        }
    }
}
