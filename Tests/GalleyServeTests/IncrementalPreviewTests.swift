// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import Testing
@testable import GalleyServe
@testable import GalleySite
import GalleySnippets

/// The preview after any sequence of edits is the site a fresh build of the same files makes,
/// byte for byte, with the same diagnostics; and prose edits are taken in without a whole
/// build.
@Suite(.serialized) struct IncrementalPreviewTests {
    /// A seeded generator, so a failing sequence can be replayed.
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    final class Project {
        let root: URL
        var pages: [String]

        init(pages count: Int) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("galley-incremental-\(UUID().uuidString)")
            pages = (0..<count).map { "section-\($0 % 3)/page-\($0).md" }
            for (number, page) in pages.enumerated() {
                try write(Self.page(number, of: count), to: "docs/" + page)
            }
            try write("# Home\n\nStart with [the first page](section-0/page-0.md).\n", to: "docs/index.md")
            try write(config(siteName: "Incremental"), to: "mkdocs.yml")
        }

        static func page(_ number: Int, of count: Int, extra: String = "") -> String {
            let next = (number + 1) % count
            return "# Page \(number)\n\nText of page \(number), see [the next](../section-\(next % 3)/page-\(next).md#details).\n\n## Details\n\nMore words.\(extra)\n"
        }

        func config(siteName: String) -> String {
            "site_name: \(siteName)\nplugins:\n  - search\nmarkdown_extensions:\n  - toc:\n      permalink: true\n  - admonition\nvalidation:\n  links:\n    anchors: warn\n"
        }

        func write(_ text: String, to path: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        func read(_ path: String) -> String {
            (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
        }

        func absolute(_ path: String) -> String { root.appendingPathComponent(path).path }

        deinit { try? FileManager.default.removeItem(at: root) }
    }

    /// One random edit; returns the paths it changed and whether a build of it may fail.
    static func edit(_ project: Project, _ random: inout Random, step: Int) throws -> [String] {
        let page = project.pages[random.next(project.pages.count)]
        let path = "docs/" + page
        switch random.next(13) {
        case 0...4:
            // Prose, sometimes with a link to an anchor that is not there (a warning).
            let link = random.next(3) == 0 ? " See [gone](../index.md#no-such-anchor-\(step))." : ""
            try project.write(project.read(path) + "\nA sentence added at step \(step).\(link)\n", to: path)
        case 5:
            // A diagram that cannot be drawn: the build fails, and so must the update.
            try project.write(project.read(path) + "\n```seq\nA->: broken \(step)\n```\n", to: path)
        case 6:
            try project.write(project.read(path).replacingOccurrences(of: "```seq\n", with: "```text\n"), to: path)
        case 7:
            // A heading: the page's anchors change.
            try project.write(project.read(path) + "\n## Heading \(step)\n\nUnder it.\n", to: path)
        case 8:
            // The title: every page's navigation shows it.
            let text = project.read(path)
            try project.write(text.replacingOccurrences(of: "# Page ", with: "# Page (\(step)) ", options: [], range: text.startIndex..<text.index(text.startIndex, offsetBy: min(10, text.count))), to: path)
        case 9:
            let new = "section-\(random.next(3))/added-\(step).md"
            project.pages.append(new)
            try project.write("# Added \(step)\n\nNew page, linking [home](../index.md).\n", to: "docs/" + new)
            return [project.absolute("docs/" + new)]
        case 11:
            // The anchor another page links to goes, or comes back: that page's warning follows.
            let text = project.read(path)
            try project.write(text.contains("## Details") ? text.replacingOccurrences(of: "## Details", with: "## Specifics") : text.replacingOccurrences(of: "## Specifics", with: "## Details"), to: path)
        case 10 where project.pages.count > 4:
            project.pages.removeAll { $0 == page }
            try FileManager.default.removeItem(atPath: project.absolute(path))
        default:
            try project.write(project.config(siteName: "Incremental \(step)"), to: "mkdocs.yml")
            return [project.absolute("mkdocs.yml")]
        }
        return [project.absolute(path)]
    }

    /// The site and diagnostics a fresh build of the project's files makes, as the preview
    /// builds it (into memory, with the live-reload placeholder).
    static func reference(_ project: Project) -> (site: MemorySite?, diagnostics: [Diagnostic]) {
        do {
            let (config, configDiagnostics) = try ConfigLoader.load(path: project.absolute("mkdocs.yml"))
            let site = MemorySite()
            var options = BuildOptions(siteDirectory: "/nonexistent/site")
            options.memory = site
            options.liveReloadScript = "/__galley/live.js?build=\(PreviewBuilder.tokenPlaceholder)"
            let report = try SiteBuilder.build(config: config, configDiagnostics: configDiagnostics, options: options)
            return (site, report.diagnostics)
        } catch {
            return (nil, error.diagnostics.filter { $0.severity >= .warning })
        }
    }

    @Test(arguments: [1, 2, 3, 4]) func afterEveryEditThePreviewIsAFreshBuild(seed: UInt64) throws {
        let project = try Project(pages: 24)
        let builder = try PreviewBuilder(configFile: project.absolute("mkdocs.yml"))
        defer { builder.removeWorkDirectory() }
        #expect(builder.build().succeeded)
        var random = Random(state: seed)
        var incremental = 0
        for step in 0..<60 {
            let changed = try Self.edit(project, &random, step: step)
            let before = builder.current?.token
            let outcome = builder.build(changed: changed)
            let (expected, diagnostics) = Self.reference(project)
            if let expected {
                #expect(outcome.succeeded, "step \(step): the preview failed where a build succeeds: \(outcome.diagnostics)")
                let served = try #require(builder.current).resolver.site
                #expect(served.paths == expected.paths, "step \(step): files differ")
                for path in expected.paths where served.contents(path) != expected.contents(path) {
                    Issue.record("step \(step): \(path) differs from a fresh build")
                }
                #expect(outcome.diagnostics == diagnostics, "step \(step): diagnostics differ")
            } else {
                #expect(!outcome.succeeded, "step \(step): the preview succeeded where a build fails")
                #expect(builder.current?.token == before, "step \(step): a failed build keeps the last good site")
                #expect(Set(outcome.state.problems.map(\.message)).isSubset(of: Set(diagnostics.map(\.message))), "step \(step)")
            }
            if outcome.wasIncremental { incremental += 1 }
        }
        #expect(incremental >= 8, "prose edits were taken in without a whole build (\(incremental) of 60 steps)")
    }

    /// A snippet edit runs that page's snippets alone and renders that page alone: the
    /// preview waits for the compiler, not for the rest of the site, and is still exactly what
    /// a fresh build makes, diagnostics included, through a compile error and its fix.
    @Test func aSnippetEditRunsThatPageAloneWithoutAWholeBuild() throws {
        let project = try Project(pages: 6)
        try project.write(project.config(siteName: "Snippets").replacingOccurrences(of: "  - admonition\n", with: "  - admonition\n  - pymdownx.superfences\n"), to: "mkdocs.yml")
        try project.write("# Code\n\n```swift run\nprint(\"one\")\n```\n", to: "docs/code.md")
        try project.write("# Other\n\n```swift run\nprint(\"other\")\n```\n", to: "docs/other.md")
        let builder = try PreviewBuilder(configFile: project.absolute("mkdocs.yml"))
        defer { builder.removeWorkDirectory() }
        #expect(builder.build().succeeded)
        let otherPage = try #require(builder.current).resolver.site.file("other/index.html")
        func matchesAFreshBuild(_ outcome: PreviewBuilder.Outcome, _ step: String) throws {
            let (expected, diagnostics) = Self.reference(project)
            let reference = try #require(expected, "\(step): a fresh build fails: \(diagnostics)")
            let served = try #require(builder.current).resolver.site
            #expect(served.paths == reference.paths, "\(step)")
            for path in reference.paths where served.contents(path) != reference.contents(path) {
                Issue.record("\(step): \(path) differs from a fresh build")
            }
            #expect(outcome.diagnostics == diagnostics, "\(step): \(outcome.diagnostics) against \(diagnostics)")
        }

        try project.write("# Code\n\n```swift run\nprint(\"two\")\n```\n", to: "docs/code.md")
        let edited = builder.build(changed: [project.absolute("docs/code.md")])
        #expect(edited.succeeded && edited.wasIncremental, "\(edited.diagnostics)")
        #expect(edited.snippetStages?.brief?.contains("compiling ") == true, "the edit compiled the page: \(String(describing: edited.snippetStages))")
        #expect(String(decoding: try #require(builder.current).resolver.site.contents("code/index.html") ?? Data(), as: UTF8.self).contains("two"))
        #expect(try #require(builder.current).resolver.site.file("other/index.html") == otherPage, "the other page was not rendered again")
        try matchesAFreshBuild(edited, "edit")

        try project.write("# Code\n\n```swift run\nlet n: Int = \"x\"\n```\n", to: "docs/code.md")
        let broken = builder.build(changed: [project.absolute("docs/code.md")])
        #expect(!broken.succeeded && broken.wasIncremental)
        #expect(broken.diagnostics.contains { $0.code.description == "snippets.compile_error" && $0.location.file.hasSuffix("code.md") }, "\(broken.diagnostics)")

        try project.write("# Code\n\n```swift run\nprint(\"three\")\n```\n", to: "docs/code.md")
        let fixed = builder.build(changed: [project.absolute("docs/code.md")])
        #expect(fixed.succeeded && fixed.wasIncremental, "\(fixed.diagnostics)")
        try matchesAFreshBuild(fixed, "fix")

        // A prose edit after it reports no snippet time of its own.
        try project.write(project.read("docs/index.md") + "\nMore prose.\n", to: "docs/index.md")
        let prose = builder.build(changed: [project.absolute("docs/index.md")])
        #expect(prose.succeeded && prose.wasIncremental)
        #expect(prose.snippetStages?.brief == nil)
        try matchesAFreshBuild(prose, "prose")
    }

    @Test func aProseEditRendersOnePageWithoutAWholeBuild() throws {
        let project = try Project(pages: 12)
        let builder = try PreviewBuilder(configFile: project.absolute("mkdocs.yml"))
        defer { builder.removeWorkDirectory() }
        #expect(builder.build().succeeded)
        let before = try #require(builder.current)
        let untouched = before.resolver.site.file("section-1/page-1/index.html")
        try project.write(project.read("docs/section-0/page-0.md") + "\nFresh words.\n", to: "docs/section-0/page-0.md")
        let state = try #require(builder.state)
        guard case .updated(let site, _, _) = IncrementalSite.update(before.resolver.site, state: state, changed: [project.absolute("docs/section-0/page-0.md")]) else {
            Issue.record("a prose edit needed a whole build")
            return
        }
        #expect(String(decoding: site.contents("section-0/page-0/index.html") ?? Data(), as: UTF8.self).contains("Fresh words."))
        #expect(site.file("section-1/page-1/index.html") == untouched, "other pages are the same bytes, not rendered again")
        #expect(String(decoding: before.resolver.site.contents("section-0/page-0/index.html") ?? Data(), as: UTF8.self).contains("Fresh words.") == false, "the site served until now is left as it was")
    }

    /// An editor that saves by writing a temporary file and renaming it over the page (as
    /// `sed -i`, vim's backup and JetBrains' safe write do) reports the temporary file too:
    /// the save is still an edit of one page, not a whole build, and a file that came and went
    /// alone changes nothing. A folder of pages moved away is still a whole build.
    @Test func anAtomicSaveIsAnEditOfThePage() throws {
        let project = try Project(pages: 9)
        let builder = try PreviewBuilder(configFile: project.absolute("mkdocs.yml"))
        defer { builder.removeWorkDirectory() }
        #expect(builder.build().succeeded)
        let page = "docs/section-1/page-4.md"
        let temporary = "docs/section-1/sedQ81xZa"
        try project.write(project.read(page) + "\nSaved through a rename.\n", to: temporary)
        #expect(rename(project.absolute(temporary), project.absolute(page)) == 0)
        let saved = builder.build(changed: [project.absolute(temporary), project.absolute(page)])
        #expect(saved.succeeded && saved.wasIncremental && !saved.changedNothing, "\(saved.diagnostics)")
        let (expected, _) = Self.reference(project)
        let served = try #require(builder.current)
        #expect(String(decoding: served.resolver.site.contents("section-1/page-4/index.html") ?? Data(), as: UTF8.self).contains("Saved through a rename."))
        #expect(served.resolver.site.paths == expected?.paths)

        let passing = builder.build(changed: [project.absolute("docs/section-2/4913"), project.absolute("docs/section-2/.page-5.md.swp")])
        #expect(passing.changedNothing)
        #expect(builder.current?.token == served.token, "nothing was built")
        // vim's swap file stays while the page is open, and is written as the user types: the
        // scan leaves dot-files out, so it changes nothing either. A new page does.
        try project.write("swap", to: "docs/section-2/.page-5.md.swp")
        #expect(builder.build(changed: [project.absolute("docs/section-2/.page-5.md.swp")]).changedNothing)
        try project.write("# New\n", to: "docs/section-2/new.md")
        let added = builder.build(changed: [project.absolute("docs/section-2/new.md")])
        #expect(!added.changedNothing && !added.wasIncremental)
        #expect(try #require(builder.current).resolver.site.file("section-2/new/index.html") != nil)
        try FileManager.default.removeItem(atPath: project.absolute("docs/section-2/new.md"))
        #expect(!builder.build(changed: [project.absolute("docs/section-2/new.md")]).changedNothing, "a page that was built and is gone is a whole build")
        #expect(try #require(builder.current).resolver.site.file("section-2/new/index.html") == nil)

        try FileManager.default.moveItem(atPath: project.absolute("docs/section-2"), toPath: project.absolute("elsewhere"))
        let moved = builder.build(changed: [project.absolute("docs/section-2")])
        #expect(moved.succeeded && !moved.wasIncremental && !moved.changedNothing, "\(moved.diagnostics)")
        #expect(try #require(builder.current).resolver.site.file("section-2/page-5/index.html") == nil)
    }

    /// A tags listing put into a page that already held a comment: the other pages' tags
    /// link to it at once, as a fresh build makes them.
    @Test func aNewTagsListingIsLinkedFromEveryTaggedPage() throws {
        let project = try Project(pages: 3)
        try project.write("site_name: Incremental\nplugins:\n  - tags\n", to: "mkdocs.yml")
        try project.write("---\ntags: [Alpha]\n---\n# Page 1\n\nText.\n", to: "docs/section-1/page-1.md")
        try project.write("# Tags\n\n<!-- a note -->\n", to: "docs/tags.md")
        let builder = try PreviewBuilder(configFile: project.absolute("mkdocs.yml"))
        defer { builder.removeWorkDirectory() }
        #expect(builder.build().succeeded)
        let before = try #require(builder.current)
        #expect(!String(decoding: before.resolver.site.contents("section-1/page-1/index.html") ?? Data(), as: UTF8.self).contains("#tag:alpha"))
        try project.write("# Tags\n\n<!-- a note -->\n\n<!-- material/tags -->\n", to: "docs/tags.md")
        let state = try #require(builder.state)
        guard case .updated(let site, _, _) = IncrementalSite.update(before.resolver.site, state: state, changed: [project.absolute("docs/tags.md")]) else {
            Issue.record("adding a listing needed a whole build")
            return
        }
        #expect(String(decoding: site.contents("section-1/page-1/index.html") ?? Data(), as: UTF8.self).contains("href=\"../../tags/#tag:alpha\""))
    }

    @Test func pagesAnswerWithTheBuildServedNow() throws {
        let page = Data("<html><body><p>GALLEY-BUILD-TOKEN in prose</p><script src=\"/__galley/live.js?build=GALLEY-BUILD-TOKEN\"></script></body></html>".utf8)
        let stamped = String(decoding: SiteHandler.stamped(page, type: "text/html; charset=utf-8", token: "abc-7"), as: UTF8.self)
        #expect(stamped.contains("live.js?build=abc-7\""))
        #expect(stamped.contains("<p>GALLEY-BUILD-TOKEN in prose</p>"), "only the script's address is stamped")
        #expect(SiteHandler.stamped(page, type: "text/css", token: "x") == page)
    }
}
