// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Workflow

/// What one ``RenderTester`` pass did: the state after it, the action it applied and the
/// output that action emitted.
public struct RenderTesterResult<WorkflowType: Workflow> {
    /// The state the pass started from.
    let initialState: WorkflowType.State
    /// The state after the pass and any action applied in it.
    public let state: WorkflowType.State
    let appliedAction: AppliedAction<WorkflowType>?
    /// The output emitted, if any.
    public let output: WorkflowType.Output?

    init(initialState: WorkflowType.State, state: WorkflowType.State, appliedAction: AppliedAction<WorkflowType>?, output: WorkflowType.Output?) {
        self.initialState = initialState
        self.state = state
        self.appliedAction = appliedAction
        self.output = output
    }

    /// Calls `assertions` with the resulting state.
    @discardableResult
    public func verifyState(
        file: StaticString = #file,
        line: UInt = #line,
        assertions: (WorkflowType.State) throws -> Void
    ) rethrows -> Self {
        try assertions(state)
        return self
    }

    /// Fails if an action was applied.
    @discardableResult
    public func assertNoAction(file: StaticString = #file, line: UInt = #line) -> Self {
        if let appliedAction {
            fail("Expected no action, but got \(appliedAction.action).", file: file, line: line)
        }
        return self
    }

    /// Calls `assertions` with the applied action; fails if none was applied or it is not an `ActionType`.
    @discardableResult
    public func verifyAction<ActionType: WorkflowAction>(
        type: ActionType.Type = ActionType.self,
        file: StaticString = #file,
        line: UInt = #line,
        assertions: (ActionType) throws -> Void
    ) rethrows -> Self where ActionType.WorkflowType == WorkflowType {
        guard let appliedAction else {
            fail("No action was produced (expected an action of type \(ActionType.self))", file: file, line: line)
            return self
        }
        guard let action = appliedAction.action as? ActionType else {
            fail("Expected action of type \(ActionType.self), got \(appliedAction.action)", file: file, line: line)
            return self
        }
        try assertions(action)
        return self
    }

    /// Fails unless the applied action equals `action`.
    @discardableResult
    public func assert<ActionType: WorkflowAction & Equatable>(
        action expected: ActionType,
        file: StaticString = #file,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) -> Self where ActionType.WorkflowType == WorkflowType {
        verifyAction(type: ActionType.self, file: file, line: line) { actual in
            expectEqual(actual, expected, .action, file: file, fileID: fileID, line: line, column: column)
        }
    }

    /// Fails if an output was emitted.
    @discardableResult
    public func assertNoOutput(file: StaticString = #file, line: UInt = #line) -> Self {
        if let output {
            fail("Expected no output, but got \(output).", file: file, line: line)
        }
        return self
    }

    /// Calls `assertions` with the output; fails if there is none.
    @discardableResult
    public func verifyOutput(
        file: StaticString = #file,
        line: UInt = #line,
        assertions: (WorkflowType.Output) throws -> Void
    ) rethrows -> Self {
        guard let output else {
            fail("No output was produced", file: file, line: line)
            return self
        }
        try assertions(output)
        return self
    }
}

extension RenderTesterResult where WorkflowType.State: Equatable {
    /// Fails with a diff unless the resulting state equals `expected`.
    @discardableResult
    public func assert(
        state expected: WorkflowType.State,
        file: StaticString = #file,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) -> Self {
        expectEqual(state, expected, .state, file: file, fileID: fileID, line: line, column: column)
        return self
    }

    /// Fails unless the state after the pass is the state it started from with
    /// `modifications` made to it.
    @discardableResult
    public func assertStateModifications(
        file: StaticString = #file,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column,
        _ modifications: (inout WorkflowType.State) throws -> Void
    ) rethrows -> Self {
        var expected = initialState
        try modifications(&expected)
        expectEqual(state, expected, .state, file: file, fileID: fileID, line: line, column: column)
        return self
    }
}

extension RenderTesterResult where WorkflowType.Output: Equatable {
    /// Fails with a diff unless an output equal to `expected` was emitted.
    @discardableResult
    public func assert(
        output expected: WorkflowType.Output,
        file: StaticString = #file,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) -> Self {
        verifyOutput(file: file, line: line) { actual in
            expectEqual(actual, expected, .output, file: file, fileID: fileID, line: line, column: column)
        }
    }
}
