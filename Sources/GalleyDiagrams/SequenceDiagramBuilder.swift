// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// What both readers share: participants made on first use, numbering, and the checks that
/// fragments close and activations balance, so the two languages mean the same by the
/// same words.
struct SequenceDiagramBuilder {
    private(set) var diagram = SequenceDiagram()
    /// The next `autonumber` number, `nil` while numbering is off.
    var nextNumber: Int?
    /// What each number adds to the one before (Mermaid's `autonumber START STEP`).
    var numberStep = 1
    /// Open fragments: their kind and the line that opened them.
    private var openFragments: [(kind: FragmentKind, line: Int, column: Int)] = []
    /// How many activations each participant has open.
    private var activations: [Int: Int] = [:]

    mutating func setTitle(_ title: String) {
        diagram.title = title
    }

    mutating func setFooter(_ footer: Footer) {
        diagram.footer = footer
    }

    /// The participant called `name`, made now if it is new.
    mutating func participant(_ name: String) -> Int {
        if let index = diagram.participantIndex(name) { return index }
        diagram.participants.append(Participant(name: name))
        return diagram.participants.count - 1
    }

    /// Declares a participant: a new column, or a new label and shape for one already used.
    mutating func declare(_ name: String, label: String?, shape: Participant.Shape) {
        if let index = diagram.participantIndex(name) {
            diagram.participants[index].label = label ?? name
            diagram.participants[index].shape = shape
        } else {
            diagram.participants.append(Participant(name: name, label: label, shape: shape))
        }
    }

    /// Adds `message`, numbering it and opening or closing the activations it asks for.
    mutating func add(_ message: Message, at cursor: SourceLineCursor, arrowColumn: Int) throws(DiagramSyntaxError) {
        diagram.events.append(.message(try numbered(message, at: cursor, arrowColumn: arrowColumn)))
    }

    /// `message` with its number, its activations checked.
    /// `arrowColumn` is where an error about the arrow's `-` mark points.
    mutating func numbered(_ message: Message, at cursor: SourceLineCursor, arrowColumn: Int) throws(DiagramSyntaxError) -> Message {
        var message = message
        if let number = nextNumber {
            message.number = number
            nextNumber = number + numberStep
        }
        if message.deactivatesSource, case .participant(let source) = message.from {
            try close(source, at: cursor, column: arrowColumn)
        }
        if message.activatesTarget, case .participant(let target) = message.to {
            activations[target, default: 0] += 1
        }
        return message
    }

    mutating func activate(_ index: Int) {
        activations[index, default: 0] += 1
        diagram.events.append(.activate(index))
    }

    mutating func deactivate(_ index: Int, at cursor: SourceLineCursor) throws(DiagramSyntaxError) {
        try close(index, at: cursor, column: nil)
        diagram.events.append(.deactivate(index))
    }

    private mutating func close(_ index: Int, at cursor: SourceLineCursor, column: Int?) throws(DiagramSyntaxError) {
        guard activations[index, default: 0] > 0 else {
            throw cursor.error(at: column ?? cursor.column, "expected an active participant to deactivate, but `\(diagram.participants[index].name)` is not active here")
        }
        activations[index, default: 0] -= 1
    }

    mutating func destroy(_ index: Int) {
        activations[index] = 0
        diagram.events.append(.destroy(index))
    }

    mutating func note(_ note: Note) {
        diagram.events.append(.note(note))
    }

    mutating func reference(_ reference: Reference) {
        diagram.events.append(.reference(reference))
    }

    mutating func openFragment(_ kind: FragmentKind, condition: String, at cursor: SourceLineCursor, column: Int) {
        openFragments.append((kind, cursor.number, column))
        diagram.events.append(.fragmentStart(kind, condition))
    }

    /// `else` and its kin: allowed only directly inside a fragment of one of `kinds`.
    mutating func nextOperand(_ condition: String, word: String, allowedIn kinds: Set<FragmentKind>, at cursor: SourceLineCursor) throws(DiagramSyntaxError) {
        guard let open = openFragments.last, kinds.contains(open.kind) else {
            let names = kinds.map { "`\($0.rawValue)`" }.sorted().joined(separator: " or ")
            throw cursor.error(at: 1, "`\(word)` is only allowed inside \(names), and no such block is open here")
        }
        diagram.events.append(.fragmentElse(condition))
    }

    mutating func closeFragment(at cursor: SourceLineCursor) throws(DiagramSyntaxError) {
        guard openFragments.popLast() != nil else {
            throw cursor.error(at: 1, "`end` closes nothing: expected an `alt`, `opt`, `loop` or other block to be open")
        }
        diagram.events.append(.fragmentEnd)
    }

    /// The diagram, once every fragment is closed.
    func finished() throws(DiagramSyntaxError) -> SequenceDiagram {
        if let open = openFragments.last {
            throw DiagramSyntaxError(line: open.line, column: open.column, "this `\(open.kind.rawValue)` block is never closed: expected `end` after its last line")
        }
        return diagram
    }
}

/// Splits a diagram's source into lines, keeping their numbers.
func numberedLines(_ source: String) -> [(number: Int, text: Substring)] {
    source.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { ($0.offset + 1, $0.element) }
}
