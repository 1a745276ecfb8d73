// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Decides, for every host started, which observers it gets: the ones passed to its
/// initializer, changed or added to. A program can so give every host the same observers
/// (logging, tracing) in a known order.
@_spi(WorkflowGlobalObservation)
public protocol ObserversInterceptor {
    /// The observers a host uses, given those passed to `WorkflowHost.init`.
    func workflowObservers(for initialObservers: [any WorkflowObserver]) -> [any WorkflowObserver]
}

/// Where the interceptor every host consults lives.
@_spi(WorkflowGlobalObservation)
public enum WorkflowObservation {
    /// The interceptor hosts consult as they start. Setting `nil` restores the one that
    /// keeps a host's own observers unchanged.
    public static var sharedObserversInterceptor: (any ObserversInterceptor)! {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue ?? PassThrough() } }
    }

    /// Hosts may start on any thread that owns them, so the shared value is behind a lock.
    private static let storage = LockedValue<any ObserversInterceptor>(PassThrough())

    private struct PassThrough: ObserversInterceptor {
        func workflowObservers(for initialObservers: [any WorkflowObserver]) -> [any WorkflowObserver] {
            initialObservers
        }
    }
}

/// A value behind a lock. Not `Mutex`: the interceptor is not `Sendable` (its protocol is
/// the public API's, which does not ask for it), and a `Mutex` cannot hand out a copy of a
/// non-`Sendable` value it holds, which the getter above must.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&value) }
    }
}
