// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Workflow

/// One piece of asynchronous work a workflow waits for, rendered like a child:
/// `MyWorker().running(in: context) { output in Action.loaded(output) }`.
///
/// The work starts the first time a render pass runs the worker. It keeps running across
/// passes while each new worker is equivalent to the running one; a worker that is not
/// equivalent replaces it (the old one is cancelled), and a worker no longer rendered is
/// cancelled. The output of a cancelled run is dropped.
///
/// ```swift run expect
/// struct Fetch: Worker, Equatable {
///     var id: Int
///
///     func run() async -> String {
///         try? await Task.sleep(for: .milliseconds(10))
///         return "item \(id)"
///     }
/// }
///
/// struct Loader: Workflow {
///     typealias State = String
///     typealias Output = Never
///
///     func makeInitialState() -> String { "loading" }
///
///     func render(state: String, context: RenderContext<Loader>) -> String {
///         if state == "loading" {
///             Fetch(id: 7).running(in: context) { (loaded: String) in
///                 AnyWorkflowAction<Loader> { state in
///                     state = loaded
///                     return nil
///                 }
///             }
///         }
///         return state
///     }
/// }
///
/// let loader = WorkflowHost(workflow: Loader())
/// print(loader.rendering.value)
/// try await Task.sleep(for: .milliseconds(200))
/// print(loader.rendering.value)
/// ```
///
/// ```output
/// loading
/// item 7
/// ```
public protocol Worker<Output>: AnyWorkflowConvertible where Rendering == Void {
    /// What the work produces.
    associatedtype Output

    /// Does the work and returns its result.
    func run() async -> Output

    /// Whether `otherWorker` stands for the same work, so the running one can continue.
    func isEquivalent(to otherWorker: Self) -> Bool
}

extension Worker {
    /// The workflow that runs this worker.
    public func asAnyWorkflow() -> AnyWorkflow<Void, Output> {
        WorkerWorkflow(work: SingleResult(worker: self)).asAnyWorkflow()
    }
}

extension Worker where Self: Equatable {
    /// Equal workers are equivalent.
    public func isEquivalent(to otherWorker: Self) -> Bool {
        self == otherWorker
    }
}

/// The workflow behind a rendered ``Worker``.
package typealias WorkerWorkflow<W: Worker> = AsyncWorkWorkflow<SingleResult<W>>

/// A ``Worker`` seen as work with one output.
package struct SingleResult<W: Worker>: AsyncWork {
    /// The worker.
    package let worker: W

    package init(worker: W) {
        self.worker = worker
    }

    package func isEquivalent(to other: Self) -> Bool {
        worker.isEquivalent(to: other.worker)
    }

    package func perform(emit: @escaping (W.Output) async -> Void) async {
        await emit(await worker.run())
    }
}
