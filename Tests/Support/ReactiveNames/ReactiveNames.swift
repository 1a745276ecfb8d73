// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
// The top-level names ReactiveSwift declares that a Workflow runtime's stand-ins could
// clash with (its `Lifetime` clashes with the original runtime's own, as it does here). Nothing here works: a test imports it to see that the names stay unambiguous.

public final class Signal<Value, Error: Swift.Error> {
    public init() {}
}

public struct SignalProducer<Value, Error: Swift.Error> {
    public init() {}
}

public final class Property<Value> {
    public init() {}
}

public protocol Disposable {}
