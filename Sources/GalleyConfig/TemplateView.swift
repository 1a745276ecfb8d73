// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
extension SiteConfig {
    /// The configuration as templates see it (`{{ config.site_name }}`, `config.theme.features`,
    /// `config.extra.version`): the keys of mkdocs' configuration object that templates use,
    /// with their values as read.
    package var templateView: ConfigValue {
        func entry(_ key: String, _ value: ConfigValue) -> ConfigValue.MapEntry {
            .init(key: key, value: value, line: 0)
        }
        func text(_ value: String?) -> ConfigValue {
            value.map(ConfigValue.string) ?? .null
        }
        var icon: [ConfigValue.MapEntry] = []
        for (key, value) in theme.icons.sorted(by: { $0.key < $1.key }) where !key.contains(".") {
            icon.append(entry(key, .string(value)))
        }
        let palette: [ConfigValue] = theme.palette.map { scheme in
            var entries: [ConfigValue.MapEntry] = []
            for (key, value) in [("scheme", scheme.scheme), ("primary", scheme.primary), ("accent", scheme.accent), ("media", scheme.media)] {
                if let value { entries.append(entry(key, .string(value))) }
            }
            return .map(entries)
        }
        let themeView: ConfigValue = .map([
            entry("name", .string(theme.name)),
            entry("language", .string(theme.language)),
            entry("features", .list(theme.features.map(ConfigValue.string))),
            entry("palette", palette.count == 1 ? palette[0] : .list(palette)),
            entry("logo", text(theme.logo)),
            entry("favicon", text(theme.favicon)),
            entry("icon", .map(icon)),
            entry("custom_dir", text(theme.customDir)),
        ])
        return .map([
            entry("site_name", .string(siteName)),
            entry("site_url", text(siteURL)),
            entry("site_description", text(siteDescription)),
            entry("site_author", text(siteAuthor)),
            entry("repo_url", text(repoURL)),
            entry("repo_name", text(repoName)),
            entry("edit_uri", text(editURI)),
            entry("copyright", text(copyright)),
            entry("docs_dir", .string(docsDir)),
            entry("site_dir", .string(siteDir)),
            entry("use_directory_urls", .bool(useDirectoryURLs)),
            entry("extra", extra),
            entry("extra_css", .list(extraCSS.map(ConfigValue.string))),
            entry("extra_javascript", .list(extraJavaScript.map(ConfigValue.string))),
            entry("theme", themeView),
            entry("plugins", .map(plugins.map { entry($0.name, $0.options) })),
            entry("markdown_extensions", .list(markdownExtensions.map { .string($0.name) })),
        ])
    }
}
