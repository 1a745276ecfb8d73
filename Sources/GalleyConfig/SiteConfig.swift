// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics

/// Everything Galley reads from `mkdocs.yml`, typed.
package struct SiteConfig: Sendable, Equatable {
    /// The path of the config file as given.
    package var configFile: String
    /// The directory holding the config file; relative paths in the config are against it.
    package var projectDirectory: String

    package var siteName: String
    package var siteURL: String?
    /// `dev_addr`: where `galley serve` listens unless told otherwise (`host:port`).
    package var devAddress: String?
    package var siteDescription: String?
    package var siteAuthor: String?
    package var repoURL: String?
    package var repoName: String?
    package var editURI: String?
    package var copyright: String?
    /// Relative to ``projectDirectory`` unless absolute.
    package var docsDir: String = "docs"
    /// Relative to ``projectDirectory`` unless absolute.
    package var siteDir: String = "site"
    /// The lines of `docs_dir` and `site_dir` in the config file (0 when defaulted), for
    /// errors about where they point.
    package var docsDirLine = 0
    package var siteDirLine = 0
    package var useDirectoryURLs = true
    /// `nil` when the config has no `nav`: the navigation is then every page, alphabetically.
    package var nav: [NavEntry]?
    package var theme = ThemeConfig()
    package var extraCSS: [String] = []
    package var extraJavaScript: [String] = []
    package var markdownExtensions: [MarkdownExtensionConfig] = []
    package var plugins: [PluginConfig] = []
    /// `redirects.redirect_maps`: old page path → new path or URL, with the entry's line.
    package var redirects: [(from: String, to: String, line: Int)] = []
    package var extra: ConfigValue = .map([])
    /// `remote_branch` and `remote_name`: where `galley gh-deploy` publishes.
    package var remoteBranch: String?
    package var remoteName: String?
    /// gitignore-style patterns of files under `docs_dir` that are not part of the site.
    package var excludeDocs: [String] = []
    /// `draft_docs`: pages left out of `galley build` and `check` but shown by `galley serve`.
    package var draftDocs: [String] = []
    /// `strict: true`: a build fails on any warning, as with `--strict`.
    package var strict = false
    /// gitignore-style patterns of pages that are deliberately not in `nav`.
    package var notInNav: [String] = []
    package var validation = ValidationConfig()
    /// `galley: snippets:`: how Swift fences are compiled and run.
    package var snippets = SnippetConfig()
    /// `galley: api:`: the Swift API reference built from the code, when the site has one.
    package var api: APIConfig?
    /// `galley: search: mkdocs_index: true`: also write `search/search_index.json` in the shape
    /// mkdocs' search plugin writes, for tools that read it. The theme's own index is smaller
    /// and always written, so the mkdocs one (the whole text again) is left out by default.
    package var writesMkdocsSearchIndex = false
    /// `galley: markdown: join_cjk_lines: true`: a line break between two Chinese or
    /// Japanese characters is no space.
    package var joinsCJKLines = false
    /// Page variables read from the templating plugins' data files (`include_yaml`, `_data`).
    package var templateData: [String: ConfigValue] = [:]
    /// The data files `templateData` was read from, absolute.
    package var templateDataFiles: [String] = []

    /// A config with the given name and every default.
    package init(configFile: String, projectDirectory: String, siteName: String) {
        self.configFile = configFile
        self.projectDirectory = projectDirectory
        self.siteName = siteName
    }

    /// Whether `plugins` lists `name` (mkdocs enables `search` when `plugins` is absent).
    package func hasPlugin(_ name: String) -> Bool {
        plugins.contains { $0.name == name }
    }

    package static func == (lhs: SiteConfig, rhs: SiteConfig) -> Bool {
        lhs.configFile == rhs.configFile && lhs.siteName == rhs.siteName && lhs.nav == rhs.nav
            && lhs.docsDir == rhs.docsDir && lhs.siteDir == rhs.siteDir && lhs.draftDocs == rhs.draftDocs && lhs.theme == rhs.theme
            && lhs.redirects.map(\.from) == rhs.redirects.map(\.from) && lhs.redirects.map(\.to) == rhs.redirects.map(\.to)
            && lhs.markdownExtensions == rhs.markdownExtensions && lhs.plugins == rhs.plugins
            && lhs.extra == rhs.extra && lhs.writesMkdocsSearchIndex == rhs.writesMkdocsSearchIndex && lhs.joinsCJKLines == rhs.joinsCJKLines && lhs.useDirectoryURLs == rhs.useDirectoryURLs && lhs.templateData == rhs.templateData
    }
}

/// One entry of `nav`.
package indirect enum NavEntry: Sendable, Equatable {
    /// A page of the site by its path under `docs_dir`; the title is `nil` when the entry
    /// gives none (the page's own title is used).
    case page(title: String?, path: String, line: Int)
    /// An external or site-relative URL.
    case link(title: String, url: String, line: Int)
    /// A titled group of entries.
    case section(title: String, children: [NavEntry], line: Int)
}

/// `theme:`.
package struct ThemeConfig: Sendable, Equatable {
    package var name = "mkdocs"
    package var logo: String?
    package var favicon: String?
    /// `icon:` flattened: `repo` → `fontawesome/brands/github`.
    package var icons: [String: String] = [:]
    /// One entry per colour scheme; a single map becomes one scheme.
    package var palette: [PaletteScheme] = []
    /// `theme.features` as written; ``enabledFeatures`` reads them.
    package var features: [String] = []
    package var language = "en"
    package var customDir: String?
    /// The line of `custom_dir` in `mkdocs.yml`, for diagnostics about it.
    package var customDirLine = 0

    package init() {}
}

/// One colour scheme of `theme.palette`.
package struct PaletteScheme: Sendable, Equatable {
    /// The Material colour names `primary` and `accent` accept, in their canonical spelling.
    package static let colourNames: Set<String> = [
        "red", "pink", "purple", "deep-purple", "indigo", "blue", "light-blue", "cyan", "teal", "green",
        "light-green", "lime", "yellow", "amber", "orange", "deep-orange", "brown", "grey", "blue-grey",
        "black", "white",
    ]

    /// A colour name as written (`Deep Purple`) in its canonical spelling (`deep-purple`).
    package static func colourKey(_ name: String) -> String {
        name.lowercased().split(separator: " ").joined(separator: "-")
    }

    package var scheme: String?
    package var primary: String?
    package var accent: String?
    package var media: String?
    package var toggleIcon: String?
    package var toggleName: String?

    package init(scheme: String? = nil, primary: String? = nil, accent: String? = nil, media: String? = nil, toggleIcon: String? = nil, toggleName: String? = nil) {
        self.scheme = scheme
        self.primary = primary
        self.accent = accent
        self.media = media
        self.toggleIcon = toggleIcon
        self.toggleName = toggleName
    }
}

/// One named entry with options, as `markdown_extensions` and `plugins` list them.
package struct NamedConfigEntry: Sendable, Equatable {
    package var name: String
    package var options: ConfigValue
    /// Where the entry is in the config file.
    package var line: Int

    package init(name: String, options: ConfigValue = .map([]), line: Int) {
        self.name = name
        self.options = options
        self.line = line
    }
}

/// One entry of `markdown_extensions`.
package typealias MarkdownExtensionConfig = NamedConfigEntry

/// One entry of `plugins`.
package typealias PluginConfig = NamedConfigEntry

/// mkdocs' `validation:` levels, keyed by the code each check reports (`nav.not_found`,
/// `links.anchors`), which are mkdocs' own names for the checks.
package struct ValidationConfig: Sendable, Equatable {
    /// The level of each check; `nil` means the check is ignored.
    package var levels: [String: Severity?] = [
        ConfigCodes.navOmittedFiles.description: .info,
        ConfigCodes.navNotFound.description: .warning,
        ConfigCodes.navAbsoluteLinks.description: .info,
        ConfigCodes.linksNotFound.description: .warning,
        ConfigCodes.linksAbsoluteLinks.description: .info,
        ConfigCodes.linksUnrecognizedLinks.description: .info,
        ConfigCodes.linksAnchors.description: .info,
    ]

    package init() {}

    /// The level of `check`, `nil` when ignored.
    package func level(_ check: DiagnosticCode) -> Severity? {
        levels[check.description] ?? nil
    }
}

extension SiteConfig {
    /// The path the site is served under: the path of `site_url`, ending with `/`, or `/`.
    /// The 404 page links from here, since it answers for URLs at any depth, and
    /// `galley serve` mounts the site here as mkdocs does.
    package var servedPath: String {
        guard let siteURL, let components = URLComponents(string: siteURL), !components.path.isEmpty else { return "/" }
        let path = components.path.hasPrefix("/") ? components.path : "/" + components.path
        return path.hasSuffix("/") ? path : path + "/"
    }
}
