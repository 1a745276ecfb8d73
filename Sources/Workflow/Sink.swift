// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// Sends values into the runtime: the handle a rendering keeps to report events.
///
/// Sinks come from a ``RenderContext``. Sending while any workflow is rendering is a
/// fatal error; sending after the workflow is gone, or after a render pass that did not
/// declare the sink's action type again, does nothing.
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
