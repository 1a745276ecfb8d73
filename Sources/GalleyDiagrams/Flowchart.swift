// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// A flowchart as Mermaid's `flowchart`/`graph` language describes it: boxes of various
/// shapes, the lines between them, and subgraphs around some of them.
package struct Flowchart: Sendable, Equatable {
    /// Which way the chart flows.
    package enum Direction: String, Sendable {
        case topBottom = "TB", bottomTop = "BT", leftRight = "LR", rightLeft = "RL"
    }

    /// Mermaid's node shapes, by the brackets that write them.
    package enum Shape: String, Sendable, CaseIterable {
        /// `[text]`
        case rectangle
        /// `(text)`
        case rounded
        /// `([text])`
        case stadium
        /// `[[text]]`
        case subroutine
        /// `[(text)]`
        case cylinder
        /// `((text))`
        case circle
        /// `(((text)))`
        case doubleCircle
        /// `>text]`
        case flag
        /// `{text}`
        case rhombus
        /// `{{text}}`
        case hexagon
        /// `[/text/]`
        case parallelogram
        /// `[\text\]`
        case parallelogramLeft
        /// `[/text\]`
        case trapezoid
        /// `[\text/]`
        case trapezoidInverted
        /// A state diagram's `[*]` as its start: a filled dot.
        case start
        /// A state diagram's `[*]` as its end: a ringed dot.
        case end
        /// `<<fork>>` and `<<join>>`: a bar across the flow.
        case bar
        /// `<<choice>>`: a small diamond without text.
        case choice
        /// A note beside a state.
        case note
        /// A class diagram's class: its name, then its compartments (``Node/members``).
        case classBox
        /// An entity diagram's entity: its name over a table of its attributes, each member a
        /// row whose cells are separated by tabs.
        case entity
    }

    package struct Node: Sendable, Equatable {
        package var id: String
        package var label: String
        package var shape: Shape
        /// `classDef` names given by `class` or `:::`.
        package var classes: [String] = []
        /// `click`: where the node leads, and its tooltip.
        package var link: String?
        package var tooltip: String?
        /// The line that first wrote the node.
        package var line: Int
        /// A class's compartments under its name: its attributes, then its methods.
        package var members: [[String]] = []
    }

    /// How a line is drawn.
    package enum Stroke: Sendable, Equatable {
        case normal, thick, dotted, invisible
    }

    /// What an end of a line carries.
    package enum Head: Sendable, Equatable {
        case none, arrow, circle, cross
        /// A hollow triangle: a class diagram's inheritance and realization.
        case triangle
        /// A filled diamond (composition) and a hollow one (aggregation).
        case diamond, openDiamond
        /// An entity diagram's cardinalities, drawn on the line where it meets the entity:
        /// `|o`, `||`, `}o`, `}|`.
        case zeroOrOne, exactlyOne, zeroOrMore, oneOrMore

        /// Whether the head is a mark on the line itself (Graphviz takes the line to the box).
        var isOnLine: Bool {
            switch self {
            case .zeroOrOne, .exactlyOne, .zeroOrMore, .oneOrMore: true
            default: false
            }
        }
    }

    package struct Edge: Sendable, Equatable {
        package var from: String
        package var to: String
        package var label: String?
        package var stroke: Stroke
        package var startHead: Head
        package var endHead: Head
        /// Extra ranks the line spans (`--->` is 2, as in Mermaid).
        package var length: Int
        package var line: Int
        /// Text at the line's ends: a class diagram's cardinalities.
        package var startLabel: String? = nil
        package var endLabel: String? = nil
    }

    package struct Subgraph: Sendable, Equatable {
        package var id: String
        package var title: String
        /// Nodes and subgraphs directly inside, by id, in order.
        package var members: [String]
        package var line: Int
    }

    package var direction: Direction
    /// Nodes in the order they were first written.
    package var nodes: [Node] = []
    package var edges: [Edge] = []
    /// Subgraphs in the order they open; nesting is in their members.
    package var subgraphs: [Subgraph] = []
    /// `classDef` styles by name, as CSS declarations Galley accepts.
    package var classStyles: [String: [(String, String)]] = [:]
    /// `style` declarations of single nodes, by node id.
    package var nodeStyles: [String: [(String, String)]] = [:]
    /// The title, from front matter's `title:` or `accTitle:`.
    package var title: String?
    /// `accDescr:`, for screen readers.
    package var accessibleDescription: String?

    package static func == (lhs: Flowchart, rhs: Flowchart) -> Bool {
        lhs.direction == rhs.direction && lhs.nodes == rhs.nodes && lhs.edges == rhs.edges && lhs.subgraphs == rhs.subgraphs && lhs.title == rhs.title
            && lhs.classStyles.mapValues { $0.map { "\($0.0):\($0.1)" } } == rhs.classStyles.mapValues { $0.map { "\($0.0):\($0.1)" } }
            && lhs.nodeStyles.mapValues { $0.map { "\($0.0):\($0.1)" } } == rhs.nodeStyles.mapValues { $0.map { "\($0.0):\($0.1)" } }
    }

    /// The index of the node called `id`.
    func nodeIndex(_ id: String) -> Int? { nodes.firstIndex { $0.id == id } }
}

/// Something in a diagram's source that is read but not drawn, said as a warning at its line.
package struct DiagramNote: Sendable, Equatable {
    package var line: Int
    package var column: Int
    package var message: String

    package init(line: Int, column: Int = 1, _ message: String) {
        self.line = line
        self.column = column
        self.message = message
    }
}
