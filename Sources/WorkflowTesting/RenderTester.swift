// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Workflow

extension Workflow {
    /// A tester that renders this workflow from `initialState`.
    public func renderTester(initialState: State) -> RenderTester<Self> {
        RenderTester(workflow: self, state: initialState)
    }

    /// A tester that renders this workflow from `makeInitialState()`.
    public func renderTester() -> RenderTester<Self> {
        renderTester(initialState: makeInitialState())
    }
}

/// Renders one workflow once, without running its children or side effects, and reports
/// what the pass did.
///
/// Declare what the pass must render with `expect…` calls; each expected child returns the
/// rendering you give it and may emit an output. Then call ``render(file:line:assertions:)``:
/// anything rendered but not expected, or expected but not rendered, fails the test at the
/// line of the expectation. Actions sent from the rendering inside `assertions` (a tap, say)
/// are applied to the state, and the result reports the final state, action and output.
///
/// ```swift run expect
/// struct Counter: Workflow {
///     typealias State = Int
///
///     enum Action: WorkflowAction {
///         typealias WorkflowType = Counter
///         case increment
///
///         func apply(toState state: inout Int, context: ApplyContext<Counter>) -> Never? {
///             state += 1
///             return nil
///         }
///     }
///
///     struct Screen {
///         var count: Int
///         var onIncrement: () -> Void
///     }
///
///     func makeInitialState() -> Int { 0 }
///
///     func render(state: Int, context: RenderContext<Counter>) -> Screen {
///         let sink = context.makeSink(of: Action.self)
///         return Screen(count: state, onIncrement: { sink.send(.increment) })
///     }
/// }
///
/// Counter().renderTester(initialState: 0)
///     .render { screen in print("shows", screen.count); screen.onIncrement() }
///     .assert(state: 1)
/// ```
///
/// ```output
/// shows 0
/// ```
public struct RenderTester<WorkflowType: Workflow> {
    let workflow: WorkflowType
    let state: WorkflowType.State
    var expectedWorkflows: [any ExpectedWorkflow] = []
    var expectedSideEffects: [ExpectedSideEffect<WorkflowType>] = []

    init(workflow: WorkflowType, state: WorkflowType.State) {
        self.workflow = workflow
        self.state = state
    }

    private func adding(_ expectation: any ExpectedWorkflow) -> Self {
        var copy = self
        copy.expectedWorkflows.append(expectation)
        return copy
    }

    private func adding(_ expectation: ExpectedSideEffect<WorkflowType>) -> Self {
        var copy = self
        copy.expectedSideEffects.append(expectation)
        return copy
    }

    /// Expects a child of `type` rendered with `key`.
    ///
    /// - Parameters:
    ///   - rendering: What the child's render returns in the test.
    ///   - output: An output the child emits right after it is rendered; it goes through
    ///     the parent's output map and is applied as the parent's action.
    ///   - assertions: Checks the child workflow value the parent rendered.
    public func expectWorkflow<ExpectedWorkflowType: Workflow>(
        type: ExpectedWorkflowType.Type,
        key: String = "",
        producingRendering rendering: ExpectedWorkflowType.Rendering,
        producingOutput output: ExpectedWorkflowType.Output? = nil,
        file: StaticString = #file,
        line: UInt = #line,
        assertions: @escaping (ExpectedWorkflowType) -> Void = { _ in }
    ) -> RenderTester<WorkflowType> {
        adding(
            ExpectedChild<ExpectedWorkflowType>(
                key: key,
                rendering: rendering,
                output: output,
                assertions: assertions,
                file: file,
                line: line
            )
        )
    }

    /// Expects a child of `type` rendered through `ignoringOutput()`.
    public func expectWorkflowIgnoringOutput<ExpectedWorkflowType: Workflow>(
        type: ExpectedWorkflowType.Type,
        key: String = "",
        producingRendering rendering: ExpectedWorkflowType.Rendering,
        file: StaticString = #file,
        line: UInt = #line,
        assertions: @escaping (ExpectedWorkflowType) -> Void = { _ in }
    ) -> RenderTester<WorkflowType> {
        expectWorkflow(
            type: OutputBlockingWorkflow<ExpectedWorkflowType>.self,
            key: key,
            producingRendering: rendering,
            file: file,
            line: line,
            assertions: { assertions($0.child) }
        )
    }

    /// Expects a side effect run with `key`.
    public func expectSideEffect(
        key: AnyHashable,
        file: StaticString = #file,
        line: UInt = #line
    ) -> RenderTester<WorkflowType> {
        adding(ExpectedSideEffect(key: key, action: nil, file: file, line: line))
    }

    /// Expects a side effect run with `key`, which then sends `action`.
    public func expectSideEffect<ActionType: WorkflowAction>(
        key: AnyHashable,
        producingAction action: ActionType,
        file: StaticString = #file,
        line: UInt = #line
    ) -> RenderTester<WorkflowType> where ActionType.WorkflowType == WorkflowType {
        adding(ExpectedSideEffect(key: key, action: AnyWorkflowAction(action), file: file, line: line))
    }

    /// Renders once, checks the expectations, then calls `assertions` with the rendering.
    @discardableResult
    public func render(
        file: StaticString = #file,
        line: UInt = #line,
        assertions: (WorkflowType.Rendering) throws -> Void
    ) rethrows -> RenderTesterResult<WorkflowType> {
        let backend = TestRenderBackend(
            workflow: workflow,
            state: state,
            expectedWorkflows: expectedWorkflows,
            expectedSideEffects: expectedSideEffects,
            file: file,
            line: line
        )
        let rendering = backend.renderOnce()
        try assertions(rendering)
        return backend.result()
    }

    /// Renders once and checks the expectations, ignoring the rendering.
    @discardableResult
    public func render(file: StaticString = #file, line: UInt = #line) -> RenderTesterResult<WorkflowType> {
        render(file: file, line: line, assertions: { _ in })
    }
}
