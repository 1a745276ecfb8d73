// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Reads the text language of WebSequenceDiagrams (`.seq` files) into a ``SequenceDiagram``.
///
/// Written here because no Swift package reads it: one statement per line, keywords in any
/// case, participants made on first use, and a few blocks that run over several lines
/// (`note ... end note`, `ref over ... end ref`).
package enum WebSequenceReader {
    package static func read(_ source: String) throws(DiagramSyntaxError) -> SequenceDiagram {
        var reader = Reader(lines: numberedLines(source))
        return try reader.read()
    }
}

private struct Reader {
    let lines: [(number: Int, text: Substring)]
    var position = 0
    var builder = SequenceDiagramBuilder()
    /// Where the arrow last read starts, for errors about its marks.
    var lastArrowColumn = 1

    init(lines: [(number: Int, text: Substring)]) {
        self.lines = lines
    }

    mutating func read() throws(DiagramSyntaxError) -> SequenceDiagram {
        while position < lines.count {
            var cursor = SourceLineCursor(lines[position].text, number: lines[position].number)
            position += 1
            cursor.skipSpaces()
            if cursor.isAtEnd || cursor.peek() == "#" { continue }
            try statement(&cursor)
        }
        return try builder.finished()
    }

    private mutating func statement(_ cursor: inout SourceLineCursor) throws(DiagramSyntaxError) {
        let start = cursor.column
        if cursor.take("title") {
            builder.setTitle(unescaped(cursor.rest.trimmedSpaces))
        } else if cursor.take("participant") {
            try declaration(&cursor, shape: .box)
        } else if cursor.take("actor") {
            try declaration(&cursor, shape: .actor)
        } else if cursor.take("note") {
            try note(&cursor, isState: false)
        } else if cursor.take("state") {
            try note(&cursor, isState: true)
        } else if cursor.take("activate") {
            builder.activate(builder.participant(try name(&cursor, until: [])))
        } else if cursor.take("deactivate") {
            let index = builder.participant(try name(&cursor, until: []))
            try builder.deactivate(index, at: cursor)
        } else if cursor.take("destroy") {
            builder.destroy(builder.participant(try name(&cursor, until: [])))
        } else if cursor.take("else") {
            try builder.nextOperand(unescaped(cursor.rest.trimmedSpaces), word: "else", allowedIn: [.alt, .par], at: cursor)
        } else if cursor.take("end") {
            cursor.skipSpaces()
            if !cursor.isAtEnd {
                throw cursor.error("expected nothing after `end`, but found `\(cursor.rest)` (`end note` and `end ref` close only a note or a reference)")
            }
            try builder.closeFragment(at: cursor)
        } else if cursor.take("ref") {
            try reference(&cursor, incoming: nil)
        } else if cursor.take("autonumber") {
            try autonumber(&cursor)
        } else if cursor.take("option") {
            try option(&cursor)
        } else if let kind = fragmentKind(&cursor) {
            builder.openFragment(kind, condition: unescaped(cursor.rest.trimmedSpaces), at: cursor, column: start)
        } else {
            try message(&cursor)
        }
    }

    private func fragmentKind(_ cursor: inout SourceLineCursor) -> FragmentKind? {
        for kind in [FragmentKind.alt, .opt, .loop, .par, .critical, .break, .group] where cursor.take(kind.rawValue) {
            return kind
        }
        return nil
    }

    // MARK: Participants

    /// `participant Name`, `participant "Long name" as A`, `participant Long name as A`.
    private mutating func declaration(_ cursor: inout SourceLineCursor, shape: Participant.Shape) throws(DiagramSyntaxError) {
        cursor.skipSpaces()
        guard !cursor.isAtEnd else { throw cursor.error("expected a participant's name after the keyword") }
        let text = cursor.rest.trimmedSpaces
        let label: String
        var alias: String?
        if cursor.peek() == "\"" {
            label = try quoted(&cursor)
            cursor.skipSpaces()
            if cursor.take("as") {
                alias = try name(&cursor, until: [])
            } else if !cursor.isAtEnd {
                throw cursor.error("expected `as` and a short name after the quoted label, or the end of the line")
            }
        } else if let range = text.range(of: " as ", options: .backwards) {
            label = String(text[..<range.lowerBound]).trimmedSpaces
            alias = String(text[range.upperBound...]).trimmedSpaces
        } else {
            label = text
        }
        if let alias, alias.isEmpty { throw cursor.error("expected a short name after `as`") }
        builder.declare(alias ?? label, label: unescaped(label), shape: shape)
    }

    /// A participant's name: quoted, or everything up to one of `stops` (trimmed).
    private func name(_ cursor: inout SourceLineCursor, until stops: [String]) throws(DiagramSyntaxError) -> String {
        cursor.skipSpaces()
        if cursor.peek() == "\"" { return try quoted(&cursor) }
        let start = cursor.index
        while !cursor.isAtEnd, !stops.contains(where: { stopsAt($0, cursor) }) { cursor.index += 1 }
        let found = String(cursor.characters[start..<cursor.index]).trimmedSpaces
        guard !found.isEmpty else { throw cursor.error(at: start + 1, "expected a participant's name") }
        return found
    }

    private func stopsAt(_ stop: String, _ cursor: SourceLineCursor) -> Bool {
        let wanted = Array(stop)
        guard cursor.index + wanted.count <= cursor.characters.count else { return false }
        return Array(cursor.characters[cursor.index..<cursor.index + wanted.count]) == wanted
    }

    private func quoted(_ cursor: inout SourceLineCursor) throws(DiagramSyntaxError) -> String {
        let open = cursor.column
        cursor.index += 1
        let start = cursor.index
        while !cursor.isAtEnd, cursor.peek() != "\"" { cursor.index += 1 }
        guard !cursor.isAtEnd else { throw cursor.error(at: open, "expected a closing `\"` for the name that starts here") }
        let text = String(cursor.characters[start..<cursor.index])
        cursor.index += 1
        return text
    }

    /// `A, B, C` after `over`: the first and last column they span.
    private mutating func span(_ cursor: inout SourceLineCursor, until stops: [String]) throws(DiagramSyntaxError) -> (Int, Int) {
        var indices: [Int] = []
        repeat {
            if cursor.peek() == "," { cursor.index += 1 }
            indices.append(builder.participant(try name(&cursor, until: stops + [","])))
            cursor.skipSpaces()
        } while cursor.peek() == ","
        return (indices.min()!, indices.max()!)
    }

    // MARK: Notes and references

    /// `note left of A: text`, `note over A, B: text`, or the same without `:` and the text on
    /// the following lines up to `end note`.
    private mutating func note(_ cursor: inout SourceLineCursor, isState: Bool) throws(DiagramSyntaxError) {
        cursor.skipSpaces()
        let placement: Note.Placement
        if cursor.take("left") {
            cursor.skipSpaces()
            guard cursor.take("of") else { throw cursor.error("expected `of` after `left`") }
            placement = .leftOf(builder.participant(try name(&cursor, until: [":"])))
        } else if cursor.take("right") {
            cursor.skipSpaces()
            guard cursor.take("of") else { throw cursor.error("expected `of` after `right`") }
            placement = .rightOf(builder.participant(try name(&cursor, until: [":"])))
        } else if cursor.take("over") {
            let (first, last) = try span(&cursor, until: [":"])
            placement = .over(first, last)
        } else {
            throw cursor.error(isState ? "expected `over` after `state`" : "expected `left of`, `right of` or `over` after `note`")
        }
        let text = try body(after: &cursor, closer: "end note", opener: isState ? "state" : "note")
        builder.note(Note(placement: placement, text: text, isState: isState))
    }

    /// The text after `:` on this line, or else the lines up to `closer`.
    private mutating func body(after cursor: inout SourceLineCursor, closer: String, opener: String) throws(DiagramSyntaxError) -> String {
        cursor.skipSpaces()
        if cursor.peek() == ":" {
            cursor.index += 1
            return unescaped(cursor.rest.trimmedSpaces)
        }
        guard cursor.isAtEnd else { throw cursor.error("expected `:` and the text, or the end of the line and the text on the lines below up to `\(closer)`") }
        let (text, _) = try block(closer: closer, opener: opener, openedAt: cursor)
        return text
    }

    /// The lines up to the one starting with `closer`: their text, and the rest of the closing line.
    private mutating func block(closer: String, opener: String, openedAt opening: SourceLineCursor) throws(DiagramSyntaxError) -> (String, SourceLineCursor) {
        var text: [String] = []
        while position < lines.count {
            var cursor = SourceLineCursor(lines[position].text, number: lines[position].number)
            position += 1
            cursor.skipSpaces()
            let words = closer.split(separator: " ")
            let mark = cursor.index
            if cursor.take(String(words[0])) {
                cursor.skipSpaces()
                if cursor.take(String(words[1]), wholeWord: false) { return (text.joined(separator: "\n"), cursor) }
            }
            cursor.index = mark
            text.append(cursor.rest.trimmedSpaces)
        }
        throw opening.error(at: 1, "this `\(opener)` is never closed: expected a line `\(closer)` after its text")
    }

    /// `ref over A, B: text`, or `ref over A, B` with the text below up to `end ref`, which may
    /// carry the message out of it: `end ref -->A: result`.
    private mutating func reference(_ cursor: inout SourceLineCursor, incoming: Message?) throws(DiagramSyntaxError) {
        cursor.skipSpaces()
        guard cursor.take("over") else { throw cursor.error("expected `over` and the participants after `ref`") }
        let (first, last) = try span(&cursor, until: [":"])
        var reference: Reference
        if let incoming {
            // The `:` text belongs to the message into the box; its own text follows below.
            var message = incoming
            cursor.skipSpaces()
            if cursor.peek() == ":" {
                cursor.index += 1
                message.text = unescaped(cursor.rest.trimmedSpaces)
            } else if !cursor.isAtEnd {
                throw cursor.error("expected `:` and the message's text after the participants")
            }
            let (text, closing) = try block(closer: "end ref", opener: "ref", openedAt: cursor)
            reference = Reference(first: first, last: last, text: text)
            reference.incoming = try builder.numbered(message, at: cursor, arrowColumn: lastArrowColumn)
            var rest = closing
            rest.skipSpaces()
            if !rest.isAtEnd {
                reference.outgoing = try builder.numbered(try arrowAndTarget(&rest, from: .reference), at: rest, arrowColumn: lastArrowColumn)
            }
        } else {
            cursor.skipSpaces()
            let openedAt = cursor
            if cursor.peek() == ":" {
                cursor.index += 1
                reference = Reference(first: first, last: last, text: unescaped(cursor.rest.trimmedSpaces))
            } else {
                guard cursor.isAtEnd else { throw cursor.error("expected `:` and the text, or the end of the line") }
                let (text, closing) = try block(closer: "end ref", opener: "ref", openedAt: openedAt)
                reference = Reference(first: first, last: last, text: text)
                var rest = closing
                rest.skipSpaces()
                if !rest.isAtEnd {
                    reference.outgoing = try builder.numbered(try arrowAndTarget(&rest, from: .reference), at: rest, arrowColumn: lastArrowColumn)
                }
            }
        }
        builder.reference(reference)
    }

    // MARK: Messages

    /// `A->B: text` and its variants.
    private mutating func message(_ cursor: inout SourceLineCursor) throws(DiagramSyntaxError) {
        let from: Endpoint
        if cursor.peek() == "[" {
            cursor.index += 1
            from = .leftEdge
        } else {
            let start = cursor.column
            let source = try name(&cursor, until: ["->", "-->"])
            guard !cursor.isAtEnd else {
                throw cursor.error(at: start, "expected a statement (`participant`, `note`, `alt`...) or a message such as `A->B: text`, but found `\(source)`")
            }
            from = .participant(builder.participant(source))
        }
        let message = try arrowAndTarget(&cursor, from: from)
        if message.to == .reference {
            try reference(&cursor, incoming: message)
        } else {
            try builder.add(message, at: cursor, arrowColumn: lastArrowColumn)
        }
    }

    /// The arrow, its activation marks, the target and the text.
    private mutating func arrowAndTarget(_ cursor: inout SourceLineCursor, from: Endpoint) throws(DiagramSyntaxError) -> Message {
        let arrowColumn = cursor.column
        lastArrowColumn = arrowColumn
        let line: Message.Line
        if cursor.take("-->", wholeWord: false) {
            line = .dashed
        } else if cursor.take("->", wholeWord: false) {
            line = .solid
        } else {
            throw cursor.error("expected an arrow (`->` or `-->`) here")
        }
        let head: Message.Head = cursor.take(">", wholeWord: false) ? .open : .filled
        var activates = false, deactivates = false
        while let mark = cursor.peek(), mark == "+" || mark == "-" || mark == "*" {
            if mark == "+" { activates = true }
            if mark == "-" { deactivates = true }
            cursor.index += 1
        }
        cursor.skipSpaces()
        let to: Endpoint
        if cursor.peek() == "]" {
            cursor.index += 1
            to = .rightEdge
        } else if cursor.take("ref") {
            to = .reference
            var message = Message(from: from, to: to, line: line, head: head, text: "", sourceLine: cursor.number)
            message.deactivatesSource = deactivates
            return message
        } else {
            guard !cursor.isAtEnd, cursor.peek() != ":" else {
                throw cursor.error(at: arrowColumn, "expected a participant (or `]`) after the arrow")
            }
            to = .participant(builder.participant(try name(&cursor, until: [":"])))
        }
        cursor.skipSpaces()
        var text = ""
        if cursor.peek() == ":" {
            cursor.index += 1
            text = unescaped(cursor.rest.trimmedSpaces)
        } else if !cursor.isAtEnd {
            throw cursor.error("expected `:` and the message's text, or the end of the line")
        }
        var message = Message(from: from, to: to, line: line, head: head, text: text, sourceLine: cursor.number)
        message.activatesTarget = activates
        message.deactivatesSource = deactivates
        return message
    }

    // MARK: Settings

    private mutating func autonumber(_ cursor: inout SourceLineCursor) throws(DiagramSyntaxError) {
        cursor.skipSpaces()
        builder.numberStep = 1
        if cursor.isAtEnd {
            builder.nextNumber = 1
        } else if cursor.take("off") {
            builder.nextNumber = nil
        } else if let number = Int(cursor.rest.trimmedSpaces) {
            builder.nextNumber = number
        } else {
            throw cursor.error("expected a number or `off` after `autonumber`")
        }
    }

    private mutating func option(_ cursor: inout SourceLineCursor) throws(DiagramSyntaxError) {
        cursor.skipSpaces()
        let setting = cursor.rest.trimmedSpaces
        let parts = setting.split(separator: "=", maxSplits: 1).map { String($0).trimmedSpaces }
        guard parts.count == 2, parts[0].lowercased() == "footer" else {
            throw cursor.error("expected `footer=none`, `footer=bar` or `footer=box` after `option`")
        }
        switch parts[1].lowercased() {
        case "none": builder.setFooter(.none)
        case "bar": builder.setFooter(.bar)
        case "box", "fill": builder.setFooter(.boxes)
        default:
            throw cursor.error(at: cursor.column + setting.count - parts[1].count, "expected `none`, `bar` or `box` as the footer, but found `\(parts[1])`")
        }
    }

    /// `\n` in a label is a line break.
    private func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\n", with: "\n")
    }
}
