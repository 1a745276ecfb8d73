// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Workflow

extension WorkflowAction {
    /// A tester that applies actions of this type to `state`.
    ///
    /// - Parameter workflow: The workflow value actions read through their `ApplyContext`;
    ///   without it, reading an optional value is a test issue and gives `nil`, and reading
    ///   any other value is a fatal error naming the key path.
    public static func tester(
        withState state: WorkflowType.State,
        workflow: WorkflowType? = nil
    ) -> WorkflowActionTester<WorkflowType, Self> {
        WorkflowActionTester(state: state, workflow: workflow, output: nil)
    }
}

/// Applies actions one after another and checks the state and output after each.
///
/// ```swift run expect
/// enum Step: WorkflowAction {
///     typealias WorkflowType = Stepper
///     case up, down
///
///     func apply(toState state: inout Int, context: ApplyContext<Stepper>) -> Never? {
///         state += self == .up ? 1 : -1
///         return nil
///     }
/// }
///
/// struct Stepper: Workflow {
///     typealias State = Int
///     func makeInitialState() -> Int { 0 }
///     func render(state: Int, context: RenderContext<Stepper>) -> Int { state }
/// }
///
/// Step.tester(withState: 0)
///     .send(action: .up)
///     .send(action: .up)
///     .send(action: .down)
///     .assert(state: 1)
///     .assertNoOutput()
///     .verifyState { print("ends at", $0) }
/// ```
///
/// ```output
/// ends at 1
/// ```
public struct WorkflowActionTester<WorkflowType: Workflow, Action: WorkflowAction>
where Action.WorkflowType == WorkflowType {
    /// The state after the last action.
    public let state: WorkflowType.State
    /// The output of the last action.
    public let output: WorkflowType.Output?
    private let workflow: WorkflowType?

    init(state: WorkflowType.State, workflow: WorkflowType?, output: WorkflowType.Output?) {
        self.state = state
        self.workflow = workflow
        self.output = output
    }

    /// Applies `action` to the current state.
    @discardableResult
    public func send(action: Action, file: StaticString = #file, line: UInt = #line) -> Self {
        var newState = state
        // Without `workflow:`, reading an optional workflow value is an issue and gives `nil`;
        // the test goes on.
        let context = ApplyContext(workflow: workflow) { message in fail(message, file: file, line: line) }
        let output = action.apply(toState: &newState, context: context)
        context.invalidate()
        return Self(state: newState, workflow: workflow, output: output)
    }

    /// Fails if the last action emitted an output.
    @discardableResult
    public func assertNoOutput(file: StaticString = #file, line: UInt = #line) -> Self {
        if let output {
            fail("Expected no output, but got \(output).", file: file, line: line)
        }
        return self
    }

    /// Calls `assertions` with the last action's output; fails if there is none.
    @discardableResult
    public func verifyOutput(
        file: StaticString = #file,
        line: UInt = #line,
        _ assertions: (WorkflowType.Output) throws -> Void
    ) rethrows -> Self {
        guard let output else {
            fail("No output was produced", file: file, line: line)
            return self
        }
        try assertions(output)
        return self
    }

    /// Calls `assertions` with the current state.
    @discardableResult
    public func verifyState(_ assertions: (WorkflowType.State) throws -> Void) rethrows -> Self {
        try assertions(state)
        return self
    }
}

extension WorkflowActionTester where WorkflowType.State: Equatable {
    /// Fails with a diff unless the state equals `expected`.
    @discardableResult
    public func assert(state expected: WorkflowType.State, file: StaticString = #file, line: UInt = #line) -> Self {
        expectEqual(state, expected, .state, file: file, line: line)
        return self
    }
}

extension WorkflowActionTester where WorkflowType.Output: Equatable {
    /// Fails with a diff unless the last action emitted an output equal to `expected`.
    @discardableResult
    public func assert(output expected: WorkflowType.Output, file: StaticString = #file, line: UInt = #line) -> Self {
        verifyOutput(file: file, line: line) { actual in
            expectEqual(actual, expected, .output, file: file, line: line)
        }
    }
}
