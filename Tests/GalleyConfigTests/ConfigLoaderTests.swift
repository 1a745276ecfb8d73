// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyOracle
import Testing

@Suite("mkdocs.yml")
struct ConfigLoaderTests {
    static let corpusConfig = SharedCorpus.squareWorkflow.appendingPathComponent("mkdocs.yml").path

    @Test(.enabled(if: FileManager.default.fileExists(atPath: corpusConfig), "needs ../shared/corpus"))
    func readsTheRealCorpusConfigUnchanged() throws {
        let (config, diagnostics) = try ConfigLoader.load(path: Self.corpusConfig, environment: [:])
        #expect(config.siteName == "Square Workflow")
        #expect(config.siteURL == "https://square.github.io/workflow/")
        #expect(config.editURI == "edit/main/docs/")
        #expect(config.theme.name == "material")
        #expect(config.theme.icons["repo"] == "fontawesome/brands/github")
        #expect(config.theme.palette == [PaletteScheme(primary: "red", accent: "pink")])
        #expect(config.theme.features == ["tabs", "instant"])
        #expect(config.extraCSS == ["css/app.css"])
        #expect(config.markdownExtensions.map(\.name).contains("pymdownx.tabbed"))
        #expect(config.markdownExtensions.first { $0.name == "toc" }?.options["permalink"] == .bool(true))
        #expect(config.markdownExtensions.first { $0.name == "codehilite" }?.options["linenums"] == .bool(true))
        #expect(config.redirects.count == 4)
        #expect(config.redirects.first?.from == "kotlin/api/workflow-core/com.squareup.workflow/index.md")
        #expect(config.extra["social"]?.list?.count == 3)
        guard let nav = config.nav else {
            Issue.record("nav missing")
            return
        }
        #expect(nav.count == 11)
        #expect(nav[0] == .page(title: "Overview", path: "index.md", line: nav[0].line))
        if case .section(let title, let children, _) = nav[3] {
            #expect(title == "Tutorials and Samples")
            if case .link(_, let url, _) = children[0] {
                #expect(url.hasPrefix("https://github.com/square/workflow-swift"))
            } else {
                Issue.record("expected an external link")
            }
        } else {
            Issue.record("expected a section")
        }
        // Every key the corpus uses is understood; its features are Material 5's spellings,
        // which Material 9 (and so Galley) ignores, saying so at each, and its
        // `google_analytics` is deprecated in mkdocs and read by neither theme.
        #expect(diagnostics.map(\.code.description) == ["config.legacy_feature", "config.legacy_feature", "config.unknown_key"], "\(diagnostics)")
        #expect(diagnostics.map(\.location.line) == [38, 39, 114])
    }

    @Test func theServedPathComesFromTheSiteURL() {
        var config = SiteConfig(configFile: "mkdocs.yml", projectDirectory: ".", siteName: "x")
        #expect(config.servedPath == "/")
        config.siteURL = "https://square.github.io/workflow/"
        #expect(config.servedPath == "/workflow/")
        config.siteURL = "https://example.com/docs"
        #expect(config.servedPath == "/docs/")
        config.siteURL = "https://example.com"
        #expect(config.servedPath == "/")
    }

    @Test func theGalleySectionsSettingsAreReadAndItsUnknownKeysAreWarnings() throws {
        let yaml = """
            site_name: Demo
            galley:
              cache:
                max_size: 2 GiB
                max_age: 3
              search:
                mkdocs_index: true
                compact: false
            """
        let (config, diagnostics) = try ConfigLoader.parse(yaml, path: "mkdocs.yml")
        #expect(config.snippets.cacheMaxSize == 2 * 1024 * 1024 * 1024)
        #expect(config.writesMkdocsSearchIndex)
        #expect(diagnostics.map(\.description) == [
            "mkdocs.yml:5:5: warning: unknown key `galley.cache.max_age`; it is ignored [config.unknown_key]",
            "mkdocs.yml:8:5: warning: unknown key `galley.search.compact`; it is ignored [config.unknown_key]",
        ])
    }

    @Test func anUnknownSnippetModeWordInTheDefaultIsAnErrorAtItsLine() throws {
        let yaml = "site_name: Demo\ngalley:\n  snippets:\n    enabled: false\n    default: runn\n"
        #expect(throws: DiagnosticError.self) { try ConfigLoader.parse(yaml, path: "mkdocs.yml") }
        do {
            _ = try ConfigLoader.parse(yaml, path: "mkdocs.yml")
        } catch {
            #expect(error.description.hasPrefix("mkdocs.yml:5:14: error: unknown word `runn` in `galley.snippets.default`; did you mean `run`?"), "\(error)")
        }
        let (config, _) = try ConfigLoader.parse("site_name: Demo\ngalley:\n  snippets:\n    enabled: false\n    default: run expect\n", path: "mkdocs.yml")
        #expect(!config.snippets.enabled && config.snippets.defaultModes == ["run", "expect"])
    }

    @Test func unknownKeysExtensionsAndPluginsAreWarningsWithLines() throws {
        let yaml = """
            site_name: Demo
            colour_scheme: blue
            markdown_extensions:
              - admonition
              - pymdownx.nonexistent
            plugins:
              - search
              - fancy-plugin
            """
        let (_, diagnostics) = try ConfigLoader.parse(yaml, path: "mkdocs.yml")
        #expect(diagnostics.map(\.description) == [
            "mkdocs.yml:2:1: warning: unknown configuration key `colour_scheme`; it is ignored [config.unknown_key]",
            "mkdocs.yml:5: warning: unknown Markdown extension `pymdownx.nonexistent`; it is ignored [config.unknown_extension]",
            "mkdocs.yml:8: warning: unknown plugin `fancy-plugin`; it is ignored [config.unknown_plugin]",
        ])
    }

    @Test func theExtensionsRealSitesUseAreAllImplemented() throws {
        let yaml = "site_name: Demo\nmarkdown_extensions:\n  - def_list\n  - pymdownx.escapeall:\n      hardbreak: true\n  - pymdownx.snippets\n  - pymdownx.emoji\n  - pymdownx.critic\n  - pymdownx.arithmatex:\n      generic: true\n  - pymdownx.keys\n  - made.up\n"
        let (_, diagnostics) = try ConfigLoader.parse(yaml, path: "mkdocs.yml")
        #expect(diagnostics.map(\.code.description) == ["config.unknown_extension"])
        #expect(diagnostics.map(\.location.line) == [12])
    }

    @Test func aFeatureMaterialDoesNotHaveIsAWarningAndFormerSpellingsTurnNothingOn() throws {
        let yaml = "site_name: Demo\ntheme:\n  name: material\n  features:\n    - tabs\n    - navigation.tabz\n    - navigation.top\n    - instant\n"
        let (config, diagnostics) = try ConfigLoader.parse(yaml, path: "mkdocs.yml")
        #expect(diagnostics.map(\.code.description) == ["config.legacy_feature", "config.unknown_feature", "config.legacy_feature"])
        #expect(diagnostics.map(\.location.line) == [5, 6, 8])
        #expect(diagnostics.first?.message == "`tabs` is Material 5's name for `navigation.tabs`; Material 9 ignores it, and so does Galley: write `navigation.tabs` to turn it on")
        #expect(diagnostics[1].message.contains("`navigation.tabz` is not a theme feature"))
        // As Material 9 does: no top tabs, no instant loading.
        #expect(config.theme.enabledFeatures == [.navigationTop])
    }

    @Test func theCacheBudgetTakesSizesWithUnits() throws {
        for (text, bytes) in [("1000", 1000), ("500 MB", 500_000_000), ("2GiB", 2 << 30), ("1.5 K", 1500)] {
            let (config, diagnostics) = try ConfigLoader.parse("site_name: Demo\ngalley:\n  cache:\n    max_size: \(text)\n", path: "mkdocs.yml")
            #expect(diagnostics.isEmpty)
            #expect(config.snippets.cacheMaxSize == bytes, "\(text)")
        }
        #expect(throws: DiagnosticError.self) { try ConfigLoader.parse("site_name: Demo\ngalley:\n  cache:\n    max_size: lots\n", path: "mkdocs.yml") }
    }

    @Test func aVersionProviderOtherThanMikeIsAWarningAtItsLine() throws {
        let (_, diagnostics) = try ConfigLoader.parse("site_name: Demo\nextra:\n  version:\n    provider: other\n", path: "mkdocs.yml")
        #expect(diagnostics.map(\.code.description) == ["config.version_provider"])
        #expect(diagnostics.map(\.location.line) == [4])
        let (_, none) = try ConfigLoader.parse("site_name: Demo\nextra:\n  version:\n    provider: mike\n", path: "mkdocs.yml")
        #expect(none.isEmpty)
    }

    @Test func hooksAndThemeFeaturesGalleyLacksAreWarningsWithLines() throws {
        let yaml = "site_name: Demo\nhooks:\n  - hooks/redirects.py\ntheme:\n  name: material\n  features:\n    - navigation.tabs\n    - content.code.copy\n    - navigation.path\n    - navigation.instant.preview\n    - search.share\n    - content.lazy\n"
        let (_, diagnostics) = try ConfigLoader.parse(yaml, path: "mkdocs.yml")
        #expect(diagnostics.map(\.code.description) == ["config.hooks", "config.unsupported_feature", "config.unsupported_feature"])
        #expect(diagnostics.map(\.location.line) == [2, 10, 12])
        #expect(diagnostics[1].message.contains("`navigation.instant.preview`"))
    }

    /// Material's `offline` and `privacy` plugins are accepted with a note (a Galley site
    /// already works from disk and its theme fetches nothing); Google Analytics and the
    /// consent dialog are built, so they say nothing.
    @Test func builtInPluginsAreNotesAndAnalyticsIsBuilt() throws {
        let yaml = "site_name: Demo\nplugins:\n  - offline\n  - privacy\nextra:\n  analytics:\n    provider: google\n    property: G-1\n  consent:\n    title: Cookies\n"
        let (_, diagnostics) = try ConfigLoader.parse(yaml, path: "mkdocs.yml")
        #expect(diagnostics.map(\.code.description) == ["config.built_in_plugin", "config.built_in_plugin"])
        #expect(diagnostics.map(\.severity) == [.info, .info])
        #expect(diagnostics.map(\.location.line) == [3, 4])
    }

    /// What the theme would pass over in `extra.analytics` and `extra.consent` is a warning
    /// at its line: another provider, a missing property, keys Material does not read, a
    /// rating without a name, an action that is no button.
    @Test func analyticsTheThemeCannotBuildIsAWarningAtItsLine() throws {
        let yaml = """
            site_name: Demo
            extra:
              analytics:
                provider: plausible
                domain: example.com
              consent:
                title: Cookies
                actions: [accept, refuse]
                colour: red

            """
        let (_, diagnostics) = try ConfigLoader.parse(yaml, path: "mkdocs.yml")
        #expect(diagnostics.map(\.code.description) == Array(repeating: "config.analytics", count: 4), "\(diagnostics)")
        #expect(diagnostics.map(\.location.line) == [5, 4, 9, 8])
        #expect(diagnostics[1].message.contains("`plausible`") && diagnostics[3].message.contains("`refuse`"))
        let (_, noProperty) = try ConfigLoader.parse("site_name: Demo\nextra:\n  analytics:\n    provider: google\n    feedback:\n      title: Helpful?\n      ratings:\n        - icon: x\n          data: 1\n", path: "mkdocs.yml")
        #expect(noProperty.map(\.location.line) == [4, 8], "\(noProperty)")
        #expect(noProperty[0].message.contains("no `property`") && noProperty[1].message.contains("without a `name`"))
    }

    /// `toc.slugify` takes effect for the functions Galley computes; any other is a warning at
    /// its line saying which ids the headings get instead.
    @Test func slugFunctionsGalleyCannotComputeAreWarningsAtTheirLine() throws {
        let known = try ConfigLoader.parse("site_name: D\nmarkdown_extensions:\n  - toc:\n      slugify: !!python/object/apply:pymdownx.slugs.slugify {kwds: {case: lower}}\n", path: "mkdocs.yml")
        #expect(known.1.isEmpty, "\(known.1)")
        let style = HeadingSlugStyle.read(known.0.markdownExtensions[0].options).style
        #expect(style.function == .pymdown(letterCase: .lower, normalization: .nfc, percentEncode: false))
        let yaml = """
            site_name: Demo
            markdown_extensions:
              - toc:
                  separator: _
                  slugify: !!python/name:pymdownx.slugs.uslugify
              - toc:
                  slugify: !!python/name:my_project.slugs.custom
              - toc:
                  slugify: !!python/object/apply:pymdownx.slugs.slugify {kwds: {case: upper}}
            """
        let legacy = try ConfigLoader.parse("site_name: D\nmarkdown_extensions:\n  - toc:\n      slugify: !!python/name:pymdownx.slugs.gfm_encoded\n", path: "mkdocs.yml")
        #expect(HeadingSlugStyle.read(legacy.0.markdownExtensions[0].options).style.function == .pymdown(letterCase: .lowerASCII, normalization: .nfc, percentEncode: true))
        let (_, diagnostics) = try ConfigLoader.parse(yaml, path: "mkdocs.yml")
        #expect(diagnostics.map(\.location.line) == [5, 7, 9], "\(diagnostics)")
        #expect(diagnostics[1...].allSatisfy { $0.message.contains("default ids") })
        // The deprecated name still makes its ids (those of `slugify(case="lower")`), with a note.
        #expect(diagnostics[0].message.contains("removed in pymdown-extensions 12.0") && diagnostics[0].message.contains("same ids"))
        #expect(diagnostics[1].message.contains("`my_project.slugs.custom`"))
        #expect(diagnostics[2].message.contains("`case: upper`"))
    }

    @Test func extensionOptionsWithoutEffectAreWarningsAtTheirLine() throws {
        let yaml = """
            site_name: Demo
            markdown_extensions:
              - toc:
                  permalink: true
                  toc_depth: 3
              - codehilite:
                  guess_lang: false
              - pymdownx.highlight:
                  guess_lang: true
                  css_class: code
              - pymdownx.superfences:
                  custom_fences:
                    - name: mermaid
              - pymdownx.tabbed:
                  alternate_style: true
            """
        let (_, diagnostics) = try ConfigLoader.parse(yaml, path: "mkdocs.yml")
        #expect(diagnostics.map(\.code.description) == Array(repeating: "config.extension_option", count: 4), "\(diagnostics)")
        #expect(diagnostics.map(\.location.line) == [5, 9, 10, 12])
        #expect(diagnostics[0].message.contains("`toc_depth` of `toc`"))
        #expect(diagnostics[3].message.contains("`custom_fences` of `pymdownx.superfences`"))
        // Tabs without `alternate_style` are written in the classic markup, as mkdocs does.
        let classic = try ConfigLoader.parse("site_name: D\nmarkdown_extensions:\n  - pymdownx.tabbed\n", path: "mkdocs.yml").1
        #expect(classic.isEmpty)
    }

    @Test func themeKeysGalleysThemeLacksAreWarningsAtTheirLine() throws {
        let yaml = "site_name: Demo\ntheme:\n  name: material\n  font:\n    text: Roboto\n  navigation_depth: 2\n  logo: logo.png\n"
        let (_, diagnostics) = try ConfigLoader.parse(yaml, path: "mkdocs.yml")
        #expect(diagnostics.map(\.code.description) == ["config.theme_key", "config.theme_key"])
        #expect(diagnostics.map(\.location.line) == [4, 6])
        #expect(diagnostics.first?.message.contains("`theme.font`") == true)
        // `font: false` (system fonts, none fetched) is what Galley's theme does: nothing to say.
        let systemFonts = try ConfigLoader.parse("site_name: Demo\ntheme:\n  name: material\n  font: false\n", path: "mkdocs.yml").1
        #expect(systemFonts.isEmpty, "\(systemFonts)")
    }

    @Test func unknownPaletteColoursAreWarnedAboutWithTheirLine() throws {
        let yaml = """
            site_name: Demo
            theme:
              palette:
                - primary: Deep Purple
                  accent: chartreuse
                - primary: mauve
            """
        let (config, diagnostics) = try ConfigLoader.parse(yaml, path: "mkdocs.yml")
        #expect(config.theme.palette.map(\.primary) == ["Deep Purple", "mauve"])
        #expect(diagnostics.map(\.description) == [
            "mkdocs.yml:5: warning: unknown palette colour `chartreuse` for `accent`; indigo is used [config.unknown_colour]",
            "mkdocs.yml:6: warning: unknown palette colour `mauve` for `primary`; indigo is used [config.unknown_colour]",
        ])
    }

    @Test func mkdocsTagsAreResolved() throws {
        let yaml = """
            site_name: !ENV [SITE, "Fallback"]
            site_url: !ENV SITE_URL
            repo_name: !!python/object/apply:os.getenv ["REPO"]
            markdown_extensions:
              - pymdownx.emoji:
                  emoji_index: !!python/name:material.extensions.emoji.twemoji
            """
        let (config, _) = try ConfigLoader.parse(yaml, path: "mkdocs.yml", environment: ["SITE_URL": "https://x.test/", "REPO": "r"])
        #expect(config.siteName == "Fallback")
        #expect(config.siteURL == "https://x.test/")
        #expect(config.repoName == "r")
        #expect(config.markdownExtensions[0].options["emoji_index"] == .string("material.extensions.emoji.twemoji"))
    }

    @Test func paletteAsListNavShapesAndDefaults() throws {
        let yaml = """
            site_name: Demo
            use_directory_urls: false
            theme:
              name: material
              palette:
                - scheme: default
                  primary: indigo
                  toggle:
                    icon: material/brightness-7
                    name: Dark mode
                - scheme: slate
            nav:
              - index.md
              - Guide:
                  - guide/one.md
                  - Two: guide/two.md
              - Site: https://example.com
            exclude_docs: |
              drafts/
              *.tmp
            """
        let (config, diagnostics) = try ConfigLoader.parse(yaml, path: "mkdocs.yml")
        #expect(diagnostics.isEmpty)
        #expect(!config.useDirectoryURLs)
        #expect(config.theme.palette.count == 2)
        #expect(config.theme.palette[0].toggleName == "Dark mode")
        #expect(config.excludeDocs == ["drafts/", "*.tmp"])
        #expect(config.hasPlugin("search"), "search is on when plugins is absent")
        #expect(config.nav?.count == 3)
        if case .section(_, let children, _)? = config.nav?[1] {
            #expect(children.count == 2)
            #expect(children[0] == .page(title: nil, path: "guide/one.md", line: children[0].line))
        }
    }

    @Test func invalidYAMLNamesItsLineAndColumn() {
        #expect(throws: DiagnosticError.self) {
            _ = try ConfigLoader.parse("site_name: Demo\nnav:\n  - [broken\n", path: "mkdocs.yml")
        }
        do {
            _ = try ConfigLoader.parse("site_name: Demo\nnav:\n  - [broken\n", path: "mkdocs.yml")
        } catch {
            let location = error.diagnostics[0].location
            #expect(location.file == "mkdocs.yml")
            #expect(location.line >= 3)
            #expect(error.diagnostics[0].code.description == "config.yaml")
        }
    }

    @Test func missingSiteNameAndWrongTypesAreErrors() {
        do {
            _ = try ConfigLoader.parse("docs_dir: docs\n", path: "mkdocs.yml")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics[0].code.description == "config.missing_site_name")
        }
        do {
            _ = try ConfigLoader.parse("site_name: x\nnav: 3\n", path: "mkdocs.yml")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "mkdocs.yml:2:6: error: `nav` must be a list [config.invalid]")
        }
    }
}

extension NavEntry {
    var line: Int {
        switch self {
        case .page(_, _, let line), .link(_, _, let line), .section(_, _, let line): line
        }
    }
}
