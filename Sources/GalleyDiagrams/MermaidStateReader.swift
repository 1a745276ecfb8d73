// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Reads Mermaid's `stateDiagram-v2` (and `stateDiagram`) language into a ``Flowchart``, which
/// draws it: states are rounded boxes, `[*]` the start and end dots of their scope,
/// composite states subgraphs, `<<choice>>` a diamond, `<<fork>>` and `<<join>>` bars, notes
/// boxes tied to their state by a dotted line.
///
/// What is read: transitions with `: label`; `state "Text" as id`, `id : description`;
/// composite states `state Name { … }`, nested; `<<choice>>`, `<<fork>>`, `<<join>>`; `note
/// left of`/`right of` on one line or up to `end note`; `direction`; `classDef`, `class`,
/// `:::`; `%%` comments. Concurrent regions (`--`) are read and drawn as one region, with a note.
package enum MermaidStateReader {
    package static func read(_ source: String) throws(DiagramSyntaxError) -> (chart: Flowchart, notes: [DiagramNote]) {
        let body = try MermaidBody(source, types: ["stateDiagram", "stateDiagram-v2"], expected: "`stateDiagram-v2`")
        var state = StateReaderState()
        state.chart.title = body.title
        var openNote: (id: String, line: Int, lines: [String])?
        for (number, text) in body.lines {
            let line = String(text).trimmedSpaces
            if var note = openNote {
                if line.lowercased() == "end note" {
                    state.setNoteText(note.id, note.lines.joined(separator: "\n"))
                    openNote = nil
                } else {
                    note.lines.append(line)
                    openNote = note
                }
                continue
            }
            if line.isEmpty || line.hasPrefix("%%") { continue }
            let indent = text.prefix { $0 == " " || $0 == "\t" }.count
            let column = indent + 1
            let note = try state.readNote(line, number: number, column: column)
            if note.isNote {
                if let started = note.open { openNote = (started, number, []) }
                continue
            }
            try state.read(line, number: number, column: column)
        }
        if let note = openNote {
            throw DiagramSyntaxError(line: note.line, column: 1, "expected `end note` to close the note opened here, but the diagram ends first")
        }
        if let open = state.scopes.last {
            throw DiagramSyntaxError(line: open.line, column: 1, "expected `}` to close the state `\(open.id)` opened here, but the diagram ends first")
        }
        return (state.chart, state.notes)
    }
}

private struct StateReaderState {
    var chart = Flowchart(direction: .topBottom)
    var notes: [DiagramNote] = []
    /// Composite states open around the line, innermost last.
    var scopes: [(id: String, subgraph: Int, line: Int)] = []
    var noteCount = 0
    /// Which subgraph each id was placed in.
    var placed: [String: Int] = [:]

    /// The start or end dot of the innermost scope.
    func terminal(start: Bool) -> String {
        "[*]\(start ? "start" : "end")@\(scopes.last?.id ?? "")"
    }

    mutating func node(_ id: String, shape: Flowchart.Shape = .rounded, label: String? = nil, line: Int) {
        if let index = chart.nodeIndex(id) {
            if let label { chart.nodes[index].label = label }
            if shape != .rounded { chart.nodes[index].shape = shape }
        } else if !chart.subgraphs.contains(where: { $0.id == id }) {
            chart.nodes.append(Flowchart.Node(id: id, label: label ?? id, shape: shape, line: line))
        }
        place(id)
    }

    mutating func place(_ id: String) {
        guard let scope = scopes.last, placed[id] == nil, id != scope.id else { return }
        placed[id] = scope.subgraph
        chart.subgraphs[scope.subgraph].members.append(id)
    }

    /// `[*]` as the start (on a line's left) or end (on its right) of the scope; a name as is.
    mutating func endpoint(_ word: String, isSource: Bool, line: Int) -> String {
        guard word == "[*]" else {
            node(word, line: line)
            return word
        }
        let id = terminal(start: isSource)
        node(id, shape: isSource ? .start : .end, label: "", line: line)
        return id
    }

    mutating func read(_ line: String, number: Int, column: Int) throws(DiagramSyntaxError) {
        func error(_ message: String, at offset: Int = 0) -> DiagramSyntaxError {
            DiagramSyntaxError(line: number, column: column + offset, message)
        }
        if line == "}" {
            guard scopes.popLast() != nil else { throw error("found `}` with no composite state open") }
            return
        }
        if line == "--" {
            notes.append(DiagramNote(line: number, column: column, "concurrent regions (`--`) are drawn as one region of their state"))
            return
        }
        if line.hasPrefix("direction ") {
            let word = String(line.dropFirst(10)).trimmedSpaces
            guard let direction = MermaidFlowchartReader.direction(word) else { throw error("expected a direction (`TB`, `TD`, `BT`, `LR` or `RL`), but found `\(word)`", at: 10) }
            if scopes.isEmpty {
                chart.direction = direction
            } else {
                notes.append(DiagramNote(line: number, column: column, "a composite state's own `direction` is not drawn: Galley lays it out in the diagram's direction"))
            }
            return
        }
        if line.hasPrefix("classDef ") || line.hasPrefix("class ") || line.hasPrefix("style ") || line.hasPrefix("linkStyle ") {
            notes += try MermaidFlowchartReader.readStyling(line, line: number, column: column, into: &chart)
            return
        }
        if line.hasPrefix("state ") {
            try readState(String(line.dropFirst(6)).trimmedSpaces, number: number, column: column + 6)
            return
        }
        if line.hasPrefix("accTitle") || line.hasPrefix("accDescr") {
            guard let colon = line.firstIndex(of: ":") else { throw error("expected `:` after `\(line.prefix { $0 != " " })`") }
            let text = String(line[line.index(after: colon)...]).trimmedSpaces
            if line.hasPrefix("accTitle") { chart.title = text } else { chart.accessibleDescription = text }
            return
        }
        // `a --> b : label`, or `a : description`, or a lone state name.
        let (body, label) = splitLabel(line)
        if let arrow = body.range(of: "-->") {
            let left = String(body[..<arrow.lowerBound]).trimmedSpaces, right = String(body[arrow.upperBound...]).trimmedSpaces
            guard !left.isEmpty else { throw error("expected a state before `-->`") }
            guard !right.isEmpty else { throw error("expected a state after `-->`", at: body.distance(from: body.startIndex, to: arrow.upperBound)) }
            let (from, fromClasses) = classes(left), (to, toClasses) = classes(right)
            for name in [from, to] where !isName(name) {
                throw error("expected a state name or `[*]`, but found `\(name)`")
            }
            let source = endpoint(from, isSource: true, line: number)
            let target = endpoint(to, isSource: false, line: number)
            addClasses(fromClasses, to: source)
            addClasses(toClasses, to: target)
            chart.edges.append(Flowchart.Edge(from: source, to: target, label: label.map(Self.label), stroke: .normal, startHead: .none, endHead: .arrow, length: 1, line: number))
            return
        }
        let (name, nameClasses) = classes(body.trimmedSpaces)
        guard isName(name) else { throw error("expected a state, a transition (`a --> b`) or a keyword, but found `\(line)`") }
        node(name, line: number)
        addClasses(nameClasses, to: name)
        if let label {
            let index = chart.nodeIndex(name)!
            let current = chart.nodes[index].label
            chart.nodes[index].label = (current == name ? name + "\n" : current + "\n") + Self.label(label)
        }
    }

    /// `state "Text" as id`, `state id <<choice>>`, `state Name {`.
    mutating func readState(_ rest: String, number: Int, column: Int) throws(DiagramSyntaxError) {
        var rest = rest
        let opens = rest.hasSuffix("{")
        if opens { rest = String(rest.dropLast()).trimmedSpaces }
        var id: String, label: String?
        if rest.hasPrefix("\"") {
            guard let close = rest.dropFirst().firstIndex(of: "\"") else { throw DiagramSyntaxError(line: number, column: column, "expected a closing `\"`") }
            label = String(rest[rest.index(after: rest.startIndex)..<close])
            let after = String(rest[rest.index(after: close)...]).trimmedSpaces
            guard after.hasPrefix("as ") else { throw DiagramSyntaxError(line: number, column: column, "expected `as` and a name after the state's text") }
            id = String(after.dropFirst(3)).trimmedSpaces
        } else if let asRange = rest.range(of: " as ") {
            label = String(rest[..<asRange.lowerBound]).trimmedSpaces
            id = String(rest[asRange.upperBound...]).trimmedSpaces
        } else {
            id = rest
        }
        var shape = Flowchart.Shape.rounded
        for (marker, markerShape) in [("<<choice>>", Flowchart.Shape.choice), ("<<fork>>", .bar), ("<<join>>", .bar)] where id.hasSuffix(marker) {
            id = String(id.dropLast(marker.count)).trimmedSpaces
            shape = markerShape
        }
        let (name, nameClasses) = classes(id)
        guard isName(name) else { throw DiagramSyntaxError(line: number, column: column, "expected a state name after `state`, but found `\(id)`") }
        if opens {
            // A state named before its block (`a --> Loaded`, then `state Loaded {`) is the
            // composite state: lines to it go to its box.
            if let existing = chart.nodeIndex(name) {
                chart.nodes.remove(at: existing)
                for index in chart.subgraphs.indices { chart.subgraphs[index].members.removeAll { $0 == name } }
                placed[name] = nil
            }
            let index = chart.subgraphs.count
            chart.subgraphs.append(Flowchart.Subgraph(id: name, title: label.map(MermaidText.label) ?? name, members: [], line: number))
            place(name)
            scopes.append((name, index, number))
            return
        }
        node(name, shape: shape, label: shape == .rounded ? label.map(MermaidText.label) : "", line: number)
        addClasses(nameClasses, to: name)
    }

    /// Reads a note: whether `line` starts one, and the note's id when its text follows on
    /// the next lines, up to `end note`.
    mutating func readNote(_ line: String, number: Int, column: Int) throws(DiagramSyntaxError) -> (isNote: Bool, open: String?) {
        let lowered = line.lowercased()
        guard lowered.hasPrefix("note ") else { return (false, nil) }
        var rest = String(line.dropFirst(5)).trimmedSpaces
        guard let side = ["left of ", "right of "].first(where: { rest.lowercased().hasPrefix($0) }) else {
            throw DiagramSyntaxError(line: number, column: column + 5, "expected `left of` or `right of` after `note`")
        }
        rest = String(rest.dropFirst(side.count))
        let (target, text) = splitLabel(rest)
        let state = target.trimmedSpaces
        guard isName(state) else { throw DiagramSyntaxError(line: number, column: column, "expected the state the note is about") }
        node(state, line: number)
        noteCount += 1
        let id = "note-\(noteCount)"
        chart.nodes.append(Flowchart.Node(id: id, label: text.map(Self.label) ?? "", shape: .note, line: number))
        place(id)
        chart.edges.append(Flowchart.Edge(from: state, to: id, label: nil, stroke: .dotted, startHead: .none, endHead: .none, length: 1, line: number))
        return (true, text == nil ? id : nil)
    }

    mutating func setNoteText(_ id: String, _ text: String) {
        if let index = chart.nodeIndex(id) { chart.nodes[index].label = Self.label(text) }
    }

    /// A label as it shows: Mermaid's conventions, and `\n` written out as a line break, which
    /// state diagrams allow.
    static func label(_ text: String) -> String {
        MermaidText.label(text.replacingOccurrences(of: "\\n", with: "\n"))
    }

    mutating func addClasses(_ names: [String], to id: String) {
        guard !names.isEmpty, let index = chart.nodeIndex(id) else { return }
        chart.nodes[index].classes += names
    }

    /// `text : label` split at its first `:` (not inside `[*]`).
    func splitLabel(_ line: String) -> (body: String, label: String?) {
        var index = line.startIndex
        while let colon = line[index...].firstIndex(of: ":") {
            if line[colon...].hasPrefix(":::") {
                index = line.index(colon, offsetBy: 3)
                continue
            }
            return (String(line[..<colon]), String(line[line.index(after: colon)...]).trimmedSpaces)
        }
        return (line, nil)
    }

    /// `name:::class` split into the name and its classes.
    func classes(_ text: String) -> (String, [String]) {
        let parts = text.components(separatedBy: ":::")
        return (parts[0].trimmedSpaces, parts.dropFirst().map { $0.trimmedSpaces })
    }

    func isName(_ text: String) -> Bool {
        text == "[*]" || (!text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." })
    }
}
