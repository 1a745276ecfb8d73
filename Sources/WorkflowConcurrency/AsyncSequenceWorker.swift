// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Workflow

/// A worker whose work is a sequence of values over time: each element is an output.
///
/// Equivalence works as for ``Worker``: an equivalent worker keeps the running sequence,
/// another replaces it, and one no longer rendered cancels it.
public protocol AsyncSequenceWorker<Output>: AnyWorkflowConvertible where Rendering == Void {
    /// The type of each element, emitted as output.
    associatedtype Output

    /// The sequence `run()` returns: its elements are the outputs, checked by the compiler.
    associatedtype Sequence: AsyncSequence where Sequence.Element == Output

    /// The sequence to iterate.
    func run() -> Sequence

    /// Whether `otherWorker` stands for the same sequence.
    func isEquivalent(to otherWorker: Self) -> Bool
}

extension AsyncSequenceWorker {
    /// The workflow that iterates this worker's sequence.
    public func asAnyWorkflow() -> AnyWorkflow<Void, Output> {
        AsyncSequenceWorkerWorkflow(work: EveryElement(worker: self)).asAnyWorkflow()
    }
}

extension AsyncSequenceWorker where Self: Equatable {
    /// Equal workers are equivalent.
    public func isEquivalent(to otherWorker: Self) -> Bool {
        self == otherWorker
    }
}

/// The workflow behind a rendered ``AsyncSequenceWorker``.
package typealias AsyncSequenceWorkerWorkflow<W: AsyncSequenceWorker> = AsyncWorkWorkflow<EveryElement<W>>

/// An ``AsyncSequenceWorker`` seen as work that emits every element of its sequence.
package struct EveryElement<W: AsyncSequenceWorker>: AsyncWork {
    /// The worker.
    package let worker: W

    package init(worker: W) {
        self.worker = worker
    }

    package func isEquivalent(to other: Self) -> Bool {
        worker.isEquivalent(to: other.worker)
    }

    package func perform(emit: @escaping (W.Output) async -> Void) async {
        do {
            for try await output in worker.run() {
                await emit(output)
            }
        } catch {
            // A sequence that throws ends, like one that finishes.
        }
    }
}
