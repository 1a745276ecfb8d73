// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Workflow

/// A worker made from an async closure. All such workers of one output type are
/// equivalent, so a new closure does not restart a running operation; give it a distinct
/// `key` when rendering to run several at once.
public struct AsyncOperationWorker<OutputType>: Worker {
    private let operation: () async -> OutputType

    /// A worker that runs `operation`.
    public init(_ operation: @escaping () async -> OutputType) {
        self.operation = operation
    }

    public func run() async -> OutputType {
        await operation()
    }

    public func isEquivalent(to otherWorker: AsyncOperationWorker<OutputType>) -> Bool {
        true
    }
}
