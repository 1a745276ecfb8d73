// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// Settings of the runtime that a host reads when it starts.
public enum Runtime {
    /// How hosts started inside ``Runtime/withConfiguration(_:operation:)`` run their trees.
    @_spi(WorkflowRuntimeConfig)
    public struct Configuration: Equatable, Sendable {
        /// Render only what changed: an action that leaves `Equatable` state as it was and
        /// produces no output does not render the tree again, and a child whose workflow
        /// value (`Equatable`) and state are unchanged, with nothing changed below it, is not
        /// rendered again: its last rendering is reused.
        public var renderOnlyIfStateChanged = false

        public init(renderOnlyIfStateChanged: Bool = false) {
            self.renderOnlyIfStateChanged = renderOnlyIfStateChanged
        }
    }

    /// The configuration hosts started now take. A task-local value: it holds for the
    /// synchronous code inside ``withConfiguration(_:operation:)`` and the tasks it starts.
    @_spi(WorkflowRuntimeConfig)
    public static var configuration: Configuration { current }

    @TaskLocal static var current = Configuration()

    /// Runs `operation` with `configuration` as the one hosts started in it take.
    @_spi(WorkflowRuntimeConfig)
    public static func withConfiguration<T>(_ configuration: Configuration, operation: () throws -> T) rethrows -> T {
        try $current.withValue(configuration, operation: operation)
    }
}

/// How to compare two values of `T`, when `T` is `Equatable`; `nil` when it is not, which
/// the runtime treats as always changed. Found once per node: asking a value whether it is
/// `Equatable` is a lookup in the runtime's conformance tables, too slow for every pass.
func equality<T>(of sample: T) -> ((T, T) -> Bool)? {
    guard let equatable = sample as? any Equatable else { return nil }
    return equatable.comparator(for: T.self)
}

extension Equatable {
    /// `==` for `T`, which is `Self` at run time.
    fileprivate func comparator<T>(for type: T.Type) -> (T, T) -> Bool {
        { first, second in
            guard let first = first as? Self, let second = second as? Self else { return false }
            return first == second
        }
    }
}
