// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// Runs a tree of workflows with `WorkflowType` at the root.
///
/// Everything happens synchronously on the caller's thread: an event sent to a sink is
/// applied, the tree renders once, `rendering` is set and its observers are called, and
/// only then is the root's output (if any) sent to `output`'s observers. Events sent while
/// that delivery runs are queued and handled right after it.
///
/// Workers deliver their results on the main actor, so a host whose tree runs workers
/// belongs to the main actor.
///
/// ```swift run expect
/// struct Echo: Workflow {
///     typealias State = Void
///     enum Output { case said(String) }
///
///     func makeInitialState() {}
///
///     func render(state: Void, context: RenderContext<Echo>) -> (String) -> Void {
///         let sink = context.makeOutputSink()
///         return { sink.send(.said($0)) }
///     }
/// }
///
/// let host = WorkflowHost(workflow: Echo())
/// let observation = host.output.observeValues { output in
///     if case .said(let text) = output { print("the root said", text) }
/// }
/// host.rendering.value("hello")
/// _ = observation
/// ```
///
/// ```output
/// the root said hello
/// ```
public final class WorkflowHost<WorkflowType: Workflow> {
    private let loop: RenderLoop
    private let rootNode: WorkflowNode<WorkflowType>
    private var pendingOutput: WorkflowType.Output?

    /// The root's latest rendering.
    public let rendering: WorkflowStreams.Property<WorkflowType.Rendering>

    /// The root's outputs.
    public let output = WorkflowStreams.Signal<WorkflowType.Output, Never>()

    /// Starts the tree and renders it once.
    ///
    /// - Parameters:
    ///   - observers: Receive the runtime's events, in the order given (after the shared
    ///     observers interceptor has seen them).
    ///   - debugger: Receives a snapshot of the tree after its first render and after every
    ///     update, with the update's cause.
    public init(workflow: WorkflowType, observers: [any WorkflowObserver] = [], debugger: (any WorkflowDebugger)? = nil) {
        let loop = RenderLoop(observers: WorkflowObservation.sharedObserversInterceptor.workflowObservers(for: observers), debugger: debugger)
        let rootNode = WorkflowNode(workflow: workflow, key: "", parentSession: nil, loop: loop)
        self.loop = loop
        self.rootNode = rootNode
        self.rendering = WorkflowStreams.Property(initial: loop.rendering { rootNode.render() })
        rootNode.onOutput = { [weak self, loop] output, update in
            self?.pendingOutput = output
            if let update { loop.pendingUpdate = update }
            // An output alone needs no render pass when only changes are rendered.
            return !loop.rendersOnlyChanges
        }
        loop.afterCascade = { [weak self] changed in
            self?.renderAndPublish(changed: changed)
        }
        debugger?.didEnterInitialState(snapshot: rootNode.debugSnapshot())
    }

    deinit {
        rootNode.tearDown()
    }

    /// Gives the root a new value (new props), then renders.
    public func update(workflow: WorkflowType) {
        loop.enqueue { [rootNode, loop] in
            rootNode.update(workflow: workflow)
            if loop.isDebugging {
                loop.pendingUpdate = WorkflowUpdateDebugInfo(workflowType: "\(WorkflowType.self)", kind: .didUpdate(source: .external))
            }
            return true
        }
    }

    /// After a unit of work: renders when it changed the tree, sends the root's output
    /// (whether or not it rendered), and tells the debugger.
    private func renderAndPublish(changed: Bool) {
        let output = pendingOutput
        pendingOutput = nil
        guard loop.isDebugging, let debugger = loop.debugger else {
            if changed { rendering.set(loop.rendering { rootNode.render() }) }
            if let output { self.output.send(output) }
            return
        }
        let update = loop.pendingUpdate
        loop.pendingUpdate = nil
        guard changed || output != nil || update != nil else { return }
        if changed { rendering.set(loop.rendering { rootNode.render() }) }
        if let output { self.output.send(output) }
        do {
            let cause = update ?? WorkflowUpdateDebugInfo(workflowType: "\(WorkflowType.self)", kind: .didUpdate(source: .external))
            debugger.didUpdate(snapshot: rootNode.debugSnapshot(), updateInfo: cause)
        }
    }
}
