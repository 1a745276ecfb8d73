// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import GalleyDiagrams

/// Bad input: the line and column of the mistake, and what was expected there.
@Suite struct SyntaxErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var source: String
        var language: DiagramLanguage = .webSequence
        var line: Int
        var column: Int
        var says: String
        var testDescription: String { says }
    }

    static let cases: [Case] = [
        Case(source: "A->B: ok\nA - B: no arrow", line: 2, column: 1, says: "expected a statement"),
        Case(source: "A->: nobody", line: 1, column: 2, says: "expected a participant (or `]`) after the arrow"),
        Case(source: "A->]]: twice", line: 1, column: 5, says: "expected `:` and the message's text"),
        Case(source: "alt first\nA->B: x\n", line: 1, column: 1, says: "this `alt` block is never closed"),
        Case(source: "A->B: x\nend", line: 2, column: 1, says: "`end` closes nothing"),
        Case(source: "A->B: x\nelse other", line: 2, column: 1, says: "`else` is only allowed inside"),
        Case(source: "note above A: x", line: 1, column: 6, says: "expected `left of`, `right of` or `over`"),
        Case(source: "note left of A\nno end", line: 1, column: 1, says: "this `note` is never closed"),
        Case(source: "participant \"Open", line: 1, column: 13, says: "expected a closing `\"`"),
        Case(source: "A->B: x\ndeactivate B", line: 2, column: 13, says: "`B` is not active here"),
        Case(source: "A->B: x\nB-->-A: y", line: 2, column: 2, says: "`B` is not active here"),
        Case(source: "autonumber many", line: 1, column: 12, says: "expected a number or `off`"),
        Case(source: "A->B: x\noption footer=fancy", line: 2, column: 15, says: "expected `none`, `bar` or `box`"),
        Case(source: "A->B: x\noption colour=red", line: 2, column: 8, says: "expected `footer=none`"),
        Case(source: "ref over\nA->B: x", line: 1, column: 9, says: "expected a participant's name"),
        Case(source: "# only a comment", line: 1, column: 1, says: "expected at least one message or participant"),
        Case(source: "sequenceDiagram\n  A->>B hello", language: .mermaid, line: 2, column: 7, says: "expected `:` and the message's text"),
        Case(source: "sequenceDiagram\n  A=>B: hello", language: .mermaid, line: 2, column: 3, says: "expected a statement"),
        Case(source: "sequenceDiagram\n  loop forever\n  A->>B: x", language: .mermaid, line: 2, column: 3, says: "this `loop` block is never closed"),
        Case(source: "sequenceDiagram\n  A->>B: x\n  and then", language: .mermaid, line: 3, column: 1, says: "`and` is only allowed inside `par`"),
        Case(source: "sequenceDiagram\n  Note over A", language: .mermaid, line: 2, column: 14, says: "expected `:` and the note's text"),
        Case(source: "sequenceDiagram\n  A->>B: x\n  deactivate A", language: .mermaid, line: 3, column: 15, says: "`A` is not active here"),
        Case(source: "flowchat LR\n  A --> B", language: .mermaid, line: 1, column: 1, says: "expected a Mermaid diagram type such as `sequenceDiagram`, but found `flowchat`"),
        Case(source: "flowchart LR\n  A[open --> B", language: .mermaid, line: 2, column: 4, says: "expected `]` to close the node's `[`"),
        Case(source: "flowchart LR\n  A --> B\n  B => C", language: .mermaid, line: 3, column: 5, says: "expected a line such as `-->` or the end of the statement, but found `=> C`"),
        Case(source: "flowchart LR\n  A -->", language: .mermaid, line: 2, column: 5, says: "expected a node after the line"),
        Case(source: "flowchart LR\n  subgraph one\n  A --> B", language: .mermaid, line: 2, column: 1, says: "expected `end` to close the subgraph `one`"),
        Case(source: "flowchart LR\n  A --> B\n  end", language: .mermaid, line: 3, column: 3, says: "found `end` with no subgraph open"),
        Case(source: "flowchart sideways\n  A --> B", language: .mermaid, line: 1, column: 11, says: "expected a direction (`TB`, `TD`, `BT`, `LR` or `RL`)"),
        Case(source: "flowchart LR\n  A -- no end B", language: .mermaid, line: 2, column: 5, says: "expected the line's label to end with a line such as `-->`"),
        Case(source: "flowchart LR\n  A -->|open B", language: .mermaid, line: 2, column: 15, says: "expected `|` to close the line's label"),
        Case(source: "flowchart LR\n  A[\"open] --> B", language: .mermaid, line: 2, column: 5, says: "expected a closing `\"`"),
        Case(source: "flowchart LR\n  click Z \"https://example.com\"", language: .mermaid, line: 2, column: 3, says: "`click` names `Z`, which is not a node"),
        Case(source: "flowchart LR\n  A@{ shape: rect }", language: .mermaid, line: 2, column: 4, says: "the `@{ shape: … }` form is not read yet"),
        Case(source: "flowchart LR\n  %% nothing", language: .mermaid, line: 1, column: 1, says: "expected at least one node, but the diagram has none"),
        Case(source: "\n\n", language: .mermaid, line: 1, column: 1, says: "the diagram is empty"),
    ]

    @Test(arguments: cases) func reportsWhereAndWhatWasExpected(_ test: Case) {
        do {
            _ = try DiagramRenderer.render(test.source, language: test.language, id: "d")
            Issue.record("no error for \(test.source.debugDescription)")
        } catch {
            #expect(error.message.contains(test.says), "\(error.message)")
            #expect(error.line == test.line && error.column == test.column, "at \(error.line):\(error.column): \(error.message)")
        }
    }

    @Test func otherMermaidTypesAreNotDrawnButNamed() throws {
        let outcome = try DiagramRenderer.render("%% a chart\npie title Pets\n  \"Dogs\" : 386\n", language: .mermaid, id: "d")
        #expect(outcome == .unsupported(type: "pie", line: 2))
    }
}
