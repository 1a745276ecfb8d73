// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// A sequence diagram as both text languages describe it: participants side by side and,
/// from top to bottom, what happens between them.
///
/// The WebSequenceDiagrams reader and the Mermaid reader both produce this model, and the
/// layout draws it; neither reader knows how a diagram is drawn.
package struct SequenceDiagram: Sendable, Equatable {
    /// The heading drawn above the diagram, if any.
    package var title: String?
    /// Participants from left to right, in the order they were declared or first used.
    package var participants: [Participant] = []
    /// What happens, from top to bottom.
    package var events: [Event] = []
    /// What is drawn under the lifelines.
    package var footer: Footer = .boxes

    package init() {}

    /// Every message, including those into and out of `ref` boxes, in order.
    package var messages: [Message] {
        var found: [Message] = []
        for event in events {
            switch event {
            case .message(let message): found.append(message)
            case .reference(let reference):
                reference.incoming.map { found.append($0) }
                reference.outgoing.map { found.append($0) }
            default: break
            }
        }
        return found
    }

    /// The index of the participant called `name` (its alias or its label).
    func participantIndex(_ name: String) -> Int? {
        participants.firstIndex { $0.name == name }
    }
}

/// One column of the diagram.
package struct Participant: Sendable, Equatable {
    /// How the participant is drawn.
    package enum Shape: Sendable, Equatable {
        /// A box with its label.
        case box
        /// A stick figure above its label (`actor`).
        case actor
    }

    /// The name messages use: the alias, or the label when there is none.
    package var name: String
    /// What is written in its box.
    package var label: String
    package var shape: Shape

    package init(name: String, label: String? = nil, shape: Shape = .box) {
        self.name = name
        self.label = label ?? name
        self.shape = shape
    }
}

/// Where a message starts or ends.
package enum Endpoint: Sendable, Equatable, CustomStringConvertible {
    /// A participant, by its index.
    case participant(Int)
    /// Outside the diagram on the left (`[->A`).
    case leftEdge
    /// Outside the diagram on the right (`A->]`).
    case rightEdge
    /// A `ref` box (the message into or out of it).
    case reference

    package var description: String {
        switch self {
        case .participant(let index): "#\(index)"
        case .leftEdge: "["
        case .rightEdge: "]"
        case .reference: "ref"
        }
    }
}

/// An arrow between two endpoints.
package struct Message: Sendable, Equatable {
    /// The line's look.
    package enum Line: Sendable, Equatable {
        /// A call: `->`.
        case solid
        /// A reply: `-->`.
        case dashed
    }

    /// The arrowhead's look.
    package enum Head: Sendable, Equatable {
        /// A filled triangle (a synchronous call).
        case filled
        /// Two open strokes (an asynchronous message).
        case open
        /// A cross (Mermaid's `-x`: a lost message).
        case cross
        /// No head (Mermaid's `->`).
        case none
    }

    package var from: Endpoint
    package var to: Endpoint
    package var line: Line
    package var head: Head
    /// The label; `\n` breaks it into lines.
    package var text: String
    /// `->+`: the target's activation starts with this message.
    package var activatesTarget = false
    /// `-->-`: the source's activation ends with this message.
    package var deactivatesSource = false
    /// The number `autonumber` gives it, if numbering is on.
    package var number: Int?
    /// The source line it was written on.
    package var sourceLine: Int

    package init(from: Endpoint, to: Endpoint, line: Line, head: Head, text: String, sourceLine: Int) {
        self.from = from
        self.to = to
        self.line = line
        self.head = head
        self.text = text
        self.sourceLine = sourceLine
    }
}

/// A note beside or over lifelines.
package struct Note: Sendable, Equatable {
    /// Where the note sits.
    package enum Placement: Sendable, Equatable {
        case leftOf(Int)
        case rightOf(Int)
        /// Over one participant, or spanning from the first to the last given.
        case over(Int, Int)
    }

    package var placement: Placement
    package var text: String
    /// WebSequenceDiagrams' `state over`: drawn with rounded corners.
    package var isState = false

    package init(placement: Placement, text: String, isState: Bool = false) {
        self.placement = placement
        self.text = text
        self.isState = isState
    }
}

/// A `ref over A, B` box: an interaction drawn elsewhere, with an optional message into it
/// and one out of it.
package struct Reference: Sendable, Equatable {
    /// The first participant it spans.
    package var first: Int
    /// The last participant it spans.
    package var last: Int
    package var text: String
    package var incoming: Message?
    package var outgoing: Message?

    package init(first: Int, last: Int, text: String) {
        self.first = first
        self.last = last
        self.text = text
    }
}

/// A combined fragment's operator: the word in its corner tab.
package enum FragmentKind: String, Sendable, Equatable, CaseIterable {
    case alt, opt, loop, par, critical, `break`, group
    /// Mermaid's `rect`: a shaded band with no tab.
    case rect
}

/// One thing that happens, in the order it happens.
package enum Event: Sendable, Equatable {
    case message(Message)
    case activate(Int)
    case deactivate(Int)
    /// A participant's lifeline ends here (`destroy A`).
    case destroy(Int)
    case note(Note)
    case reference(Reference)
    /// The start of `alt`, `opt`, `loop`... with its condition.
    case fragmentStart(FragmentKind, String)
    /// `else` (or Mermaid's `and`, `option`): the next operand, with its condition.
    case fragmentElse(String)
    case fragmentEnd
}

/// What is drawn under the lifelines (`option footer=...`).
package enum Footer: String, Sendable, Equatable {
    /// The participants' boxes again.
    case boxes
    /// A line across the lifelines' ends.
    case bar
    /// Nothing.
    case none
}
