// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Workflow

/// Starts asynchronous work for a side effect and delivers what it emits on the main actor,
/// where the host that rendered it runs.
///
/// The runtime is single-threaded and not `Sendable`; this type is the one place where
/// values cross into a task. It is sound because everything it carries is touched only
/// from the main actor (the sink and the lifetime), or only from the task (the work).
enum MainActorDelivery {
    /// Runs `work` in a task that is cancelled when `lifetime` ends. Each value `work` passes
    /// to its `emit` closure is sent to `sink` on the main actor, unless the lifetime has
    /// ended by then.
    static func start<Output>(
        lifetime: Lifetime,
        sink: Sink<Output>,
        work: @escaping (_ emit: @escaping (Output) async -> Void) async -> Void
    ) {
        let carrier = Carrier(sink: sink, lifetime: lifetime, work: work)
        let task = Task { await carrier.run() }
        lifetime.onEnded { task.cancel() }
    }

    private final class Carrier<Output>: @unchecked Sendable {
        private let sink: Sink<Output>
        private let lifetime: Lifetime
        private let work: (_ emit: @escaping (Output) async -> Void) async -> Void

        init(
            sink: Sink<Output>,
            lifetime: Lifetime,
            work: @escaping (_ emit: @escaping (Output) async -> Void) async -> Void
        ) {
            self.sink = sink
            self.lifetime = lifetime
            self.work = work
        }

        func run() async {
            await work { output in
                await self.deliver(UncheckedBox(output))
            }
        }

        @MainActor
        private func deliver(_ box: UncheckedBox<Output>) {
            guard !Task.isCancelled, !lifetime.hasEnded else { return }
            sink.send(box.value)
        }
    }

    /// Moves one output from the task to the main actor.
    private struct UncheckedBox<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}
