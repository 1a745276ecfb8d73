// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Workflow

/// Asynchronous work a workflow can run: what ``Worker`` and ``AsyncSequenceWorker`` have in common.
package protocol AsyncWork {
    /// What the work emits.
    associatedtype Output

    /// The name of the workflow the original runs this kind of work in, which messages use.
    static var workflowTypeName: String { get }

    /// Whether `other` stands for the same work, so the running one can continue.
    func isEquivalent(to other: Self) -> Bool

    /// Does the work, passing each output to `emit`.
    func perform(emit: @escaping (Output) async -> Void) async
}

/// Runs one piece of ``AsyncWork`` as a side effect. Its state is the generation of the
/// run: work that is not equivalent to the last bumps it, so the old side effect ends
/// (cancelling its task) and a new one starts.
package struct AsyncWorkWorkflow<Work: AsyncWork>: Workflow {
    package typealias Output = Work.Output
    package typealias Rendering = Void
    package typealias State = UInt64

    /// The work to run.
    package let work: Work

    package init(work: Work) {
        self.work = work
    }

    package func makeInitialState() -> UInt64 { 0 }

    package func workflowDidChange(from previousWorkflow: Self, state: inout UInt64) {
        if !work.isEquivalent(to: previousWorkflow.work) {
            state += 1
        }
    }

    package func render(state: UInt64, context: RenderContext<Self>) {
        let sink = context.makeOutputSink()
        let work = self.work
        context.runSideEffect(key: state) { lifetime in
            MainActorDelivery.start(lifetime: lifetime, sink: sink) { emit in
                await work.perform(emit: emit)
            }
        }
    }
}

/// A workflow that runs a worker, and the name test failures give it: the name of the
/// workflow workflow-swift 4.4.0 runs that worker in (`WorkerWorkflow<W>` at
/// `WorkflowConcurrency/Sources/Worker.swift` line 47, `AsyncSequenceWorkerWorkflow<W>` at
/// `AsyncSequenceWorker.swift` line 34), so that messages read as code written against it expects.
package protocol WorkerRunning {
    static var workflowTypeName: String { get }
}

extension AsyncWorkWorkflow: WorkerRunning {
    package static var workflowTypeName: String { Work.workflowTypeName }
}

extension SingleResult {
    package static var workflowTypeName: String { "WorkerWorkflow<\(W.self)>" }
}

extension EveryElement {
    package static var workflowTypeName: String { "AsyncSequenceWorkerWorkflow<\(W.self)>" }
}

extension SingleResult: CustomStringConvertible {
    /// The worker's own description.
    package var description: String { String(describing: worker) }
}

extension EveryElement: CustomStringConvertible {
    /// The worker's own description.
    package var description: String { String(describing: worker) }
}
