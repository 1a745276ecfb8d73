import Workflow

/// A worker whose work is a sequence of values over time: each element is an output.
///
/// Equivalence works as for ``Worker``: an equivalent worker keeps the running sequence,
/// another replaces it, and one no longer rendered cancels it.
public protocol AsyncSequenceWorker<Output>: AnyWorkflowConvertible where Rendering == Void {
    /// The type of each element, emitted as output.
    associatedtype Output

    /// The sequence to iterate. Its elements must be `Output`.
    func run() -> any AsyncSequence

    /// Whether `otherWorker` stands for the same sequence.
    func isEquivalent(to otherWorker: Self) -> Bool
}

extension AsyncSequenceWorker {
    /// The workflow that iterates this worker's sequence.
    public func asAnyWorkflow() -> AnyWorkflow<Void, Output> {
        AsyncSequenceWorkerWorkflow(worker: self).asAnyWorkflow()
    }
}

extension AsyncSequenceWorker where Self: Equatable {
    /// Equal workers are equivalent.
    public func isEquivalent(to otherWorker: Self) -> Bool {
        self == otherWorker
    }
}

/// The workflow behind a rendered ``AsyncSequenceWorker``.
package struct AsyncSequenceWorkerWorkflow<WorkerType: AsyncSequenceWorker>: Workflow {
    package typealias Output = WorkerType.Output
    package typealias Rendering = Void
    package typealias State = UInt64

    /// The worker to run.
    package let worker: WorkerType

    package init(worker: WorkerType) {
        self.worker = worker
    }

    package func makeInitialState() -> UInt64 { 0 }

    package func workflowDidChange(from previousWorkflow: Self, state: inout UInt64) {
        if !worker.isEquivalent(to: previousWorkflow.worker) {
            state += 1
        }
    }

    package func render(state: UInt64, context: RenderContext<Self>) {
        let sink = context.makeOutputSink()
        let worker = self.worker
        context.runSideEffect(key: state) { lifetime in
            MainActorDelivery.start(lifetime: lifetime, sink: sink) { emit in
                do {
                    for try await element in worker.run() {
                        guard let output = element as? Output else {
                            fatalError("\(WorkerType.self) produced \(type(of: element)), not \(Output.self)")
                        }
                        await emit(output)
                    }
                } catch {
                    // A sequence that throws simply ends, like one that finishes.
                }
            }
        }
    }
}
