// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import GalleyDiagrams
import GalleyMarkup
import Testing

/// Mermaid state diagrams, read into the flowchart model that draws them: the structure
/// Mermaid's grammar gives each statement, and the drawing.
@Suite struct StateDiagramTests {
    static let source = """
        stateDiagram-v2
            [*] --> Idle
            Idle --> Loading : fetch
            state "Loading data" as Loading
            Loading --> Loaded : success
            state Loaded {
                [*] --> Showing
                Showing --> Refreshing : pull
                Refreshing --> Showing
                --
                [*] --> Polling
            }
            state check <<choice>>
            Loaded --> check
            check --> [*] : done
            state fork_state <<fork>>
            Idle --> fork_state
            fork_state --> A
            note right of A : First\\nof two
            note left of Idle
                Waiting for
                the user
            end note
            Idle : no request
            classDef busy fill:#fde68a
            class Loading busy
            Idle:::busy --> [*]
        """

    @Test func statesTransitionsCompositesAndMarkersAreRead() throws {
        let (chart, notes) = try MermaidStateReader.read(Self.source)
        let shapes = Dictionary(chart.nodes.map { ($0.id, $0.shape) }, uniquingKeysWith: { first, _ in first })
        #expect(shapes["[*]start@"] == .start && shapes["[*]end@"] == .end && shapes["[*]start@Loaded"] == .start)
        #expect(shapes["check"] == .choice && shapes["fork_state"] == .bar && shapes["Idle"] == .rounded)
        #expect(shapes["note-1"] == .note && shapes["note-2"] == .note)
        // A state named before its block is the composite state: no box of its own.
        #expect(shapes["Loaded"] == nil)
        #expect(chart.subgraphs.map(\.id) == ["Loaded"])
        #expect(chart.subgraphs[0].members == ["[*]start@Loaded", "Showing", "Refreshing", "Polling"])
        let labels = Dictionary(chart.nodes.map { ($0.id, $0.label) }, uniquingKeysWith: { first, _ in first })
        #expect(labels["Loading"] == "Loading data" && labels["Idle"] == "Idle\nno request")
        #expect(labels["note-1"] == "First\nof two" && labels["note-2"] == "Waiting for\nthe user")
        let edges = chart.edges.map { "\($0.from)>\($0.to):\($0.label ?? "")" }
        #expect(edges.contains("[*]start@>Idle:") && edges.contains("Idle>Loading:fetch") && edges.contains("Loaded>check:")
            && edges.contains("check>[*]end@:done") && edges.contains("Showing>Refreshing:pull") && edges.contains("Idle>[*]end@:"))
        #expect(chart.edges.first { $0.to == "note-1" }?.stroke == .dotted)
        #expect(chart.nodes.first { $0.id == "Loading" }?.classes == ["busy"] && chart.nodes.first { $0.id == "Idle" }?.classes == ["busy"])
        #expect(chart.classStyles["busy"]?.map { "\($0.0):\($0.1)" } == ["fill:#fde68a"])
        // Concurrent regions are drawn as one, and said so at their line.
        #expect(notes.map(\.line) == [10] && notes[0].message.contains("concurrent regions"))
    }

    @Test func mistakesAreAtTheirLineAndColumn() throws {
        let cases: [(String, Int, Int, String)] = [
            ("stateDiagram-v2\n  A --> \n", 2, 8, "expected a state after `-->`"),
            ("stateDiagram-v2\n  state Open {\n  A --> B\n", 2, 1, "expected `}` to close the state `Open`"),
            ("stateDiagram-v2\n  }\n", 2, 3, "found `}` with no composite state open"),
            ("stateDiagram-v2\n  note over A : x\n", 2, 8, "expected `left of` or `right of`"),
            ("stateDiagram-v2\n  note left of A\n  text\n", 2, 1, "expected `end note`"),
            ("stateDiagram-v2\n  A -> B\n", 2, 3, "expected a state, a transition"),
            // The styling statements the flowchart reader reads say where they are wrong too.
            ("stateDiagram-v2\n  A --> B\n  style A fill\n", 3, 11, "expected `name:value`"),
        ]
        for (source, line, column, says) in cases {
            do {
                _ = try MermaidStateReader.read(source)
                Issue.record("no error for \(source.debugDescription)")
            } catch {
                #expect(error.message.contains(says), "\(error.message)")
                #expect(error.line == line && error.column == column, "\(source.debugDescription) at \(error.line):\(error.column)")
            }
        }
    }

    @Test(.enabled(if: FlowchartTests.hasGraphviz)) func theDrawingHasEveryStateAndAFrameForTheComposite() throws {
        let outcome = try DiagramRenderer.render(Self.source, language: .mermaid, id: "s")
        guard case .drawn(let drawn) = outcome else { Issue.record("not drawn: \(outcome)"); return }
        let svg = drawn.svg.string
        #expect(svg.contains("<title id=\"s-title\">State diagram</title>"))
        #expect(svg.contains("<desc id=\"s-desc\">State diagram of "))
        #expect(svg.components(separatedBy: "class=\"g-flow-dot\"").count - 1 >= 4, "start and end dots, the fork bar")
        #expect(svg.contains("class=\"g-flow-cluster\"") && svg.contains(">Loaded</tspan>"))
        #expect(svg.contains("class=\"g-flow-note\"") && svg.contains(">Waiting for</tspan>"))
        #expect(drawn.notes.count == 1)
    }
}
