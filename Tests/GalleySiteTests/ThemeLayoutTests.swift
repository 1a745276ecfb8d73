// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
import GalleyConfig
import GalleyDiagnostics
import GalleySite
import Testing

/// The default theme's page layout, built from real configs.
@Suite("theme layout")
struct ThemeLayoutTests {
    static func build(_ config: String, pages: [String: String]) throws -> TemporaryProject {
        var files = ["mkdocs.yml": config]
        for (path, text) in pages { files["docs/" + path] = text }
        let project = try TemporaryProject(files: files)
        let (loaded, diagnostics) = try ConfigLoader.load(path: project.configPath)
        _ = try SiteBuilder.build(config: loaded, configDiagnostics: diagnostics)
        return project
    }

    static let materialConfig = """
        site_name: Demo
        repo_url: https://github.com/example/demo
        repo_name: example/demo
        edit_uri: edit/main/docs/
        copyright: Copyright &copy; Example
        theme:
          name: material
          logo: img/logo.png
          icon:
            repo: fontawesome/brands/github
          palette:
            primary: red
            accent: pink
          features:
            - navigation.tabs
        extra:
          social:
            - icon: fontawesome/brands/github-alt
              link: https://github.com/example
            - icon: fontawesome/brands/mastodon
              link: https://social.example/@demo
              name: Our Mastodon
        nav:
          - Home: index.md
          - Guide:
              - guide/one.md
              - guide/two.md
          - Reference:
              - reference/api.md
        """

    static let pages = [
        "index.md": "# Home\n\nWelcome.\n",
        "guide/one.md": "# One\n\n## Part\n\nText.\n",
        "guide/two.md": "# Two\n",
        "reference/api.md": "# API\n",
        "img/logo.png": "png",
    ]

    @Test func headerCarriesLogoRepositorySearchAndSchemeToggle() throws {
        let project = try Self.build(Self.materialConfig.replacingOccurrences(of: "  features:\n", with: "  features:\n    - content.action.edit\n"), pages: Self.pages)
        defer { project.remove() }
        let page = try #require(project.read("site/guide/one/index.html"))
        #expect(page.contains("<img class=\"g-logo\" src=\"../../img/logo.png\" alt=\"\">"))
        // No favicon configured: the logo stands in.
        #expect(page.contains("<link rel=\"icon\" href=\"../../img/logo.png\">"))
        // GitHub's mark: mkdocs-material's (installed, or Galley's own copy of its icons), else Galley's.
        #expect(page.contains("<a class=\"g-repo\" href=\"https://github.com/example/demo\" title=\"Go to repository\"><svg class=\"g-icon g-brand"))
        #expect(page.contains("<span>example/demo</span></a>"))
        #expect(page.contains("id=\"g-search-input\""))
        #expect(page.contains("data-names=\"[&quot;Switch to dark mode&quot;,&quot;Switch to light mode&quot;]\""))
        #expect(page.contains("<span class=\"g-page-title\" aria-hidden=\"true\">One</span>"))
        #expect(page.contains("<a class=\"g-edit\" href=\"https://github.com/example/demo/edit/main/docs/guide/one.md\""))
        #expect(page.contains("<main id=\"content\""))
        #expect(page.contains("<a class=\"g-skip\" href=\"#content\">Skip to content</a>"))
    }

    @Test func tabsListTopLevelSectionsAndMarkTheCurrentOne() throws {
        let project = try Self.build(Self.materialConfig, pages: Self.pages)
        defer { project.remove() }
        let page = try #require(project.read("site/guide/one/index.html"))
        #expect(page.contains("<body class=\"g-tabs-on g-in-section\""))
        #expect(page.contains("<li><a href=\"../../\">Home</a></li>"))
        #expect(page.contains("<li class=\"g-active\"><a href=\"../../guide/one/\" aria-current=\"true\">Guide</a></li>"))
        #expect(page.contains("<li><a href=\"../../reference/api/\">Reference</a></li>"))
        let home = try #require(project.read("site/index.html"))
        #expect(home.contains("<body class=\"g-tabs-on\""))
        #expect(home.contains("<li class=\"g-active\"><a href=\"./\" aria-current=\"true\">Home</a></li>"))
    }

    /// Material 9 gives every top-level page a tab of its own, also after the sections
    /// (a Glossary or a Changelog at the end of the nav), and marks the one being read.
    @Test func topLevelPagesAfterSectionsHaveTabsOfTheirOwn() throws {
        let config = Self.materialConfig + "\n  - Glossary: glossary.md\n  - FAQ: faq.md\n"
        var pages = Self.pages
        pages["glossary.md"] = "# Glossary\n"
        pages["faq.md"] = "# FAQ\n"
        let project = try Self.build(config, pages: pages)
        defer { project.remove() }
        let glossary = try #require(project.read("site/glossary/index.html"))
        let tabs = try #require(glossary.range(of: "<nav class=\"g-tabs md-tabs\"").map { String(glossary[$0.lowerBound...].prefix { $0 != "\u{1}" }.prefix(900)) })
        #expect(tabs.contains("<li><a href=\"../\">Home</a></li>\n<li><a href=\"../guide/one/\">Guide</a></li>\n<li><a href=\"../reference/api/\">Reference</a></li>\n<li class=\"g-active\"><a href=\"../glossary/\" aria-current=\"true\">Glossary</a></li>\n<li><a href=\"../faq/\">FAQ</a></li>"), "\(tabs)")
        let home = try #require(project.read("site/index.html"))
        #expect(home.contains("<li class=\"g-active\"><a href=\"./\" aria-current=\"true\">Home</a></li>\n<li><a href=\"guide/one/\">Guide</a></li>"))
        #expect(home.contains("<li><a href=\"faq/\">FAQ</a></li>"))
    }

    /// `navigation.path` puts the sections above a page over its title; `content.action.view`
    /// links the page's Markdown as the repository serves it raw, beside the edit link.
    @Test func breadcrumbsAndTheViewSourceLink() throws {
        let config = Self.materialConfig.replacingOccurrences(of: "  features:\n", with: "  features:\n    - navigation.path\n    - content.action.view\n    - content.action.edit\n")
            .replacingOccurrences(of: "      - guide/two.md\n", with: "      - Deeper:\n          - guide/two.md\n")
        let project = try Self.build(config, pages: Self.pages)
        defer { project.remove() }
        let two = try #require(project.read("site/guide/two/index.html"))
        #expect(two.contains("<nav class=\"g-path\" aria-label=\"Navigation\"><ol><li><a href=\"../../guide/one/\">Guide</a></li><li><a href=\"../../guide/two/\">Deeper</a></li></ol></nav>"), "\(two)")
        #expect(two.contains("<a class=\"g-edit g-view\" href=\"https://github.com/example/demo/raw/main/docs/guide/two.md\" title=\"View source of this page\""))
        #expect(two.contains("<a class=\"g-edit\" href=\"https://github.com/example/demo/edit/main/docs/guide/two.md\""))
        // A top-level page has no sections above it.
        let home = try #require(project.read("site/index.html"))
        #expect(!home.contains("g-path"))
    }

    /// A page without a `# heading` is found in search under the title the nav gives it, as
    /// mkdocs' own index has it, not one made from its file's name.
    /// A page with a `# heading` is found under it, as in Material's search, so two pages
    /// the nav calls "Overview" are told apart.
    @Test func searchShowsThePagesNavTitle() throws {
        let config = "site_name: Demo\ntheme:\n  name: material\nplugins:\n  - search\nnav:\n  - Home: index.md\n  - Getting started: first-steps.md\n  - A:\n    - Overview: a.md\n  - B:\n    - Overview: b.md\n"
        let project = try Self.build(config, pages: ["index.md": "# Home\n", "first-steps.md": "Some words about quokkas.\n", "a.md": "# Shark\n", "b.md": "# Shark Explorer\n"])
        defer { project.remove() }
        let index = try #require(project.read("site/search/index.js"))
        #expect(index.contains("\"Getting started\""), "\(index.prefix(400))")
        #expect(!index.contains("\"First steps\""), "\(index.prefix(400))")
        #expect(index.contains("[\"a/\",\"Shark\"]") && index.contains("[\"b/\",\"Shark Explorer\"]") && !index.contains("Overview"), "\(index.prefix(400))")
    }

    /// `extra.analytics` and `extra.consent` as Material builds them: the property for the
    /// script, the feedback widget with each note's `{url}` and `{title}` filled in (not on a
    /// page that hides it), and the consent dialog with Material's default cookies; a
    /// `custom_dir` override of `partials/feedback.html` replaces the widget.
    @Test func analyticsFeedbackAndConsentAreOnThePage() throws {
        let config = """
            site_name: Demo
            repo_url: https://github.com/example/demo
            theme:
              name: material
            extra:
              analytics:
                provider: google
                property: G-ABC
                feedback:
                  title: Was this page helpful?
                  ratings:
                    - name: Helpful
                      data: 1
                      note: Thanks for <b>{title}</b> at {url}
              consent:
                title: Cookies & you
                description: We <em>measure</em> reading.
                cookies:
                  custom: Our own
                actions: [accept, reject]

            """
        let project = try Self.build(config, pages: ["index.md": "# Home\n", "guide/setup.md": "# Set up & go\n", "quiet.md": "---\nhide: [feedback]\n---\n# Quiet\n"])
        defer { project.remove() }
        let setup = try #require(project.read("site/guide/setup/index.html"))
        #expect(setup.contains("<meta name=\"galley-analytics\" content=\"G-ABC\" data-provider=\"google\">\n</head>"))
        #expect(setup.contains("<legend class=\"g-feedback-title\">Was this page helpful?</legend>"))
        #expect(setup.contains("<button class=\"g-feedback-rating\" type=\"submit\" title=\"Helpful\" aria-label=\"Helpful\" data-value=\"1\">Helpful</button>"))
        #expect(setup.contains("data-value=\"1\" role=\"status\" hidden>Thanks for <b>Set%20up%20%26%20go</b> at /guide/setup/</div>"))
        // The widget is the last thing in the article, before the consent dialog after the footer.
        let article = try #require(setup.range(of: "</form>\n</article>"))
        let dialog = try #require(setup.range(of: "<div class=\"g-consent md-consent\" id=\"__consent\" hidden>"))
        #expect(article.upperBound < dialog.lowerBound && setup.range(of: "</footer>")!.upperBound <= dialog.lowerBound)
        #expect(setup.contains("<h2 id=\"g-consent-title\">Cookies &amp; you</h2>\n<div class=\"g-consent-text\">We <em>measure</em> reading.</div>"))
        #expect(setup.contains("<fieldset class=\"g-consent-settings\" id=\"g-consent-settings\">"), "no `manage`: the settings show")
        #expect(setup.contains("name=\"analytics\" checked> Google Analytics</label>\n<label><input type=\"checkbox\" name=\"github\" checked> GitHub</label>\n<label><input type=\"checkbox\" name=\"custom\" checked> Our own</label>"))
        #expect(setup.contains(">Accept</button>") && setup.contains("<button type=\"reset\"") && !setup.contains("g-consent-manage"))
        let quiet = try #require(project.read("site/quiet/index.html"))
        #expect(!quiet.contains("g-feedback") && quiet.contains("id=\"__consent\""))
        // Without the keys, nothing of it.
        let plain = try Self.build("site_name: Demo\ntheme:\n  name: material\n", pages: ["index.md": "# Home\n"])
        defer { plain.remove() }
        let home = try #require(plain.read("site/index.html"))
        #expect(!home.contains("galley-analytics") && !home.contains("g-feedback") && !home.contains("__consent"))
        // A provider the theme does not run is not offered for consent either.
        let other = try Self.build("site_name: Demo\ntheme:\n  name: material\nextra:\n  analytics:\n    provider: plausible\n  consent:\n    title: Cookies\n", pages: ["index.md": "# Home\n"])
        defer { other.remove() }
        let otherHome = try #require(other.read("site/index.html"))
        #expect(otherHome.contains("id=\"__consent\"") && !otherHome.contains("Google Analytics"), "\(otherHome)")
    }

    @Test func aTemplateOverrideReplacesTheFeedbackWidget() throws {
        let config = "site_name: Demo\ntheme:\n  name: material\n  custom_dir: overrides\nextra:\n  analytics:\n    provider: google\n    property: G-ABC\n    feedback:\n      title: Helpful?\n      ratings:\n        - name: Yes\n          data: 1\n"
        let project = try TemporaryProject(files: ["mkdocs.yml": config, "docs/index.md": "# Home\n", "overrides/partials/feedback.html": "<p class=\"mine\">Tell us</p>\n"])
        defer { project.remove() }
        let (loaded, diagnostics) = try ConfigLoader.load(path: project.configPath)
        let report = try SiteBuilder.build(config: loaded, configDiagnostics: diagnostics)
        #expect(report.diagnostics.filter { $0.severity >= .warning }.isEmpty, "\(report.diagnostics)")
        let home = try #require(project.read("site/index.html"))
        #expect(home.contains("<p class=\"mine\">Tell us</p>") && !home.contains("g-feedback"))
        #expect(home.contains("<meta name=\"galley-analytics\" content=\"G-ABC\""))
    }

    @Test func withoutTheFeatureThereAreNoTabs() throws {
        let config = Self.materialConfig.replacingOccurrences(of: "  features:\n    - navigation.tabs\n", with: "")
        let project = try Self.build(config, pages: Self.pages)
        defer { project.remove() }
        let page = try #require(project.read("site/guide/one/index.html"))
        #expect(!page.contains("g-tabs"))
        // Closed sections of a small nav can be opened in place.
        #expect(page.contains("<li class=\"g-section\"><details><summary>Reference</summary>"))
        #expect(page.contains("<li class=\"g-current\"><a href=\"../../guide/one/\" aria-current=\"page\">One</a></li>"))
    }

    @Test func footerHasCopyrightAndLabelledSocialLinks() throws {
        let project = try Self.build(Self.materialConfig, pages: Self.pages)
        defer { project.remove() }
        let page = try #require(project.read("site/index.html"))
        #expect(page.contains("<p class=\"g-copyright\">Copyright &copy; Example</p>"))
        #expect(page.contains("<a href=\"https://github.com/example\" title=\"GitHub\" aria-label=\"GitHub\">"))
        #expect(page.contains("<a href=\"https://social.example/@demo\" title=\"Our Mastodon\" aria-label=\"Our Mastodon\">"))
        // The 404 page has no source to edit.
        let missing = try #require(project.read("site/404.html"))
        #expect(!missing.contains("g-edit"))
    }

    /// Social icons come from Material's icon sets, Galley's own copy when mkdocs-material is
    /// not installed: drawn, not lettered. One in no set is a warning at its line.
    @Test func socialIconsAreDrawnAndAMissingOneIsAWarning() throws {
        let config = """
            site_name: Demo
            theme:
              name: material
            extra:
              social:
                - icon: fontawesome/brands/mastodon
                  link: https://social.example/@demo
                - icon: fontawesome/brands/no-such-brand
                  link: https://example.com/nowhere

            """
        let project = try TemporaryProject(files: ["mkdocs.yml": config, "docs/index.md": "# Home\n"])
        defer { project.remove() }
        let (loaded, diagnostics) = try ConfigLoader.load(path: project.configPath)
        let report = try SiteBuilder.build(config: loaded, configDiagnostics: diagnostics)
        let warnings = report.diagnostics.filter { $0.severity >= .warning }
        #expect(warnings.map(\.code.description) == ["theme.icon"], "\(warnings)")
        #expect(warnings.first?.location.line == 8 && warnings.first?.message.contains("`fontawesome/brands/no-such-brand`") == true)
        let home = try #require(project.read("site/index.html"))
        let mastodon = try #require(home.range(of: "<a href=\"https://social.example/@demo\""))
        let next = home[mastodon.upperBound...].prefix(400)
        #expect(next.contains("g-brand-icon") && !next.contains("<text"), "\(next)")
    }

    @Test func paletteStylesheetAndSchemeScriptFollowTheConfig() throws {
        let project = try Self.build(Self.materialConfig, pages: Self.pages)
        defer { project.remove() }
        let css = try #require(project.read("site/assets/galley/palette.css"))
        #expect(css.contains("html[data-palette=\"0\"] { color-scheme: light; --primary: #d32f2f; --on-primary: #ffffff;"))
        #expect(css.contains("html[data-palette=\"1\"] { color-scheme: dark;"))
        let page = try #require(project.read("site/index.html"))
        #expect(page.contains("var m=[\"(prefers-color-scheme: light)\",\"(prefers-color-scheme: dark)\"],d=[0,1]"))
        #expect(page.contains("<link rel=\"stylesheet\" href=\"assets/galley/palette.css\">"))
    }

    @Test func searchIsOnlyOfferedWithTheSearchPlugin() throws {
        let project = try Self.build("site_name: Demo\nplugins: []\n", pages: ["index.md": "# Home\n"])
        defer { project.remove() }
        let page = try #require(project.read("site/index.html"))
        #expect(!page.contains("g-search"))
        #expect(!project.exists("site/search/index.js"))
        let searched = try Self.build("site_name: Demo\n", pages: ["index.md": "# Home\n\n## Part\n\nText about widgets.\n"])
        defer { searched.remove() }
        #expect(searched.exists("site/search/index.js"))
        #expect(searched.exists("site/search/text/0.js"))
        #expect(searched.read("site/search/text/0.js")?.contains("Text about widgets.") == true)
    }

    @Test func largeNavsLinkClosedSectionsInsteadOfListingThem() throws {
        var nav = "nav:\n"
        var pages: [String: String] = [:]
        for section in 0..<30 {
            nav += "  - Section \(section):\n"
            for page in 0..<15 {
                nav += "      - s\(section)/p\(page).md\n"
                pages["s\(section)/p\(page).md"] = "# Page \(section).\(page)\n"
            }
        }
        let project = try Self.build("site_name: Big\n" + nav, pages: pages)
        defer { project.remove() }
        let page = try #require(project.read("site/s0/p0/index.html"))
        #expect(page.contains("<li class=\"g-section g-collapsed\"><a href=\"../../s1/p0/\">Section 1</a></li>"))
        #expect(page.contains("<li class=\"g-section g-active-tab\"><details open><summary>Section 0</summary>"))
        #expect(!page.contains("s29/p14"))
    }

    @Test func featuresAreOnOnlyWhenAsked() throws {
        let plain = try Self.build(Self.materialConfig, pages: Self.pages)
        defer { plain.remove() }
        let page = try #require(plain.read("site/guide/one/index.html"))
        #expect(!page.contains("class=\"g-edit\""))
        #expect(!page.contains("class=\"g-prev-next\""))
        #expect(page.contains(" data-features=\"navigation.tabs\""))
        let config = Self.materialConfig.replacingOccurrences(of: "  features:\n", with: "  features:\n    - navigation.footer\n    - content.action.edit\n    - navigation.top\n")
        let asked = try Self.build(config, pages: Self.pages)
        defer { asked.remove() }
        let withFeatures = try #require(asked.read("site/guide/one/index.html"))
        #expect(withFeatures.contains("class=\"g-edit\""))
        #expect(withFeatures.contains("class=\"g-prev-next\""))
        #expect(withFeatures.contains(" data-features=\"content.action.edit navigation.footer navigation.tabs navigation.top\""))
    }

    @Test func pagesLinkTheirNeighboursAndCarrySocialMetaTags() throws {
        let config = "site_name: Demo & Co\nsite_url: https://example.com/docs/\nsite_description: Sites \"proved\"\ntheme:\n  name: material\n  logo: img/logo.png\n"
        let project = try Self.build(config, pages: ["index.md": "# Home\n", "a.md": "# A & B\n", "b.md": "# B\n", "img/logo.png": "png"])
        defer { project.remove() }
        let page = try #require(project.read("site/a/index.html"))
        #expect(page.contains("<link rel=\"prev\" href=\"../\">"))
        #expect(page.contains("<link rel=\"next\" href=\"../b/\">"))
        #expect(page.contains("<meta property=\"og:title\" content=\"A &amp; B\">"))
        #expect(page.contains("<meta property=\"og:site_name\" content=\"Demo &amp; Co\">"))
        #expect(page.contains("<meta property=\"og:description\" content=\"Sites &quot;proved&quot;\">"))
        #expect(page.contains("<meta property=\"og:url\" content=\"https://example.com/docs/a/\">"))
        #expect(page.contains("<meta property=\"og:image\" content=\"https://example.com/docs/img/logo.png\">"))
        #expect(page.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"))
    }

    @Test func theNotFoundPageLeadsHomeFromAnyDepthWithItsPathEscaped() throws {
        let project = try Self.build("site_name: Demo\nsite_url: 'https://example.com/a&b\"c/'\n", pages: ["index.md": "# Home\n"])
        defer { project.remove() }
        let page = try #require(project.read("site/404.html"))
        // URLComponents gives the path percent-decoded as written; `&` and `"` must be escaped.
        #expect(page.contains("the <a href=\"/a&amp;b%22c/\">home page</a>") || page.contains("the <a href=\"/a&amp;b&quot;c/\">home page</a>"), "\(page)")
        #expect(!page.contains("href=\"./\">home page"))
        #expect(!page.contains("/a&b"))
    }

    @Test func navFeaturesGroupExpandAndIntegrateTheContents() throws {
        let config = "site_name: Demo\ntheme:\n  name: material\n  features:\n    - navigation.sections\n    - navigation.expand\n    - toc.integrate\nnav:\n  - index.md\n  - Guide:\n    - guide/one.md\n    - More:\n      - guide/two.md\n"
        let project = try Self.build(config, pages: ["index.md": "# Home\n\n## Start here\n", "guide/one.md": "# One\n", "guide/two.md": "# Two\n"])
        defer { project.remove() }
        let page = try #require(project.read("site/index.html"))
        // The top-level section is an open group; the nested one is open too (expand).
        #expect(page.contains("<li class=\"g-section g-group\"><details open><summary>Guide</summary>"))
        #expect(page.contains("<li class=\"g-section\"><details open><summary>More</summary>"))
        // The page's contents sit under it in the nav, and not in a column of their own.
        #expect(page.contains("<nav class=\"g-toc-integrated\" aria-label=\"Contents\">\n<ul>\n<li><a href=\"#start-here\">Start here</a>"))
        #expect(!page.contains("class=\"g-toc\""))
        let plain = try Self.build("site_name: Demo\nnav:\n  - index.md\n  - Guide:\n    - guide/one.md\n    - More:\n      - guide/two.md\n", pages: ["index.md": "# Home\n\n## Start here\n", "guide/one.md": "# One\n", "guide/two.md": "# Two\n"])
        defer { plain.remove() }
        let home = try #require(plain.read("site/index.html"))
        #expect(home.contains("<li class=\"g-section\"><details><summary>Guide</summary>"))
        #expect(!home.contains("g-toc-integrated"))
        #expect(home.contains("class=\"g-toc\""))
    }

    @Test func aSectionsIndexPageIsItsTitleWithNavigationIndexes() throws {
        let config = "site_name: Demo\ntheme:\n  name: material\n  features:\n    - navigation.indexes\nnav:\n  - index.md\n  - Guide:\n    - guide/index.md\n    - guide/one.md\n"
        let project = try Self.build(config, pages: ["index.md": "# Home\n", "guide/index.md": "# Guide home\n", "guide/one.md": "# One\n"])
        defer { project.remove() }
        let index = try #require(project.read("site/guide/index.html"))
        #expect(index.contains("<summary><a href=\"../guide/\" aria-current=\"page\" class=\"g-current-index\">Guide</a></summary>"))
        #expect(!index.contains("<li class=\"g-current\">"))
        let one = try #require(project.read("site/guide/one/index.html"))
        #expect(one.contains("<summary><a href=\"../../guide/\">Guide</a></summary>"))
        let home = try #require(project.read("site/index.html"))
        #expect(home.contains("<summary><a href=\"guide/\">Guide</a></summary>"))
    }
}
