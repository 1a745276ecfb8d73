// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleyOracle
import GalleySite
import Testing

@Suite("galley build")
struct SiteBuilderTests {
    static let basicFiles = [
        "mkdocs.yml": """
            site_name: Demo
            site_url: https://demo.test/docs/
            nav:
              - Home: index.md
              - Guide:
                  - guide/start.md
            markdown_extensions:
              - admonition
              - toc:
                  permalink: true
            plugins:
              - search
              - redirects:
                  redirect_maps:
                    old.md: guide/start.md
            """,
        "docs/index.md": "# Welcome\n\nRead [the guide](guide/start.md#install).\n\n![Logo](img/logo.svg)\n",
        "docs/guide/start.md": "# Start\n\n## Install\n\n!!! note\n    Use `make`.\n",
        "docs/extra.md": "# Not in nav\n",
        "docs/img/logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    ]

    @Test func buildsEveryPageAssetAndSiteFile() throws {
        let project = try TemporaryProject(files: Self.basicFiles)
        defer { project.remove() }
        let (config, configDiagnostics) = try ConfigLoader.load(path: project.configPath)
        let report = try SiteBuilder.build(config: config, configDiagnostics: configDiagnostics)
        #expect(report.wrote)
        #expect(report.pageCount == 3)
        for path in ["site/index.html", "site/guide/start/index.html", "site/extra/index.html", "site/img/logo.svg",
                     "site/404.html", "site/sitemap.xml", "site/sitemap.xml.gz", "site/search/index.js",
                     "site/old/index.html", "site/assets/galley/galley.css", "site/assets/galley/galley.js"] {
            #expect(project.exists(path), "\(path) missing")
        }
        let home = try #require(project.read("site/index.html"))
        #expect(home.contains("<a href=\"guide/start/#install\">the guide</a>"))
        #expect(home.contains("<img alt=\"Logo\" src=\"img/logo.svg\" />"))
        let start = try #require(project.read("site/guide/start/index.html"))
        #expect(start.contains("<h2 id=\"install\">Install<a class=\"headerlink\" href=\"#install\" title=\"Permanent link\">&para;</a></h2>"))
        #expect(start.contains("<div class=\"admonition note\">"))
        #expect(start.contains("<title>Start - Demo</title>"))
        #expect(start.contains("href=\"../../assets/galley/galley.css\""))
        #expect(project.read("site/old/index.html")?.contains("url=../guide/start/") == true)
        #expect(project.read("site/sitemap.xml")?.contains("<loc>https://demo.test/docs/guide/start/</loc>") == true)
        #expect(!project.exists("site/search/search_index.json"), "mkdocs' index is written only when the config asks for it")
        #expect(report.diagnostics.contains { $0.code.description == "nav.omitted_files" && $0.location.file == project.root.path + "/docs/extra.md" }, "pages are named from the working directory, absolute when outside it")
    }

    @Test func mkdocsSearchIndexIsWrittenWhenTheConfigAsksForIt() throws {
        var files = Self.basicFiles
        files["mkdocs.yml"]! += "\ngalley:\n  search:\n    mkdocs_index: true\n"
        let project = try TemporaryProject(files: files)
        defer { project.remove() }
        let (config, configDiagnostics) = try ConfigLoader.load(path: project.configPath)
        #expect(configDiagnostics.isEmpty, "\(configDiagnostics)")
        let report = try SiteBuilder.build(config: config, configDiagnostics: configDiagnostics)
        #expect(report.wrote)
        let index = try #require(project.read("site/search/search_index.json"))
        #expect(index.contains("\"location\":\"guide/start/#install\""))
        #expect(project.exists("site/search/index.js"), "the theme's own index is written as well")
    }

    @Test func mkdocsSearchIndexMustBeAFlag() throws {
        var files = Self.basicFiles
        files["mkdocs.yml"]! += "\ngalley:\n  search:\n    mkdocs_index: sometimes\n"
        let project = try TemporaryProject(files: files)
        defer { project.remove() }
        #expect {
            _ = try ConfigLoader.load(path: project.configPath)
        } throws: { error in
            "\(error)".contains("`galley.search.mkdocs_index` must be true or false")
        }
    }

    @Test func brokenLinkIsAWarningAndStrictWritesNothing() throws {
        var files = Self.basicFiles
        files["docs/guide/start.md"] = "# Start\n\nSee [gone](../missing.md).\n"
        let project = try TemporaryProject(files: files)
        defer { project.remove() }
        let (config, _) = try ConfigLoader.load(path: project.configPath)
        let report = try SiteBuilder.build(config: config)
        #expect(report.diagnostics.contains { $0.description == project.root.path + "/docs/guide/start.md:3:12: warning: the link `../missing.md` points to `missing.md`, which is not a page of the site [links.not_found]" })

        try project.write("<p>old site</p>", to: "site/marker.html")
        try FileManager.default.removeItem(atPath: project.root.appendingPathComponent("site/index.html").path)
        #expect(throws: DiagnosticError.self) {
            _ = try SiteBuilder.build(config: config, options: BuildOptions(strict: true))
        }
        #expect(project.read("site/marker.html") == "<p>old site</p>", "a failed build leaves the previous site untouched")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: project.root.path).filter { $0.hasPrefix(".site") }
        #expect(leftovers.isEmpty, "no staging directory is left behind")
    }

    @Test func successfulBuildReplacesTheOldSiteWhole() throws {
        let project = try TemporaryProject(files: Self.basicFiles)
        defer { project.remove() }
        let (config, _) = try ConfigLoader.load(path: project.configPath)
        _ = try SiteBuilder.build(config: config)
        try project.write("stale", to: "site/stale.html")
        _ = try SiteBuilder.build(config: config)
        #expect(!project.exists("site/stale.html"))
        #expect(project.exists("site/index.html"))
    }

    @Test(arguments: [true, false])
    func pagesThatShareOrOwnDirectoriesAreAllWritten(directoryURLs: Bool) throws {
        let files = [
            "mkdocs.yml": "site_name: Demo\nuse_directory_urls: \(directoryURLs)\n",
            "docs/index.md": "# Home\n",
            "docs/guide.md": "# Guide\n",
            "docs/guide/index.md": "# Guide index\n",
            "docs/guide/start.md": "# Start\n",
            "docs/guide/deep/down.md": "# Down\n",
            "docs/other/only.md": "# Only\n",
        ]
        let project = try TemporaryProject(files: files)
        defer { project.remove() }
        let (config, _) = try ConfigLoader.load(path: project.configPath)
        let report = try SiteBuilder.build(config: config)
        #expect(report.wrote)
        let expected = directoryURLs
            ? ["index.html", "guide/index.html", "guide/start/index.html", "guide/deep/down/index.html", "other/only/index.html"]
            : ["index.html", "guide.html", "guide/index.html", "guide/start.html", "guide/deep/down.html", "other/only.html"]
        for path in expected {
            #expect(project.read("site/" + path)?.contains("<h1") == true, "\(path) missing")
        }
    }

    @Test func navPointingNowhereIsReportedAtTheConfigLine() throws {
        var files = Self.basicFiles
        files["mkdocs.yml"] = "site_name: Demo\nnav:\n  - index.md\n  - Lost: lost.md\n"
        let project = try TemporaryProject(files: files)
        defer { project.remove() }
        let (config, _) = try ConfigLoader.load(path: project.configPath)
        let report = try SiteBuilder.build(config: config)
        let lost = report.diagnostics.first { $0.code.description == "nav.not_found" }
        #expect(lost?.location.line == 4)
        #expect(lost?.location.file.hasSuffix("mkdocs.yml") == true)
    }

    @Test func missingDocsDirectoryIsAnError() throws {
        let project = try TemporaryProject(files: ["mkdocs.yml": "site_name: Demo\n"])
        defer { project.remove() }
        let (config, _) = try ConfigLoader.load(path: project.configPath)
        do {
            _ = try SiteBuilder.build(config: config)
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.first?.code.description == "config.docs_dir")
        }
    }
}

@Suite("galley command")
struct CommandTests {
    @Test func buildExitsZeroAndWritesTheSite() throws {
        let project = try TemporaryProject(files: SiteBuilderTests.basicFiles)
        defer { project.remove() }
        let result = try runGalley(["build", "-q"], in: project.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(project.exists("site/index.html"))
    }

    @Test func badConfigExitsNonZeroNamingFileAndLine() throws {
        let project = try TemporaryProject(files: ["mkdocs.yml": "site_name: Demo\nnav:\n  - [oops\n", "docs/index.md": "# Hi\n"])
        defer { project.remove() }
        let result = try runGalley(["build"], in: project.root)
        #expect(result.status != 0)
        #expect(result.stderr.contains("mkdocs.yml:"))
        #expect(result.stderr.contains("error: invalid YAML"))
        #expect(!project.exists("site"))
    }

    @Test func badFrontMatterFailsTheBuildAtItsLineAndKeepsTheOldSite() throws {
        var files = SiteBuilderTests.basicFiles
        files["docs/guide/start.md"] = "---\ntitle: [unclosed\n---\n# Start\n"
        let project = try TemporaryProject(files: files)
        defer { project.remove() }
        try project.write("previous", to: "site/index.html")
        try project.write("", to: "site/.galley-site")
        let result = try runGalley(["build"], in: project.root)
        #expect(result.status != 0)
        #expect(result.stderr.contains("guide/start.md:3:"), "\(result.stderr)")
        #expect(result.stderr.contains("error: invalid YAML front matter"))
        #expect(project.read("site/index.html") == "previous")
    }

    @Test func strictTurnsWarningsIntoAFailure() throws {
        var files = SiteBuilderTests.basicFiles
        files["mkdocs.yml"] = "site_name: Demo\nunknown_thing: 1\n"
        let project = try TemporaryProject(files: files)
        defer { project.remove() }
        let relaxed = try runGalley(["build", "--site-dir", "out"], in: project.root)
        #expect(relaxed.status == 0)
        #expect(relaxed.stderr.contains("mkdocs.yml:2:1: warning: unknown configuration key `unknown_thing`"))
        let strict = try runGalley(["build", "--strict", "--site-dir", "strict-out"], in: project.root)
        #expect(strict.status != 0)
        #expect(strict.stderr.contains("mkdocs.yml:2:1: error: unknown configuration key `unknown_thing`"))
        #expect(!project.exists("strict-out"))
    }

    @Test func theNavTitleNamesThePageAndAPageWithoutAHeadingGetsOne() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Demo\nnav:\n  - Home: index.md\n  - Introduction: fundamentals.md\n  - guide.md\n",
            "docs/index.md": "# Welcome\n\nHello.\n",
            "docs/fundamentals.md": "Text without a heading.\n\n## Part\n",
            "docs/guide.md": "---\ntitle: The guide\n---\n\n# Guide heading\n",
        ])
        defer { project.remove() }
        let (config, diagnostics) = try ConfigLoader.load(path: project.configPath)
        _ = try SiteBuilder.build(config: config, configDiagnostics: diagnostics)
        let fundamentals = try #require(project.read("site/fundamentals/index.html"))
        #expect(fundamentals.contains("<title>Introduction - Demo</title>"))
        #expect(fundamentals.contains("<h1>Introduction</h1>\n<p>Text without a heading.</p>"))
        let home = try #require(project.read("site/index.html"))
        #expect(home.contains("<title>Demo</title>") && !home.contains("<h1>Home</h1>"))
        let guide = try #require(project.read("site/guide/index.html"))
        #expect(guide.contains("<title>The guide - Demo</title>"))
        #expect(guide.components(separatedBy: "<h1").count == 2, "the page's own heading only")
    }

    @Test func templatesInCustomDirFillTheThemesBlocks() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Demo\nsite_url: https://example.com/demo/\ncopyright: Demo Inc.\ntheme:\n  name: material\n  custom_dir: overrides\nextra:\n  release: '2.1'\nnav:\n  - Home: index.md\n  - Guide: guide/setup.md\n  - landing.md\n",
            "docs/index.md": "# Home\n\nWelcome.\n",
            "docs/guide/setup.md": "---\ncomments: true\n---\n# Setup\n\nSteps.\n",
            "docs/landing.md": "---\ntemplate: landing.html\n---\n# Landing\n\n## First\n\n### Inner\n",
            "overrides/main.html": """
                {% extends "base.html" %}
                {% block announce %}Version <b>{{ config.extra.release }}</b> is out: <a href="{{ base_url }}/guide/setup/">upgrade</a>{% endblock %}
                {% block extrahead %}<meta name="release" content="{{ extra.release }}">{% endblock %}
                {% block htmltitle %}<title>{{ page.title }} | {{ config.site_name }}</title>{% endblock %}
                {% block content %}{{ super() }}<p class="after">{% if page.next_page %}Next: {{ page.next_page.title }}{% endif %}</p>{% endblock %}
                {% block scripts %}{{ super() }}<script>window.release = "{{ extra.release }}"</script>{% endblock %}

                """,
            "overrides/landing.html": "{% extends \"main.html\" %}\n{% block content %}<div class=\"landing\">{{ page.content }}</div><p class=\"toc\">{% for entry in page.toc %}[{{ entry.title }} {{ entry.url }}{% for child in entry.children %} ({{ child.title }}){% endfor %}]{% endfor %} {{ config.theme.name }}</p>{% endblock %}\n",
            "overrides/404.html": "{% extends \"main.html\" %}\n{% block content %}<h1>Lost?</h1><p><a href=\"{{ base_url }}\">Home</a></p>{% endblock %}\n",
            "overrides/partials/copyright.html": "<p class=\"mine\">&copy; {{ config.copyright }}, built for {{ config.site_name }}</p>\n",
            "overrides/partials/comments.html": "{% if page.meta.comments %}<section id=\"comments\">Comments on {{ page.url }}</section>{% endif %}",
            "overrides/assets/brand.css": "body { color: black; }\n",
        ])
        defer { project.remove() }
        let (config, diagnostics) = try ConfigLoader.load(path: project.configPath)
        let report = try SiteBuilder.build(config: config, configDiagnostics: diagnostics)
        #expect(report.diagnostics.filter { $0.severity >= .warning }.isEmpty, "\(report.diagnostics)")
        let home = try #require(project.read("site/index.html"))
        #expect(home.contains("<aside class=\"g-banner g-announce md-banner\"><div class=\"g-banner-inner\">Version <b>2.1</b> is out: <a href=\"./guide/setup/\">upgrade</a></div></aside>"))
        #expect(home.contains("<meta name=\"release\" content=\"2.1\">") && home.contains("<title>Home | Demo</title>"))
        #expect(home.contains("<h1 id=\"home\">Home</h1>") && home.contains("<p class=\"after\">Next: Guide</p>"), "`super()` keeps Galley's content")
        #expect(home.contains("galley.js\"></script>\n<script>window.release = \"2.1\"</script>"))
        #expect(home.contains("<p class=\"mine\">&copy; Demo Inc., built for Demo</p>") && !home.contains("Made with Galley"))
        #expect(home.contains("<header class=\"g-header md-header\">") && home.contains("<nav id=\"g-nav\""), "the parts the override leaves alone stay")
        #expect(!home.contains("id=\"comments\""))
        let setup = try #require(project.read("site/guide/setup/index.html"))
        #expect(setup.contains("<section id=\"comments\">Comments on guide/setup/</section>"), "a key the templates read takes effect")
        #expect(setup.contains("<a href=\"../../guide/setup/\">upgrade</a>"))
        let landing = try #require(project.read("site/landing/index.html"))
        #expect(landing.contains("<div class=\"landing\"><h1 id=\"landing\">Landing</h1>"), "`template:` picks the page's template")
        #expect(landing.contains("<p class=\"toc\">[Landing #landing (First)] material</p>"), "\(landing)")
        let notFound = try #require(project.read("site/404.html"))
        #expect(notFound.contains("<h1>Lost?</h1><p><a href=\"/demo/\">Home</a></p>") && !notFound.contains("Page not found</h1>"))
        #expect(project.read("site/assets/brand.css") == "body { color: black; }\n", "custom_dir's other files are copied")
    }

    @Test func whatAnOverrideUsesThatGalleyLacksIsAWarningAtItsLine() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Demo\ntheme:\n  name: material\n  custom_dir: overrides\n",
            "docs/index.md": "# Home\n",
            "docs/guide.md": "# Guide\n",
            "overrides/main.html": """
                {% extends "base.html" %}
                {% block announce %}{{ lang.t("announce") }}{% endblock %}
                {% block footer %}{% include "partials/source-file.html" %}
                {{ i18n_page_locale }}{% endblock %}
                {% block content %}{% if page.title %}{% include "partials/nowhere.html" %}{% endif %}{% endblock %}

                """,
            "overrides/partials/footer.html": "{% if x %}\n",
        ])
        defer { project.remove() }
        let (config, diagnostics) = try ConfigLoader.load(path: project.configPath)
        let report = try SiteBuilder.build(config: config, configDiagnostics: diagnostics)
        let problems = report.diagnostics.filter { $0.code.description == "theme.template" }.map { "\(PathName.lastComponent($0.location.file)):\($0.location.line) \($0.message.prefix(40))" }
        #expect(problems == [
            "main.html:2 `lang` has no value in Galley's theme te",
            "main.html:2 the theme template failed on 3 of 3 page",
            "main.html:3 `partials/source-file.html` is a partial",
            "main.html:4 `i18n_page_locale` has no value in Galle",
            "footer.html:1 the theme template `partials/footer.html",
        ], "\(report.diagnostics)")
        // A template that fails on every page says so, once, naming them.
        let failed = report.diagnostics.filter { $0.message.hasPrefix("the theme template failed") }
        #expect(failed.count == 1 && failed[0].message.contains("(`guide.md`, `index.md`, the 404 page)"), "\(failed)")
        // The page that failed keeps Galley's own layout: nothing of it is lost.
        let home = try #require(project.read("site/index.html"))
        #expect(home.contains("<h1 id=\"home\">Home</h1>") && home.contains("<footer class=\"g-footer md-footer\">"))
    }

    /// A block in a language the highlighter lacks is shown plain and said so, once per
    /// language and page; plain text and known languages say nothing.
    @Test func aLanguageWithoutAHighlighterIsWarnedAboutOnce() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Demo\nmarkdown_extensions:\n  - pymdownx.superfences\n",
            "docs/index.md": "# Home\n\n```fortran\nprint *, 1\n```\n\n```text\nplain\n```\n\n```swift\nlet x = 1\n```\n\n  ```Fortran\n  end\n  ```\n\n```haskell\nmain = pure ()\n```\n\n```powershell\nGet-Date\n```\n",
        ])
        defer { project.remove() }
        let result = try runGalley(["build"], in: project.root)
        #expect(result.status == 0)
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("[page.unhighlighted_language]") }
        #expect(warnings == [
            "docs/index.md:3:1: warning: Galley has no highlighter for `fortran`: its 2 blocks on this page are shown plain [page.unhighlighted_language]",
            "docs/index.md:19:1: warning: Galley has no highlighter for `haskell`: this block is shown plain [page.unhighlighted_language]",
        ], "\(result.stderr)")
        #expect(try runGalley(["build", "--strict"], in: project.root).status != 0, "a strict build does not pass over it")
    }

    @Test func iconsComeFromCustomDirThenMaterialElseABadge() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Demo\nrepo_url: https://example.com/repo\ntheme:\n  name: material\n  custom_dir: overrides\n  icon:\n    repo: house/logo\nextra:\n  social:\n    - icon: house/logo\n      link: https://example.com/\n    - icon: fontawesome/brands/github\n      link: https://github.com/example\n",
            "docs/index.md": "# Home\n",
            "overrides/.icons/house/logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=\"M1 1h22v22H1z\"/></svg>\n",
        ])
        defer { project.remove() }
        let oracleVenv = Oracle.repository.appendingPathComponent(".build/oracle-venv").path
        for environment in [["VIRTUAL_ENV": "/nonexistent"], ["VIRTUAL_ENV": oracleVenv]] {
            let run = try runGalley(["build"], in: project.root, environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
            let home = try #require(project.read("site/index.html"))
            let house = "<svg class=\"g-icon g-brand-icon\" aria-hidden=\"true\" focusable=\"false\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=\"M1 1h22v22H1z\"/></svg>"
            #expect(home.components(separatedBy: house).count == 3, "the repository link and the social link draw the custom icon")
            // GitHub's mark from mkdocs-material's icon set: installed, or else the copy Galley's
            // build fetched; never the lettered badge Galley draws when it has neither.
            #expect(!home.contains("<text x=\"12\" y=\"12\" dy=\".35em\" text-anchor=\"middle\" font-size=\"9\">GH</text>"))
            #expect(home.contains("viewBox=\"0 0 512 512\"><!--! Font Awesome"))
        }
    }

    @Test func aCustomDirThatDoesNotExistIsAnErrorAtItsLine() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Demo\ntheme:\n  name: material\n  custom_dir: overrides\n",
            "docs/index.md": "# Home\n",
        ])
        defer { project.remove() }
        let (config, diagnostics) = try ConfigLoader.load(path: project.configPath)
        #expect {
            try SiteBuilder.build(config: config, configDiagnostics: diagnostics)
        } throws: { error in
            (error as? DiagnosticError)?.diagnostics.contains { $0.code.description == "config.custom_dir" && $0.location.line == 4 } == true
        }
    }

    @Test func aRedirectToNoFileIsWarnedAboutAndSkipped() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Demo\nplugins:\n  - redirects:\n      redirect_maps:\n        old.md: gone.md\n        moved.md: new.md#part\n        away.md: https://example.com/\n",
            "docs/index.md": "# Home\n",
            "docs/new.md": "# New\n\n## Part\n",
        ])
        defer { project.remove() }
        let (config, diagnostics) = try ConfigLoader.load(path: project.configPath)
        let report = try SiteBuilder.build(config: config, configDiagnostics: diagnostics)
        let warning = try #require(report.diagnostics.first { $0.code.description == "redirects.missing_target" })
        #expect(warning.location.line == 5 && warning.message.contains("`gone.md`"))
        #expect(!project.exists("site/old/index.html"))
        #expect(project.read("site/moved/index.html")?.contains("../new/#part") == true)
        #expect(project.read("site/away/index.html")?.contains("https://example.com/") == true)
    }

    @Test func aRedirectToAnAddressWithAnAmpersandKeepsItInTheScript() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Demo\nplugins:\n  - redirects:\n      redirect_maps:\n        old.md: 'https://example.com/search?a=1&b=</script>'\n",
            "docs/index.md": "# Home\n",
        ])
        defer { project.remove() }
        let (config, diagnostics) = try ConfigLoader.load(path: project.configPath)
        _ = try SiteBuilder.build(config: config, configDiagnostics: diagnostics)
        let page = try #require(project.read("site/old/index.html"))
        // In the script a JavaScript string (no entities, `<` escaped); in attributes HTML.
        #expect(page.contains("location.href=\"https://example.com/search?a=1\\u0026b=\\u003c/script\\u003e\"+"))
        #expect(page.contains("<a href=\"https://example.com/search?a=1&amp;b=&lt;/script&gt;\">"))
        #expect(page.components(separatedBy: "</script>").count == 2)
    }
}
