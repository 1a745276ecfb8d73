// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
import Testing

/// Diagrams in a real build: fences and `.seq` files drawn into the page, their errors at the
/// right place, `--keep-going` and `galley check`, search, and traces checked against them.
@Suite struct DiagramBuildTests {
    static func project(_ page: String, extra: [String: String] = [:]) throws -> TemporaryProject {
        try TemporaryProject(files: ["mkdocs.yml": "site_name: Drawn\n", "docs/index.md": page].merging(extra) { $1 })
    }

    @Test func fencesAndSeqFilesBecomeInlineSVGFiguresAndTheFileIsPublished() throws {
        let page = """
            # Drawn

            ```seq
            title Inline
            Host->Node: render()
            ```

            ![The loop](diagrams/loop.seq)

            ```mermaid
            sequenceDiagram
              Alice->>Bob: hello
            ```
            """
        let project = try Self.project(page, extra: ["docs/diagrams/loop.seq": "Sink->Loop: send(action)\nLoop-->Sink: done\n"])
        defer { project.remove() }
        let result = try runGalley(["build"], in: project.root)
        #expect(result.status == 0, "\(result.stderr)")
        let html = try #require(project.read("site/index.html"))
        #expect(html.components(separatedBy: "<figure class=\"g-diagram\"").count == 4)
        #expect(html.contains("<title id=\"g-diagram-1-title\">Inline</title>"))
        #expect(html.contains("<title id=\"g-diagram-2-title\">The loop</title>"), "an image's alt text names a diagram without a title")
        #expect(html.contains(">send(action)</tspan>"))
        #expect(html.contains(">hello</tspan>"))
        #expect(!html.contains("<img"), "no picture is left to a web service")
        #expect(!html.contains("<script src=") || !html.contains("mermaid"), "no diagram script")
        #expect(project.read("site/diagrams/loop.seq") == "Sink->Loop: send(action)\nLoop-->Sink: done\n")
        let css = try #require(project.read("site/assets/galley/galley.css"))
        #expect(css.contains(".g-seq .g-seq-participant"))
    }

    @Test func theDiagramsLabelsAreInTheSearchIndex() throws {
        let project = try Self.project("# Drawn\n\n## Flow\n\n```seq\nHost->Node: renderUniqueWord()\n```\n")
        defer { project.remove() }
        let result = try runGalley(["build"], in: project.root)
        #expect(result.status == 0, "\(result.stderr)")
        let index = try #require(project.read("site/search/text/0.js"))
        #expect(index.contains("Host Node renderUniqueWord()"))
        #expect(!index.contains("Host-&gt;Node") && !index.contains("Host->Node"), "the source's arrows are not indexed")
    }

    @Test func aSyntaxErrorIsAtThePagesLineAndColumnAndFailsTheBuild() throws {
        let project = try Self.project("# Drawn\n\n- item\n\n    ```seq\n    A->B: fine\n    A - B\n    ```\n")
        defer { project.remove() }
        let result = try runGalley(["build"], in: project.root)
        #expect(result.status != 0)
        #expect(result.stderr.contains("docs/index.md:7:5: error: the diagram cannot be drawn: expected a statement"), "\(result.stderr)")
        #expect(!project.exists("site/index.html"))
    }

    @Test func anErrorInASeqFileIsAtThatFilesLineAndColumn() throws {
        let project = try Self.project("# Drawn\n\n![Broken](d/broken.seq)\n", extra: ["docs/d/broken.seq": "A->B: ok\nalt never closed\nA->B: x\n"])
        defer { project.remove() }
        let result = try runGalley(["build"], in: project.root)
        #expect(result.status != 0)
        #expect(result.stderr.contains("docs/d/broken.seq:2:1: error: the diagram cannot be drawn: this `alt` block is never closed"), "\(result.stderr)")
    }

    @Test func aMissingSeqFileIsAnErrorAtTheImageLink() throws {
        let project = try Self.project("# Drawn\n\nSome text.\n\n![Gone](nowhere.seq)\n")
        defer { project.remove() }
        let result = try runGalley(["build"], in: project.root)
        #expect(result.status != 0)
        #expect(result.stderr.contains("docs/index.md:5: error: the diagram `nowhere.seq` cannot be read"), "\(result.stderr)")
    }

    @Test func keepGoingShowsTheErrorInPlaceAndCheckStillFails() throws {
        let project = try Self.project("# Drawn\n\n```seq\nA->: nobody\n```\n")
        defer { project.remove() }
        let build = try runGalley(["build", "--keep-going"], in: project.root)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("docs/index.md:4:2: warning: the diagram cannot be drawn"), "\(build.stderr)")
        let html = try #require(project.read("site/index.html"))
        #expect(html.contains("<div class=\"g-diagram-error\" role=\"alert\"><p><strong>This diagram cannot be drawn.</strong> index.md:4:2: expected a participant"))
        #expect(html.contains("<pre><code>A-&gt;: nobody\n</code></pre>"), "the source is kept, escaped")
        let check = try runGalley(["check"], in: project.root)
        #expect(check.status == 1)
        #expect(check.stderr.contains("docs/index.md:4:2: error: the diagram cannot be drawn"), "\(check.stderr)")
    }

    @Test func otherMermaidTypesStayCodeWithAWarningNamingTheType() throws {
        let project = try Self.project("# Drawn\n\n```mermaid\n%% comment\ngantt\n  title Plan\n```\n")
        defer { project.remove() }
        let result = try runGalley(["build"], in: project.root)
        #expect(result.status == 0)
        #expect(result.stderr.contains("docs/index.md:5:1: warning: Mermaid `gantt` diagrams are not drawn"), "\(result.stderr)")
        let html = try #require(project.read("site/index.html"))
        #expect(html.contains("gantt"))
        #expect(!html.contains("<svg class=\"g-seq\""))
        let strict = try runGalley(["build", "--strict"], in: project.root)
        #expect(strict.status != 0, "a strict build refuses a diagram it cannot draw")
    }

    /// A Mermaid flowchart is drawn in the page; what it asks for that is not drawn is a
    /// warning at the page's line and column, and a mistake an error there.
    @Test func flowchartsAreDrawnWithWarningsAndErrorsAtThePagesLines() throws {
        let page = """
            # Drawn

            ```mermaid
            flowchart LR
              A[Write] -->|then| B(Check)
              linkStyle 0 stroke:red
            ```
            """
        let project = try Self.project(page)
        defer { project.remove() }
        let result = try runGalley(["build"], in: project.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("docs/index.md:6:3: warning: `linkStyle` is not drawn"), "\(result.stderr)")
        let html = try #require(project.read("site/index.html"))
        #expect(html.contains("<figure class=\"g-diagram\" id=\"g-diagram-1\">\n<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"g-flow\""), "\(html)")
        #expect(html.contains(">Write</tspan>") && html.contains(">then</tspan>") && !html.contains("flowchart LR"))
        try "# Drawn\n\n```mermaid\nflowchart LR\n  A --> B\n  B -> C\n```\n".write(to: project.root.appendingPathComponent("docs/index.md"), atomically: true, encoding: .utf8)
        let broken = try runGalley(["build"], in: project.root)
        #expect(broken.status != 0)
        #expect(broken.stderr.contains("docs/index.md:6:5: error: the diagram cannot be drawn: expected a line such as `-->`"), "\(broken.stderr)")
        #expect(broken.stderr.contains("(line: `B -> C`)"), "the Mermaid line is quoted: \(broken.stderr)")
    }

    @Test func aSeqImageInsideTextIsLeftAloneWithAWarning() throws {
        let project = try Self.project("# Drawn\n\nSee ![inline](d.seq) here.\n", extra: ["docs/d.seq": "A->B: x\n"])
        defer { project.remove() }
        let result = try runGalley(["build"], in: project.root)
        #expect(result.stderr.contains("docs/index.md:3: warning: the diagram `d.seq` is drawn only when its image link is a paragraph of its own"), "\(result.stderr)")
    }

    @Test func theStandaloneCommandWritesAnSVGWithItsStyleOrAnErrorAtFileLineColumn() throws {
        let project = try Self.project("# Drawn\n", extra: ["good.seq": "A->B: hi\n", "bad.mmd": "sequenceDiagram\n  A->>B hi\n"])
        defer { project.remove() }
        let good = try runGalley(["diagram", "good.seq"], in: project.root)
        #expect(good.status == 0)
        #expect(good.stdout.hasPrefix("<?xml"))
        #expect(good.stdout.contains("<style>") && good.stdout.contains(">hi</tspan>"))
        let bad = try runGalley(["diagram", "bad.mmd"], in: project.root)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("bad.mmd:2:7: error: expected `:` and the message's text"), "\(bad.stderr)")
    }
}

/// A snippet's trace against the diagram under it (runs the Swift compiler).
@Suite(.serialized) struct DiagramTraceTests {
    static func page(diagram: String) -> String {
        "# Traced\n\n```swift run expect\nprint(\"Host->Node: render()\")\nprint(\"Node-->Host: rendering\")\n```\n\n\(diagram)\n"
    }

    @Test func aMatchingDiagramPassesAndIsDrawnUnderTheTrace() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Traced\n",
            "docs/index.md": Self.page(diagram: "![Render](render.seq)"),
            // Notes, numbering and activations explain; only the messages are compared.
            "docs/render.seq": "autonumber\nHost->+Node: render()\nnote over Node: works\nNode-->-Host: rendering\n",
        ])
        defer { project.remove() }
        let result = try runGalley(["check"], in: project.root)
        #expect(result.status == 0, "\(result.stderr)")
        let build = try runGalley(["build"], in: project.root)
        #expect(build.status == 0)
        let html = try #require(project.read("site/index.html"))
        #expect(html.contains("Host-&gt;Node: render()"), "the trace is shown as the snippet's output")
        #expect(html.contains("<figure class=\"g-diagram\""))
    }

    @Test func aDiagramThatDriftedFromTheCodeFailsTheCheckNamingTheMessage() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Traced\n",
            "docs/index.md": Self.page(diagram: "```seq\nHost->Node: render()\nNode->Host: rendering\n```"),
        ])
        defer { project.remove() }
        let result = try runGalley(["check"], in: project.root)
        #expect(result.status == 1)
        #expect(result.stderr.contains("docs/index.md:9:1: error: the diagram does not match what the snippet above it printed: message 2 differs: the diagram has `Node->Host: rendering`, the trace has `Node-->Host: rendering`"), "\(result.stderr)")
    }
}
