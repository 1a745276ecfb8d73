// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import GalleyOracle
import GalleyServe
import GalleySite
import GalleySnippets
import Testing

/// A small Swift package with a guide and `galley.api`, built by the real `galley` with the
/// real toolchain: extraction, pages, links both ways, doc-tests and coverage, with their
/// failures located in the Swift sources.
@Suite(.serialized) struct APIReferenceSiteTests {
    static let manifest = """
    // swift-tools-version: 6.0
    import PackageDescription
    let package = Package(name: "Shapes", products: [.library(name: "Geometry", targets: ["Geometry"])], targets: [.target(name: "Geometry")])
    """

    static let source = """
    /// A point on the plane.
    ///
    /// Move it with ``Point/moved(by:)``; measure with ``distance(from:to:)``.
    ///
    /// ```swift run expect
    /// let p = Point(x: 1, y: 2).moved(by: 2)
    /// print(p.x, p.y)
    /// ```
    ///
    /// ```output
    /// 3 4
    /// ```
    public struct Point: Equatable, Sendable {
        /// The horizontal coordinate.
        public var x: Int
        /// The vertical coordinate.
        public var y: Int

        /// A point at `x`, `y`.
        public init(x: Int, y: Int) {
            self.x = x
            self.y = y
        }

        /// This point moved diagonally.
        ///
        /// - Parameters:
        ///   - step: How far along each axis.
        /// - Returns: The moved point; see ``x``.
        public func moved(by step: Int) -> Point {
            Point(x: x + step, y: y + step)
        }
    }

    /// Something with an area.
    public protocol Shape {
        /// The area, in square units.
        var area: Int { get }
    }

    /// The distance in steps along the grid between two points.
    public func distance(from a: Point, to b: Point) -> Int {
        abs(a.x - b.x) + abs(a.y - b.y)
    }

    """

    static let config = """
    site_name: Shapes
    repo_url: https://example.com/shapes
    edit_uri: edit/trunk/docs/
    theme:
      name: galley
      features: [content.action.edit]
    nav:
      - Guide: index.md
    galley:
      api:
        modules: [Geometry]
        require_docs: error
    """

    static let guide = """
    # Guide

    A ``Point`` has coordinates; [Point][] is the same link, and [the distance][distance(from:to:)] too.
    """

    private func project(source: String = source, guide: String = guide) throws -> TemporaryProject {
        try TemporaryProject(files: [
            "Package.swift": Self.manifest,
            "Sources/Geometry/Geometry.swift": source,
            "mkdocs.yml": Self.config,
            "docs/index.md": guide,
        ])
    }

    @Test func buildsPagesWithLinksBothWaysAndRunsTheExamples() throws {
        let project = try project()
        defer { project.remove() }
        let result = try runGalley(["build"], in: project.root)
        #expect(result.status == 0, "\(result.stderr)")
        // The first build says where its time went: the extraction, and building the libraries.
        let line = try #require(result.stderr.split(separator: "\n").first { $0.hasPrefix("API reference: ") }, "\(result.stderr)")
        #expect(line.contains("; symbol graphs extracted in ") && line.contains(" (1 process, ") && line.contains("; libraries built in ") && line.contains(" (swift build, ") && line.hasSuffix(" in all"), "\(line)")
        // A page per module and per type, in the nav.
        let module = try #require(project.read("site/api/Geometry/index.html"))
        let point = try #require(project.read("site/api/Geometry/Point/index.html"))
        #expect(project.exists("site/api/Geometry/Shape/index.html"))
        #expect(module.contains("<h2 id=\"structures\">Structures"))
        #expect(module.contains("<a href=\"Point/\"><code>Point</code></a>: A point on the plane."))
        // Top-level functions are shown on the module page, with an anchor.
        #expect(module.contains("id=\"distance-from-to\""))
        // Members grouped by kind, with anchors; declarations highlighted.
        #expect(point.contains("<h2 id=\"instance-methods\">Instance Methods"))
        #expect(point.contains("<h3 id=\"moved-by\"><code>moved(by:)</code>"))
        #expect(point.contains("galley-declaration"))
        #expect(point.contains("<span class=\"kd\">struct</span>"))
        // Callouts as admonitions.
        #expect(point.contains("<p class=\"admonition-title\">Parameters</p>"))
        #expect(point.contains("<code>step</code>: How far along each axis."))
        #expect(point.contains("<p class=\"admonition-title\">Returns</p>"))
        // Symbol links in doc comments, relative to the symbol, and to the module page.
        #expect(point.contains("<a href=\"#moved-by\"><code>moved(by:)</code></a>"))
        #expect(point.contains("<a href=\"../#distance-from-to\"><code>distance(from:to:)</code></a>"))
        #expect(point.contains("<a href=\"#x\"><code>x</code></a>"))
        // Conformances; the source line on the code host.
        #expect(point.contains("<code>Equatable</code>"))
        #expect(point.contains("https://example.com/shapes/blob/trunk/Sources/Geometry/Geometry.swift#L13"))
        // A page made from code has no Markdown file to edit: no edit link, unlike the guide's.
        #expect(!point.contains("edit/trunk/docs/api"))
        // The doc-comment example ran, and its output is under it.
        #expect(point.contains("3 4"))
        // Prose links to the symbol, and the symbol's page lists the prose page.
        let home = try #require(project.read("site/index.html"))
        #expect(home.contains("<a href=\"api/Geometry/Point/\"><code>Point</code></a>"))
        #expect(home.contains("<a href=\"api/Geometry/Point/\">Point</a>"))
        #expect(home.contains("<a href=\"api/Geometry/#distance-from-to\">the distance</a>"))
        #expect(point.contains("Mentioned in: <a href=\"../../../\">Guide</a>"))
        // The pages are in the nav and the search index.
        #expect(home.contains("API Reference"))
        #expect(home.contains("https://example.com/shapes/edit/trunk/docs/index.md"))
        let search = try #require(project.read("site/search/text/0.js"))
        #expect(search.contains("moved(by:)"))
        #expect(project.read("site/sitemap.xml")?.contains("api/Geometry/Point/") == true)
        // Built again with nothing changed: the graphs and the example's program are reused
        // (the cache keeps programs of pages no file under docs/ holds), and the summary counts.
        let again = try runGalley(["build"], in: project.root)
        #expect(again.stderr.contains("API reference: 1 module, 8 symbols on 3 pages, 8 documented (100.0 %); symbol graphs from the cache; libraries reused; "), "\(again.stderr)")
        #expect(again.stderr.contains("0 compiled, 1 cached"), "\(again.stderr)")
    }

    @Test func brokenLinksAndFailingExamplesFailCheckAtTheSwiftLine() throws {
        let broken = Self.source
            .replacingOccurrences(of: "``Point/moved(by:)``", with: "``Point/move(by:)``")
            .replacingOccurrences(of: "/// 3 4", with: "/// 3 5")
        let project = try project(source: broken, guide: "# Guide\n\nSee ``Pont``.\n")
        defer { project.remove() }
        let result = try runGalley(["check"], in: project.root)
        #expect(result.status != 0)
        let said = result.stderr + result.stdout
        #expect(said.contains("Sources/Geometry/Geometry.swift:3:20: error: the symbol link `Point/move(by:)` names no symbol of the API reference; did you mean ``Point/moved(by:)``? [api.unresolved_link]"), "\(said)")
        #expect(said.contains("docs/index.md:3:7: error: the symbol link `Pont` names no symbol"), "\(said)")
        #expect(said.contains("``Point``"))
        // The expected output's place in the doc comment, and what differs.
        #expect(said.contains("Sources/Geometry/Geometry.swift:11:5: error: the output differs from the `output` block"), "\(said)")
        #expect(said.contains("-3 5\n  +3 4"))
    }

    @Test func undocumentedPublicSymbolsFailWhenDocsAreRequired() throws {
        let undocumented = Self.source.replacingOccurrences(of: "    /// The vertical coordinate.\n", with: "")
        let project = try project(source: undocumented)
        defer { project.remove() }
        let result = try runGalley(["build"], in: project.root)
        #expect(result.status != 0)
        #expect(result.stderr.contains("Sources/Geometry/Geometry.swift:16:16: error: `Geometry.Point.y` has no doc comment"), "\(result.stderr)")
    }

    /// Without a toolchain the reference cannot be made: an error at `galley.api`, naming the
    /// reference (the toolchain's own message speaks of snippets); other problems pass as they are.
    @Test func withoutAToolchainTheReferenceIsAnErrorAtItsSection() {
        let location = SourceLocation(file: "mkdocs.yml", line: 11)
        let missing = DiagnosticError(at: SourceLocation(file: "mkdocs.yml"), "Swift snippets need `swiftc`, which is not on PATH", code: SnippetCodes.toolchain)
        #expect(SiteBuilder.referenceBuildProblems(missing, at: location).map(\.description) == [
            "mkdocs.yml:11: error: the API reference (`galley.api`) is built from the code by the Swift toolchain, and no `swiftc` was found: install one, or take `galley.api` out to build the site without the reference [snippets.toolchain]",
        ])
        let other = DiagnosticError(at: SourceLocation(file: "Package.swift", line: 3), "the manifest does not compile", code: SnippetCodes.compileError)
        #expect(SiteBuilder.referenceBuildProblems(other, at: location) == other.diagnostics)
    }

    @Test func aGuideEditThatLinksAnotherSymbolRebuildsSoItsPageListsTheGuide() throws {
        let project = try project()
        defer { project.remove() }
        let builder = try PreviewBuilder(configFile: project.configPath)
        defer { builder.removeWorkDirectory() }
        #expect(builder.build().succeeded)
        let guide = project.root.appendingPathComponent("docs/index.md").path
        // Prose alone: the page is rendered again by itself.
        try project.write(Self.guide + "\nMore words.\n", to: "docs/index.md")
        let prose = builder.build(changed: [guide])
        #expect(prose.succeeded && prose.wasIncremental)
        // A new symbol link changes another page, the symbol's: the site is built whole.
        try project.write(Self.guide + "\nA ``Shape`` too.\n", to: "docs/index.md")
        let linked = builder.build(changed: [guide])
        #expect(linked.succeeded && !linked.wasIncremental)
        let shape = String(decoding: try #require(builder.current).resolver.site.contents("api/Geometry/Shape/index.html") ?? Data(), as: UTF8.self)
        #expect(shape.contains("Mentioned in: <a href=\"../../../\">Guide</a>"), "\(shape)")
    }
}
