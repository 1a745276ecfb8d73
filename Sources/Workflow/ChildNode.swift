// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// A child's identity within its parent: its workflow type and the key it was rendered with.
struct ChildIdentity: Hashable {
    let type: ObjectIdentifier
    let key: String

    init(type: Any.Type, key: String) {
        self.type = ObjectIdentifier(type)
        self.key = key
    }
}

/// Lets a parent hold children of different workflow types.
protocol ChildNodeProtocol: AnyObject {
    func tearDown()
    func debugSnapshot() -> WorkflowHierarchyDebugSnapshot
}

/// A child node together with the map that turns its outputs into the parent's actions.
final class ChildNode<Child: Workflow, Parent: Workflow>: ChildNodeProtocol {
    let node: WorkflowNode<Child>
    private var outputMap: (Child.Output) -> AnyWorkflowAction<Parent>

    init<Action: WorkflowAction>(
        workflow: Child,
        key: String,
        parent: WorkflowNode<Parent>,
        loop: RenderLoop,
        outputMap: @escaping (Child.Output) -> Action
    ) where Action.WorkflowType == Parent {
        self.node = WorkflowNode(workflow: workflow, key: key, parentSession: parent.session, loop: loop, parent: parent)
        self.outputMap = { AnyWorkflowAction(outputMap($0)) }
        node.onOutput = { [weak self, weak parent] output, update in
            guard let self, let parent else { return false }
            if let update { parent.loop.pendingSource = .subtree(update) }
            return parent.apply(self.outputMap(output))
        }
    }

    func update<Action: WorkflowAction>(
        workflow: Child,
        outputMap: @escaping (Child.Output) -> Action
    ) where Action.WorkflowType == Parent {
        self.outputMap = { AnyWorkflowAction(outputMap($0)) }
        node.update(workflow: workflow)
    }

    func render() -> Child.Rendering {
        node.render()
    }

    func tearDown() {
        node.tearDown()
    }

    func debugSnapshot() -> WorkflowHierarchyDebugSnapshot {
        node.debugSnapshot()
    }
}
