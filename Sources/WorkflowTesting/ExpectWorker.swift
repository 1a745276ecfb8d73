// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
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
        expectWork(SingleResult(worker: worker), describedAs: worker, output: output, key: key, file: file, line: line)
    }

    /// Expects `worker` (or one equivalent to it) to be run with `key`; the sequence is not
    /// iterated, and `output`, if given, is emitted as if it were the sequence's next element.
    public func expectWorker<WorkerType: AsyncSequenceWorker>(
        _ worker: WorkerType,
        mockingOutput output: WorkerType.Output? = nil,
        key: String = "",
        file: StaticString = #file,
        line: UInt = #line
    ) -> RenderTester<WorkflowType> {
        expectWork(EveryElement(worker: worker), describedAs: worker, output: output, key: key, file: file, line: line)
    }

    private func expectWork<Work: AsyncWork>(
        _ work: Work,
        describedAs worker: Any,
        output: Work.Output?,
        key: String,
        file: StaticString,
        line: UInt
    ) -> RenderTester<WorkflowType> {
        expectWorkflow(
            type: AsyncWorkWorkflow<Work>.self,
            key: key,
            producingRendering: (),
            producingOutput: output,
            file: file,
            line: line,
            assertions: { rendered in
                if !rendered.work.isEquivalent(to: work) {
                    fail("Workers of type \(type(of: worker)) not equivalent. Expected: \(worker). Got: \(rendered.work)", file: file, line: line)
                }
            }
        )
    }
}
