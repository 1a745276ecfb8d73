/// One live workflow in a host's tree: its current value, its state, and everything its
/// last render pass declared (children, side effects, sinks).
final class WorkflowNode<W: Workflow> {
    private(set) var workflow: W
    private(set) var state: W.State
    let session: WorkflowSession
    private let loop: RenderLoop

    /// Where this node's outputs go: the parent's output map, or the host for the root.
    var onOutput: (W.Output) -> Void = { _ in }

    private var children: [ChildIdentity: any ChildNodeProtocol] = [:]
    private var sideEffects: [AnyHashable: Lifetime] = [:]
    private var sinks: [ObjectIdentifier: any RetirableSink] = [:]

    /// What the pass in progress has declared; `nil` outside `render()`.
    private var pass: PassRecord?

    private struct PassRecord {
        var children: [ChildIdentity: any ChildNodeProtocol] = [:]
        var sideEffects: [AnyHashable: Lifetime] = [:]
        var declaredSinks: Set<ObjectIdentifier> = []
    }

    init(workflow: W, key: String, parentSession: WorkflowSession?, loop: RenderLoop) {
        self.workflow = workflow
        self.loop = loop
        self.session = WorkflowSession(workflowType: W.self, renderKey: key, parent: parentSession)
        loop.observers.sessionDidBegin(session)
        self.state = workflow.makeInitialState()
        loop.observers.workflowDidMakeInitialState(workflow, initialState: state, session: session)
    }

    /// Takes a new value from the parent and lets the workflow adjust its state.
    func update(workflow newWorkflow: W) {
        let old = workflow
        workflow = newWorkflow
        newWorkflow.workflowDidChange(from: old, state: &state)
        loop.observers.workflowDidChange(from: old, to: newWorkflow, state: state, session: session)
    }

    /// Runs one render pass of this node (and, through the context, of its children), then
    /// tears down whatever the pass did not declare.
    func render() -> W.Rendering {
        let didRender = loop.observers.workflowWillRender(workflow, state: state, session: session)
        pass = PassRecord()
        let context = RenderContext(backend: self)
        let rendering = workflow.render(state: state, context: context)
        context.invalidate()
        let record = pass ?? PassRecord()
        pass = nil

        let previousChildren = children
        let previousEffects = sideEffects
        children = record.children
        sideEffects = record.sideEffects
        if sinks.count != record.declaredSinks.count {
            for (type, sink) in sinks where !record.declaredSinks.contains(type) {
                sink.retire()
                sinks[type] = nil
            }
        }
        if previousChildren.count != 0 {
            for (identity, child) in previousChildren where children[identity] == nil { child.tearDown() }
        }
        if previousEffects.count != 0 {
            for (key, lifetime) in previousEffects where sideEffects[key] == nil { lifetime.end() }
        }

        didRender?(rendering)
        return rendering
    }

    /// Applies `action` to the state and hands any output on, one step of a cascade.
    func apply<Action: WorkflowAction>(_ action: Action) where Action.WorkflowType == W {
        let observers = loop.observers
        observers.workflowDidReceiveAction(action, workflow: workflow, session: session)
        let didApply = observers.workflowWillApplyAction(action, workflow: workflow, state: state, session: session)
        let output = action.apply(toState: &state, context: ApplyContext(workflow: workflow))
        didApply?(state, output)
        if let output {
            onOutput(output)
        }
    }

    /// Ends everything this node started and removes it from observation.
    func tearDown() {
        for (_, child) in children { child.tearDown() }
        for (_, lifetime) in sideEffects { lifetime.end() }
        for (_, sink) in sinks { sink.retire() }
        children = [:]
        sideEffects = [:]
        sinks = [:]
        loop.observers.sessionDidEnd(session)
    }
}

extension WorkflowNode: RenderContextBackend {
    typealias WorkflowType = W

    func render<Child: Workflow, Action: WorkflowAction>(
        workflow child: Child,
        key: String,
        outputMap: @escaping (Child.Output) -> Action
    ) -> Child.Rendering where Action.WorkflowType == W {
        let identity = ChildIdentity(type: Child.self, key: key)
        if pass?.children[identity] != nil {
            fatalError(
                "\(W.self) rendered two children of type \(Child.self) with key \"\(key)\" in one render pass. "
                    + "Children of the same type need distinct keys: rendered(in: context, key: ...)."
            )
        }
        let node: ChildNode<Child, W>
        if let existing = children[identity] as? ChildNode<Child, W> {
            existing.update(workflow: child, outputMap: outputMap)
            node = existing
        } else {
            node = ChildNode(workflow: child, key: key, parent: self, loop: loop, outputMap: outputMap)
        }
        pass?.children[identity] = node
        return node.render()
    }

    func makeSink<Action: WorkflowAction>(of actionType: Action.Type) -> Sink<Action> where Action.WorkflowType == W {
        let type = ObjectIdentifier(actionType)
        pass?.declaredSinks.insert(type)
        if let existing = sinks[type] as? ReusableSink<Action> {
            return existing.makeSink()
        }
        let reusable = ReusableSink<Action>(node: self, loop: loop)
        sinks[type] = reusable
        return reusable.makeSink()
    }

    func runSideEffect(key: AnyHashable, action: (Lifetime) -> Void) {
        if pass?.sideEffects[key] != nil { return }
        if let running = sideEffects[key] {
            pass?.sideEffects[key] = running
            return
        }
        let lifetime = Lifetime()
        pass?.sideEffects[key] = lifetime
        action(lifetime)
    }
}
