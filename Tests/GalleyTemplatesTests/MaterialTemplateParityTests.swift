// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
import Testing

/// mkdocs-material's own templates (`base.html`, `main.html`, `404.html` and its partials,
/// from the mkdocs-material 9.8.1 wheel the test venv holds), rendered with the same page by
/// Jinja in mkdocs' theme environment and by Galley's engine: the same HTML.
@Suite("Material's templates")
struct MaterialTemplateParityTests {
    /// Material's templates folder in the test venv.
    static var templates: String? {
        let lib = Oracle.repository.appendingPathComponent(".build/oracle-venv/lib").path
        guard let python = try? FileManager.default.contentsOfDirectory(atPath: lib).first(where: { $0.hasPrefix("python3") }) else { return nil }
        let folder = lib + "/" + python + "/site-packages/material/templates"
        return FileManager.default.fileExists(atPath: folder + "/base.html") ? folder : nil
    }

    static let config = """
        "config": {"site_name": "Demo <Docs>", "site_url": "https://example.com/docs/", "site_description": "A demo", "site_author": "Ann",
          "copyright": "Copyright &copy; Ann", "repo_url": "https://github.com/a/b", "repo_name": "a/b", "edit_uri": "edit/main/docs/",
          "theme": {"name": "material", "language": "LANGUAGE", "features": FEATURES,
            "palette": [{"scheme": "default", "primary": "indigo", "accent": "indigo", "toggle": {"icon": "material/brightness-7", "name": "Dark mode"}},
                        {"scheme": "slate", "primary": "indigo", "accent": "indigo", "toggle": {"icon": "material/brightness-4", "name": "Light mode"}}],
            "font": {"text": "Roboto", "code": "Roboto Mono"}, "icon": {"repo": "fontawesome/brands/github", "logo": "material/library"}, "favicon": "assets/favicon.png"},
          "extra": {"social": [{"icon": "fontawesome/brands/github", "link": "https://github.com/a", "name": "GitHub"}, {"icon": "fontawesome/brands/mastodon", "link": "https://x.social/@a"}],
                    "generator": true, "version": {"provider": "mike"}, "analytics": {"provider": "google", "property": "G-XXXX"}},
          "extra_css": ["css/extra.css"], "extra_javascript": ["js/extra.js", "https://cdn.example/x.js"],
          "plugins": {"search": {}}, "mdx_configs": {"toc": {"permalink": true, "title": "On this page"}}, "markdown_extensions": ["toc", "admonition"]}
        """

    static func page(url: String, homepage: Bool, meta: String) -> String {
        """
        "page": {"title": "Getting <started>", "url": "\(url)", "abs_url": "/docs/\(url)", "canonical_url": "https://example.com/docs/\(url)",
          "edit_url": "https://github.com/a/b/edit/main/docs/guide.md", "is_homepage": \(homepage), "content": "<h1 id=\\"start\\">Start</h1><p>Body &amp; text.</p>",
          "meta": \(meta), "toc": [{"title": "Start", "url": "#start", "level": 1, "children": [{"title": "Install", "url": "#install", "level": 2, "children": []}]}],
          "previous_page": {"title": "Home", "url": "../", "is_page": true}, "next_page": {"title": "API", "url": "../api/", "is_page": true},
          "ancestors": [], "file": {"src_uri": "guide.md", "src_path": "guide.md"}},
        "nav": {"homepage": {"title": "Home", "url": "../"}, "__items__": [{"title": "Home", "url": "../", "is_page": true, "is_section": false, "is_link": false, "active": false, "children": [], "meta": {}},
                {"title": "Guide", "is_page": false, "is_section": true, "is_link": false, "active": true, "meta": {},
                 "children": [{"title": "Getting started", "url": "./", "is_page": true, "is_section": false, "is_link": false, "active": true, "children": [], "meta": {"icon": "material/rocket"}}]},
                {"title": "Source", "url": "https://github.com/a/b", "is_page": false, "is_section": false, "is_link": true, "active": false, "children": []}]},
        "base_url": "..", "mkdocs_version": "1.6.1", "extra_css": ["../css/extra.css"], "extra_javascript": ["../js/extra.js"]
        """
    }

    static func context(language: String = "en", features: String, url: String = "guide/", homepage: Bool = false, meta: String = "{}") -> String {
        "{" + config.replacingOccurrences(of: "LANGUAGE", with: language).replacingOccurrences(of: "FEATURES", with: features) + ",\n" + page(url: url, homepage: homepage, meta: meta) + "}"
    }

    /// The pages, and the partials that render alone (the others need the `lang` that
    /// `base.html` imports, and are rendered as part of the pages).
    static let mains = [
        "main.html", "404.html", "partials/footer.html", "partials/palette.html", "partials/social.html", "partials/copyright.html", "partials/content.html",
        "partials/logo.html", "partials/actions.html", "partials/language.html", "partials/javascripts/content.html", "partials/integrations/analytics.html",
    ]

    static let contexts = [
        context(features: #"["navigation.tabs", "navigation.sections", "navigation.footer", "content.action.edit", "content.code.copy", "search.highlight", "toc.follow", "header.autohide"]"#),
        context(language: "de", features: #"["navigation.instant", "navigation.indexes", "toc.integrate", "navigation.top"]"#, url: "", homepage: true, meta: #"{"hide": ["toc"], "description": "Start page", "status": "new"}"#),
        context(language: "fr", features: "[]", meta: #"{"hide": ["navigation", "footer"], "title": "Own title", "icon": "material/home"}"#),
    ]

    @Test func materialTemplatesRenderAsJinjaRendersThem() throws {
        guard let folder = Self.templates else { throw Oracle.Missing() }
        var cases: [JinjaParityTests.Case] = []
        for context in Self.contexts {
            for main in Self.mains {
                cases.append(JinjaParityTests.Case(templates: [:], main: main, context: context, options: .init(directories: [folder], mkdocs: true)))
            }
        }
        try JinjaParityTests.compare(cases, jinjaRendersAll: true)
    }
}
