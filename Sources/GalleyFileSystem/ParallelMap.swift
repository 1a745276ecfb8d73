import Dispatch

/// Runs `transform` over `items` on all cores and returns the results in order.
package func parallelMap<Item: Sendable, Result: Sendable>(_ items: [Item], _ transform: @Sendable (Item) -> Result) -> [Result] {
    let slots = ResultSlots<Result>(count: items.count)
    DispatchQueue.concurrentPerform(iterations: items.count) { index in
        slots.store(transform(items[index]), at: index)
    }
    return slots.results()
}

/// One slot per item; each is written by exactly one worker and read after all have ended,
/// which `concurrentPerform`'s return orders, so no lock is needed. The slots live in one allocation
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
