// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyFileSystem
import Synchronization
import Testing

@Suite("Parallel maps")
struct ParallelMapTests {
    @Test func resultsComeBackInTheItemsOrder() {
        let items = Array(0..<500)
        #expect(parallelMap(items) { $0 * 2 } == items.map { $0 * 2 })
        #expect(parallelMap(items, width: 7) { $0 * 2 } == items.map { $0 * 2 })
        #expect(parallelMap([Int](), width: 3) { $0 }.isEmpty)
    }

    /// The transform, which may hold what its caller's frame holds, is let go before the
    /// call returns; many short calls in a row found it still held by a worker.
    @Test func manyShortCallsInARow() {
        for round in 0..<2000 {
            let captured = [round]
            #expect(parallelMap([1, 2, 3], width: 4) { $0 + captured[0] } == [1 + round, 2 + round, 3 + round])
        }
    }

    /// Items that wait for one another finish only when `width` of them are in hand at once,
    /// more than this machine may have cores.
    @Test func aWidthHoldsThatManyItemsAtOnce() {
        let width = ProcessInfo.processInfo.activeProcessorCount + 3
        let arrived = Atomic<Int>(0)
        let met = parallelMap(Array(0..<width), width: width) { _ -> Bool in
            arrived.wrappingAdd(1, ordering: .relaxed)
            let deadline = Date(timeIntervalSinceNow: 10)
            while arrived.load(ordering: .relaxed) < width, Date() < deadline { usleep(1000) }
            return arrived.load(ordering: .relaxed) == width
        }
        #expect(met.allSatisfy { $0 })
    }
}
