import Foundation
import GalleyConfig
import GalleyDiagnostics
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
                     "site/404.html", "site/sitemap.xml", "site/sitemap.xml.gz", "site/search/search_index.json",
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
        let index = try #require(project.read("site/search/search_index.json"))
        #expect(index.contains("\"location\":\"guide/start/#install\""))
        #expect(report.diagnostics.contains { $0.code == "nav.omitted_files" && $0.location.file == project.root.path + "/docs/extra.md" }, "pages are named from the working directory, absolute when outside it")
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
        let lost = report.diagnostics.first { $0.code == "nav.not_found" }
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
            #expect(error.diagnostics.first?.code == "config.docs_dir")
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

    @Test func templateOverridesInCustomDirAreAWarningAtItsLine() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Demo\ntheme:\n  name: material\n  custom_dir: overrides\n",
            "docs/index.md": "# Home\n",
            "overrides/main.html": "{% extends \"base.html\" %}\n",
            "overrides/partials/footer.html": "<footer></footer>\n",
            "overrides/assets/logo.svg": "<svg/>\n",
        ])
        defer { project.remove() }
        let (config, diagnostics) = try ConfigLoader.load(path: project.configPath)
        let report = try SiteBuilder.build(config: config, configDiagnostics: diagnostics)
        let warning = try #require(report.diagnostics.first { $0.code == "theme.template_overrides" })
        #expect(warning.location.line == 4)
        #expect(warning.message.contains("`main.html`, `partials/footer.html`"))
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
        let warning = try #require(report.diagnostics.first { $0.code == "redirects.missing_target" })
        #expect(warning.location.line == 5 && warning.message.contains("`gone.md`"))
        #expect(!project.exists("site/old/index.html"))
        #expect(project.read("site/moved/index.html")?.contains("../new/#part") == true)
        #expect(project.read("site/away/index.html")?.contains("https://example.com/") == true)
    }
}
