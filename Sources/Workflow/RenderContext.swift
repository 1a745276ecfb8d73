// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// The composition point of one render pass: through it a workflow renders children,
/// makes sinks for its renderings, and runs side effects.
///
/// A context is valid only while its workflow's `render` runs; using it afterwards is a
/// fatal error.
///
/// A parent renders a child through its context and maps the child's output to an action
/// of its own:
///
/// ```swift run expect
/// struct Clicker: Workflow {
///     typealias State = Void
///     enum Output { case clicked }
///
///     func makeInitialState() {}
///
///     func render(state: Void, context: RenderContext<Clicker>) -> () -> Void {
///         let sink = context.makeOutputSink()
///         return { sink.send(.clicked) }
///     }
/// }
///
/// struct Tally: Workflow {
///     typealias State = Int
///     typealias Output = Never
///
///     func makeInitialState() -> Int { 0 }
///
///     func render(state: Int, context: RenderContext<Tally>) -> (count: Int, click: () -> Void) {
///         let click = context.render(workflow: Clicker(), key: "") { (_: Clicker.Output) in
///             AnyWorkflowAction<Tally> { count in
///                 count += 1
///                 return nil
///             }
///         }
///         return (state, click)
///     }
/// }
///
/// let host = WorkflowHost(workflow: Tally())
/// host.rendering.value.click()
/// host.rendering.value.click()
/// print("clicked", host.rendering.value.count, "times")
/// ```
///
/// ```output
/// clicked 2 times
/// ```
public final class RenderContext<WorkflowType: Workflow> {
    private let backend: any RenderContextBackend<WorkflowType>
    private var isValid = true

    /// A context that forwards to `backend`; the runtime and the render tester each provide one.
    package init(backend: any RenderContextBackend<WorkflowType>) {
        self.backend = backend
    }

    /// Ends the pass: every later use of this context traps.
    package func invalidate() {
        isValid = false
    }

    private func checkValid(_ operation: String) {
        if !isValid {
            fatalError(
                "RenderContext<\(WorkflowType.self)>.\(operation) was called after its render pass ended. "
                    + "A context may only be used inside the render(state:context:) call it was passed to."
            )
        }
    }

    /// Renders `workflow` as a child identified by its type and `key`, mapping its outputs
    /// to actions of this workflow. Most code calls `child.rendered(in: context)` instead.
    public func render<Child: Workflow, Action: WorkflowAction>(
        workflow: Child,
        key: String,
        outputMap: @escaping (Child.Output) -> Action
    ) -> Child.Rendering where Action.WorkflowType == WorkflowType {
        checkValid("render(workflow:key:outputMap:)")
        return backend.render(workflow: workflow, key: key, outputMap: outputMap)
    }

    /// A sink that applies each action it is sent to this workflow.
    public func makeSink<Action: WorkflowAction>(
        of actionType: Action.Type
    ) -> Sink<Action> where Action.WorkflowType == WorkflowType {
        checkValid("makeSink(of:)")
        return backend.makeSink(of: actionType)
    }

    /// Runs `action` the first time a pass declares `key`; the `Lifetime` it receives ends
    /// after the first pass that no longer declares it.
    public func runSideEffect(key: AnyHashable, action: (_ lifetime: Lifetime) -> Void) {
        checkValid("runSideEffect(key:action:)")
        backend.runSideEffect(key: key, action: action)
    }
}

extension RenderContext {
    /// A sink of events; each event is handled by `onEvent`, which may change the state and
    /// returns this workflow's output, if any.
    public func makeSink<Event>(
        of eventType: Event.Type,
        onEvent: @escaping (Event, inout WorkflowType.State) -> WorkflowType.Output?
    ) -> Sink<Event> {
        makeSink(of: AnyWorkflowAction<WorkflowType>.self).contraMap { event in
            AnyWorkflowAction<WorkflowType> { state in onEvent(event, &state) }
        }
    }

    /// A sink whose values are emitted as this workflow's output.
    public func makeOutputSink() -> Sink<WorkflowType.Output> {
        makeSink(of: AnyWorkflowAction<WorkflowType>.self).contraMap { output in
            AnyWorkflowAction<WorkflowType>(sendingOutput: output)
        }
    }

    /// A sink of closures that mutate this workflow's state.
    public func makeStateMutationSink() -> StateMutationSink<WorkflowType> {
        StateMutationSink(makeSink(of: AnyWorkflowAction<WorkflowType>.self))
    }
}

/// What a ``RenderContext`` forwards to: the live runtime, or a test double.
package protocol RenderContextBackend<WorkflowType>: AnyObject {
    associatedtype WorkflowType: Workflow

    func render<Child: Workflow, Action: WorkflowAction>(
        workflow: Child,
        key: String,
        outputMap: @escaping (Child.Output) -> Action
    ) -> Child.Rendering where Action.WorkflowType == WorkflowType

    func makeSink<Action: WorkflowAction>(
        of actionType: Action.Type
    ) -> Sink<Action> where Action.WorkflowType == WorkflowType

    func runSideEffect(key: AnyHashable, action: (_ lifetime: Lifetime) -> Void)
}
