// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Synchronization

/// Settings of the runtime that a host reads when it starts: those an app sets once with
/// `bootstrap(_:)`, unless code runs inside `withConfiguration(override:operation:)` (both
/// SPI, `@_spi(WorkflowRuntimeConfig)`, as in workflow-swift 4.4.0 at
/// `Workflow/Sources/RuntimeConfiguration.swift`, line 20).
public enum Runtime {
    /// How hosts run their trees.
    @_spi(WorkflowRuntimeConfig)
    public struct Configuration: Equatable, Sendable {
        /// The runtime's defaults.
        static let `default` = Configuration()

        /// Render only what changed: an action that leaves `Equatable` state as it was and
        /// produces no output does not render the tree again, and a child whose workflow
        /// value (`Equatable`) and state are unchanged, with nothing changed below it, is not
        /// rendered again: its last rendering is reused.
        public var renderOnlyIfStateChanged = false

        public init(renderOnlyIfStateChanged: Bool = false) {
            self.renderOnlyIfStateChanged = renderOnlyIfStateChanged
        }
    }

    /// The configuration hosts started now take: the one `withConfiguration(override:operation:)`
    /// set for the code it runs (a task-local value, so it also holds for the tasks that code
    /// starts), else the bootstrapped one, else the defaults.
    @_spi(WorkflowRuntimeConfig)
    public static var configuration: Configuration {
        current ?? bootstrapped.withLock { $0 } ?? .default
    }

    @TaskLocal static var current: Configuration?
    /// Set once, from the main actor, before hosts start; read from anywhere.
    private static let bootstrapped = Mutex<Configuration?>(nil)

    /// Sets the configuration of every host the app starts, once, from the main actor,
    /// before the first host starts. A second call is a programming error and stops the app.
    @_spi(WorkflowRuntimeConfig)
    @MainActor
    public static func bootstrap(_ configure: (inout Configuration) -> Void) {
        var configuration = bootstrapped.withLock { $0 } ?? .default
        configure(&configuration)
        let done = bootstrapped.withLock { stored -> Bool in
            guard stored == nil else { return false }
            stored = configuration
            return true
        }
        guard done else { fatalError("The Workflow runtime's configuration can be bootstrapped only once.") }
    }

    /// Runs `operation` with the current configuration, changed by `override` when given,
    /// as the one hosts started in it take.
    @_spi(WorkflowRuntimeConfig)
    public static func withConfiguration<T>(override: ((inout Configuration) -> Void)? = nil, operation: () throws -> T) rethrows -> T {
        var configuration = configuration
        override?(&configuration)
        return try $current.withValue(configuration, operation: operation)
    }

    /// The bootstrapped configuration forgotten, so that tests can bootstrap again.
    static func resetBootstrap() {
        bootstrapped.withLock { $0 = nil }
    }
}

/// How to compare two values of `T`, when `T` is `Equatable` (or `Void`, always equal);
/// `nil` when it is not, which the runtime treats as always changed. Found once per node: asking a value whether it is
/// `Equatable` is a lookup in the runtime's conformance tables, too slow for every pass.
func equality<T>(of sample: T) -> ((T, T) -> Bool)? {
    // `Void` state has nothing to change, as the original runtime reads it.
    if T.self == Void.self { return { _, _ in true } }
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
