// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// A value that holds a screen but hides its static type, so code can look inside
/// containers without knowing their screen types.
public protocol ScreenContaining {
    /// The screen held.
    var containedScreen: any Screen { get }
}

extension ScreenContaining {
    /// The first screen, following `containedScreen` inwards, that holds no other.
    public func findInnermostScreen() -> any Screen {
        var screen = containedScreen
        while let container = screen as? any ScreenContaining {
            screen = container.containedScreen
        }
        return screen
    }
}

/// A screen that shows one screen above all others it holds: a wrapper's content, the top of
/// a back stack.
public protocol SingleScreenContaining {
    /// The screen that matters most of those held.
    var primaryScreen: any Screen { get }
}

extension SingleScreenContaining {
    /// The first screen, following `primaryScreen` inwards, that holds no other.
    public func findInnermostPrimaryScreen() -> any Screen {
        var screen = primaryScreen
        while let container = screen as? any SingleScreenContaining {
            screen = container.primaryScreen
        }
        return screen
    }
}

extension AnyScreen: SingleScreenContaining {
    /// The screen inside.
    public var primaryScreen: any Screen { wrappedScreen }
}

/// A screen that wraps one other screen, adding to how it is shown.
public protocol WrapperScreen: Screen {
    /// The type of the wrapped screen.
    associatedtype Wrapped: Screen

    /// The wrapped screen.
    var wrapped: Wrapped { get }
}
