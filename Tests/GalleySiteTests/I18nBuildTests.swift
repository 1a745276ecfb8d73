// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
import Testing

/// What a multi-language build gives each language beyond its URLs: the theme's words, the
/// untranslated mark, its own search index, and sitemap alternates.
@Suite("i18n builds")
struct I18nBuildTests {
    @Test func eachLanguageHasItsWordsItsSearchAndItsAlternates() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Demo\nsite_url: https://example.com/\nplugins:\n  - search\n  - i18n:\n      languages:\n        - locale: en\n          default: true\n          name: English\n        - locale: de\n          name: Deutsch\n",
            "docs/index.md": "# Home\n\nThe workflow renders.\n",
            "docs/index.de.md": "# Start\n\nDer Arbeitsablauf rendert.\n",
            "docs/guide.md": "# Guide\n\nOnly English text here.\n\n[Home](index.md)\n",
        ])
        defer { project.remove() }
        let run = try runGalley(["build", "--strict"], in: project.root)
        #expect(run.status == 0, "\(run.stderr)")
        let german = try #require(project.read("site/de/index.html"))
        #expect(german.contains("<html lang=\"de\">") && german.contains("placeholder=\"Suche\""))
        #expect(german.contains("data-search-root=\"../de/\""), "German pages search the German index")
        let fallback = try #require(project.read("site/de/guide/index.html"))
        // The notice is German and links the English page; the English text is marked English.
        #expect(fallback.contains("<p class=\"g-untranslated\" lang=\"de\">Diese Seite ist noch nicht übersetzt. <a href=\"../../guide/\" hreflang=\"en\" lang=\"en\">English</a></p>"), "\(fallback)")
        #expect(fallback.contains("<div lang=\"en\">\n<h1 id=\"guide\">Guide"), "\(fallback)")
        #expect(fallback.contains("<a href=\"../\">Home</a>"), "a link in a fallback page stays in its language: \(fallback)")
        let english = try #require(project.read("site/index.html"))
        #expect(english.contains("placeholder=\"Search\"") && !english.contains("strings.") && !english.contains("g-untranslated"))
        #expect(german.contains("<script src=\"../assets/galley/strings.de.js\"></script>"))
        #expect(project.read("site/assets/galley/strings.de.js")?.contains("\"copyCode\":\"Code kopieren\"") == true)
        // One index per language: the English one holds no German text, the German one no
        // English home page.
        let englishIndex = try #require(project.read("site/search/text/0.js"))
        let germanIndex = try #require(project.read("site/de/search/text/0.js"))
        #expect(!englishIndex.contains("Arbeitsablauf") && englishIndex.contains("workflow renders"))
        #expect(germanIndex.contains("Arbeitsablauf") && !germanIndex.contains("workflow renders"))
        let sitemap = try #require(project.read("site/sitemap.xml"))
        #expect(sitemap.contains("<xhtml:link rel=\"alternate\" hreflang=\"de\" href=\"https://example.com/de/guide/\"/>"))
    }

    @Test func materialsExtraAlternateListsTheLanguages() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Demo\ntheme:\n  name: material\n  language: fr\nextra:\n  alternate:\n    - name: English\n      link: /en/\n      lang: en\n    - name: Français\n      link: /fr/\n      lang: fr\n",
            "docs/index.md": "# Accueil\n",
        ])
        defer { project.remove() }
        let run = try runGalley(["build", "--strict"], in: project.root)
        #expect(run.status == 0, "\(run.stderr)")
        let home = try #require(project.read("site/index.html"))
        #expect(home.contains("<html lang=\"fr\">") && home.contains("placeholder=\"Rechercher\""))
        #expect(home.contains("<summary aria-label=\"Langue: Français\">Français</summary>"))
        #expect(home.contains("<a href=\"/en/\" hreflang=\"en\" lang=\"en\">English</a>"))
    }

    @Test func aLanguageOptionGalleyDoesNotReadIsAWarningAtItsLine() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Demo\nplugins:\n  - i18n:\n      docs_structure: nested\n      languages:\n        - locale: en\n          default: true\n        - locale: de\n          link: /de/\n",
            "docs/index.md": "# Home\n",
        ])
        defer { project.remove() }
        let run = try runGalley(["build"], in: project.root)
        #expect(run.status == 0)
        #expect(run.stderr.contains("mkdocs.yml:9: warning: the option `link` of the language `de` has no effect in Galley; it is ignored"), "\(run.stderr)")
        #expect(run.stderr.contains("warning: `docs_structure: nested` is neither `suffix` nor `folder`; `suffix` is used"), "\(run.stderr)")
        #expect(try runGalley(["build", "--strict"], in: project.root).status != 0, "--strict fails on it")
    }
}
