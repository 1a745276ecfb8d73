// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Testing
import Workflow
import WorkflowConcurrency

/// Counts starts, finishes and cancellations of worker runs, on the main actor.
@MainActor
final class RunLog {
    var started: [Int] = []
    var cancelled: [Int] = []
    var gates: [Int: CheckedContinuation<Void, Never>] = [:]

    func open(_ id: Int) {
        gates.removeValue(forKey: id)?.resume()
    }
}

/// Waits until `condition` holds, letting other tasks run; fails after about two seconds.
@MainActor
func eventually(_ what: Comment, _ condition: () -> Bool) async throws {
    for _ in 0..<2000 {
        if condition() { return }
        try await Task.sleep(for: .milliseconds(1))
    }
    Issue.record("timed out waiting: \(what)")
}

/// Returns its id once the test opens its gate; records cancellation instead if cancelled.
struct GatedWorker: Worker {
    let id: Int
    let log: RunLog

    func run() async -> Int {
        await log.begin(id)
        return id
    }

    func isEquivalent(to otherWorker: GatedWorker) -> Bool {
        id == otherWorker.id
    }
}

extension RunLog {
    func begin(_ id: Int) async {
        started.append(id)
        await withTaskCancellationHandler {
            await withCheckedContinuation { gates[id] = $0 }
        } onCancel: {
            Task { @MainActor in
                self.cancelled.append(id)
                self.open(id)
            }
        }
    }
}

struct Loader: Workflow {
    var workerID: Int?
    let log: RunLog

    func makeInitialState() -> [Int] { [] }

    func render(state: [Int], context: RenderContext<Loader>) -> [Int] {
        if let workerID {
            GatedWorker(id: workerID, log: log).running(in: context) { (result: Int) in
                AnyWorkflowAction<Loader> { state in
                    state.append(result)
                    return nil
                }
            }
        }
        return state
    }
}

@Suite("Workers")
@MainActor
struct WorkerTests {
    @Test func workerOutputBecomesAnAction() async throws {
        let log = RunLog()
        let host = WorkflowHost(workflow: Loader(workerID: 1, log: log))
        try await eventually("worker started") { log.started == [1] }
        log.open(1)
        try await eventually("output applied") { host.rendering.value == [1] }
    }

    @Test func equivalentWorkerKeepsRunning() async throws {
        let log = RunLog()
        let host = WorkflowHost(workflow: Loader(workerID: 1, log: log))
        try await eventually("worker started") { log.started == [1] }
        host.update(workflow: Loader(workerID: 1, log: log))
        host.update(workflow: Loader(workerID: 1, log: log))
        log.open(1)
        try await eventually("output applied") { host.rendering.value == [1] }
        #expect(log.started == [1])
        #expect(log.cancelled.isEmpty)
    }

    @Test func differentWorkerReplacesAndItsPredecessorsOutputIsDropped() async throws {
        let log = RunLog()
        let host = WorkflowHost(workflow: Loader(workerID: 1, log: log))
        try await eventually("first worker started") { log.started == [1] }
        host.update(workflow: Loader(workerID: 2, log: log))
        try await eventually("second started, first cancelled") { log.started == [1, 2] && log.cancelled == [1] }
        log.open(2)
        try await eventually("second output applied") { host.rendering.value == [2] }
        try await Task.sleep(for: .milliseconds(20))
        #expect(host.rendering.value == [2], "the cancelled run's result never arrives")
    }

    @Test func workerNoLongerRenderedIsCancelled() async throws {
        let log = RunLog()
        let host = WorkflowHost(workflow: Loader(workerID: 7, log: log))
        try await eventually("worker started") { log.started == [7] }
        host.update(workflow: Loader(workerID: nil, log: log))
        try await eventually("worker cancelled") { log.cancelled == [7] }
        try await Task.sleep(for: .milliseconds(20))
        #expect(host.rendering.value.isEmpty)
    }

    @Test func asyncOperationWorkerRunsItsClosure() async throws {
        struct Fetch: Workflow {
            func makeInitialState() -> String { "loading" }
            func render(state: String, context: RenderContext<Fetch>) -> String {
                AsyncOperationWorker { "loaded" }
                    .running(in: context) { text in AnyWorkflowAction<Fetch> { $0 = text; return nil } }
                return state
            }
        }
        let host = WorkflowHost(workflow: Fetch())
        #expect(host.rendering.value == "loading")
        try await eventually("operation finished") { host.rendering.value == "loaded" }
    }

    @Test func workerOutputReachesTheHostAsOutput() async throws {
        struct Relay: Workflow {
            typealias State = Void
            typealias Output = Int
            func render(state: Void, context: RenderContext<Relay>) {
                AsyncOperationWorker { 41 + 1 }
                    .running(in: context) { AnyWorkflowAction<Relay>(sendingOutput: $0) }
            }
        }
        let host = WorkflowHost(workflow: Relay())
        var outputs: [Int] = []
        host.output.observeValues { outputs.append($0) }
        try await eventually("output emitted") { outputs == [42] }
    }

    @Test func asyncSequenceWorkerEmitsEveryElement() async throws {
        struct Ticks: AsyncSequenceWorker, Equatable {
            typealias Output = Int
            let count: Int
            func run() -> AsyncStream<Int> {
                AsyncStream<Int> { continuation in
                    for tick in 1...count { continuation.yield(tick) }
                    continuation.finish()
                }
            }
        }
        struct Ticker: Workflow {
            func makeInitialState() -> [Int] { [] }
            func render(state: [Int], context: RenderContext<Ticker>) -> [Int] {
                Ticks(count: 3).running(in: context) { tick in
                    AnyWorkflowAction<Ticker> { $0.append(tick); return nil }
                }
                return state
            }
        }
        let host = WorkflowHost(workflow: Ticker())
        try await eventually("three ticks") { host.rendering.value == [1, 2, 3] }
    }
}
