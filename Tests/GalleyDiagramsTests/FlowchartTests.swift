// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import GalleyDiagrams
import Synchronization
import GalleyMarkup
import Testing

/// Mermaid flowcharts: what the reader makes of each statement (the structure Mermaid's own
/// parser gives the same text: nodes and shapes, lines and labels, nesting), and the drawing
/// Graphviz lays out.
@Suite struct FlowchartTests {
    static func read(_ source: String) throws -> (Flowchart, [DiagramNote]) {
        try MermaidFlowchartReader.read(source)
    }

    @Test func everyShapeIsReadFromItsBrackets() throws {
        let (chart, _) = try Self.read("""
            flowchart TD
              a[rect] --> b(round) --> c([stadium]) --> d[[sub]] --> e[(db)]
              f((circle)) --> g(((double))) --> h>flag] --> i{rhombus} --> j{{hex}}
              k[/para/] --> l[\\left\\] --> m[/trap\\] --> n[\\inv/]
            """)
        #expect(chart.nodes.map(\.shape) == [.rectangle, .rounded, .stadium, .subroutine, .cylinder, .circle, .doubleCircle, .flag, .rhombus, .hexagon,
                                             .parallelogram, .parallelogramLeft, .trapezoid, .trapezoidInverted])
        #expect(chart.nodes.map(\.label) == ["rect", "round", "stadium", "sub", "db", "circle", "double", "flag", "rhombus", "hex", "para", "left", "trap", "inv"])
        #expect(chart.direction == .topBottom)
    }

    @Test func linesKeepTheirStrokeEndsLengthAndLabels() throws {
        let (chart, _) = try Self.read("""
            graph LR
              A --> B --- C -.-> D ==> E
              A -->|yes| F
              A -- no --> G
              A -. maybe .-> H
              A == sure ==> I
              A <--> J
              A o--o K
              A x--x L
              A ---> M
              A ~~~ N
              A -- "quoted (text)" --> O
            """)
        let edges = chart.edges
        #expect(edges.map { "\($0.from)\($0.to)" } == ["AB", "BC", "CD", "DE", "AF", "AG", "AH", "AI", "AJ", "AK", "AL", "AM", "AN", "AO"])
        #expect(edges.map(\.stroke) == [.normal, .normal, .dotted, .thick, .normal, .normal, .dotted, .thick, .normal, .normal, .normal, .normal, .invisible, .normal])
        #expect(edges.map(\.endHead) == [.arrow, .none, .arrow, .arrow, .arrow, .arrow, .arrow, .arrow, .arrow, .circle, .cross, .arrow, .none, .arrow])
        #expect(edges[8].startHead == .arrow && edges[9].startHead == .circle && edges[10].startHead == .cross && edges[0].startHead == .none)
        #expect(edges.map(\.label) == [nil, nil, nil, nil, "yes", "no", "maybe", "sure", nil, nil, nil, nil, nil, "quoted (text)"])
        #expect(edges[11].length == 2 && edges[0].length == 1)
        #expect(chart.direction == .leftRight)
    }

    @Test func ampersandsJoinEveryNodeOfOneSideToEveryNodeOfTheOther() throws {
        let (chart, _) = try Self.read("flowchart TB\n  a & b --> c & d\n")
        #expect(chart.edges.map { "\($0.from)\($0.to)" } == ["ac", "ad", "bc", "bd"])
    }

    @Test func subgraphsNestAndHoldTheNodesFirstWrittenInThem() throws {
        let (chart, _) = try Self.read("""
            flowchart LR
              start --> inner1
              subgraph outer [The outer one]
                a --> b
                subgraph inner ["Inner, quoted"]
                  inner1 --> inner2
                end
              end
              subgraph Plain words
                c
              end
              outer --> c
            """)
        #expect(chart.subgraphs.map(\.id) == ["outer", "inner", "subgraph-3"])
        #expect(chart.subgraphs.map(\.title) == ["The outer one", "Inner, quoted", "Plain words"])
        #expect(chart.subgraphs[0].members == ["a", "b", "inner"])
        #expect(chart.subgraphs[1].members == ["inner1", "inner2"])
        #expect(chart.subgraphs[2].members == ["c"])
        #expect(chart.edges.last.map { "\($0.from)\($0.to)" } == "outerc")
        #expect(!chart.nodes.contains { $0.id == "outer" }, "a line to a subgraph does not make it a node")
    }

    @Test func classesStylesLinksAndTextEntities() throws {
        let (chart, notes) = try Self.read("""
            ---
            title: Styled
            ---
            flowchart LR
              A["Say #quot;hi#quot;<br>twice"]:::hot --> B
              classDef hot fill:#f96,stroke:#333,stroke-width:4px,background:url(x)
              class B hot
              style A color:#fff
              click A "https://example.com" "Where it goes"
              click B callMe()
              linkStyle 0 stroke:red
              subgraph S
                direction TB
                C
              end
            """)
        #expect(chart.title == "Styled")
        #expect(chart.nodes[0].label == "Say \"hi\"\ntwice")
        #expect(chart.nodes[0].classes == ["hot"] && chart.nodes[1].classes == ["hot"])
        #expect(chart.classStyles["hot"]?.map { "\($0.0):\($0.1)" } == ["fill:#f96", "stroke:#333", "stroke-width:4px"])
        #expect(chart.nodes[0].link == "https://example.com" && chart.nodes[0].tooltip == "Where it goes")
        #expect(FlowchartRenderer.style(of: chart.nodes[0], in: chart).shape == "fill:#f96;stroke:#333;stroke-width:4px")
        #expect(FlowchartRenderer.style(of: chart.nodes[0], in: chart).text == "fill:#fff")
        // What is read but not drawn is said, each at its line.
        #expect(notes.map(\.line) == [6, 10, 11, 13], "\(notes)")
        #expect(notes[0].message.contains("`background:url(x)`") && notes[1].message.contains("calls a script")
            && notes[2].message.contains("`linkStyle`") && notes[3].message.contains("own `direction`"))
    }

    @Test func statementsMaySitOnOneLineBetweenSemicolons() throws {
        let (chart, _) = try Self.read("graph TD;\n  A-->B;B-->C;\n")
        #expect(chart.edges.map { "\($0.from)\($0.to)" } == ["AB", "BC"])
    }

    /// The drawing, laid out by Graphviz: every node, line, label and subgraph is there, text
    /// is text, and the chart flows the way it says.
    @Test(.enabled(if: FlowchartTests.hasGraphviz)) func theDrawingHoldsEveryPartInItsDirection() throws {
        let source = """
            flowchart LR
              A[Start] -->|go| B{Check} --> C((End))
              subgraph Box [A box]
                B
              end
            """
        let outcome = try DiagramRenderer.render(source, language: .mermaid, id: "f")
        guard case .drawn(let drawn) = outcome else { Issue.record("not drawn: \(outcome)"); return }
        let svg = drawn.svg.string
        #expect(svg.components(separatedBy: "class=\"g-flow-node-group\"").count - 1 == 3)
        #expect(svg.components(separatedBy: "class=\"g-flow-edge\"").count - 1 == 2)
        #expect(svg.contains(">Start</tspan>") && svg.contains(">Check</tspan>") && svg.contains(">go</tspan>") && svg.contains(">A box</tspan>"))
        #expect(svg.contains("class=\"g-flow-cluster\""))
        #expect(drawn.text == "A box Start Check End go")
        // Left to right: each node's centre is to the right of the one before.
        let xs = ["Start", "Check", "End"].map { label -> Double in
            let range = svg.range(of: ">\(label)</tspan>")!
            let before = svg[..<range.lowerBound]
            let x = before.range(of: " x=\"", options: .backwards)!
            return Double(before[x.upperBound...].prefix { $0 != "\"" })!
        }
        #expect(xs[0] < xs[1] && xs[1] < xs[2], "\(xs)")
    }

    /// Drawing a ten-node chart stays within the issue's budget of 5 ms (a debug build).
    @Test(.enabled(if: FlowchartTests.hasGraphviz)) func drawingIsQuick() throws {
        let source = "flowchart TD\n" + (0..<10).map { "  n\($0)[Step \($0)] --> n\($0 + 1)[Step \($0 + 1)]" }.joined(separator: "\n")
        let clock = ContinuousClock()
        var samples: [Duration] = []
        for _ in 0..<15 {
            let start = clock.now
            _ = try DiagramRenderer.render(source, language: .mermaid, id: "f")
            samples.append(clock.now - start)
        }
        samples.sort()
        #expect(samples[7] < .milliseconds(25), "median \(samples[7])")
    }

    /// Ten flowcharts of the kinds docs hold (Flowcharts/*.mmd), each read to the structure
    /// Mermaid's grammar gives it: nodes, lines, labels, subgraphs and their nesting; and each
    /// drawn with every node and line in the picture.
    @Test func tenFlowchartsHaveMermaidsStructure() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Flowcharts")
        // (nodes, lines, labelled lines, subgraphs, notes)
        let expected: [String: (Int, Int, Int, Int, Int)] = [
            "01-render-loop": (6, 6, 2, 0, 0), "02-decision": (7, 7, 4, 0, 0), "03-subgraphs": (7, 6, 0, 2, 1), "04-nested": (3, 2, 0, 2, 0),
            "05-styles": (3, 2, 0, 0, 0), "06-links": (3, 2, 0, 0, 0), "07-ends": (8, 7, 0, 0, 0), "08-chains": (6, 7, 0, 0, 0),
            "09-shapes": (12, 11, 0, 0, 0), "10-text": (4, 3, 2, 0, 0),
        ]
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mmd") }.sorted()
        #expect(names.count == 10)
        for name in names {
            let source = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let (chart, notes) = try Self.read(source)
            let key = String(name.dropLast(4))
            let want = try #require(expected[key], "\(key)")
            let got = (chart.nodes.count, chart.edges.count, chart.edges.filter { $0.label != nil }.count, chart.subgraphs.count, notes.count)
            #expect(got == want, "\(key): \(got)")
            guard Self.hasGraphviz, case .drawn(let drawn) = try DiagramRenderer.render(source, language: .mermaid, id: "f") else { continue }
            let svg = drawn.svg.string
            #expect(svg.components(separatedBy: "class=\"g-flow-node-group\"").count - 1 == chart.nodes.count, "\(key)")
            let visible = chart.edges.filter { $0.stroke != .invisible }.count
            #expect(svg.components(separatedBy: "<path class=\"g-flow-edge").count - 1 >= visible, "\(key)")
        }
        let (nested, _) = try Self.read(try String(contentsOf: folder.appendingPathComponent("04-nested.mmd"), encoding: .utf8))
        #expect(nested.subgraphs.map(\.members) == [["root", "sink"], ["child1", "child2"]])
        let (text, _) = try Self.read(try String(contentsOf: folder.appendingPathComponent("10-text.mmd"), encoding: .utf8))
        #expect(text.title == "Text in labels")
        #expect(text.nodes.map(\.label) == ["Quotes \"inside\" and (parens)", "Two\nlines", "Markdown string", "Unicode: 工作流 → 渲染"])
        #expect(text.edges.map(\.label) == ["a label with -- dashes", nil, "plain"])
    }

    /// Pages are drawn in parallel; Graphviz keeps global state, so its use is serialized.
    /// Many threads drawing at once get the same pictures as one thread does.
    @Test(.enabled(if: FlowchartTests.hasGraphviz)) func drawingFromManyThreadsGivesTheSamePictures() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Flowcharts")
        let sources = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mmd") }.sorted()
            .map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) } + [StateDiagramTests.source, ClassDiagramTests.source, EntityDiagramTests.source]
        @Sendable func draw(_ source: String) -> String {
            guard case .drawn(let drawn)? = try? DiagramRenderer.render(source, language: .mermaid, id: "t") else { return "" }
            return drawn.svg.string
        }
        let expected = sources.map(draw)
        let results = Mutex<[Int: [String]]>([:])
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            let drawn = (0..<4).flatMap { _ in sources.map(draw) }
            results.withLock { $0[worker] = drawn }
        }
        for (worker, drawn) in results.withLock({ $0 }) {
            #expect(drawn == Array(repeating: expected, count: 4).flatMap { $0 }, "worker \(worker)")
        }
        #expect(expected.allSatisfy { !$0.isEmpty })
    }

    static var hasGraphviz: Bool {
        (try? DiagramRenderer.render("flowchart LR\n  A --> B", language: .mermaid, id: "probe")).map { if case .drawn = $0 { true } else { false } } ?? false
    }
}
