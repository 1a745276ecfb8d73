// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// What an action can read while it is applied: the properties of the workflow it belongs to.
///
/// A context is good for the one `apply` it is passed to; reading from it after that
/// `apply` has returned (from a closure it stored, say) is a programmer error and traps.
public struct ApplyContext<WorkflowType: Workflow> {
    private let workflow: WorkflowType?
    private let scope: Scope
    /// The scope's apply this context was made for.
    private let generation: UInt64

    /// Set on the context the older `apply(toState:)` bridge passes, so an action that
    /// implements neither form is reported instead of recursing forever.
    let isLegacyBridge: Bool

    /// Counts the applies of one node (or tester), so a context knows whether the apply
    /// it was made for is still running. A node keeps one for its life: no allocation per
    /// action.
    package final class Scope {
        var generation: UInt64 = 0
        /// Hears a read of an optional value when there is no workflow to read it from
        /// (a tester made without `workflow:`); the read then gives `nil`.
        let reportMissingWorkflow: ((String) -> Void)?

        package init(reportMissingWorkflow: ((String) -> Void)? = nil) {
            self.reportMissingWorkflow = reportMissingWorkflow
        }
    }

    /// A context reading from `workflow`; `nil` makes every read a fatal error naming the
    /// key path, unless `reportMissingWorkflow` hears reads of optional values instead.
    package init(workflow: WorkflowType?, reportMissingWorkflow: ((String) -> Void)? = nil) {
        self.init(workflow: workflow, scope: Scope(reportMissingWorkflow: reportMissingWorkflow))
    }

    /// A context for the next apply of `scope`'s node.
    package init(workflow: WorkflowType?, scope: Scope) {
        self.workflow = workflow
        self.isLegacyBridge = false
        self.scope = scope
        self.generation = scope.generation
    }

    init(workflow: WorkflowType?, isLegacyBridge: Bool) {
        self.workflow = workflow
        self.isLegacyBridge = isLegacyBridge
        self.scope = Scope()
        self.generation = 0
    }

    /// Ends the context: the `apply` it was made for has returned.
    package func invalidate() {
        if scope.generation == generation { scope.generation &+= 1 }
    }

    /// The value at `keyPath` of the current workflow.
    public subscript<Value>(workflowValue keyPath: KeyPath<WorkflowType, Value>) -> Value {
        guard scope.generation == generation else {
            fatalError("An ApplyContext<\(WorkflowType.self)> was read (\(keyPath)) after the apply it was passed to returned; read workflow values inside apply.")
        }
        guard let workflow else {
            let message = "ApplyContext has no \(WorkflowType.self) to read \(keyPath) from. "
                + "Actions applied through apply(toState:) or a tester without `workflow:` cannot read workflow values."
            if let report = scope.reportMissingWorkflow, let none = Optional<Any>.none as? Value {
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
