// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Workflow
import WorkflowUI

struct Email: Equatable {
    var id: Int
    var from: String
    var subject: String
    var body: String
}

/// Lists messages; choosing one is reported to the parent as output.
struct Inbox: Workflow {
    typealias State = Void
    typealias Output = Int

    var messages: [Email]
    var selectedID: Int?

    struct InboxScreen: Screen {
        var rows: [String]
        var onSelect: (Int) -> Void
    }

    func render(state: Void, context: RenderContext<Inbox>) -> InboxScreen {
        let sink = context.makeOutputSink()
        let rows = messages.map { message in
            (message.id == selectedID ? "▶ " : "  ") + "\(message.from): \(message.subject)"
        }
        return InboxScreen(rows: rows, onSelect: { sink.send($0) })
    }
}

/// Shows one message, or a hint when none is selected.
struct MessageViewer: Workflow {
    typealias State = Void

    var message: Email?

    struct MessageScreen: Screen, Equatable {
        var heading: String
        var body: String
    }

    func render(state: Void, context: RenderContext<MessageViewer>) -> MessageScreen {
        guard let message else {
            return MessageScreen(heading: "No message selected", body: "")
        }
        return MessageScreen(heading: "\(message.subject) — \(message.from)", body: message.body)
    }
}

/// Composes the inbox and the viewer into a split screen; the selection lives here.
struct EmailBrowser: Workflow {
    var messages: [Email]

    struct State: Equatable {
        var selectedID: Int?
    }

    func makeInitialState() -> State { State() }

    enum Action: WorkflowAction, Equatable {
        typealias WorkflowType = EmailBrowser
        case select(Int)

        func apply(toState state: inout State, context: ApplyContext<EmailBrowser>) -> Never? {
            switch self {
            case .select(let id):
                let known = context[workflowValue: \.messages].contains { $0.id == id }
                if known { state.selectedID = id }
            }
            return nil
        }
    }

    func render(state: State, context: RenderContext<EmailBrowser>) -> SplitScreen<Inbox.InboxScreen, MessageViewer.MessageScreen> {
        let inbox = Inbox(messages: messages, selectedID: state.selectedID)
            .rendered(in: context) { Action.select($0) }
        let selected = messages.first { $0.id == state.selectedID }
        let viewer = MessageViewer(message: selected).rendered(in: context)
        return SplitScreen(leftScreen: inbox, rightScreen: viewer)
    }
}
