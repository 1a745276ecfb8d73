// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// A screen shown with a changed ``ViewEnvironment``: every screen inside it reads the
/// changed values, until another `AdaptedEnvironmentScreen` further in changes them again.
///
/// ```swift run expect
/// enum Theme { case light, dark }
/// enum ThemeKey: ViewEnvironmentKey {
///     static let defaultValue = Theme.light
/// }
/// struct Form: Screen {}
///
/// let shown = Form().adaptedEnvironment(key: ThemeKey.self, value: .dark)
/// let description = shown.viewControllerDescription(environment: .empty)
/// print(description.environment[ThemeKey.self])
/// ```
///
/// ```output
/// dark
/// ```
public struct AdaptedEnvironmentScreen<Content: Screen>: Screen {
    /// Changes the environment in place.
    public typealias Adapter = (inout ViewEnvironment) -> Void

    /// The screen shown with the changed environment.
    public var wrapped: Content

    var adapter: Adapter

    /// `wrapped`, with the environment `adapting` changes.
    public init(wrapping wrapped: Content, adapting: @escaping Adapter) {
        self.wrapped = wrapped
        self.adapter = adapting
    }

    /// `screen`, with `key` set to `value`.
    public init<Key: ViewEnvironmentKey>(wrapping screen: Content, key: Key.Type, value: Key.Value) {
        self.init(wrapping: screen) { $0[key] = value }
    }

    /// `screen`, with the value at `keyPath` set to `value`.
    public init<Value>(wrapping screen: Content, keyPath: WritableKeyPath<ViewEnvironment, Value>, value: Value) {
        self.init(wrapping: screen) { $0[keyPath: keyPath] = value }
    }

    public func viewControllerDescription(environment: ViewEnvironment) -> ViewControllerDescription {
        var environment = environment
        adapter(&environment)
        return wrapped.viewControllerDescription(environment: environment)
    }
}

extension AdaptedEnvironmentScreen: SingleScreenContaining {
    /// The screen shown with the changed environment.
    public var primaryScreen: any Screen { wrapped }
}

extension Screen {
    /// This screen with `key` set to `value` in its environment.
    public func adaptedEnvironment<Key: ViewEnvironmentKey>(key: Key.Type, value: Key.Value) -> AdaptedEnvironmentScreen<Self> {
        AdaptedEnvironmentScreen(wrapping: self, key: key, value: value)
    }

    /// This screen with the value at `keyPath` of its environment set to `value`.
    public func adaptedEnvironment<Value>(keyPath: WritableKeyPath<ViewEnvironment, Value>, value: Value) -> AdaptedEnvironmentScreen<Self> {
        AdaptedEnvironmentScreen(wrapping: self, keyPath: keyPath, value: value)
    }

    /// This screen with its environment changed by `adapting`.
    public func adaptedEnvironment(adapting: @escaping (inout ViewEnvironment) -> Void) -> AdaptedEnvironmentScreen<Self> {
        AdaptedEnvironmentScreen(wrapping: self, adapting: adapting)
    }
}
