// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// The life of a side effect: it begins when a render pass first runs the effect's key
/// and ends after the first pass that does not, or when the workflow is torn down.
public final class Lifetime {
    private var endHandlers: [() -> Void] = []

    /// Whether the lifetime has ended.
    public private(set) var hasEnded = false

    init() {}

    /// Registers `action` to run when the lifetime ends; runs it at once if it already has.
    public func onEnded(_ action: @escaping () -> Void) {
        if hasEnded {
            action()
        } else {
            endHandlers.append(action)
        }
    }

    func end() {
        guard !hasEnded else { return }
        hasEnded = true
        let handlers = endHandlers
        endHandlers.removeAll()
        for handler in handlers {
            handler()
        }
    }
}
