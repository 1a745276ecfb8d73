// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyFileSystem
import Testing

@Suite("Values kept until the process exits")
struct ProcessLifetimeTests {
    final class Tracked {}

    /// What is handed over is never torn down: a weak reference to it stays set after the
    /// last strong one is gone.
    @Test func aKeptValueIsNeverFreed() {
        weak var observed: Tracked?
        do {
            let value = Tracked()
            observed = value
            ProcessLifetime.keepUntilExit([value])
        }
        #expect(observed != nil)
        weak var control: Tracked?
        do {
            let value = Tracked()
            control = value
        }
        #expect(control == nil)
    }
}
