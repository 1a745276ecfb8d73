// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// A value that can take part in a workflow tree by turning itself into an ``AnyWorkflow``.
public protocol AnyWorkflowConvertible<Rendering, Output> {
    /// The rendering of the workflow this value becomes.
    associatedtype Rendering

    /// The output of the workflow this value becomes.
    associatedtype Output

    /// The type-erased workflow this value stands for.
    func asAnyWorkflow() -> AnyWorkflow<Rendering, Output>
}

// MARK: - Rendering a child

extension AnyWorkflowConvertible {
    /// Renders this value as a child of the workflow that owns `context`; outputs are
    /// actions of that parent and are applied to it as they arrive.
    ///
    /// Two children of the same type and `key` in one render pass are a programmer error.
    public func rendered<Parent>(
        in context: RenderContext<Parent>,
        key: String = ""
    ) -> Rendering where Output: WorkflowAction, Output.WorkflowType == Parent {
        asAnyWorkflow().render(in: context, key: key, outputMap: { $0 })
    }

    /// Renders this value as a child; each output is turned into an action of the parent.
    public func rendered<Parent, Action: WorkflowAction>(
        in context: RenderContext<Parent>,
        key: String = "",
        outputMap: @escaping (Output) -> Action
    ) -> Rendering where Action.WorkflowType == Parent {
        asAnyWorkflow().render(in: context, key: key, outputMap: outputMap)
    }

    /// Renders this value as a child whose outputs are type-erased actions of the parent.
    public func rendered<Parent>(
        in context: RenderContext<Parent>,
        key: String = ""
    ) -> Rendering where Output == AnyWorkflowAction<Parent> {
        asAnyWorkflow().render(in: context, key: key, outputMap: { $0 })
    }
}

extension AnyWorkflowConvertible where Output == Never {
    /// Renders a child that never emits output; any parent may render it.
    public func rendered<Parent>(in context: RenderContext<Parent>, key: String = "") -> Rendering {
        asAnyWorkflow().render(in: context, key: key, outputMap: { never -> AnyWorkflowAction<Parent> in })
    }
}

// MARK: - Running a child that renders nothing

extension AnyWorkflowConvertible where Rendering == Void {
    /// Runs a child whose rendering is `Void` (a worker, say), mapping each output to a parent action.
    public func running<Parent, Action: WorkflowAction>(
        in context: RenderContext<Parent>,
        key: String = "",
        outputMap: @escaping (Output) -> Action
    ) where Action.WorkflowType == Parent {
        rendered(in: context, key: key, outputMap: outputMap)
    }
}

extension AnyWorkflowConvertible where Rendering == Void, Output: WorkflowAction {
    /// Runs a child whose outputs are already actions of the parent.
    public func running<Parent>(
        in context: RenderContext<Parent>,
        key: String = ""
    ) where Output.WorkflowType == Parent {
        rendered(in: context, key: key)
    }
}

extension AnyWorkflowConvertible where Rendering == Void, Output == Never {
    /// Runs a child that renders nothing and emits nothing.
    public func running<Parent>(in context: RenderContext<Parent>, key: String = "") {
        rendered(in: context, key: key)
    }
}

// MARK: - Transforming

extension AnyWorkflowConvertible {
    /// A workflow that emits `transform(output)` wherever this one emits `output`.
    public func mapOutput<NewOutput>(
        _ transform: @escaping (Output) -> NewOutput
    ) -> AnyWorkflow<Rendering, NewOutput> {
        asAnyWorkflow().mapOutput(transform)
    }

    /// A workflow whose rendering is `transform` applied to this one's.
    public func mapRendering<NewRendering>(
        _ transform: @escaping (Rendering) -> NewRendering
    ) -> AnyWorkflow<NewRendering, Output> {
        asAnyWorkflow().mapRendering(transform)
    }

    /// Handles each output in the parent: `apply` may change the parent's state and
    /// returns the parent's output, if any.
    public func onOutput<Parent: Workflow>(
        _ apply: @escaping (inout Parent.State, Output) -> Parent.Output?
    ) -> AnyWorkflow<Rendering, AnyWorkflowAction<Parent>> {
        mapOutput { output in
            AnyWorkflowAction<Parent> { state in apply(&state, output) }
        }
    }

    /// The same workflow with its output discarded.
    public func ignoringOutput() -> AnyWorkflow<Rendering, Never> {
        OutputBlockingWorkflow(child: self).asAnyWorkflow()
    }
}

/// Renders a child and drops everything it emits; the type behind ``AnyWorkflowConvertible/ignoringOutput()``.
package struct OutputBlockingWorkflow<Child: AnyWorkflowConvertible>: Workflow {
    package typealias State = Void
    package typealias Output = Never

    /// The child whose output is dropped.
    package var child: Child

    package init(child: Child) {
        self.child = child
    }

    package func render(state: Void, context: RenderContext<Self>) -> Child.Rendering {
        child.rendered(in: context, outputMap: { _ in AnyWorkflowAction<Self>.noAction })
    }
}

extension AnyWorkflowConvertible where Output == Never {
    /// This workflow declared as emitting `NewOutput`, which it never does: a child that
    /// emits nothing fits where a parent asks for its children's output type.
    public func mapOutput<NewOutput>(to: NewOutput.Type) -> AnyWorkflow<Rendering, NewOutput> {
        mapOutput(Self.absurd)
    }

    /// No value of `Never` exists, so this is never called.
    private static func absurd<NewOutput>(_ never: Never) -> NewOutput {
    }
}
