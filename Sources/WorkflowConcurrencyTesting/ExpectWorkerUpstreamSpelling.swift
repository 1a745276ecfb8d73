// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
@_exported import WorkflowTesting
import Workflow
import WorkflowConcurrency

/// The module upstream's worker tests import: `import WorkflowConcurrencyTesting` works as it
/// does there, and brings `WorkflowTesting` with it. Its spelling of a worker expectation,
/// `expect(worker:producingOutput:key:)`, is ``RenderTester/expectWorker(_:mockingOutput:key:file:line:)``.
extension RenderTester {
    /// Expects `worker` (or one equivalent to it) to be run with `key`, emitting `output`.
    public func expect<ExpectedWorkerType: Worker>(
        worker: ExpectedWorkerType,
        producingOutput output: ExpectedWorkerType.Output? = nil,
        key: String = "",
        file: StaticString = #file,
        line: UInt = #line
    ) -> RenderTester<WorkflowType> {
        expectWorker(worker, mockingOutput: output, key: key, file: file, line: line)
    }

    /// Expects the sequence worker `worker` (or one equivalent to it) to be run with `key`,
    /// emitting `output` as if it were the sequence's next element.
    public func expect<ExpectedWorkerType: AsyncSequenceWorker>(
        worker: ExpectedWorkerType,
        producingOutput output: ExpectedWorkerType.Output? = nil,
        key: String = "",
        file: StaticString = #file,
        line: UInt = #line
    ) -> RenderTester<WorkflowType> {
        expectWorker(worker, mockingOutput: output, key: key, file: file, line: line)
    }
}
