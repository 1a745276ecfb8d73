// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Testing
import Workflow

/// A workflow whose actions are written in the older `apply(toState:)` form.
struct Legacy: Workflow {
    typealias State = [String]
    typealias Output = Int
    func makeInitialState() -> [String] { [] }

    enum Action: WorkflowAction {
        typealias WorkflowType = Legacy
        case append(String)

        func apply(toState state: inout [String]) -> Int? {
            switch self {
            case .append(let text):
                state.append(text)
                return state.count
            }
        }
    }

    func render(state: [String], context: RenderContext<Legacy>) -> ([String], Sink<Action>) {
        (state, context.makeSink(of: Action.self))
    }
}

@Suite("Actions")
struct ActionTests {
    @Test func olderApplyFormRunsInTheRuntime() {
        let host = WorkflowHost(workflow: Legacy())
        var outputs: [Int] = []
        host.output.observeValues { outputs.append($0) }
        host.rendering.value.1.send(.append("a"))
        host.rendering.value.1.send(.append("b"))
        #expect(host.rendering.value.0 == ["a", "b"])
        #expect(outputs == [1, 2])
    }

    @Test func applyContextReadsWorkflowValuesBothSpellings() {
        struct Step: Workflow {
            var step: Int
            func makeInitialState() -> Int { 0 }
            func render(state: Int, context: RenderContext<Step>) -> Int { state }
        }
        let context = ApplyContext(workflow: Step(step: 3))
        #expect(context[workflowValue: \.step] == 3)
        #expect(context[props: \.step] == 3)
    }

    @Test func anyWorkflowActionWrapsValuesAndClosures() {
        var state = 1
        let wrapped = AnyWorkflowAction(Counter.Action.increment)
        #expect(!wrapped.isClosureBased)
        #expect(wrapped.base as? Counter.Action == .increment)
        #expect(AnyWorkflowAction(wrapped).base as? Counter.Action == .increment, "wrapping twice unwraps")

        let context = ApplyContext(workflow: Counter(limit: 100))
        #expect(wrapped.apply(toState: &state, context: context) == nil)
        #expect(state == 2)

        let closure = AnyWorkflowAction<Counter> { state in
            state *= 10
            return nil
        }
        #expect(closure.isClosureBased)
        #expect("\(closure.base)".hasPrefix("closure action at WorkflowTests/ActionTests.swift:"))
        _ = closure.apply(toState: &state, context: context)
        #expect(state == 20)

        #expect(AnyWorkflowAction<Counter>(sendingOutput: .reachedLimit(9)).apply(toState: &state, context: context) == .reachedLimit(9))
        // As a function value, spelled as the original's is (no location parameters).
        let sending: (Counter.Output) -> AnyWorkflowAction<Counter> = AnyWorkflowAction.init(sendingOutput:)
        #expect(sending(.reachedLimit(3)).apply(toState: &state, context: context) == .reachedLimit(3))
        #expect(AnyWorkflowAction<Counter>.noAction.apply(toState: &state, context: context) == nil)
        #expect(state == 20)
    }
}
