// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Reads Mermaid's `sequenceDiagram` language into a ``SequenceDiagram``.
///
/// Written here because Mermaid is a JavaScript library: running it would need a browser at
/// build time, or the reader's browser and a large script. The statements read are
/// Mermaid's for sequence diagrams: `participant`/`actor` with `as`, the eight arrows with
/// `+`/`-`, `activate`, `Note`, `alt`/`else`, `opt`, `loop`, `par`/`and`, `critical`/`option`,
/// `break`, `rect`, `autonumber`, `title`, and `%%` comments.
package enum MermaidSequenceReader {
    /// Mermaid's diagram types: the first word of a diagram names its type.
    static let diagramTypes: [String] = [
        "sequenceDiagram", "graph", "flowchart", "classDiagram", "classDiagram-v2", "stateDiagram", "stateDiagram-v2",
        "erDiagram", "journey", "gantt", "pie", "quadrantChart", "requirementDiagram", "gitGraph", "C4Context",
        "C4Container", "C4Component", "C4Dynamic", "C4Deployment", "mindmap", "timeline", "zenuml", "sankey-beta",
        "xychart-beta", "block-beta", "packet-beta", "kanban", "architecture-beta", "radar-beta", "treemap-beta",
    ]

    /// The diagram's type (its first word, after any front matter and `%%` lines), or `nil`
    /// when the text names none.
    package static func diagramType(of source: String) -> (type: String, line: Int)? {
        // Front matter is a `---` block that opens on the first line with any text.
        var inFrontMatter = false, sawText = false
        for (number, text) in numberedLines(source) {
            let line = String(text).trimmedSpaces
            if inFrontMatter {
                if line == "---" { inFrontMatter = false }
                continue
            }
            if line.isEmpty { continue }
            defer { sawText = true }
            if !sawText, line == "---" {
                inFrontMatter = true
                continue
            }
            if line.hasPrefix("%%") { continue }
            let word = String(line.prefix { !$0.isWhitespace && $0 != ";" })
            return (word, number)
        }
        return nil
    }

    /// Reads a `sequenceDiagram`. Its first statement must be that word.
    package static func read(_ source: String) throws(DiagramSyntaxError) -> SequenceDiagram {
        let found = diagramType(of: source)
        guard let (type, typeLine) = found, type == "sequenceDiagram" else {
            throw DiagramSyntaxError(line: found?.line ?? 1, column: 1, "expected `sequenceDiagram` as the diagram's first word")
        }
        var builder = SequenceDiagramBuilder()
        var frontMatterTitle: String?
        var inFrontMatter = false
        for (number, text) in numberedLines(source) where number != typeLine {
            // A `;` may end a statement.
            var cursor = SourceLineCursor(text.hasSuffix(";") ? text.dropLast() : text, number: number)
            cursor.skipSpaces()
            if number < typeLine {
                // Front matter: only `title:` is read from it.
                let line = cursor.rest.trimmedSpaces
                if line == "---" { inFrontMatter.toggle(); continue }
                if inFrontMatter, line.hasPrefix("title:") { frontMatterTitle = String(line.dropFirst(6)).trimmedSpaces }
                continue
            }
            if cursor.isAtEnd || cursor.rest.hasPrefix("%%") { continue }
            var statement = MermaidStatement(cursor: cursor)
            try statement.read(into: &builder)
        }
        if let frontMatterTitle, !frontMatterTitle.isEmpty, builder.diagram.title == nil { builder.setTitle(frontMatterTitle) }
        return try builder.finished()
    }
}

/// One line of a Mermaid sequence diagram.
private struct MermaidStatement {
    var cursor: SourceLineCursor

    mutating func read(into builder: inout SequenceDiagramBuilder) throws(DiagramSyntaxError) {
        let start = cursor.column
        if cursor.take("title", caseSensitive: true) || cursor.take("title:", wholeWord: false, caseSensitive: true) {
            var text = cursor.rest.trimmedSpaces
            if text.hasPrefix(":") { text = String(text.dropFirst()).trimmedSpaces }
            builder.setTitle(label(text))
        } else if cursor.take("participant", caseSensitive: true) {
            try declaration(&builder, shape: .box)
        } else if cursor.take("actor", caseSensitive: true) {
            try declaration(&builder, shape: .actor)
        } else if cursor.take("create", caseSensitive: true) {
            cursor.skipSpaces()
            if cursor.take("participant", caseSensitive: true) {
                try declaration(&builder, shape: .box)
            } else if cursor.take("actor", caseSensitive: true) {
                try declaration(&builder, shape: .actor)
            } else {
                throw cursor.error("expected `participant` or `actor` after `create`")
            }
        } else if cursor.take("destroy", caseSensitive: true) {
            builder.destroy(builder.participant(try name(until: [])))
        } else if cursor.take("activate", caseSensitive: true) {
            builder.activate(builder.participant(try name(until: [])))
        } else if cursor.take("deactivate", caseSensitive: true) {
            let index = builder.participant(try name(until: []))
            try builder.deactivate(index, at: cursor)
        } else if cursor.take("note") {
            try note(&builder)
        } else if cursor.take("autonumber", caseSensitive: true) {
            cursor.skipSpaces()
            if cursor.take("off") {
                builder.nextNumber = nil
            } else {
                let words = cursor.rest.split(separator: " ")
                guard words.count <= 2, words.allSatisfy({ Int($0) != nil }) else {
                    throw cursor.error("expected nothing, a start number, or a start and a step after `autonumber`")
                }
                builder.nextNumber = words.first.flatMap { Int($0) } ?? 1
                builder.numberStep = words.dropFirst().first.flatMap { Int($0) } ?? 1
            }
        } else if cursor.take("else", caseSensitive: true) {
            try builder.nextOperand(label(cursor.rest.trimmedSpaces), word: "else", allowedIn: [.alt], at: cursor)
        } else if cursor.take("and", caseSensitive: true) {
            try builder.nextOperand(label(cursor.rest.trimmedSpaces), word: "and", allowedIn: [.par], at: cursor)
        } else if cursor.take("option", caseSensitive: true) {
            try builder.nextOperand(label(cursor.rest.trimmedSpaces), word: "option", allowedIn: [.critical], at: cursor)
        } else if cursor.take("end", caseSensitive: true) {
            try builder.closeFragment(at: cursor)
        } else if let kind = fragmentKind() {
            builder.openFragment(kind, condition: label(cursor.rest.trimmedSpaces), at: cursor, column: start)
        } else if cursor.take("box", caseSensitive: true) {
            throw cursor.error("`box` groups of participants are not drawn yet: expected a statement such as `participant`, `Note` or a message")
        } else {
            try message(&builder)
        }
    }

    private mutating func fragmentKind() -> FragmentKind? {
        for kind in [FragmentKind.alt, .opt, .loop, .par, .critical, .break, .rect] where cursor.take(kind.rawValue, caseSensitive: true) {
            return kind
        }
        return nil
    }

    /// `participant A`, `participant A as Alice`.
    private mutating func declaration(_ builder: inout SequenceDiagramBuilder, shape: Participant.Shape) throws(DiagramSyntaxError) {
        cursor.skipSpaces()
        let text = cursor.rest.trimmedSpaces
        guard !text.isEmpty else { throw cursor.error("expected a participant's name") }
        if let range = text.range(of: " as ") {
            let id = String(text[..<range.lowerBound]).trimmedSpaces
            let alias = String(text[range.upperBound...]).trimmedSpaces
            guard !alias.isEmpty else { throw cursor.error("expected a label after `as`") }
            builder.declare(id, label: label(alias), shape: shape)
        } else {
            builder.declare(text, label: nil, shape: shape)
        }
    }

    private mutating func name(until stops: [String]) throws(DiagramSyntaxError) -> String {
        cursor.skipSpaces()
        let start = cursor.index
        while !cursor.isAtEnd, !stops.contains(where: { matches($0) }) { cursor.index += 1 }
        let found = String(cursor.characters[start..<cursor.index]).trimmedSpaces
        guard !found.isEmpty else { throw cursor.error(at: start + 1, "expected a participant's name") }
        return found
    }

    private func matches(_ text: String) -> Bool {
        let wanted = Array(text)
        guard cursor.index + wanted.count <= cursor.characters.count else { return false }
        return Array(cursor.characters[cursor.index..<cursor.index + wanted.count]) == wanted
    }

    /// `Note right of A: text`, `Note over A,B: text`.
    private mutating func note(_ builder: inout SequenceDiagramBuilder) throws(DiagramSyntaxError) {
        cursor.skipSpaces()
        let placement: Note.Placement
        let side: Bool? = cursor.take("left") ? true : cursor.take("right") ? false : nil
        if let isLeft = side {
            cursor.skipSpaces()
            guard cursor.take("of") else { throw cursor.error("expected `of`") }
            let index = builder.participant(try name(until: [":"]))
            placement = isLeft ? .leftOf(index) : .rightOf(index)
        } else if cursor.take("over") {
            var indices: [Int] = []
            repeat {
                if cursor.peek() == "," { cursor.index += 1 }
                indices.append(builder.participant(try name(until: [":", ","])))
            } while cursor.peek() == ","
            placement = .over(indices.min()!, indices.max()!)
        } else {
            throw cursor.error("expected `left of`, `right of` or `over` after `Note`")
        }
        guard cursor.peek() == ":" else { throw cursor.error("expected `:` and the note's text") }
        cursor.index += 1
        builder.note(Note(placement: placement, text: label(cursor.rest.trimmedSpaces)))
    }

    /// The eight arrows, longest first so that `-->>` is not read as `-->`.
    private static let arrows: [(String, Message.Line, Message.Head)] = [
        ("-->>", .dashed, .filled), ("->>", .solid, .filled), ("-->", .dashed, .none), ("->", .solid, .none),
        ("--x", .dashed, .cross), ("-x", .solid, .cross), ("--)", .dashed, .open), ("-)", .solid, .open),
    ]

    private mutating func message(_ builder: inout SequenceDiagramBuilder) throws(DiagramSyntaxError) {
        let start = cursor.column
        let source = try name(until: Self.arrows.map(\.0))
        guard !cursor.isAtEnd else {
            throw cursor.error(at: start, "expected a statement (`participant`, `Note`, `loop`...) or a message such as `A->>B: text`, but found `\(source)`")
        }
        guard let arrow = Self.arrows.first(where: { matches($0.0) }) else {
            throw cursor.error("expected an arrow such as `->>` or `-->>`")
        }
        let arrowColumn = cursor.column
        cursor.index += arrow.0.count
        var activates = false, deactivates = false
        if cursor.peek() == "+" { activates = true; cursor.index += 1 }
        else if cursor.peek() == "-" { deactivates = true; cursor.index += 1 }
        let arrowEnd = cursor.column
        let target = try name(until: [":"])
        guard cursor.peek() == ":" else {
            throw cursor.error(at: arrowEnd, "expected `:` and the message's text after `\(target)`")
        }
        cursor.index += 1
        let from = builder.participant(source)
        let to = builder.participant(target)
        var message = Message(from: .participant(from), to: .participant(to), line: arrow.1, head: arrow.2, text: label(cursor.rest.trimmedSpaces), sourceLine: cursor.number)
        // Mermaid's `+`/`-` both belong to the arrow: `+` activates the target, `-` ends the
        // source's activation.
        message.activatesTarget = activates
        message.deactivatesSource = deactivates
        try builder.add(message, at: cursor, arrowColumn: arrowColumn)
    }

    /// `<br>` in Mermaid's text is a line break.
    private func label(_ text: String) -> String {
        text.replacingOccurrences(of: "<br\\s*/?>", with: "\n", options: [.regularExpression, .caseInsensitive])
    }
}
