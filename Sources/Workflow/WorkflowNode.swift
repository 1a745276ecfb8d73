// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// One live workflow in a host's tree: its current value, its state, and everything its
/// last render pass declared (children, side effects, sinks).
final class WorkflowNode<W: Workflow> {
    private(set) var workflow: W
    private(set) var state: W.State
    let session: WorkflowSession
    let loop: RenderLoop

    /// Where this node's outputs go, with the update that produced them (with a debugger):
    /// the parent's output map, or the host for the root. Returns whether the tree must
    /// render again.
    var onOutput: (W.Output, WorkflowUpdateDebugInfo?) -> Bool = { _, _ in true }

    /// The node whose render pass renders this one; `nil` for the root. Unowned rather than
    /// weak: a node never outlives its parent, which owns it, and a weak reference would
    /// move the parent's reference counts into a side table, slowing every pass.
    private unowned let parent: (any ParentNode)?
    /// With ``RenderLoop/rendersOnlyChanges``: whether this node or one below it changed
    /// since its last render pass, and that pass's rendering, reused while nothing changed.
    private var isDirty = true
    private var lastRendering: W.Rendering?
    /// Tells this node's apply contexts apart, so one read after its apply returned traps.
    private lazy var applyScope = ApplyContext<W>.Scope()
    /// `==` of the workflow's value and of its state, when they are `Equatable`.
    private var sameWorkflow: ((W, W) -> Bool)?
    private var sameState: ((W.State, W.State) -> Bool)?

    private var children: [ChildIdentity: any ChildNodeProtocol] = [:]
    /// The children in the order the last pass declared them, for debug snapshots; kept
    /// only with a debugger, outside the pass record so that passes without one copy less.
    private var childOrder: [ChildIdentity] = []
    private var passChildOrder: [ChildIdentity] = []
    private var sideEffects: [AnyHashable: Lifetime] = [:]
    private var sinks: [ObjectIdentifier: any RetirableSink] = [:]

    /// What the pass in progress has declared; `nil` outside `render()`.
    private var pass: PassRecord?

    private struct PassRecord {
        var children: [ChildIdentity: any ChildNodeProtocol] = [:]
        var sideEffects: [AnyHashable: Lifetime] = [:]
        var declaredSinks: Set<ObjectIdentifier> = []
    }

    init(workflow: W, key: String, parentSession: WorkflowSession?, loop: RenderLoop, parent: (any ParentNode)? = nil) {
        self.workflow = workflow
        self.loop = loop
        self.parent = parent
        self.session = WorkflowSession(workflowType: W.self, renderKey: key, parent: parentSession)
        loop.observers.sessionDidBegin(session)
        self.state = workflow.makeInitialState()
        if loop.rendersOnlyChanges {
            sameWorkflow = equality(of: workflow)
            sameState = equality(of: state)
        }
        loop.observers.workflowDidMakeInitialState(workflow, initialState: state, session: session)
    }

    /// Takes a new value from the parent and lets the workflow adjust its state.
    func update(workflow newWorkflow: W) {
        let old = workflow
        workflow = newWorkflow
        if loop.rendersOnlyChanges {
            let oldState = state
            newWorkflow.workflowDidChange(from: old, state: &state)
            if sameWorkflow?(old, newWorkflow) != true || sameState?(oldState, state) != true { markDirty() }
        } else {
            newWorkflow.workflowDidChange(from: old, state: &state)
        }
        loop.observers.workflowDidChange(from: old, to: newWorkflow, state: state, session: session)
    }

    /// Runs one render pass of this node (and, through the context, of its children), then
    /// tears down whatever the pass did not declare.
    func render() -> W.Rendering {
        if loop.rendersOnlyChanges {
            if !isDirty, let lastRendering { return lastRendering }
            let rendering = renderPass()
            lastRendering = rendering
            isDirty = false
            return rendering
        }
        return renderPass()
    }

    @inline(__always)
    private func renderPass() -> W.Rendering {
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
        if loop.isDebugging {
            childOrder = passChildOrder
            passChildOrder = []
        }
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
    /// Returns whether the tree must render again: always, unless the loop renders only
    /// changes and neither the state (`Equatable`) nor anything the output led to changed.
    /// With a debugger, where the action came from is ``RenderLoop/pendingSource``: a
    /// child's output, or else an event from outside.
    @discardableResult
    func apply<Action: WorkflowAction>(_ action: Action) -> Bool where Action.WorkflowType == W {
        let observers = loop.observers
        observers.workflowDidReceiveAction(action, workflow: workflow, session: session)
        let didApply = observers.workflowWillApplyAction(action, workflow: workflow, state: state, session: session)
        var changed = true
        let output: W.Output?
        if loop.rendersOnlyChanges {
            let before = state
            output = applyOnce(action)
            changed = sameState?(before, state) != true
            if changed { markDirty() }
        } else {
            output = applyOnce(action)
        }
        didApply?(state, output)
        var update: WorkflowUpdateDebugInfo?
        if loop.isDebugging {
            update = WorkflowUpdateDebugInfo(workflowType: "\(W.self)", kind: .didUpdate(source: loop.pendingSource ?? .external))
            loop.pendingSource = nil
        }
        if let output {
            changed = onOutput(output, update) || changed
        } else if let update {
            loop.pendingUpdate = parent?.seenFromRoot(update) ?? update
        }
        return changed
    }

    /// `action` applied to the state with a context good for this apply only.
    @inline(__always)
    private func applyOnce<Action: WorkflowAction>(_ action: Action) -> W.Output? where Action.WorkflowType == W {
        let context = ApplyContext(workflow: workflow, scope: applyScope)
        defer { context.invalidate() }
        return action.apply(toState: &state, context: context)
    }

    /// This node's part of a debug snapshot: its type, its state and its children's parts.
    func debugSnapshot() -> WorkflowHierarchyDebugSnapshot {
        WorkflowHierarchyDebugSnapshot(
            workflowType: "\(W.self)",
            stateDescription: String(describing: state),
            children: childOrder.compactMap { identity in
                children[identity].map { WorkflowHierarchyDebugSnapshot.Child(key: identity.key, snapshot: $0.debugSnapshot()) }
            }
        )
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

/// What a child asks of the node that renders it.
protocol ParentNode: AnyObject {
    /// This node, or something below it, changed.
    func markDirty()
    /// `update`, which happened below this node, as the root sees it.
    func seenFromRoot(_ update: WorkflowUpdateDebugInfo) -> WorkflowUpdateDebugInfo
}

extension WorkflowNode: ParentNode {
    func seenFromRoot(_ update: WorkflowUpdateDebugInfo) -> WorkflowUpdateDebugInfo {
        let own = WorkflowUpdateDebugInfo(workflowType: "\(W.self)", kind: .childDidUpdate(update))
        return parent?.seenFromRoot(own) ?? own
    }

    /// This node must render again, and so must every node above it.
    func markDirty() {
        guard !isDirty else { return }
        isDirty = true
        parent?.markDirty()
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
        if loop.isDebugging { passChildOrder.append(identity) }
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
