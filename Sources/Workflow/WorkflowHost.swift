/// Runs a tree of workflows with `WorkflowType` at the root.
///
/// Everything happens synchronously on the caller's thread: an event sent to a sink is
/// applied, the tree renders once, `rendering` is set and its observers are called, and
/// only then is the root's output (if any) sent to `output`'s observers. Events sent while
/// that delivery runs are queued and handled right after it.
///
/// Workers deliver their results on the main actor, so a host whose tree runs workers
/// belongs to the main actor.
public final class WorkflowHost<WorkflowType: Workflow> {
    private let loop: RenderLoop
    private let rootNode: WorkflowNode<WorkflowType>
    private var pendingOutput: WorkflowType.Output?

    /// The root's latest rendering.
    public let rendering: Property<WorkflowType.Rendering>

    /// The root's outputs.
    public let output = Signal<WorkflowType.Output, Never>()

    /// Starts the tree and renders it once.
    ///
    /// - Parameter observers: Receive the runtime's events, in the order given.
    public init(workflow: WorkflowType, observers: [any WorkflowObserver] = []) {
        let loop = RenderLoop(observers: observers)
        let rootNode = WorkflowNode(workflow: workflow, key: "", parentSession: nil, loop: loop)
        self.loop = loop
        self.rootNode = rootNode
        self.rendering = Property(initial: loop.rendering { rootNode.render() })
        rootNode.onOutput = { [weak self] output in
            self?.pendingOutput = output
            return true
        }
        loop.afterCascade = { [weak self] in
            self?.renderAndPublish()
        }
    }

    deinit {
        rootNode.tearDown()
    }

    /// Gives the root a new value (new props), then renders.
    public func update(workflow: WorkflowType) {
        loop.enqueue { [rootNode] in
            rootNode.update(workflow: workflow)
            return true
        }
    }

    private func renderAndPublish() {
        let output = pendingOutput
        pendingOutput = nil
        let newRendering = loop.rendering { rootNode.render() }
        rendering.set(newRendering)
        if let output {
            self.output.send(output)
        }
    }
}
