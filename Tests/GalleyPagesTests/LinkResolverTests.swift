// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyConfig
import GalleyDiagnostics
import GalleyMarkdown
import GalleyPages
import GalleySources
import Testing

/// A small site: pages at root and in `guide/`, one image.
struct LinkFixture {
    let tree: SourceTree
    let index: SiteIndex

    init(useDirectoryURLs: Bool = true) {
        func page(_ path: String) -> PageFile {
            let location = PageURL.locate(path, useDirectoryURLs: useDirectoryURLs)
            return PageFile(path: path, absolutePath: "/docs/" + path, destination: location.destination, url: location.url)
        }
        tree = SourceTree(
            pages: [page("index.md"), page("glossary.md"), page("guide/concepts.md"), page("guide/ui.md"), page("guide/index.md")],
            assets: [AssetFile(path: "images/logo.png", absolutePath: "/docs/images/logo.png")],
            docsDirectory: "/docs"
        )
        index = SiteIndex(tree: tree, anchors: [
            "glossary.md": ["props", "state"],
            "guide/concepts.md": ["rendering"],
            "guide/ui.md": ["screens"],
        ])
    }

    func resolve(_ link: String, on path: String = "guide/concepts.md", validation: ValidationConfig = ValidationConfig()) -> (String, [Diagnostic]) {
        let page = tree.page(at: path)!
        var validation = validation
        validation.levels["links.anchors"] = .warning
        var resolver = LinkResolver(page: page, index: index, validation: validation, source: "See [x](\(link)).")
        let document = Document(blocks: [.paragraph([.link(destination: link, title: "", content: [.text("x")])], line: 1)])
        let (resolved, diagnostics) = resolver.resolve(document)
        guard case .paragraph(let inlines, _, _) = resolved.blocks[0], case .link(let destination, _, _) = inlines[0] else {
            return ("", diagnostics)
        }
        return (destination, diagnostics)
    }
}

@Suite("Links")
struct LinkResolverTests {
    let site = LinkFixture()

    @Test func markdownLinksBecomePageURLs() {
        #expect(site.resolve("ui.md").0 == "../ui/")
        #expect(site.resolve("../glossary.md#props").0 == "../../glossary/#props")
        #expect(site.resolve("../index.md").0 == "../../")
        #expect(site.resolve("index.md").0 == "../")
        #expect(site.resolve("concepts.md#rendering").0 == "./#rendering")
        #expect(site.resolve("ui.md").1.isEmpty)
    }

    @Test func aSlashAfterTheMarkdownFileIsForgivenAsMkdocsDoes() {
        let fixture = LinkFixture()
        let (url, diagnostics) = fixture.resolve("ui.md/#screens")
        #expect(url == "../ui/#screens")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }

    @Test func aLinkWithAttributesIsResolvedToo() {
        let fixture = LinkFixture()
        let page = fixture.tree.page(at: "guide/concepts.md")!
        var resolver = LinkResolver(page: page, index: fixture.index, validation: ValidationConfig(), source: "[x](ui.md){ .md-button }")
        var attributes = ElementAttributes()
        attributes.classes = ["md-button"]
        let document = Document(blocks: [.paragraph([.attributed(.link(destination: "ui.md", title: "", content: [.text("x")]), attributes)], line: 1)])
        let (resolved, diagnostics) = resolver.resolve(document)
        #expect(resolved.blocks == [.paragraph([.attributed(.link(destination: "../ui/", title: "", content: [.text("x")]), attributes)], line: 1)])
        #expect(diagnostics.isEmpty)
    }

    @Test func withoutDirectoryURLs() {
        let flat = LinkFixture(useDirectoryURLs: false)
        #expect(flat.resolve("ui.md").0 == "ui.html")
        #expect(flat.resolve("../glossary.md#state").0 == "../glossary.html#state")
        #expect(flat.resolve("../index.md").0 == "../index.html")
    }

    @Test func assetsAreRelativeToThePageURL() {
        #expect(site.resolve("../images/logo.png").0 == "../../images/logo.png")
        #expect(site.resolve("../images/logo.png").1.isEmpty)
    }

    @Test func missingPageIsReportedAtItsLineAndColumn() {
        let (destination, diagnostics) = site.resolve("missing.md")
        #expect(destination == "missing.md")
        #expect(diagnostics.map(\.description) == [
            "guide/concepts.md:1:9: warning: the link `missing.md` points to `guide/missing.md`, which is not a page of the site [links.not_found]",
        ])
    }

    @Test func extensionlessLinksAreCheckedByTheirURL() {
        // From /guide/concepts/, "../ui" is /guide/ui (a page) and "../../glossary#props" is /glossary#props.
        #expect(site.resolve("../ui").1.map(\.code.description) == ["links.unrecognized_links"])
        #expect(site.resolve("../../glossary#props").1.allSatisfy { $0.severity == .info })
        let (_, missing) = site.resolve("../../Glossary#props")
        #expect(missing.map(\.code.description) == ["links.not_found"])
        #expect(missing.first?.message.contains("resolves to `/Glossary`") == true)
        let (_, anchor) = site.resolve("../../glossary#nope")
        #expect(anchor.map(\.code.description) == ["links.unrecognized_links", "links.anchors"])
    }

    @Test func anchorsOnThisPageAndOthers() {
        #expect(site.resolve("#rendering").1.isEmpty)
        #expect(site.resolve("#nowhere").1.map(\.message) == ["the link `#nowhere` points to the anchor `#nowhere`, which this page does not define"])
        #expect(site.resolve("ui.md#screens").1.isEmpty)
        #expect(site.resolve("ui.md#absent").1.map(\.code.description) == ["links.anchors"])
    }

    /// A broken link is placed at its line and column, on a page whose lines end in `\r\n`
    /// too (a `"\r\n"` is one Character, so cutting the page at the Character `"\n"` saw one
    /// line), and on a line with text before it that is not ASCII.
    @Test func aBrokenLinkIsPlacedAtItsLineAndColumn() {
        for newline in ["\n", "\r\n"] {
            let page = site.tree.page(at: "guide/concepts.md")!
            let source = ["# Concepts", "", "Déjà vu: see [x](missing.md)."].joined(separator: newline)
            var resolver = LinkResolver(page: page, index: site.index, validation: ValidationConfig(), source: source)
            let document = Document(blocks: [.paragraph([.text("Déjà vu: see "), .link(destination: "missing.md", title: "", content: [.text("x")])], line: 3)])
            let diagnostics = resolver.resolve(document).1
            #expect(diagnostics.map(\.location.line) == [3], "\(newline.debugDescription)")
            #expect(diagnostics.map(\.location.column) == [18], "\(newline.debugDescription)")
        }
    }

    @Test func externalAbsoluteAndIgnoredChecks() {
        #expect(site.resolve("https://example.com/x.md").0 == "https://example.com/x.md")
        #expect(site.resolve("mailto:a@b.c").1.isEmpty)
        let (absolute, diagnostics) = site.resolve("/guide/ui/")
        #expect(absolute == "/guide/ui/")
        #expect(diagnostics.map(\.code.description) == ["links.absolute_links"])
        #expect(diagnostics.first?.severity == .info)
        var quiet = ValidationConfig()
        quiet.levels["links.not_found"] = .some(nil)
        #expect(site.resolve("missing.md", validation: quiet).1.isEmpty)
    }
}

@Suite("Page URLs")
struct PageURLTests {
    @Test(arguments: [
        ("index.md", true, "index.html", ""),
        ("guide/index.md", true, "guide/index.html", "guide/"),
        ("guide/README.md", true, "guide/index.html", "guide/"),
        ("guide/ui.md", true, "guide/ui/index.html", "guide/ui/"),
        ("guide/ui.md", false, "guide/ui.html", "guide/ui.html"),
        ("index.md", false, "index.html", "index.html"),
    ])
    func locate(path: String, directoryURLs: Bool, destination: String, url: String) {
        let location = PageURL.locate(path, useDirectoryURLs: directoryURLs)
        #expect(location.destination == destination)
        #expect(location.url == url)
    }

    @Test func globPatterns() {
        #expect(GlobPattern.matchesAny(["drafts/"], path: "drafts/a.md"))
        #expect(!GlobPattern.matchesAny(["drafts/"], path: "drafts.md"))
        #expect(GlobPattern.matchesAny(["*.tmp"], path: "deep/x.tmp"))
        #expect(GlobPattern.matchesAny(["/top.md"], path: "top.md"))
        #expect(!GlobPattern.matchesAny(["/top.md"], path: "sub/top.md"))
        #expect(!GlobPattern.matchesAny(["*.md", "!keep.md"], path: "keep.md"))
        #expect(GlobPattern.matchesAny(["**/secret.md"], path: "a/b/secret.md"))
    }
}
