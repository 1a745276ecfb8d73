// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// Values that a one-shot command is done with just before its process exits.
///
/// Freeing a large build's pages one object at a time costs a few percent of its CPU, for
/// memory the exit returns all at once (compilers skip their final frees for the same
/// reason). Only a command that exits right after may hand its values here; the preview
/// server and the tests, which live on, never do.
package enum ProcessLifetime {
    /// Keeps `value` alive until the process exits, so that it is never torn down.
    package static func keepUntilExit<Value>(_ value: Value) {
        _ = Unmanaged.passRetained(Kept(value))
    }

    private final class Kept<Value> {
        let value: Value

        init(_ value: Value) {
            self.value = value
        }
    }
}
