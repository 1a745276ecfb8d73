import Workflow

/// One piece of asynchronous work a workflow waits for, rendered like a child:
/// `MyWorker().running(in: context) { output in Action.loaded(output) }`.
///
/// The work starts the first time a render pass runs the worker. It keeps running across
/// passes while each new worker is equivalent to the running one; a worker that is not
/// equivalent replaces it (the old one is cancelled), and a worker no longer rendered is
/// cancelled. The output of a cancelled run is dropped.
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
        WorkerWorkflow(worker: self).asAnyWorkflow()
    }
}

extension Worker where Self: Equatable {
    /// Equal workers are equivalent.
    public func isEquivalent(to otherWorker: Self) -> Bool {
        self == otherWorker
    }
}

/// The workflow behind a rendered ``Worker``: its state is the generation of the run, so a
/// worker that is not equivalent to the last one starts a new side effect.
package struct WorkerWorkflow<WorkerType: Worker>: Workflow {
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
                await emit(await worker.run())
            }
        }
    }
}
