// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// Receives the runtime's events for every node of a host. Every hook has a no-op default.
public protocol WorkflowObserver {
    /// A node came into the tree.
    func sessionDidBegin(_ session: WorkflowSession)

    /// A node left the tree.
    func sessionDidEnd(_ session: WorkflowSession)

    /// A new node made its initial state.
    func workflowDidMakeInitialState<WorkflowType: Workflow>(
        _ workflow: WorkflowType,
        initialState: WorkflowType.State,
        session: WorkflowSession
    )

    /// A node is about to render; the returned closure, if any, receives the rendering.
    func workflowWillRender<WorkflowType: Workflow>(
        _ workflow: WorkflowType,
        state: WorkflowType.State,
        session: WorkflowSession
    ) -> ((WorkflowType.Rendering) -> Void)?

    /// A node was rendered again with a new workflow value; `state` is after `workflowDidChange`.
    func workflowDidChange<WorkflowType: Workflow>(
        from oldWorkflow: WorkflowType,
        to newWorkflow: WorkflowType,
        state: WorkflowType.State,
        session: WorkflowSession
    )

    /// A node received an action, before applying it.
    func workflowDidReceiveAction<Action: WorkflowAction>(
        _ action: Action,
        workflow: Action.WorkflowType,
        session: WorkflowSession
    )

    /// A node is about to apply an action; the returned closure, if any, receives the new
    /// state and the output.
    func workflowWillApplyAction<Action: WorkflowAction>(
        _ action: Action,
        workflow: Action.WorkflowType,
        state: Action.WorkflowType.State,
        session: WorkflowSession
    ) -> ((Action.WorkflowType.State, Action.WorkflowType.Output?) -> Void)?
}

extension WorkflowObserver {
    public func sessionDidBegin(_ session: WorkflowSession) {}

    public func sessionDidEnd(_ session: WorkflowSession) {}

    public func workflowDidMakeInitialState<WorkflowType: Workflow>(
        _ workflow: WorkflowType,
        initialState: WorkflowType.State,
        session: WorkflowSession
    ) {}

    public func workflowWillRender<WorkflowType: Workflow>(
        _ workflow: WorkflowType,
        state: WorkflowType.State,
        session: WorkflowSession
    ) -> ((WorkflowType.Rendering) -> Void)? { nil }

    public func workflowDidChange<WorkflowType: Workflow>(
        from oldWorkflow: WorkflowType,
        to newWorkflow: WorkflowType,
        state: WorkflowType.State,
        session: WorkflowSession
    ) {}

    public func workflowDidReceiveAction<Action: WorkflowAction>(
        _ action: Action,
        workflow: Action.WorkflowType,
        session: WorkflowSession
    ) {}

    public func workflowWillApplyAction<Action: WorkflowAction>(
        _ action: Action,
        workflow: Action.WorkflowType,
        state: Action.WorkflowType.State,
        session: WorkflowSession
    ) -> ((Action.WorkflowType.State, Action.WorkflowType.Output?) -> Void)? { nil }
}

/// Fans every hook out to a host's observers, in order; "after" closures run in reverse
/// order so the first observer brackets the others.
struct ObserverFanOut {
    let observers: [any WorkflowObserver]

    var isEmpty: Bool { observers.isEmpty }

    func sessionDidBegin(_ session: WorkflowSession) {
        for observer in observers { observer.sessionDidBegin(session) }
    }

    func sessionDidEnd(_ session: WorkflowSession) {
        for observer in observers { observer.sessionDidEnd(session) }
    }

    func workflowDidMakeInitialState<W: Workflow>(_ workflow: W, initialState: W.State, session: WorkflowSession) {
        for observer in observers {
            observer.workflowDidMakeInitialState(workflow, initialState: initialState, session: session)
        }
    }

    func workflowWillRender<W: Workflow>(
        _ workflow: W,
        state: W.State,
        session: WorkflowSession
    ) -> ((W.Rendering) -> Void)? {
        guard !observers.isEmpty else { return nil }
        let after = observers.compactMap { $0.workflowWillRender(workflow, state: state, session: session) }
        guard !after.isEmpty else { return nil }
        return { rendering in after.reversed().forEach { $0(rendering) } }
    }

    func workflowDidChange<W: Workflow>(from old: W, to new: W, state: W.State, session: WorkflowSession) {
        for observer in observers {
            observer.workflowDidChange(from: old, to: new, state: state, session: session)
        }
    }

    func workflowDidReceiveAction<A: WorkflowAction>(_ action: A, workflow: A.WorkflowType, session: WorkflowSession) {
        for observer in observers {
            observer.workflowDidReceiveAction(action, workflow: workflow, session: session)
        }
    }

    func workflowWillApplyAction<A: WorkflowAction>(
        _ action: A,
        workflow: A.WorkflowType,
        state: A.WorkflowType.State,
        session: WorkflowSession
    ) -> ((A.WorkflowType.State, A.WorkflowType.Output?) -> Void)? {
        guard !observers.isEmpty else { return nil }
        let after = observers.compactMap {
            $0.workflowWillApplyAction(action, workflow: workflow, state: state, session: session)
        }
        guard !after.isEmpty else { return nil }
        return { state, output in after.reversed().forEach { $0(state, output) } }
    }
}
