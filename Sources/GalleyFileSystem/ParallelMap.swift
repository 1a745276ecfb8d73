// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Foundation
import Synchronization

/// Runs `transform` over `items` on all cores and returns the results in order.
package func parallelMap<Item: Sendable, Result: Sendable>(_ items: [Item], _ transform: @Sendable (Item) -> Result) -> [Result] {
    let slots = ResultSlots<Result>(count: items.count)
    DispatchQueue.concurrentPerform(iterations: items.count) { index in
        slots.store(transform(items[index]), at: index)
    }
    return slots.results()
}

/// `transform` of every item, with up to `width` items in hand at once however many cores
/// there are: for work that mostly waits (child processes that sleep or wait on a clock),
/// where one item per core, as `parallelMap(_:_:)` runs them, leaves the cores idle.
package func parallelMap<Item: Sendable, Result: Sendable>(_ items: [Item], width: Int, _ transform: @Sendable (Item) -> Result) -> [Result] {
    let slots = ResultSlots<Result>(count: items.count)
    let next = Atomic<Int>(0)
    let finished = DispatchGroup()
    withoutActuallyEscaping(transform) { transform in
        // The workers reach `transform` only through `shared`, which lets go of it once they
        // are done: a thread's own closure may be released after the wait below returns, and
        // `transform` must not outlive this call.
        let shared = SharedTransform(transform)
        for _ in 0..<max(1, min(width, items.count)) {
            finished.enter()
            Thread.detachNewThread {
                while case let index = next.wrappingAdd(1, ordering: .relaxed).oldValue, index < items.count {
                    let transform = shared.transform!
                    slots.store(transform(items[index]), at: index)
                }
                finished.leave()
            }
        }
        finished.wait()
        shared.transform = nil
    }
    return slots.results()
}

/// The transform of `parallelMap(_:width:_:)`, read by its workers and let go by the caller
/// after they ended.
private final class SharedTransform<Item, Result>: @unchecked Sendable {
    var transform: (@Sendable (Item) -> Result)?

    init(_ transform: @escaping @Sendable (Item) -> Result) {
        self.transform = transform
    }
}

/// One slot per item; each is written by exactly one worker and read after all have ended,
/// which `concurrentPerform`'s return (or the wait for the workers' group) orders, so no lock is needed. The slots live in one allocation
/// that no worker resizes or copies.
private final class ResultSlots<Result: Sendable>: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Result?>

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    func store(_ result: Result, at index: Int) {
        storage[index] = result
    }

    func results() -> [Result] {
        storage.map { $0! }
    }
}

/// Work started now on a thread of its own, whose result is waited for later: what lets a
/// step that needs none of the build's results (the lint of the docs) use the cores the
/// build's sequential stages leave idle.
package final class BackgroundWork<Value: Sendable, Failure: Error>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    // Written once by the worker before it signals `done`; read only after waiting on it.
    private var result: Result<Value, Failure>?

    package init(_ work: @escaping @Sendable () throws(Failure) -> Value) {
        Thread.detachNewThread { [self] in
            result = Result { () throws(Failure) -> Value in try work() }
            done.signal()
        }
    }

    /// Waits for the work to end and returns what it returned, or throws what it threw.
    package func value() throws(Failure) -> Value {
        done.wait()
        done.signal()
        return try result!.get()
    }
}
