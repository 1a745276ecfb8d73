// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import GalleyDiagrams
import GalleyMarkup
import GalleyOracle
import Testing

/// What the readers make of each statement, checked on the model rather than the picture.
@Suite struct ReaderTests {
    @Test func webSequenceMessagesKeepTheirArrowsActivationsAndEdges() throws {
        let diagram = try WebSequenceReader.read("""
            [->Host: init
            Host->+Node: render()
            Node-->-Host: rendering
            Host->>]: publish
            """)
        #expect(diagram.participants.map(\.name) == ["Host", "Node"])
        let messages = diagram.messages
        #expect(messages.map(\.from) == [.leftEdge, .participant(0), .participant(1), .participant(0)])
        #expect(messages.map(\.to) == [.participant(0), .participant(1), .participant(0), .rightEdge])
        #expect(messages.map(\.line) == [.solid, .solid, .dashed, .solid])
        #expect(messages.map(\.head) == [.filled, .filled, .filled, .open])
        #expect(messages[1].activatesTarget && messages[2].deactivatesSource)
    }

    @Test func quotedNamesAliasesAndNamesWithSymbols() throws {
        let diagram = try WebSequenceReader.read("""
            participant "WorkflowNode " as Node2
            Context->ChildWorkflow<WorkflowB>: update()
            "ChildWorkflow<WorkflowB>"-->Context: done
            participant Long name as L
            """)
        #expect(diagram.participants.map(\.name) == ["Node2", "Context", "ChildWorkflow<WorkflowB>", "L"])
        #expect(diagram.participants[0].label == "WorkflowNode ")
        #expect(diagram.participants[3].label == "Long name")
        #expect(diagram.messages.count == 2)
    }

    @Test func aReferenceCarriesTheMessagesIntoAndOutOfIt() throws {
        let diagram = try WebSequenceReader.read("""
            autonumber 3
            A->ref over B: go
                two lines
                of text
            end ref -->A: back
            """)
        guard case .reference(let reference) = diagram.events.first else { Issue.record("no reference"); return }
        #expect(reference.text == "two lines\nof text")
        #expect(reference.incoming?.text == "go" && reference.incoming?.number == 3)
        #expect(reference.outgoing?.text == "back" && reference.outgoing?.to == .participant(0) && reference.outgoing?.number == 4)
    }

    @Test func keywordsAreReadInAnyCase() throws {
        let diagram = try WebSequenceReader.read("Title Shout\nPARTICIPANT A\nNote Over A: hi\nALT yes\nA->A: x\nEnd")
        #expect(diagram.title == "Shout")
        #expect(diagram.events.count == 4)
    }

    @Test func mermaidArrowsMapToTheSameModel() throws {
        let diagram = try MermaidSequenceReader.read("""
            ---
            title: From front matter
            ---
            sequenceDiagram
              participant A as Alice
              A->>+B: a
              B-->>-A: b
              A-)B: c
              A--xB: d
              A->B: e
            """)
        #expect(diagram.title == "From front matter")
        #expect(diagram.participants.map(\.label) == ["Alice", "B"])
        #expect(diagram.messages.map(\.head) == [.filled, .filled, .open, .cross, .none])
        #expect(diagram.messages.map(\.line) == [.solid, .dashed, .solid, .dashed, .solid])
        #expect(diagram.messages[0].activatesTarget && diagram.messages[1].deactivatesSource)
    }

    @Test func mermaidAutonumberKeepsItsStartAndStep() throws {
        let diagram = try MermaidSequenceReader.read("sequenceDiagram\n  autonumber 10 5\n  A->>B: a\n  B->>A: b\n  A->>B: c\n")
        #expect(diagram.messages.map(\.number) == [10, 15, 20])
        let plain = try MermaidSequenceReader.read("sequenceDiagram\n  autonumber\n  A->>B: a\n  B->>A: b\n")
        #expect(plain.messages.map(\.number) == [1, 2])
    }

    @Test func searchTextHoldsEveryLabelAndTheDescriptionEveryMessage() throws {
        guard case .drawn(let drawn) = try DiagramRenderer.render("title T\nA->B: hello\nnote over B: aside\nalt fine\nB-->A: bye\nend", language: .webSequence, id: "x") else { return }
        #expect(drawn.text == "T A B hello aside fine bye")
        #expect(drawn.svg.string.contains("Sequence diagram of A and B, 2 messages: A to B: hello; B to A: bye."))
        #expect(drawn.svg.string.contains("aria-labelledby=\"x-title x-desc\""))
    }

    @Test func textIsEscapedInTheSVG() throws {
        guard case .drawn(let drawn) = try DiagramRenderer.render("A->B: x < y && \"z\"", language: .webSequence, id: "x") else { return }
        #expect(drawn.svg.string.contains("x &lt; y &amp;&amp; &quot;z&quot;"))
        #expect(!drawn.svg.string.contains("x < y"))
    }

    /// The square/workflow docs' own `.seq` sources, when the corpus is beside the repository.
    @Test func theWorkflowCorpusDiagramsAreReadAndDrawnWithoutOverlap() throws {
        let folder = SharedCorpus.squareWorkflow.appendingPathComponent("docs/sequence_diagrams")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path), !names.isEmpty else { return }
        for name in names where name.hasSuffix(".seq") {
            let source = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let diagram = try WebSequenceReader.read(source)
            #expect(diagram.messages.count >= 10, "\(name)")
            #expect(LabelOverlap.find(in: diagram).isEmpty, "\(name)")
            #expect(diagram.footer == .bar)
        }
    }
}
