/// What an action can read while it is applied: the properties of the workflow it belongs to.
///
/// A context is good for the one `apply` it is passed to; reading from it after that
/// `apply` has returned (from a closure it stored, say) is a programmer error and traps.
public struct ApplyContext<WorkflowType: Workflow> {
    private let workflow: WorkflowType?
    private let validity: Validity

    /// Set on the context the older `apply(toState:)` bridge passes, so an action that
    /// implements neither form is reported instead of recursing forever.
    let isLegacyBridge: Bool

    /// Whether the `apply` the context was made for is still running.
    final class Validity {
        var isValid = true
        /// Hears a read of an optional value when there is no workflow to read it from
        /// (a tester made without `workflow:`); the read then gives `nil`.
        let reportMissingWorkflow: ((String) -> Void)?

        init(reportMissingWorkflow: ((String) -> Void)?) {
            self.reportMissingWorkflow = reportMissingWorkflow
        }
    }

    /// A context reading from `workflow`; `nil` makes every read a fatal error naming the
    /// key path, unless `reportMissingWorkflow` hears reads of optional values instead.
    package init(workflow: WorkflowType?, reportMissingWorkflow: ((String) -> Void)? = nil) {
        self.init(workflow: workflow, isLegacyBridge: false, reportMissingWorkflow: reportMissingWorkflow)
    }

    init(workflow: WorkflowType?, isLegacyBridge: Bool, reportMissingWorkflow: ((String) -> Void)? = nil) {
        self.workflow = workflow
        self.isLegacyBridge = isLegacyBridge
        self.validity = Validity(reportMissingWorkflow: reportMissingWorkflow)
    }

    /// Ends the context: the `apply` it was made for has returned.
    package func invalidate() {
        validity.isValid = false
    }

    /// The value at `keyPath` of the current workflow.
    public subscript<Value>(workflowValue keyPath: KeyPath<WorkflowType, Value>) -> Value {
        guard validity.isValid else {
            fatalError("An ApplyContext<\(WorkflowType.self)> was read (\(keyPath)) after the apply it was passed to returned; read workflow values inside apply.")
        }
        guard let workflow else {
            let message = "ApplyContext has no \(WorkflowType.self) to read \(keyPath) from. "
                + "Actions applied through apply(toState:) or a tester without `workflow:` cannot read workflow values."
            if let report = validity.reportMissingWorkflow, let none = Optional<Any>.none as? Value {
                report(message)
                return none
            }
            fatalError(message)
        }
        return workflow[keyPath: keyPath]
    }

    /// The earlier spelling of ``subscript(workflowValue:)``.
    public subscript<Value>(props keyPath: KeyPath<WorkflowType, Value>) -> Value {
        self[workflowValue: keyPath]
    }
}
