// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import GalleyDiagrams
import GalleyMarkup
import Testing

/// Mermaid entity-relationship diagrams: entities with their attribute tables, relationships
/// with a cardinality at each end, as Mermaid's grammar reads them; and the drawing.
@Suite struct EntityDiagramTests {
    static let source = """
        erDiagram
            CUSTOMER ||--o{ ORDER : places
            ORDER ||--|{ LINE-ITEM : contains
            CUSTOMER }|..|{ DELIVERY-ADDRESS : uses
            PRODUCT |o--o{ LINE-ITEM : "appears in"
            CUSTOMER {
                string name PK "the customer's name"
                string email UK
                List~string~ phones
            }
            ORDER {
                int id PK
                string customer FK
            }
            p[Product]
        """

    @Test func entitiesAttributesAndRelationshipsAreRead() throws {
        let (chart, notes) = try MermaidEntityReader.read(Self.source)
        #expect(notes.isEmpty)
        #expect(chart.nodes.map(\.id) == ["CUSTOMER", "ORDER", "LINE-ITEM", "DELIVERY-ADDRESS", "PRODUCT", "p"])
        #expect(chart.nodes.last?.label == "Product")
        #expect(chart.nodes[0].members == [["string\tname\tPK\tthe customer's name", "string\temail\tUK\t", "List<string>\tphones\t\t"]])
        #expect(chart.edges.map { "\($0.from)-\($0.to)" } == ["CUSTOMER-ORDER", "ORDER-LINE-ITEM", "CUSTOMER-DELIVERY-ADDRESS", "PRODUCT-LINE-ITEM"])
        #expect(chart.edges.map(\.startHead) == [.exactlyOne, .exactlyOne, .oneOrMore, .zeroOrOne])
        #expect(chart.edges.map(\.endHead) == [.zeroOrMore, .oneOrMore, .oneOrMore, .zeroOrMore])
        #expect(chart.edges.map(\.stroke) == [.normal, .normal, .dotted, .normal])
        #expect(chart.edges.map(\.label) == ["places", "contains", "uses", "appears in"])
    }

    @Test func mistakesAreAtTheirLine() throws {
        let cases: [(String, Int, String)] = [
            ("erDiagram\n  CUSTOMER {\n  string name\n", 2, "expected `}` to close the entity `CUSTOMER`"),
            ("erDiagram\n  CUSTOMER {\n  name\n  }\n", 3, "expected an attribute as `type name`"),
            ("erDiagram\n  CUSTOMER {\n  string name PRIMARY\n  }\n", 3, "expected `PK`, `FK` or `UK`"),
            ("erDiagram\n  CUSTOMER ||--o{\n", 2, "expected an entity's name"),
        ]
        for (source, line, says) in cases {
            do {
                _ = try MermaidEntityReader.read(source)
                Issue.record("no error for \(source.debugDescription)")
            } catch {
                #expect(error.message.contains(says) && error.line == line, "\(error.line): \(error.message)")
            }
        }
    }

    @Test(.enabled(if: FlowchartTests.hasGraphviz)) func theDrawingHasTablesAndCrowsFeet() throws {
        let outcome = try DiagramRenderer.render(Self.source, language: .mermaid, id: "e")
        guard case .drawn(let drawn) = outcome else { Issue.record("not drawn: \(outcome)"); return }
        let svg = drawn.svg.string
        #expect(svg.contains("<title id=\"e-title\">Entity diagram</title>") && svg.contains("Entity diagram of 6 entities"))
        #expect(svg.contains(">the customer&#39;s name</tspan>") || svg.contains(">the customer's name</tspan>"))
        #expect(svg.contains(">List&lt;string&gt;</tspan>"))
        // Two marks a relationship, each its own path.
        #expect(svg.components(separatedBy: "class=\"g-flow-cardinality\"").count - 1 == 8)
    }
}
