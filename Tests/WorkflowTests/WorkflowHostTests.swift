// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Testing
import Workflow

@Suite("WorkflowHost")
struct WorkflowHostTests {
    @Test func rendersOnCreationAndAfterEveryAction() {
        let host = WorkflowHost(workflow: Counter(limit: 100))
        #expect(host.rendering.value.count == 0)
        host.rendering.value.onIncrement()
        host.rendering.value.onIncrement()
        #expect(host.rendering.value.count == 2)
        host.rendering.value.onDecrement()
        #expect(host.rendering.value.count == 1)
    }

    @Test func eventSinkStateMutationSinkAndOutputSink() {
        let host = WorkflowHost(workflow: Counter(limit: 100))
        var outputs: [Counter.Event] = []
        host.output.observeValues { outputs.append($0) }

        host.rendering.value.onAdd(5)
        #expect(host.rendering.value.count == 5)
        host.rendering.value.onSet(42)
        #expect(host.rendering.value.count == 42)
        host.rendering.value.onReset()
        #expect(host.rendering.value.count == 0)
        host.rendering.value.onEmit(.reachedLimit(7))
        #expect(outputs == [.reachedLimit(7)])
        #expect(host.rendering.value.count == 0)
    }

    @Test func anErasedWorkflowIsAWorkflowAndIsNotWrappedTwice() {
        let erased = Counter(limit: 1).asAnyWorkflow()
        let host = WorkflowHost(workflow: erased)
        var outputs: [Counter.Event] = []
        host.output.observeValues { outputs.append($0) }
        host.rendering.value.onIncrement()
        #expect(host.rendering.value.count == 1)
        #expect(outputs == [.reachedLimit(1)])
        // Wrapping again keeps the one wrapper: the type the runtime identifies it by stays.
        let twice = AnyWorkflow(erased)
        #expect(ObjectIdentifier(twice.workflowType) == ObjectIdentifier(Counter.self))
        #expect(ObjectIdentifier(twice.asAnyWorkflow().workflowType) == ObjectIdentifier(Counter.self))
        host.update(workflow: AnyWorkflow(Counter(limit: 5)))
        host.rendering.value.onIncrement()
        #expect(host.rendering.value.count == 2, "an update keeps the wrapped child's state")
    }

    @Test func renderingIsPublishedBeforeOutput() {
        let host = WorkflowHost(workflow: Counter(limit: 1))
        var log: [String] = []
        host.rendering.signal.observeValues { log.append("rendering \($0.count)") }
        host.output.observeValues { log.append("output \($0)") }
        host.rendering.value.onIncrement()
        #expect(log == ["rendering 1", "output reachedLimit(1)"])
    }

    @Test func producerStartsWithCurrentValueAndDisposes() {
        let host = WorkflowHost(workflow: Counter(limit: 100))
        host.rendering.value.onIncrement()
        var seen: [Int] = []
        let disposable = host.rendering.producer.startWithValues { seen.append($0.count) }
        host.rendering.value.onIncrement()
        disposable.dispose()
        #expect(disposable.isDisposed)
        host.rendering.value.onIncrement()
        #expect(seen == [1, 2])
        #expect(host.rendering.value.count == 3)
    }

    @Test func updateGivesNewPropsAndRenders() {
        let host = WorkflowHost(workflow: Counter(limit: 100))
        var outputs: [Counter.Event] = []
        host.output.observeValues { outputs.append($0) }
        host.rendering.value.onIncrement()
        host.update(workflow: Counter(limit: 2))
        host.rendering.value.onIncrement()
        #expect(outputs == [.reachedLimit(2)])
    }

    @Test func actionsSentWhileDeliveringAreQueuedNotNested() {
        let host = WorkflowHost(workflow: Counter(limit: 100))
        var seen: [Int] = []
        host.rendering.signal.observeValues { screen in
            seen.append(screen.count)
            if screen.count == 1 {
                // Sent during delivery: handled after this observer returns, then rendered once more.
                screen.onIncrement()
                seen.append(-1)
            }
        }
        host.rendering.value.onIncrement()
        #expect(seen == [1, -1, 2])
    }

    @Test func observersSeeEveryHookInOrder() {
        let observer = RecordingObserver()
        let host = WorkflowHost(workflow: Counter(limit: 1), observers: [observer])
        host.rendering.value.onIncrement()
        #expect(observer.events == [
            "begin Counter key=",
            "initial Counter 0",
            "will render Counter",
            "did render Counter",
            "received increment",
            "will apply increment to 0",
            "applied, state 1, output reachedLimit(1)",
            "will render Counter",
            "did render Counter",
        ])
    }

    @Test func severalObserversBracketInReverse() {
        final class Tagged: WorkflowObserver {
            let tag: String
            let log: Log
            init(_ tag: String, _ log: Log) { self.tag = tag; self.log = log }
            func workflowWillRender<W: Workflow>(_ workflow: W, state: W.State, session: WorkflowSession) -> ((W.Rendering) -> Void)? {
                log.lines.append("\(tag) before")
                return { [self] _ in log.lines.append("\(tag) after") }
            }
        }
        final class Log { var lines: [String] = [] }
        let log = Log()
        _ = WorkflowHost(workflow: Counter(), observers: [Tagged("a", log), Tagged("b", log)])
        #expect(log.lines == ["a before", "b before", "b after", "a after"])
    }

    @Test func sessionsNameTheirParent() {
        final class Sessions: WorkflowObserver {
            var began: [WorkflowSession] = []
            func sessionDidBegin(_ session: WorkflowSession) { began.append(session) }
        }
        let sessions = Sessions()
        _ = WorkflowHost(workflow: Parent(childKeys: ["a"]), observers: [sessions])
        #expect(sessions.began.count == 2)
        let child = sessions.began[1]
        #expect(child.renderKey == "a")
        #expect(child.parent?.sessionID == sessions.began[0].sessionID)
        #expect(sessions.began[0].parent == nil)
        #expect(child.sessionID != sessions.began[0].sessionID)
    }
}
