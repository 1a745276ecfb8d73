// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// A key into ``ViewEnvironment`` with the value used when none was set.
public protocol ViewEnvironmentKey {
    /// The type of the stored value.
    associatedtype Value

    /// The value read when the environment holds none for this key.
    static var defaultValue: Value { get }
}

/// Values passed down from container screens to the screens they contain (a theme, the
/// position in a back stack), keyed by type.
public struct ViewEnvironment {
    private var storage: [ObjectIdentifier: Any] = [:]

    /// An environment with every key at its default.
    public static var empty: ViewEnvironment { ViewEnvironment() }

    private init() {}

    /// The value for `key`, or its default.
    public subscript<Key: ViewEnvironmentKey>(key: Key.Type) -> Key.Value {
        get { storage[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set { storage[ObjectIdentifier(key)] = newValue }
    }

    /// A copy with `key` set to `value`.
    public func setting<Key: ViewEnvironmentKey>(key: Key.Type, to value: Key.Value) -> ViewEnvironment {
        var copy = self
        copy[key] = value
        return copy
    }

    /// A copy with the value at `keyPath` set to `value`.
    public func setting<Value>(keyPath: WritableKeyPath<ViewEnvironment, Value>, to value: Value) -> ViewEnvironment {
        var copy = self
        copy[keyPath: keyPath] = value
        return copy
    }
}
