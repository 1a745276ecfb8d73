// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// A type-erased workflow: any workflow with this rendering and output.
///
/// The runtime identifies a rendered `AnyWorkflow` by the type of the workflow it wraps,
/// so `mapOutput` and `mapRendering` do not change a child's identity.
public struct AnyWorkflow<Rendering, Output> {
    private let storage: AnyWorkflowStorage<Rendering, Output>

    /// Wraps `workflow`; an `AnyWorkflow` is taken as it is, not wrapped again.
    public init<W: Workflow>(_ workflow: W) where W.Rendering == Rendering, W.Output == Output {
        if let erased = workflow as? AnyWorkflow<Rendering, Output> {
            self = erased
        } else {
            self.storage = WrappedWorkflowStorage(workflow: workflow, mapRendering: { $0 }, mapOutput: { $0 })
        }
    }

    private init(storage: AnyWorkflowStorage<Rendering, Output>) {
        self.storage = storage
    }

    /// The type of the wrapped workflow, typed `Any.Type` as in workflow-swift 4.4.0
    /// (`Workflow/Sources/AnyWorkflow.swift`, line 42), so code that
    /// stores it beside other metatypes compiles unchanged.
    public var workflowType: Any.Type {
        storage.workflowType
    }

    /// The wrapped workflow value.
    public var base: Any {
        storage.base
    }

    /// This workflow with `transform` applied to every rendering.
    public func mapRendering<NewRendering>(
        _ transform: @escaping (Rendering) -> NewRendering
    ) -> AnyWorkflow<NewRendering, Output> {
        AnyWorkflow<NewRendering, Output>(storage: storage.mapRendering(transform))
    }

    /// This workflow with `transform` applied to every output.
    public func mapOutput<NewOutput>(
        _ transform: @escaping (Output) -> NewOutput
    ) -> AnyWorkflow<Rendering, NewOutput> {
        AnyWorkflow<Rendering, NewOutput>(storage: storage.mapOutput(transform))
    }

    /// Renders the wrapped workflow as a child of `context`'s workflow.
    func render<Parent, Action: WorkflowAction>(
        in context: RenderContext<Parent>,
        key: String,
        outputMap: @escaping (Output) -> Action
    ) -> Rendering where Action.WorkflowType == Parent {
        storage.render(in: context, key: key, outputMap: outputMap)
    }
}

/// An `AnyWorkflow` is a workflow itself, so it can be hosted (`WorkflowHost(workflow:
/// leaf.asAnyWorkflow())`) or named where a workflow type is expected. It has no state of
/// its own: it renders the workflow it wraps as its one child and passes on its output.
extension AnyWorkflow: Workflow {
    public typealias State = Void

    /// The wrapped workflow's rendering, its outputs sent on as this workflow's.
    public func render(state: Void, context: RenderContext<AnyWorkflow<Rendering, Output>>) -> Rendering {
        storage.render(in: context, key: "", outputMap: { AnyWorkflowAction<AnyWorkflow<Rendering, Output>>(sendingOutput: $0) })
    }
}

extension AnyWorkflow: AnyWorkflowConvertible {
    /// Returns itself.
    public func asAnyWorkflow() -> AnyWorkflow<Rendering, Output> {
        self
    }
}

extension AnyWorkflow where Output == Never {
    /// A workflow that always renders `rendering` and never emits output.
    public init(rendering: Rendering) {
        self.init(RenderingWorkflow(rendering: rendering))
    }
}

/// A stateless workflow with a fixed rendering, behind ``AnyWorkflow/init(rendering:)``.
package struct RenderingWorkflow<Rendering>: Workflow {
    package typealias State = Void
    package typealias Output = Never

    /// What every render pass returns.
    package var rendering: Rendering

    package func render(state: Void, context: RenderContext<Self>) -> Rendering {
        rendering
    }
}

// MARK: - Storage

/// The erased operations; subclassed once per wrapped workflow type.
class AnyWorkflowStorage<Rendering, Output> {
    var workflowType: any Workflow.Type { fatalError("abstract") }
    var base: Any { fatalError("abstract") }

    func render<Parent, Action: WorkflowAction>(
        in context: RenderContext<Parent>,
        key: String,
        outputMap: @escaping (Output) -> Action
    ) -> Rendering where Action.WorkflowType == Parent {
        fatalError("abstract")
    }

    func mapRendering<NewRendering>(
        _ transform: @escaping (Rendering) -> NewRendering
    ) -> AnyWorkflowStorage<NewRendering, Output> {
        fatalError("abstract")
    }

    func mapOutput<NewOutput>(
        _ transform: @escaping (Output) -> NewOutput
    ) -> AnyWorkflowStorage<Rendering, NewOutput> {
        fatalError("abstract")
    }
}

/// Holds the concrete workflow plus the transforms composed onto it so far.
final class WrappedWorkflowStorage<W: Workflow, Rendering, Output>: AnyWorkflowStorage<Rendering, Output> {
    let workflow: W
    let renderingTransform: (W.Rendering) -> Rendering
    let outputTransform: (W.Output) -> Output

    init(
        workflow: W,
        mapRendering: @escaping (W.Rendering) -> Rendering,
        mapOutput: @escaping (W.Output) -> Output
    ) {
        self.workflow = workflow
        self.renderingTransform = mapRendering
        self.outputTransform = mapOutput
    }

    override var workflowType: any Workflow.Type { W.self }
    override var base: Any { workflow }

    override func render<Parent, Action: WorkflowAction>(
        in context: RenderContext<Parent>,
        key: String,
        outputMap: @escaping (Output) -> Action
    ) -> Rendering where Action.WorkflowType == Parent {
        let outputTransform = self.outputTransform
        let childRendering = context.render(
            workflow: workflow,
            key: key,
            outputMap: { outputMap(outputTransform($0)) }
        )
        return renderingTransform(childRendering)
    }

    override func mapRendering<NewRendering>(
        _ transform: @escaping (Rendering) -> NewRendering
    ) -> AnyWorkflowStorage<NewRendering, Output> {
        let current = renderingTransform
        return WrappedWorkflowStorage<W, NewRendering, Output>(
            workflow: workflow,
            mapRendering: { transform(current($0)) },
            mapOutput: outputTransform
        )
    }

    override func mapOutput<NewOutput>(
        _ transform: @escaping (Output) -> NewOutput
    ) -> AnyWorkflowStorage<Rendering, NewOutput> {
        let current = outputTransform
        return WrappedWorkflowStorage<W, Rendering, NewOutput>(
            workflow: workflow,
            mapRendering: renderingTransform,
            mapOutput: { transform(current($0)) }
        )
    }
}
