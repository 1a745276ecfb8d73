// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Workflow

/// A counter whose rendering exposes every kind of sink the runtime offers.
struct Counter: Workflow {
    typealias State = Int
    typealias Output = Event

    enum Event: Equatable {
        case reachedLimit(Int)
    }

    var limit = 3

    func makeInitialState() -> Int { 0 }

    enum Action: WorkflowAction, Equatable {
        typealias WorkflowType = Counter
        case increment
        case decrement

        func apply(toState state: inout Int, context: ApplyContext<Counter>) -> Event? {
            switch self {
            case .increment: state += 1
            case .decrement: state -= 1
            }
            let limit = context[workflowValue: \.limit]
            return state >= limit ? .reachedLimit(state) : nil
        }
    }

    struct Screen {
        var count: Int
        var onIncrement: () -> Void
        var onDecrement: () -> Void
        var onAdd: (Int) -> Void
        var onEmit: (Event) -> Void
        var onReset: () -> Void
        var onSet: (Int) -> Void
    }

    func render(state: Int, context: RenderContext<Counter>) -> Screen {
        let actions = context.makeSink(of: Action.self)
        let adds = context.makeSink(of: Int.self) { amount, state in
            state += amount
            return nil
        }
        let outputs = context.makeOutputSink()
        let mutations = context.makeStateMutationSink()
        return Screen(
            count: state,
            onIncrement: { actions.send(.increment) },
            onDecrement: { actions.send(.decrement) },
            onAdd: { adds.send($0) },
            onEmit: { outputs.send($0) },
            onReset: { mutations.send { $0 = 0 } },
            onSet: { mutations.send(\.self, value: $0) }
        )
    }
}

/// Records the runtime's observer hooks as lines of text.
final class RecordingObserver: WorkflowObserver {
    var events: [String] = []

    func sessionDidBegin(_ session: WorkflowSession) {
        events.append("begin \(session.workflowType) key=\(session.renderKey)")
    }

    func sessionDidEnd(_ session: WorkflowSession) {
        events.append("end \(session.workflowType) key=\(session.renderKey)")
    }

    func workflowDidMakeInitialState<W: Workflow>(_ workflow: W, initialState: W.State, session: WorkflowSession) {
        events.append("initial \(W.self) \(initialState)")
    }

    func workflowWillRender<W: Workflow>(_ workflow: W, state: W.State, session: WorkflowSession) -> ((W.Rendering) -> Void)? {
        events.append("will render \(W.self)")
        return { [weak self] _ in self?.events.append("did render \(W.self)") }
    }

    func workflowDidChange<W: Workflow>(from oldWorkflow: W, to newWorkflow: W, state: W.State, session: WorkflowSession) {
        events.append("changed \(W.self)")
    }

    func workflowDidReceiveAction<A: WorkflowAction>(_ action: A, workflow: A.WorkflowType, session: WorkflowSession) {
        events.append("received \(action)")
    }

    func workflowWillApplyAction<A: WorkflowAction>(
        _ action: A,
        workflow: A.WorkflowType,
        state: A.WorkflowType.State,
        session: WorkflowSession
    ) -> ((A.WorkflowType.State, A.WorkflowType.Output?) -> Void)? {
        events.append("will apply \(action) to \(state)")
        return { [weak self] state, output in
            self?.events.append("applied, state \(state), output \(output.map { "\($0)" } ?? "none")")
        }
    }
}
