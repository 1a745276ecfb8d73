/// What an action can read while it is applied: the properties of the workflow it belongs to.
public struct ApplyContext<WorkflowType: Workflow> {
    private let workflow: WorkflowType?

    /// Set on the context the older `apply(toState:)` bridge passes, so an action that
    /// implements neither form is reported instead of recursing forever.
    let isLegacyBridge: Bool

    /// A context reading from `workflow`; `nil` makes every read a fatal error naming the key path.
    package init(workflow: WorkflowType?) {
        self.init(workflow: workflow, isLegacyBridge: false)
    }

    init(workflow: WorkflowType?, isLegacyBridge: Bool) {
        self.workflow = workflow
        self.isLegacyBridge = isLegacyBridge
    }

    /// The value at `keyPath` of the current workflow.
    public subscript<Value>(workflowValue keyPath: KeyPath<WorkflowType, Value>) -> Value {
        guard let workflow else {
            fatalError(
                "ApplyContext has no \(WorkflowType.self) to read \(keyPath) from. "
                    + "Actions applied through apply(toState:) or a tester without `workflow:` cannot read workflow values."
            )
        }
        return workflow[keyPath: keyPath]
    }

    /// The earlier spelling of ``subscript(workflowValue:)``.
    public subscript<Value>(props keyPath: KeyPath<WorkflowType, Value>) -> Value {
        self[workflowValue: keyPath]
    }
}
