// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// The streams a host publishes its renderings and outputs on: a signal of changes, a
/// producer that starts with the current value, a property that holds it, and the
/// disposables that end an observation. Their shape is ReactiveSwift's, which the original
/// runtime's hosts use (`host.rendering.signal.observeValues`, `host.rendering.producer`,
/// `host.output.observeValues`), without the dependency; they live in this namespace, not at
/// the top level, so a file that imports both ReactiveSwift and Workflow sees one `Signal`.
public enum WorkflowStreams {
    /// Cancels an observation.
    public protocol Disposable: AnyObject {
        /// Whether ``dispose()`` has been called.
        var isDisposed: Bool { get }

        /// Stops the observation; calling it again does nothing.
        func dispose()
    }

    /// A disposable that runs a closure once.
    final class ActionDisposable: Disposable {
        private var action: (() -> Void)?

        init(_ action: @escaping () -> Void) {
            self.action = action
        }

        var isDisposed: Bool { action == nil }

        func dispose() {
            let action = self.action
            self.action = nil
            action?()
        }
    }

    /// A stream of values delivered synchronously, in order, to every current observer.
    ///
    /// The host's `rendering.signal` and `output` are signals; their shape follows the
    /// reactive types that Workflow hosts commonly expose, without the dependency.
    public final class Signal<Value, Error: Swift.Error> {
        private var observers: [(id: UInt64, action: (Value) -> Void)] = []
        private var nextID: UInt64 = 0

        init() {}

        /// Calls `action` with every value sent from now on.
        @discardableResult
        public func observeValues(_ action: @escaping (Value) -> Void) -> (any Disposable)? {
            let id = nextID
            nextID += 1
            observers.append((id, action))
            return ActionDisposable { [weak self] in
                self?.observers.removeAll { $0.id == id }
            }
        }

        /// The signal itself, as ReactiveSwift's `SignalProtocol.signal` gives it, so that code
        /// written as `host.output.signal.observeValues { … }` reads the same here.
        public var signal: Signal<Value, Error> { self }

        /// A producer of this signal's values from the moment each start observes it (no
        /// current value: a signal has none), as ReactiveSwift's `Signal.producer`.
        public var producer: SignalProducer<Value, Error> {
            SignalProducer { [self] action in
                observeValues(action) ?? ActionDisposable {}
            }
        }

        func send(_ value: Value) {
            for observer in observers {
                observer.action(value)
            }
        }

        /// A signal of this one's values until `lifetime` ends, as ReactiveSwift's
        /// `take(during:)`: its observers hear nothing after that.
        public func take(during lifetime: Lifetime) -> Signal<Value, Error> {
            let taken = Signal<Value, Error>()
            guard !lifetime.hasEnded else { return taken }
            // This signal's observer keeps the new one alive until the lifetime ends.
            let observation = observeValues { value in taken.send(value) }
            lifetime.onEnded { observation?.dispose() }
            return taken
        }
    }

    /// A recipe for a stream: each start delivers the current value, then every change.
    public struct SignalProducer<Value, Error: Swift.Error> {
        private let start: (@escaping (Value) -> Void) -> any Disposable

        init(start: @escaping (@escaping (Value) -> Void) -> any Disposable) {
            self.start = start
        }

        /// Starts the stream and calls `action` with each value.
        @discardableResult
        public func startWithValues(_ action: @escaping (Value) -> Void) -> any Disposable {
            start(action)
        }
    }

    /// A read-only value that changes over time, with a signal of its changes.
    public final class Property<Value> {
        /// The current value.
        public private(set) var value: Value

        /// The changes after the moment of observation.
        public let signal = Signal<Value, Never>()

        init(initial: Value) {
            self.value = initial
        }

        /// The current value followed by every change.
        public var producer: SignalProducer<Value, Never> {
            SignalProducer { [self] action in
                action(self.value)
                return self.signal.observeValues(action) ?? ActionDisposable {}
            }
        }

        func set(_ newValue: Value) {
            value = newValue
            signal.send(newValue)
        }
    }
}
