// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyOracle
import GalleySite
import Testing

/// Builds the real LeakCanary mkdocs project, unchanged, and compares it with the site
/// mkdocs (with mkdocs-material) made of it, kept in `ORACLE/`.
@Suite("leakcanary corpus", .enabled(if: FileManager.default.fileExists(atPath: SharedCorpus.leakCanary.appendingPathComponent("mkdocs.yml").path), "../shared/corpus/leakcanary is absent"))
struct LeakCanaryCorpusTests {
    static let oracle = SharedCorpus.leakCanary.appendingPathComponent("ORACLE")

    /// The ids of the headings in a page's article, in order.
    static func headingIDs(_ html: String) -> [String] {
        let article = html.range(of: "<article").flatMap { start in html.range(of: "</article>", range: start.upperBound..<html.endIndex).map { html[start.lowerBound..<$0.upperBound] } } ?? Substring(html)
        var ids: [String] = []
        var rest = article
        while let open = rest.range(of: #"<h[1-6][^>]* id=""#, options: .regularExpression) {
            let value = rest[open.upperBound...].prefix { $0 != "\"" }
            ids.append(String(value))
            rest = rest[open.upperBound...]
        }
        return ids
    }

    /// The block elements of a page's article, in document order: the tag, and for `div`
    /// its first class. Nesting is left out: Python-Markdown writes a code block inside a `<p>`
    /// where a fence follows text directly, which a browser (and Galley) makes siblings.
    static func blockStructure(_ html: String) -> [String] {
        guard let start = html.range(of: "<article"), let end = html.range(of: "</article>", range: start.upperBound..<html.endIndex) else { return [] }
        var article = String(html[start.upperBound..<end.lowerBound])
        // Code is text, whatever it holds.
        article = article.replacingOccurrences(of: #"<code>[\s\S]*?</code>"#, with: "", options: .regularExpression)
        let pattern = try! NSRegularExpression(pattern: #"<(p|ul|ol|li|pre|h[1-6]|blockquote|table|dl|dt|dd|hr|details|div)( class="([^" ]*)[^"]*")?[ >]"#)
        return pattern.matches(in: article, range: NSRange(article.startIndex..., in: article)).map { match in
            let tag = String(article[Range(match.range(at: 1), in: article)!])
            let className = Range(match.range(at: 3), in: article).map { String(article[$0]) } ?? ""
            return tag == "div" ? "div.\(className)" : tag
        }
    }

    static func article(_ html: String) -> Substring? {
        guard let start = html.range(of: "<article"), let end = html.range(of: "</article>", range: start.upperBound..<html.endIndex) else { return nil }
        return html[start.lowerBound..<end.upperBound]
    }

    /// The artifact versions a page names (`leakcanary-android:2.14`).
    static func versions(_ html: String) -> [String] {
        guard let article = article(html) else { return [] }
        let pattern = try! NSRegularExpression(pattern: #"leakcanary-[a-z-]+:[0-9][0-9A-Za-z.-]*"#)
        let text = String(article)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { String(text[Range($0.range, in: text)!]) }
    }

    /// Pages whose blocks differ from mkdocs' for a known reason.
    static let knownStructureDifferences = [
        // Text between two fences right under an item: superfences leaves it out of mkdocs' page.
        "releasing/index.html": "superfences",
        // Galley's not-found page says where to go next under its heading.
        "404.html": "theme",
    ]

    /// The announcement banner's text and links, spacing aside.
    static func banner(_ html: String, _ open: String) -> String? {
        guard let start = html.range(of: open), let end = html.range(of: "</aside>", range: start.upperBound..<html.endIndex) else { return nil }
        let inner = String(html[start.upperBound..<end.lowerBound]).replacingOccurrences(of: #"<div[^>]*>|</div>"#, with: "", options: .regularExpression)
        return inner.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The "Documentation issue?" line the override puts above a page's content.
    static func reportLine(_ html: String) -> String? {
        guard let start = html.range(of: "<span style=\"float: right\">"), let end = html.range(of: "</span>", range: start.upperBound..<html.endIndex) else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }

    static func title(_ html: String) -> String? {
        guard let open = html.range(of: "<title>"), let close = html.range(of: "</title>", range: open.upperBound..<html.endIndex) else { return nil }
        return String(html[open.upperBound..<close.lowerBound])
    }

    @Test func everyPageAndHeadingIDOfMkdocsIsThere() throws {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("galley-leakcanary-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        let (config, configDiagnostics) = try ConfigLoader.load(path: SharedCorpus.leakCanary.appendingPathComponent("mkdocs.yml").path, environment: [:])
        let report = try SiteBuilder.build(config: config, configDiagnostics: configDiagnostics, options: BuildOptions(siteDirectory: site.path))
        let pages = try String(contentsOf: Self.oracle.appendingPathComponent("site-html-files.txt"), encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(pages.count >= 25)
        var compared = 0
        var sameStructure = 0
        for page in pages {
            let ours = site.appendingPathComponent(page)
            guard let html = try? String(contentsOf: ours, encoding: .utf8) else {
                Issue.record("mkdocs writes \(page); Galley does not")
                continue
            }
            let theirs = try String(contentsOf: Self.oracle.appendingPathComponent("mkdocs-site-html").appendingPathComponent(page), encoding: .utf8)
            #expect(Self.headingIDs(html) == Self.headingIDs(theirs), "heading ids differ on \(page)")
            #expect(Self.title(html) == Self.title(theirs), "the <title> differs on \(page)")
            // `{{ leak_canary.release }}` and the like take their values from `extra:`, as the
            // markdownextradata plugin gives them to mkdocs.
            #expect(Self.versions(html) == Self.versions(theirs), "the versions differ on \(page)")
            #expect(!(Self.article(html) ?? "").contains("{{"), "a template expression is left on \(page)")
            // `main.html` in `custom_dir`: its announcement (with `base_url` links and a version
            // from `extra`) and the line it adds above each page's content, as mkdocs renders them.
            #expect(Self.banner(html, "<aside class=\"g-banner g-announce md-banner\">") == Self.banner(theirs, "<aside class=\"md-banner\">"), "the announcement differs on \(page)")
            #expect(Self.reportLine(html) == Self.reportLine(theirs), "the documentation-issue line differs on \(page)")
            if Self.knownStructureDifferences[page] == nil {
                #expect(Self.blockStructure(html) == Self.blockStructure(theirs), "the blocks differ on \(page)")
                sameStructure += 1
            }
            compared += Self.headingIDs(theirs).count
        }
        #expect(compared >= 100)
        #expect(sameStructure == pages.count - Self.knownStructureDifferences.count)
        // The theme override in `custom_dir` applies without a word: nothing in it is beyond Galley.
        let codes = Set(report.diagnostics.map(\.code.description))
        #expect(!codes.contains("theme.template") && !codes.contains("config.unknown_plugin"), "\(report.diagnostics.filter { $0.code.stage == .theme })")

        // What mkdocs reports, Galley reports at the same severity: its WARNING lines are
        // warnings here, its INFO lines information.
        let log = try String(contentsOf: Self.oracle.appendingPathComponent("mkdocs-build.log"), encoding: .utf8).split(separator: "\n")
        func count(_ level: String, _ text: String) -> Int { log.filter { $0.hasPrefix(level) && $0.contains(text) }.count }
        func count(_ severity: Severity, _ code: String) -> Int { report.diagnostics.filter { $0.severity == severity && $0.code.description == code }.count }
        #expect(count(.warning, "nav.not_found") == count("WARNING", "is included in the 'nav' configuration"))
        #expect(count(.info, "links.absolute_links") == count("INFO", "contains an absolute link"))
        #expect(count(.info, "links.anchors") == count("INFO", "does not contain an anchor"))
        #expect(count(.info, "nav.omitted_files") == 1 && log.contains { $0.hasPrefix("INFO") && $0.contains("not included in the \"nav\"") })
        #expect(log.filter { $0.hasPrefix("WARNING") }.count == count(.warning, "nav.not_found"), "mkdocs warns of nothing else")
    }
}
