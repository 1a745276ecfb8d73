// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// Places a ``SequenceDiagram`` on a plane and draws it as SVG.
///
/// Layout runs in three passes. The first turns every label into a least distance between
/// two columns (the diagram's left edge, the participants, its right edge); the second
/// places the columns as far apart as the largest of those distances asks, reading them in
/// order, which is exact because every distance runs from a column to one on its right;
/// the third walks the events from top to bottom and gives each its own band of height, so
/// no two labels can share a place.
struct SequenceLayout {
    static let fontSize = 14.0
    static let lineHeight = 18.0
    /// From a text band's top to its first baseline.
    static let ascent = 14.0
    static let titleSize = 18.0
    static let gap = 24.0
    static let barWidth = 10.0
    static let fragmentPadding = 12.0

    let diagram: SequenceDiagram
    private(set) var boxWidths: [Double] = []
    private(set) var boxHeight = 0.0
    /// x of each column: 0 is the left edge, 1...n the participants, n + 1 the right edge.
    private(set) var columns: [Double] = []

    init(_ diagram: SequenceDiagram) {
        self.diagram = diagram
        measureParticipants()
        placeColumns()
    }

    var participantCount: Int { diagram.participants.count }

    func column(_ endpoint: Endpoint) -> Int {
        switch endpoint {
        case .participant(let index): index + 1
        case .leftEdge: 0
        case .rightEdge, .reference: participantCount + 1
        }
    }

    static func lines(_ text: String) -> [Substring] {
        text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    static func width(_ text: String, bold: Bool = false) -> Double {
        TextMetrics.width(lines: text, size: fontSize, bold: bold)
    }

    /// A message's label as drawn, its number first.
    static func numberPrefix(_ message: Message) -> String? {
        message.number.map { "\($0) " }
    }

    static func labelWidth(_ message: Message) -> Double {
        let lines = lines(message.text)
        let prefix = numberPrefix(message).map { TextMetrics.width(Substring($0), size: fontSize, bold: true) } ?? 0
        guard let first = lines.first else { return prefix }
        return max(prefix + TextMetrics.width(first, size: fontSize), lines.dropFirst().map { TextMetrics.width($0, size: fontSize) }.max() ?? 0)
    }

    /// The least width of a `ref` box: its text, or its tab.
    static func referenceWidth(_ reference: Reference) -> Double {
        max(TextMetrics.width(lines: reference.text, size: fontSize), tabWidth(.group)) + 24
    }

    static func tabWidth(_ kind: FragmentKind) -> Double {
        width(kind.rawValue, bold: true) + 20
    }

    // MARK: Pass 1 and 2: columns

    private mutating func measureParticipants() {
        boxWidths = diagram.participants.map { participant in
            let text = Self.width(participant.label, bold: true)
            return participant.shape == .actor ? max(text + 8, 44) : max(text + 24, 64)
        }
        boxHeight = diagram.participants.map { participant in
            let lines = Double(max(Self.lines(participant.label).count, 1))
            return participant.shape == .actor ? 40 + lines * Self.lineHeight : 16 + lines * Self.lineHeight
        }.max() ?? 0
    }

    private mutating func placeColumns() {
        let count = participantCount + 2
        var needs: [[(from: Int, distance: Double)]] = Array(repeating: [], count: count)
        func need(_ a: Int, _ b: Int, _ distance: Double) {
            guard a != b else { return }
            let (low, high) = a < b ? (a, b) : (b, a)
            guard low >= 0, high < count else { return }
            needs[high].append((low, distance))
        }
        for (index, width) in boxWidths.enumerated() {
            let column = index + 1
            need(column - 1, column, (column == 1 ? 0 : boxWidths[index - 1] / 2 + Self.gap) + width / 2)
        }
        if let last = boxWidths.last { need(participantCount, participantCount + 1, last / 2) }

        var fragments: [(low: Int, high: Int, header: Double)] = []
        func touch(_ columns: Int...) {
            for index in fragments.indices {
                for column in columns {
                    fragments[index].low = min(fragments[index].low, column)
                    fragments[index].high = max(fragments[index].high, column)
                }
            }
        }
        func message(_ message: Message, reference: (first: Int, last: Int, beyond: Double)? = nil) {
            let label = Self.labelWidth(message)
            var a = column(message.from), b = column(message.to)
            if let reference {
                // One end is the reference box, which reaches `beyond` past its outer columns.
                let other = message.from == .reference ? b : a
                let edge = other < reference.first ? reference.first : reference.last
                if message.from == .reference { a = edge } else { b = edge }
                need(min(a, b), max(a, b), label + Self.gap + reference.beyond + Self.barWidth)
                touch(a, b)
                return
            }
            if a == b {
                need(a, a + 1, max(30, label + 8) + 16 + Self.barWidth * 2)
            } else {
                need(min(a, b), max(a, b), label + Self.gap + Self.barWidth)
            }
            touch(a, b)
        }
        for event in diagram.events {
            switch event {
            case .message(let value):
                message(value)
            case .note(let note):
                let width = Self.width(note.text) + 16
                switch note.placement {
                case .leftOf(let index):
                    need(index, index + 1, width + 16)
                    touch(index + 1)
                case .rightOf(let index):
                    need(index + 1, index + 2, width + 16)
                    touch(index + 1)
                case .over(let first, let last):
                    if first == last {
                        need(first, first + 1, width / 2 + 8)
                        need(first + 1, first + 2, width / 2 + 8)
                    } else {
                        need(first + 1, last + 1, width - 40)
                    }
                    touch(first + 1, last + 1)
                }
            case .reference(let reference):
                let (first, last) = (reference.first + 1, reference.last + 1)
                let width = Self.referenceWidth(reference)
                // How far the box reaches past its outer columns (`SequenceDrawing` draws it
                // `max(span + 48, width)` wide, centred on its columns).
                let beyond: Double
                if first == last {
                    need(first - 1, first, width / 2 + 8)
                    need(first, first + 1, width / 2 + 8)
                    beyond = width / 2
                } else {
                    need(first, last, width - 48)
                    beyond = 24
                }
                touch(first, last)
                reference.incoming.map { message($0, reference: (first, last, beyond)) }
                reference.outgoing.map { message($0, reference: (first, last, beyond)) }
            case .fragmentStart(let kind, let condition):
                let conditionWidth = condition.isEmpty || kind == .rect ? 0 : Self.width("[\(condition)]") + 12
                fragments.append((Int.max, Int.min, Self.tabWidth(kind) + conditionWidth))
            case .fragmentElse(let condition):
                if !fragments.isEmpty {
                    fragments[fragments.count - 1].header = max(fragments[fragments.count - 1].header, Self.width("[\(condition)]") + 16)
                }
            case .fragmentEnd:
                guard let fragment = fragments.popLast(), fragment.low <= fragment.high else { continue }
                if fragment.low < fragment.high {
                    need(fragment.low, fragment.high, fragment.header - Self.fragmentPadding * 2)
                } else {
                    need(fragment.low, fragment.low + 1, fragment.header)
                }
                touch(fragment.low, fragment.high)
            case .activate, .deactivate, .destroy:
                break
            }
        }
        columns = Array(repeating: 0, count: count)
        for index in 1..<count {
            columns[index] = needs[index].reduce(columns[index - 1]) { max($0, columns[$1.from] + $1.distance) }
        }
    }
}
