// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// Sends values into the runtime: the handle a rendering keeps to report events.
///
/// Sinks come from a ``RenderContext``. Sending while any workflow is rendering is a
/// fatal error; sending after the workflow is gone, or after a render pass that did not
/// declare the sink's action type again, does nothing.
///
/// ```swift run expect
/// struct Volume: Workflow {
///     typealias State = Int
///     typealias Output = Never
///
///     enum Action: WorkflowAction {
///         typealias WorkflowType = Volume
///         case louder
///
///         func apply(toState level: inout Int, context: ApplyContext<Volume>) -> Never? {
///             level = min(level + 1, 3)
///             return nil
///         }
///     }
///
///     func makeInitialState() -> Int { 1 }
///
///     func render(state: Int, context: RenderContext<Volume>) -> (level: Int, louder: Sink<Action>) {
///         (state, context.makeSink(of: Action.self))
///     }
/// }
///
/// let host = WorkflowHost(workflow: Volume())
/// for _ in 1...4 { host.rendering.value.louder.send(.louder) }
/// print("level", host.rendering.value.level)
/// ```
///
/// ```output
/// level 3
/// ```
public struct Sink<Value> {
    private let onValue: (Value) -> Void

    /// A sink that calls `onValue` for every value sent.
    public init(_ onValue: @escaping (Value) -> Void) {
        self.onValue = onValue
    }

    /// Sends `value`.
    public func send(_ value: Value) {
        onValue(value)
    }

    /// A sink of another type that converts each value with `transform` and sends it here.
    public func contraMap<NewValue>(_ transform: @escaping (NewValue) -> Value) -> Sink<NewValue> {
        let onValue = self.onValue
        return Sink<NewValue> { onValue(transform($0)) }
    }
}

/// A sink of closures that mutate a workflow's state directly.
public struct StateMutationSink<WorkflowType: Workflow> {
    let sink: Sink<AnyWorkflowAction<WorkflowType>>

    init(_ sink: Sink<AnyWorkflowAction<WorkflowType>>) {
        self.sink = sink
    }

    /// Applies `mutation` to the state as one action.
    public func send(_ mutation: @escaping (inout WorkflowType.State) -> Void) {
        sink.send(AnyWorkflowAction<WorkflowType> { state in
            mutation(&state)
            return nil
        })
    }

    /// Sets the state's `keyPath` to `value` as one action.
    public func send<Value>(_ keyPath: WritableKeyPath<WorkflowType.State, Value>, value: Value) {
        send { $0[keyPath: keyPath] = value }
    }
}
