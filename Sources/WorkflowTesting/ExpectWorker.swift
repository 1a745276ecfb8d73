import Workflow
import WorkflowConcurrency

extension RenderTester {
    /// Expects `worker` (or one equivalent to it) to be run with `key`; the worker does not
    /// run, and `output`, if given, is emitted as if it had finished.
    public func expectWorker<WorkerType: Worker>(
        _ worker: WorkerType,
        mockingOutput output: WorkerType.Output? = nil,
        key: String = "",
        file: StaticString = #file,
        line: UInt = #line
    ) -> RenderTester<WorkflowType> {
        expectWorkflow(
            type: WorkerWorkflow<WorkerType>.self,
            key: key,
            producingRendering: (),
            producingOutput: output,
            file: file,
            line: line,
            assertions: { rendered in
                if !rendered.worker.isEquivalent(to: worker) {
                    fail("Expected a worker equivalent to \(worker), but \(rendered.worker) was run", file: file, line: line)
                }
            }
        )
    }
}

extension RenderTester {
    /// Expects `worker` (or one equivalent to it) to be run with `key`; the sequence is not
    /// iterated, and `output`, if given, is emitted as if it were the sequence's next element.
    public func expectWorker<WorkerType: AsyncSequenceWorker>(
        _ worker: WorkerType,
        mockingOutput output: WorkerType.Output? = nil,
        key: String = "",
        file: StaticString = #file,
        line: UInt = #line
    ) -> RenderTester<WorkflowType> {
        expectWorkflow(
            type: AsyncSequenceWorkerWorkflow<WorkerType>.self,
            key: key,
            producingRendering: (),
            producingOutput: output,
            file: file,
            line: line,
            assertions: { rendered in
                if !rendered.worker.isEquivalent(to: worker) {
                    fail("Expected a worker equivalent to \(worker), but \(rendered.worker) was run", file: file, line: line)
                }
            }
        )
    }
}
