import Workflow

/// Stands in for the runtime during one ``RenderTester`` pass: answers child renders
/// from the expectations, records side effects, and applies actions to a local state.
final class TestRenderBackend<WorkflowType: Workflow>: RenderContextBackend {
    private let workflow: WorkflowType
    private var state: WorkflowType.State
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
            fail(
                "Expected child workflow of type \(missing.workflowType) with key \"\(missing.key)\" was not rendered",
                file: missing.file,
                line: missing.line
            )
        }
        for missing in expectedSideEffects {
            fail("Expected side effect with key \(missing.key) was not run", file: missing.file, line: missing.line)
        }
        return rendering
    }

    func result() -> RenderTesterResult<WorkflowType> {
        RenderTesterResult(state: state, appliedAction: appliedAction, output: output)
    }

    private func apply<Action: WorkflowAction>(_ action: Action) where Action.WorkflowType == WorkflowType {
        if let earlier = appliedAction {
            fail(
                "\(WorkflowType.self) received a second action (\(action)) after \(earlier.action) in one render; "
                    + "the render tester applies one action per render",
                file: file,
                line: line
            )
            return
        }
        appliedAction = AppliedAction(action)
        output = action.apply(toState: &state, context: ApplyContext(workflow: workflow))
    }

    func render<Child: Workflow, Action: WorkflowAction>(
        workflow child: Child,
        key: String,
        outputMap: @escaping (Child.Output) -> Action
    ) -> Child.Rendering where Action.WorkflowType == WorkflowType {
        let identity = "\(String(reflecting: Child.self))|\(key)"
        if !renderedChildren.insert(identity).inserted {
            fail(
                "\(WorkflowType.self) rendered two children of type \(Child.self) with key \"\(key)\" in one render pass",
                file: file,
                line: line
            )
        }
        let index = expectedWorkflows.firstIndex { $0.workflowType == Child.self && $0.key == key }
        guard let index, let expected = expectedWorkflows.remove(at: index) as? ExpectedChild<Child> else {
            let message = "Unexpected child workflow of type \(Child.self) with key \"\(key)\"; "
                + "declare it with expectWorkflow(type: \(Child.self).self, key: \"\(key)\", producingRendering: ...)"
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
            fail(
                "Unexpected side effect with key \(key); declare it with expectSideEffect(key:)",
                file: file,
                line: line
            )
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
