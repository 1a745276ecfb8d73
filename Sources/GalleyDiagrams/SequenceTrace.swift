// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// A diagram compared with what running code printed: the same messages, between the same
/// participants, in the same order.
///
/// Only the messages count. Numbering, activations, notes, fragments and layout options are
/// how the diagram is drawn and explained, not what happened, so a trace need not print them.
package enum SequenceTrace {
    /// Each message of `diagram` as one line: `From->To: text`, `-->` for a reply, `[` and `]`
    /// for the edges, `ref` for a reference box.
    package static func messageLines(_ diagram: SequenceDiagram) -> [String] {
        diagram.messages.map { message in
            func name(_ endpoint: Endpoint) -> String {
                switch endpoint {
                case .participant(let index): diagram.participants[index].name
                case .leftEdge: "["
                case .rightEdge: "]"
                case .reference: "ref"
                }
            }
            let arrow = message.line == .dashed ? "-->" : "->"
            let text = message.text.split(separator: "\n").joined(separator: " ")
            return "\(name(message.from))\(arrow)\(name(message.to)): \(text)"
        }
    }

    /// `nil` when `printed` (a trace in the same text language) has the messages of the
    /// diagram `expected`; otherwise what differs, for the reader.
    package static func mismatch(expected: String, printed: String) -> String? {
        let want: [String], got: [String]
        do {
            want = messageLines(try WebSequenceReader.read(expected))
        } catch {
            return "the diagram cannot be read (\(error)), so the trace cannot be compared with it"
        }
        do {
            got = messageLines(try WebSequenceReader.read(printed))
        } catch {
            return "what the snippet printed is not a sequence diagram (\(error))"
        }
        guard want != got else { return nil }
        let index = zip(want, got).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(want.count, got.count)
        let wanted = index < want.count ? "`\(want[index])`" : "no more messages"
        let found = index < got.count ? "`\(got[index])`" : "no more messages"
        return "message \(index + 1) differs: the diagram has \(wanted), the trace has \(found)"
    }
}
