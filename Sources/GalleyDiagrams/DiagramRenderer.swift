// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyMarkup

/// The text languages a diagram can be written in.
package enum DiagramLanguage: String, Sendable, CaseIterable {
    /// WebSequenceDiagrams' language: ```` ```seq ```` fences and `.seq` files.
    case webSequence = "seq"
    /// Mermaid: ```` ```mermaid ```` fences; sequence diagrams are drawn.
    case mermaid

    /// The language a fence's info string names, if it names one.
    package init?(fenceLanguage: String) {
        self.init(rawValue: fenceLanguage.lowercased())
    }
}

/// A diagram drawn as SVG, with what a reader or a search engine should know of it.
package struct RenderedDiagram: Sendable, Equatable {
    /// The `<svg>` element: its text is real text, its colours come from the page's CSS
    /// (``SequenceDiagramStyle``).
    package var svg: HTML
    /// Every label, in reading order, for the search index.
    package var text: String
    /// The diagram's title, or the one the caller gave.
    package var title: String
    /// What the source asked for that is not drawn, for warnings at their lines.
    package var notes: [DiagramNote] = []
}

/// What became of a diagram's source.
package enum DiagramOutcome: Sendable, Equatable {
    /// Drawn.
    case drawn(RenderedDiagram)
    /// A Mermaid diagram of a type Galley does not draw; the caller keeps it as code and
    /// says so.
    case unsupported(type: String, line: Int)
    /// A diagram Galley draws with a library this machine lacks (Graphviz's, for flowcharts);
    /// the caller keeps it as code and says why.
    case unavailable(reason: String, line: Int)
}

/// The Mermaid diagram types laid out as graphs by Graphviz and drawn by ``FlowchartRenderer``.
enum GraphDiagramKind {
    case flowchart, state, classes, entities

    init?(_ type: String) {
        switch type {
        case "flowchart", "graph": self = .flowchart
        case "stateDiagram", "stateDiagram-v2": self = .state
        case "classDiagram", "classDiagram-v2": self = .classes
        case "erDiagram": self = .entities
        default: return nil
        }
    }

    /// What the picture is called for screen readers.
    var name: String {
        switch self {
        case .flowchart: "Flowchart"
        case .state: "State diagram"
        case .classes: "Class diagram"
        case .entities: "Entity diagram"
        }
    }

    /// What it is made of, in the singular.
    var element: String {
        switch self {
        case .flowchart: "node"
        case .state: "state"
        case .classes: "class"
        case .entities: "entity"
        }
    }
}

/// Turns a diagram's text into SVG.
package enum DiagramRenderer {
    /// Reads `source` and draws it. `id` makes the SVG's element ids unique in its page;
    /// `title` names the diagram when its source has no `title` (an image's alt text).
    package static func render(_ source: String, language: DiagramLanguage, id: String, title: String? = nil) throws(DiagramSyntaxError) -> DiagramOutcome {
        let diagram: SequenceDiagram
        switch language {
        case .webSequence:
            diagram = try WebSequenceReader.read(source)
        case .mermaid:
            guard let (type, line) = MermaidSequenceReader.diagramType(of: source) else {
                throw DiagramSyntaxError(line: 1, column: 1, "expected a diagram type such as `sequenceDiagram`, but the diagram is empty")
            }
            if let kind = GraphDiagramKind(type) {
                let (chart, notes): (Flowchart, [DiagramNote])
                switch kind {
                case .flowchart: (chart, notes) = try MermaidFlowchartReader.read(source)
                case .state: (chart, notes) = try MermaidStateReader.read(source)
                case .classes: (chart, notes) = try MermaidClassReader.read(source)
                case .entities: (chart, notes) = try MermaidEntityReader.read(source)
                }
                guard !chart.nodes.isEmpty else {
                    throw DiagramSyntaxError(line: line, column: 1, "expected at least one \(kind.element), but the diagram has none")
                }
                do {
                    return .drawn(try FlowchartRenderer.draw(chart, notes: notes, id: id, title: title, kind: kind))
                } catch {
                    return .unavailable(reason: error.reason, line: line)
                }
            }
            guard type == "sequenceDiagram" else {
                guard MermaidSequenceReader.diagramTypes.contains(type) else {
                    throw DiagramSyntaxError(line: line, column: 1, "expected a Mermaid diagram type such as `sequenceDiagram`, but found `\(type)`")
                }
                return .unsupported(type: type, line: line)
            }
            diagram = try MermaidSequenceReader.read(source)
        }
        guard !diagram.participants.isEmpty else {
            throw DiagramSyntaxError(line: 1, column: 1, "expected at least one message or participant, but the diagram has none")
        }
        return .drawn(draw(diagram, id: id, title: title))
    }

    /// An SVG file of its own: the drawing with its colours inside, for use outside a page.
    package static func standalone(_ diagram: RenderedDiagram) -> String {
        let style = "<style>\n\(SequenceDiagramStyle.css)\n</style>"
        let svg = diagram.svg.string
        guard let end = svg.range(of: "</desc>") else { return svg }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg.replacingCharacters(in: end, with: "</desc>" + style) + "\n"
    }

    /// Draws a diagram already read.
    package static func draw(_ diagram: SequenceDiagram, id: String, title: String? = nil) -> RenderedDiagram {
        let layout = SequenceLayout(diagram)
        var drawing = SequenceDrawing(layout: layout)
        drawing.draw()
        let name = diagram.title ?? title ?? "Sequence diagram"
        let description = describe(diagram)
        let head: HTML = "<title id=\"\(id)-title\">\(name)</title><desc id=\"\(id)-desc\">\(description)</desc>"
        let attributes: HTML = "class=\"g-seq\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\""
        let svg = drawing.canvas.svg(attributes: attributes, head: head, margin: 8)
        return RenderedDiagram(svg: svg, text: searchText(diagram), title: name)
    }

    /// One sentence for screen readers: who takes part, and what is said in order.
    static func describe(_ diagram: SequenceDiagram) -> String {
        let names = diagram.participants.map { $0.label.replacingNewlines }
        let who = names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
        let messages = diagram.messages
        var sentence = "Sequence diagram of \(who), \(messages.count) message\(messages.count == 1 ? "" : "s")"
        let steps = messages.map { message -> String in
            let from = endpointName(message.from, in: diagram), to = endpointName(message.to, in: diagram)
            let text = message.text.replacingNewlines
            return text.isEmpty ? "\(from) to \(to)" : "\(from) to \(to): \(text)"
        }
        if !steps.isEmpty { sentence += ": " + steps.joined(separator: "; ") }
        return sentence + "."
    }

    private static func endpointName(_ endpoint: Endpoint, in diagram: SequenceDiagram) -> String {
        switch endpoint {
        case .participant(let index): diagram.participants[index].label.replacingNewlines
        case .leftEdge, .rightEdge: "outside"
        case .reference: "the reference"
        }
    }

    /// The labels, in reading order.
    static func searchText(_ diagram: SequenceDiagram) -> String {
        var parts: [String] = diagram.title.map { [$0] } ?? []
        parts += diagram.participants.map(\.label)
        for event in diagram.events {
            switch event {
            case .message(let message): parts.append(message.text)
            case .note(let note): parts.append(note.text)
            case .reference(let reference):
                reference.incoming.map { parts.append($0.text) }
                parts.append(reference.text)
                reference.outgoing.map { parts.append($0.text) }
            case .fragmentStart(_, let condition), .fragmentElse(let condition): parts.append(condition)
            case .activate, .deactivate, .destroy, .fragmentEnd: break
            }
        }
        return parts.map(\.replacingNewlines).filter { !$0.isEmpty }.joined(separator: " ")
    }
}

extension String {
    /// The text on one line: line breaks become spaces.
    var replacingNewlines: String { split(separator: "\n").joined(separator: " ") }
}
