// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// A node in a tree of workflows: it owns a piece of state, turns that state into a
/// `Rendering`, and may emit `Output` to its parent.
///
/// A workflow value is the node's configuration (its "props"). The runtime keeps the
/// state between render passes; each pass hands the current state to ``render(state:context:)``.
///
/// ```swift run expect
/// struct Greeting: Workflow {
///     var name: String
///     typealias State = Int
///     typealias Output = Never
///
///     func makeInitialState() -> Int { 0 }
///
///     func render(state: Int, context: RenderContext<Greeting>) -> String {
///         "Hello, \(name)! (rendered with state \(state))"
///     }
/// }
///
/// let host = WorkflowHost(workflow: Greeting(name: "Ada"))
/// print(host.rendering.value)
/// host.update(workflow: Greeting(name: "Grace"))
/// print(host.rendering.value)
/// ```
///
/// ```output
/// Hello, Ada! (rendered with state 0)
/// Hello, Grace! (rendered with state 0)
/// ```
public protocol Workflow<Rendering, Output>: AnyWorkflowConvertible {
    /// The state this workflow keeps between render passes.
    associatedtype State

    /// What this workflow can emit to its parent. `Never` when it emits nothing.
    associatedtype Output = Never

    /// What ``render(state:context:)`` produces, typically a screen model.
    associatedtype Rendering

    /// Called once, when the runtime first renders this workflow at a given identity.
    func makeInitialState() -> State

    /// Called when the parent renders this workflow again with a new value.
    ///
    /// - Parameters:
    ///   - previousWorkflow: The value the parent rendered last time.
    ///   - state: The current state, which may be adjusted to the new configuration.
    func workflowDidChange(from previousWorkflow: Self, state: inout State)

    /// Turns the current state into a rendering. Children, sinks and side effects are
    /// declared through `context`; anything not declared in this pass is torn down after it.
    func render(state: State, context: RenderContext<Self>) -> Rendering
}

extension Workflow {
    /// Does nothing: most workflows keep their state when their configuration changes.
    public func workflowDidChange(from previousWorkflow: Self, state: inout State) {}

    /// Wraps this workflow in a type-erased ``AnyWorkflow``.
    public func asAnyWorkflow() -> AnyWorkflow<Rendering, Output> {
        AnyWorkflow(self)
    }
}

extension Workflow where State == Void {
    /// A stateless workflow's initial state is the empty tuple.
    public func makeInitialState() -> State {
        ()
    }
}
