// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Workflow

/// A rendering meant to be shown: a screen model. Headless, so any value type can be one.
///
/// On a platform with a UI toolkit, a screen describes the view controller that shows it;
/// here ``viewControllerDescription(environment:)`` has a default that records the
/// screen's type, which is all that is needed to compare and print renderings.
public protocol Screen {
    /// Describes what would show this screen in `environment`.
    func viewControllerDescription(environment: ViewEnvironment) -> ViewControllerDescription
}

extension Screen {
    /// A description naming this screen's type.
    public func viewControllerDescription(environment: ViewEnvironment) -> ViewControllerDescription {
        ViewControllerDescription(screenType: Self.self, environment: environment)
    }

    /// This screen, type-erased.
    public func asAnyScreen() -> AnyScreen {
        AnyScreen(self)
    }
}

/// A platform-neutral stand-in for the description of a view controller: which kind of
/// view would show a screen, and the environment it would be shown in.
public struct ViewControllerDescription {
    /// The name of the screen type the described view shows.
    public let kind: String

    /// The environment the description was made for.
    public let environment: ViewEnvironment

    /// Describes the view for screens of `screenType`.
    public init(screenType: Any.Type, environment: ViewEnvironment) {
        self.kind = String(reflecting: screenType)
        self.environment = environment
    }

    /// Whether a view built from `other` could be updated in place to show this one,
    /// which is the case when both describe the same kind of screen.
    public func canUpdate(from other: ViewControllerDescription) -> Bool {
        kind == other.kind
    }
}

/// A type-erased screen.
public struct AnyScreen: Screen {
    /// The screen inside.
    public let wrappedScreen: any Screen

    /// Wraps `screen`; wrapping an `AnyScreen` unwraps it first, so erasure never nests.
    public init<S: Screen>(_ screen: S) {
        if let erased = screen as? AnyScreen {
            self = erased
        } else {
            self.wrappedScreen = screen
        }
    }

    public func viewControllerDescription(environment: ViewEnvironment) -> ViewControllerDescription {
        wrappedScreen.viewControllerDescription(environment: environment)
    }
}
