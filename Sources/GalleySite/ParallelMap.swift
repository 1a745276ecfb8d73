import Dispatch

/// Runs `transform` over `items` on all cores and returns the results in order.
func parallelMap<Item: Sendable, Result: Sendable>(_ items: [Item], _ transform: @Sendable (Item) -> Result) -> [Result] {
    let slots = ResultSlots<Result>(count: items.count)
    DispatchQueue.concurrentPerform(iterations: items.count) { index in
        slots.store(transform(items[index]), at: index)
    }
    return slots.results()
}

/// One slot per iteration; each is written by exactly one iteration and read after all end,
/// which `concurrentPerform`'s completion orders, so no lock is needed.
private final class ResultSlots<Result: Sendable>: @unchecked Sendable {
    private var storage: [Result?]

    init(count: Int) {
        storage = Array(repeating: nil, count: count)
    }

    func store(_ result: Result, at index: Int) {
        storage.withUnsafeMutableBufferPointer { $0[index] = result }
    }

    func results() -> [Result] {
        storage.map { $0! }
    }
}
