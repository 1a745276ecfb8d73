// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
import Testing

/// mkdocs-material's `tags` plugin: the same project built by mkdocs and by Galley lists the
/// same tags with the same pages in the same order, links each page's tags to the same
/// anchors, and exports the same `tags.json`.
@Suite("Tags plugin")
struct TagsPluginTests {
    static let files = [
        "mkdocs.yml": """
            site_name: Tags
            theme:
              name: material
            plugins:
              - search
              - tags
            extra:
              tags:
                HTML5: html
                Setup: setup

            """,
        "docs/index.md": "# Home\n\nSee [the setup pages](tags.md#tag:setup).\n",
        "docs/alpha.md": "---\ntags:\n  - Setup\n  - HTML5\n---\n# Alpha page\n\nText.\n",
        "docs/guide/beta.md": "---\ntags:\n  - zeta tag\n  - Setup\n  - Ünïcode Tag\n---\n# Beta\n\nText.\n",
        "docs/guide/aardvark.md": "---\ntags: [Setup, lower]\n---\n# Aardvark\n\nText.\n",
        "docs/tags.md": "# Tags\n\nIntro.\n\n<!-- material/tags -->\n",
    ]

    /// The listing as a reader sees it: each tag's anchor and name, then its pages' links.
    static func listing(_ html: String) -> [String] {
        var lines: [String] = []
        let pattern = try! NSRegularExpression(pattern: #"<h2 id="([^"]+)"[^>]*>[\s\S]*?>\s*([^<>]+?)\s*</span></h2>|<a href="([^"]+)">\s*([^<]+?)\s*</a>"#)
        let article = (html.components(separatedBy: "<article").dropFirst().first ?? "").components(separatedBy: "</article>")[0]
        for match in pattern.matches(in: article, range: NSRange(article.startIndex..., in: article)) {
            let parts = (1...4).map { Range(match.range(at: $0), in: article).map { String(article[$0]) } ?? "" }
            lines.append(parts[0].isEmpty ? "  \(parts[2]) \(parts[3])" : "\(parts[0]) \(parts[1])")
        }
        return lines
    }

    /// A page's own tags: each link's target and name.
    static func pageTags(_ html: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"<a href="([^"]*#tag:[^"]+)" class="md-tag[^"]*">([^<]+)</a>|<a class="g-tag[^"]*" href="([^"]+)">([^<]+)</a>"#)
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { match in
            let parts = (1...4).map { Range(match.range(at: $0), in: html).map { String(html[$0]) } ?? "" }
            return parts[0].isEmpty ? "\(parts[2]) \(parts[3])" : "\(parts[0]) \(parts[1])"
        }
    }

    @Test func tagsAreListedLinkedAndExportedAsMkdocsDoes() throws {
        guard FileManager.default.isExecutableFile(atPath: TemplateParityTests.mkdocs) else { throw Oracle.Missing() }
        let project = try TemporaryProject(files: Self.files)
        defer { project.remove() }
        #expect(try TemplateParityTests.mkdocsBuild(project) == 0)
        let galley = try runGalley(["build", "--strict"], in: project.root)
        #expect(galley.status == 0, "\(galley.stderr)")
        let theirs = Self.listing(project.read("mkdocs-site/tags/index.html") ?? "")
        #expect(theirs.count > 8)
        #expect(Self.listing(project.read("site/tags/index.html") ?? "") == theirs)
        for page in ["alpha/index.html", "guide/beta/index.html", "guide/aardvark/index.html"] {
            let expected = Self.pageTags(project.read("mkdocs-site/" + page) ?? "")
            #expect(!expected.isEmpty)
            #expect(Self.pageTags(project.read("site/" + page) ?? "") == expected, "\(page)")
        }
        #expect(project.read("site/tags.json") == project.read("mkdocs-site/tags.json"))
        // The listing's tags are in its table of contents, and a page's tags are searchable.
        let toc = project.read("site/tags/index.html")?.components(separatedBy: "g-toc-title").last ?? ""
        #expect(toc.contains("href=\"#tag:zeta-tag\""))
        let index = project.read("site/search/index.js") ?? ""
        #expect(index.contains("\"aardvark\""))
        #expect(index.contains("\"zeta\""))
    }

    @Test func optionsGalleyDoesNotHonourAreWarnedAbout() throws {
        var files = Self.files
        files["mkdocs.yml"] = "site_name: Tags\nplugins:\n  - tags:\n      tags_file: tags.md\n      shadow: true\n      tags_allowed: [Setup, HTML5, zeta tag, lower, Ünïcode Tag]\n      listings_toc: maybe\n"
        files["docs/alpha.md"] = "---\ntags: Setup\n---\n# Alpha\n"
        files["docs/tags.md"] = "# Tags\n\n<!-- material/tags { include: [Setup] } -->\n"
        let project = try TemporaryProject(files: files)
        defer { project.remove() }
        let galley = try runGalley(["build"], in: project.root)
        #expect(galley.status == 0, "\(galley.stderr)")
        #expect(galley.stderr.contains("mkdocs.yml:4: warning: `tags_file` is the `tags` plugin's old way"), "\(galley.stderr)")
        #expect(galley.stderr.contains("mkdocs.yml:5: warning: the option `shadow` of the `tags` plugin has no effect"), "\(galley.stderr)")
        #expect(galley.stderr.contains("mkdocs.yml:7: warning: `listings_toc` of the `tags` plugin must be true or false"), "\(galley.stderr)")
        #expect(galley.stderr.contains("docs/alpha.md:2:1: warning: `tags` must be a list of tags"), "\(galley.stderr)")
        #expect(galley.stderr.contains("docs/tags.md:3:1: warning: a tags listing's options"), "\(galley.stderr)")
        #expect(project.read("site/tags/index.html")?.contains("id=\"tag:setup\"") == true)
        // A tag outside `tags_allowed` stops the build, as the plugin does.
        var strict = files
        strict["mkdocs.yml"] = "site_name: Tags\nplugins:\n  - tags:\n      tags_allowed: [Setup]\n"
        let refused = try TemporaryProject(files: strict)
        defer { refused.remove() }
        let failed = try runGalley(["build"], in: refused.root)
        #expect(failed.status != 0)
        #expect(failed.stderr.contains("docs/guide/beta.md:2:1: error: the tag `zeta tag` is not in the `tags` plugin's `tags_allowed`"), "\(failed.stderr)")
    }

    @Test func withoutThePluginTagsDoNothingAndSaySo() throws {
        var files = Self.files
        files["mkdocs.yml"] = "site_name: Tags\n"
        let project = try TemporaryProject(files: files)
        defer { project.remove() }
        let galley = try runGalley(["build"], in: project.root)
        #expect(galley.stderr.contains("docs/alpha.md:2:1: warning: the front matter key `tags` has no effect in Galley"), "\(galley.stderr)")
        #expect(project.read("site/tags.json") == nil)
    }
}
