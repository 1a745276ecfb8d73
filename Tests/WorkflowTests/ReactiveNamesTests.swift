// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import ReactiveNames
import Testing
import Workflow

/// A file that imports ReactiveSwift and Workflow (here, a module with ReactiveSwift's
/// top-level names) names `Signal`, `SignalProducer`, `Property` and `Disposable` without
/// ambiguity, and uses a host's streams as the original's are used.
@Suite("ReactiveSwift's names beside Workflow")
struct ReactiveNamesTests {
    struct Counter: Workflow {
        typealias Output = Int
        func makeInitialState() -> Int { 0 }
        func render(state: Int, context: RenderContext<Counter>) -> (count: Int, add: () -> Void) {
            let sink = context.makeSink(of: AnyWorkflowAction<Counter>.self)
            return (state, { sink.send(AnyWorkflowAction { state in state += 1; return state }) })
        }
    }

    @Test func theirNamesAreUnambiguousAndTheHostsStreamsWork() {
        // Theirs, by their plain names.
        _ = Signal<Int, Never>()
        _ = SignalProducer<Int, Never>()
        _ = Property<Int>()
        let _: (any Disposable)? = nil

        let host = WorkflowHost(workflow: Counter())
        var produced: [Int] = []
        var signalled: [Int] = []
        var outputs: [Int] = []
        host.rendering.producer.startWithValues { produced.append($0.count) }
        host.rendering.signal.observeValues { signalled.append($0.count) }
        host.output.observeValues { outputs.append($0) }
        host.rendering.value.add()
        host.rendering.value.add()
        #expect(produced == [0, 1, 2] && signalled == [1, 2] && outputs == [1, 2])
    }

    /// `host.output.signal` and `host.output.producer`, as code written against ReactiveSwift's
    /// `Signal` spells them: the same values, from the moment of observation (a signal has no
    /// current value to start with).
    @Test func theOutputSignalHasItsSignalAndProducer() {
        let host = WorkflowHost(workflow: Counter())
        host.rendering.value.add()
        var signalled: [Int] = []
        var produced: [Int] = []
        host.output.signal.observeValues { signalled.append($0) }
        let started = host.output.producer.startWithValues { produced.append($0) }
        host.rendering.value.add()
        started.dispose()
        host.rendering.value.add()
        #expect(signalled == [2, 3] && produced == [2])
    }

    @Test func takeDuringEndsWithTheLifetime() throws {
        /// Runs a side effect while `runs`, handing its lifetime out.
        struct Effects: Workflow {
            typealias State = Void
            var runs: Bool
            let keep: (Lifetime) -> Void
            func render(state: Void, context: RenderContext<Effects>) {
                if runs { context.runSideEffect(key: "effect") { lifetime in keep(lifetime) } }
            }
        }
        var kept: Lifetime?
        let effects = WorkflowHost(workflow: Effects(runs: true) { kept = $0 })
        let host = WorkflowHost(workflow: Counter())
        var heard: [Int] = []
        let lifetime = try #require(kept)
        host.output.take(during: lifetime).observeValues { heard.append($0) }
        host.rendering.value.add()
        effects.update(workflow: Effects(runs: false) { _ in })
        #expect(lifetime.hasEnded)
        host.rendering.value.add()
        #expect(heard == [1])
    }
}
