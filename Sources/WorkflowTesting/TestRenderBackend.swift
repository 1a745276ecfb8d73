// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Workflow
import WorkflowConcurrency

/// Stands in for the runtime during one ``RenderTester`` pass: answers child renders
/// from the expectations, records side effects, and applies actions to a local state.
final class TestRenderBackend<WorkflowType: Workflow>: RenderContextBackend {
    private let workflow: WorkflowType
    private var state: WorkflowType.State
    private let initialState: WorkflowType.State
    private var expectedWorkflows: [any ExpectedWorkflow]
    private var expectedSideEffects: [ExpectedSideEffect<WorkflowType>]
    private let file: StaticString
    private let line: UInt

    private var renderedChildren: Set<String> = []
    private var isRendering = false
    private var appliedAction: AppliedAction<WorkflowType>?
    private var output: WorkflowType.Output?

    init(
        workflow: WorkflowType,
        state: WorkflowType.State,
        expectedWorkflows: [any ExpectedWorkflow],
        expectedSideEffects: [ExpectedSideEffect<WorkflowType>],
        file: StaticString,
        line: UInt
    ) {
        self.workflow = workflow
        self.state = state
        self.initialState = state
        self.expectedWorkflows = expectedWorkflows
        self.expectedSideEffects = expectedSideEffects
        self.file = file
        self.line = line
    }

    func renderOnce() -> WorkflowType.Rendering {
        let context = RenderContext(backend: self)
        isRendering = true
        let rendering = workflow.render(state: state, context: context)
        isRendering = false
        context.invalidate()
        for missing in expectedWorkflows {
            fail("Expected child workflow of type: \(Self.name(missing.workflowType)), key: \"\(missing.key)\"", file: missing.file, line: missing.line)
        }
        for missing in expectedSideEffects {
            fail("Expected side-effect with key: \(Self.quoted(missing.key))", file: missing.file, line: missing.line)
        }
        return rendering
    }

    func result() -> RenderTesterResult<WorkflowType> {
        RenderTesterResult(initialState: initialState, state: state, appliedAction: appliedAction, output: output)
    }

    /// What an unexpected child's message adds, as the original words it: the key or type
    /// that was expected instead, or how to expect the child.
    static func hint(for type: Any.Type, key: String, among expected: [any ExpectedWorkflow]) -> String {
        let sameType = expected.filter { $0.workflowType == type }.map(\.key)
        let sameKey = expected.filter { $0.key == key }.map(\.workflowType)
        if sameType.count == 1 { return "Expecting key \"\(sameType[0])\"." }
        if sameType.count > 1 { return "Expecting key in \"\(sameType)\"." }
        if sameKey.count == 1 { return "Found expectation of type \(name(sameKey[0])) for key \"\(key)\"." }
        if sameKey.count > 1 { return "Found expectations for types \(sameKey) with key \"\(key)\"." }
        return "If this child Workflow is expected, please add a call to `expectWorkflow(...)` with the appropriate parameters before invoking `render()`."
    }

    /// A child's type as messages name it: a worker's by the name of the workflow the
    /// original runs it in (`WorkerWorkflow<W>`), which tests written against it look for.
    static func name(_ type: Any.Type) -> String {
        (type as? any WorkerRunning.Type)?.workflowTypeName ?? "\(type)"
    }

    /// A side effect's key as the original's messages print it: in quotes.
    static func quoted(_ key: AnyHashable) -> String {
        "\"\(key)\""
    }

    /// Applies `action` to the state. A second action in one render is reported, as the
    /// original's tester does, and applied too: the result then holds the last one.
    private func apply<Action: WorkflowAction>(_ action: Action) where Action.WorkflowType == WorkflowType {
        if let earlier = appliedAction {
            fail("Received multiple actions in a single render test: \(earlier.action), then \(action)", file: file, line: line)
        }
        appliedAction = AppliedAction(action)
        let context = ApplyContext(workflow: workflow)
        let produced = action.apply(toState: &state, context: context)
        context.invalidate()
        if let produced {
            if let earlier = output {
                fail("Received multiple outputs in a single render test: \(earlier), then \(produced)", file: file, line: line)
            }
            output = produced
        }
    }

    func render<Child: Workflow, Action: WorkflowAction>(
        workflow child: Child,
        key: String,
        outputMap: @escaping (Child.Output) -> Action
    ) -> Child.Rendering where Action.WorkflowType == WorkflowType {
        let identity = "\(String(reflecting: Child.self))|\(key)"
        if !renderedChildren.insert(identity).inserted {
            fail(
                "Multiple Workflows of type \(Self.name(Child.self)) with key \"\(key)\" used in the same render call. Use a unique key to render multiple Workflows of the same type.",
                file: file,
                line: line
            )
        }
        let index = expectedWorkflows.firstIndex { $0.workflowType == Child.self && $0.key == key }
        guard let index, let expected = expectedWorkflows.remove(at: index) as? ExpectedChild<Child> else {
            let message = "Attempted to render unexpected Workflow of type \(Self.name(Child.self)) with key \"\(key)\". " + Self.hint(for: Child.self, key: key, among: expectedWorkflows)
            if let nothing = () as? Child.Rendering {
                fail(message, file: file, line: line)
                return nothing
            }
            fatalError("\(message). The tester has no rendering to return for it and cannot continue.")
        }
        expected.assertions(child)
        if let childOutput = expected.output {
            apply(outputMap(childOutput))
        }
        return expected.rendering
    }

    func makeSink<Action: WorkflowAction>(
        of actionType: Action.Type
    ) -> Sink<Action> where Action.WorkflowType == WorkflowType {
        Sink { [weak self] action in
            guard let self else { return }
            if self.isRendering {
                fail(
                    "A sink of \(WorkflowType.self) was sent \(action) during render; sinks are for events after rendering",
                    file: self.file,
                    line: self.line
                )
                return
            }
            self.apply(action)
        }
    }

    func runSideEffect(key: AnyHashable, action: (Lifetime) -> Void) {
        guard let index = expectedSideEffects.firstIndex(where: { $0.key == key }) else {
            fail("Unexpected side-effect with key \(Self.quoted(key)); declare it with expectSideEffect(key:)", file: file, line: line)
            return
        }
        let expected = expectedSideEffects.remove(at: index)
        if let produced = expected.action {
            apply(produced)
        }
    }
}

/// The action a render applied, kept for `verifyAction` and `assert(action:)`.
struct AppliedAction<WorkflowType: Workflow> {
    let action: Any

    init<Action: WorkflowAction>(_ action: Action) where Action.WorkflowType == WorkflowType {
        if let erased = action as? AnyWorkflowAction<WorkflowType>, !erased.isClosureBased {
            self.action = erased.base
        } else {
            self.action = action
        }
    }
}
