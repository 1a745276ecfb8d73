// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Workflow

/// An expected child, erased so one list can hold children of any type.
protocol ExpectedWorkflow {
    var workflowType: Any.Type { get }
    var key: String { get }
    var file: StaticString { get }
    var line: UInt { get }
}

struct ExpectedChild<Child: Workflow>: ExpectedWorkflow {
    let key: String
    let rendering: Child.Rendering
    let output: Child.Output?
    let assertions: (Child) -> Void
    let file: StaticString
    let line: UInt

    var workflowType: Any.Type { Child.self }
}

struct ExpectedSideEffect<WorkflowType: Workflow> {
    let key: AnyHashable
    let action: AnyWorkflowAction<WorkflowType>?
    let file: StaticString
    let line: UInt
}
