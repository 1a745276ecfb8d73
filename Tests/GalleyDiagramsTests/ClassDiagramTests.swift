// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import GalleyDiagrams
import GalleyMarkup
import Testing

/// Mermaid class diagrams: classes with their compartments, the eight relations with their
/// ends, cardinalities and labels, notes and namespaces, as Mermaid's grammar reads them; and
/// the drawing.
@Suite struct ClassDiagramTests {
    static let source = """
        classDiagram
            class Workflow~Rendering~ {
                <<protocol>>
                +makeInitialState() State
                +render(state, context) Rendering
            }
            Counter : +Int count
            Counter : +render() String
            Counter : +items List~Int~
            <<final>> Counter
            Workflow <|.. Counter : implements
            Counter *-- "1" Sink
            RenderContext "1" --> "*" Sink : makes
            Counter ..> RenderContext
            Animal o-- Leg
            Base <|-- Derived
            A -- B
            C .. D
            note for Counter "Counts taps"
            namespace Runtime {
                class Host
            }
            link Sink "https://example.com/sink" "Sink docs"
            callback Host "open"
        """

    @Test func classesMembersAndRelationsAreRead() throws {
        let (chart, notes) = try MermaidClassReader.read(Self.source)
        let byID = Dictionary(chart.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byID["Workflow"]?.label == "«protocol»\nWorkflow<Rendering>")
        #expect(byID["Workflow"]?.members == [[], ["+makeInitialState() State", "+render(state, context) Rendering"]])
        #expect(byID["Counter"]?.label == "«final»\nCounter")
        #expect(byID["Counter"]?.members == [["+Int count", "+items List<Int>"], ["+render() String"]])
        #expect(byID["Sink"]?.link == "https://example.com/sink" && byID["Sink"]?.tooltip == "Sink docs")
        let relations = chart.edges.filter { byID[$0.from]?.shape == .classBox && byID[$0.to]?.shape == .classBox }
        #expect(relations.map { "\($0.from)-\($0.to)" } == ["Workflow-Counter", "Counter-Sink", "RenderContext-Sink", "Counter-RenderContext", "Animal-Leg", "Base-Derived", "A-B", "C-D"])
        #expect(relations.map(\.startHead) == [.triangle, .diamond, .none, .none, .openDiamond, .triangle, .none, .none])
        #expect(relations.map(\.endHead) == [.none, .none, .arrow, .arrow, .none, .none, .none, .none])
        #expect(relations.map(\.stroke) == [.dotted, .normal, .normal, .dotted, .normal, .normal, .normal, .dotted])
        #expect(relations[0].label == "implements" && relations[2].label == "makes")
        #expect(relations[1].endLabel == "1" && relations[2].startLabel == "1" && relations[2].endLabel == "*")
        #expect(byID["note-1"]?.shape == .note && chart.edges.contains { $0.from == "note-1" && $0.to == "Counter" })
        #expect(chart.subgraphs.map(\.title) == ["Runtime"] && chart.subgraphs[0].members == ["Host"])
        #expect(notes.count == 1 && notes[0].message.contains("`callback`"))
    }

    @Test func mistakesAreAtTheirLine() throws {
        let cases: [(String, Int, String)] = [
            ("classDiagram\n  class Open {\n  +x\n", 2, "expected `}` to close the class `Open`"),
            ("classDiagram\n  }\n", 2, "found `}` with nothing open"),
            ("classDiagram\n  note for A no quotes\n", 2, "expected the note's text in quotes"),
            ("classDiagram\n  A <|-- B C D\n", 2, "expected a class name"),
        ]
        for (source, line, says) in cases {
            do {
                _ = try MermaidClassReader.read(source)
                Issue.record("no error for \(source.debugDescription)")
            } catch {
                #expect(error.message.contains(says) && error.line == line, "\(error.line): \(error.message)")
            }
        }
    }

    @Test(.enabled(if: FlowchartTests.hasGraphviz)) func theDrawingHasEveryClassItsCompartmentsAndItsEnds() throws {
        let outcome = try DiagramRenderer.render(Self.source, language: .mermaid, id: "c")
        guard case .drawn(let drawn) = outcome else { Issue.record("not drawn: \(outcome)"); return }
        let svg = drawn.svg.string
        #expect(svg.contains("<title id=\"c-title\">Class diagram</title>"))
        #expect(svg.components(separatedBy: "class=\"g-flow-class-name\"").count - 1 == 13)
        #expect(svg.contains(">+render(state, context) Rendering</tspan>") && svg.contains(">«protocol»</tspan>"))
        #expect(svg.contains("class=\"g-flow-end-label\"") && svg.contains(">*</tspan>"))
        #expect(svg.contains("<a href=\"https://example.com/sink\">"))
        // Hollow triangles and diamonds, and a filled diamond.
        #expect(svg.components(separatedBy: "<polygon class=\"g-flow-open-head\"").count - 1 == 3)
        #expect(svg.contains("<polygon class=\"g-flow-head\""))
    }
}
