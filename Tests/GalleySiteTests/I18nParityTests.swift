// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
import Testing

/// Multi-language sites (the `i18n` plugin) come out at the URLs mkdocs with
/// mkdocs-static-i18n gives them, with the same `lang`, titles and language alternates.
@Suite("i18n against mkdocs-static-i18n")
struct I18nParityTests {
    static let nav = "nav:\n  - Home: index.md\n  - Basics:\n    - basics/routing.md\n    - basics/other.md\n"

    static func plugin(_ structure: String, fallback: Bool = true, buildFrench: Bool = true) -> String {
        """
        plugins:
          - search
          - i18n:
              docs_structure: \(structure)
              fallback_to_default: \(fallback)
              languages:
                - locale: en
                  default: true
                  name: English
                - locale: zh
                  name: 中文
                  site_name: 演示
                  nav_translations:
                    Basics: 基础
                    Home: 首页
                - locale: fr
                  name: Français
                  build: \(buildFrench)

        """
    }

    static let projects: [(name: String, files: [String: String])] = [
        ("suffix", [
            "mkdocs.yml": "site_name: Demo\nsite_url: https://example.com/\ntheme:\n  name: material\n" + plugin("suffix") + nav,
            "docs/index.md": "# Home\n\nSee [routing](basics/routing.md).\n",
            "docs/index.zh.md": "# 首页\n\n见[路由](basics/routing.md)。\n",
            "docs/index.fr.md": "# Accueil\n",
            "docs/basics/routing.md": "# Routing\n\nText.\n",
            "docs/basics/routing.zh.md": "# 路由\n\n文本。\n",
            "docs/basics/other.md": "# Other\n\nOnly in English.\n",
        ]),
        ("folder", [
            "mkdocs.yml": "site_name: Demo\nsite_url: https://example.com/\ntheme:\n  name: material\n" + plugin("folder", buildFrench: false) + nav,
            "docs/en/index.md": "# Home\n",
            "docs/en/basics/routing.md": "# Routing\n",
            "docs/en/basics/other.md": "# Other\n",
            "docs/zh/index.md": "# 首页\n",
            "docs/zh/basics/routing.md": "# 路由\n\n见[首页](../index.md)。\n",
            "docs/fr/index.md": "# Accueil\n",
        ]),
        ("language nav", [
            "mkdocs.yml": "site_name: Demo\ntheme:\n  name: material\nplugins:\n  - i18n:\n      languages:\n        - locale: en\n          default: true\n          name: English\n        - locale: zh\n          name: 中文\n          nav:\n            - 开始: index.md\n            - 指南:\n              - 路由说明: basics/routing.md\n" + nav,
            "docs/index.md": "# Home\n",
            "docs/index.zh.md": "# 首页\n",
            "docs/basics/routing.md": "# Routing\n",
            "docs/basics/routing.zh.md": "# 路由\n",
            "docs/basics/other.md": "# Other\n",
        ]),
        ("no fallback", [
            "mkdocs.yml": "site_name: Demo\ntheme:\n  name: material\n" + plugin("suffix", fallback: false) + nav,
            "docs/index.md": "# Home\n",
            "docs/index.zh.md": "# 首页\n",
            "docs/basics/routing.md": "# Routing\n",
            "docs/basics/routing.zh.md": "# 路由\n",
            "docs/basics/other.md": "# Other\n",
        ]),
    ]

    /// Every HTML file of a site with its `lang`, `<title>` and `hreflang` alternates (as paths
    /// from the site root).
    static func describe(_ site: URL) -> [String: String] {
        var result: [String: String] = [:]
        guard let files = FileManager.default.enumerator(at: site, includingPropertiesForKeys: nil) else { return [:] }
        for case let file as URL in files where file.pathExtension == "html" {
            let relative = String(file.path.dropFirst(site.path.count + 1))
            guard relative != "404.html", let html = try? String(contentsOf: file, encoding: .utf8) else { continue }
            func first(_ pattern: String) -> String {
                guard let range = html.range(of: pattern, options: .regularExpression) else { return "" }
                return String(html[range])
            }
            let lang = first(#"<html lang="[^"]*""#).replacingOccurrences(of: "<html ", with: "")
            let title = first(#"<title>[^<]*"#)
            let directory = file.deletingLastPathComponent()
            var alternates: [String] = []
            let expression = try! NSRegularExpression(pattern: #"<link rel="alternate"[^>]*hreflang="([^"]+)"[^>]*>|<link rel="alternate" href="([^"]+)" hreflang="([^"]+)"[^>]*>"#)
            for match in expression.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
                let tag = String(html[Range(match.range, in: html)!])
                guard let hrefRange = tag.range(of: #"href="[^"]*""#, options: .regularExpression),
                      let langRange = tag.range(of: #"hreflang="[^"]*""#, options: .regularExpression) else { continue }
                let href = String(tag[hrefRange].dropFirst(6).dropLast())
                // An absolute link is a path from the site root (the site is served at `/`).
                let target = href.hasPrefix("/")
                    ? String(href.dropLast(href.hasSuffix("/") ? 1 : 0))
                    : String(URL(fileURLWithPath: href, relativeTo: directory).standardizedFileURL.path.dropFirst(site.standardizedFileURL.path.count))
                alternates.append(String(tag[langRange]) + " " + target)
            }
            result[relative] = "\(lang) \(title) \(alternates.sorted())"
        }
        return result
    }

    @Test(arguments: projects.map(\.name))
    func buildsAsMkdocsDoes(_ name: String) throws {
        guard FileManager.default.isExecutableFile(atPath: TemplateParityTests.mkdocs) else { throw Oracle.Missing() }
        let files = try #require(Self.projects.first { $0.name == name }).files
        let project = try TemporaryProject(files: files)
        defer { project.remove() }
        #expect(try TemplateParityTests.mkdocsBuild(project) == 0)
        let galley = try runGalley(["build", "--strict"], in: project.root)
        #expect(galley.status == 0, "\(galley.stderr)")
        let theirs = Self.describe(project.root.appendingPathComponent("mkdocs-site"))
        let ours = Self.describe(project.root.appendingPathComponent("site"))
        #expect(theirs.count >= 4)
        #expect(ours.keys.sorted() == theirs.keys.sorted(), "the same pages at the same URLs")
        for (page, description) in theirs.sorted(by: { $0.key < $1.key }) {
            #expect(ours[page] == description, "\(page)\nGalley: \(ours[page] ?? "-")\nmkdocs: \(description)")
        }
    }
}
