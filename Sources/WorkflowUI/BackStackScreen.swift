// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Workflow

/// A stack of screens of which the last is shown, each with its navigation bar.
/// The key and type of an item tell a container whether a screen was pushed or replaced.
public struct BackStackScreen<ScreenType: Screen>: Screen {
    /// The stack, bottom first.
    public var items: [Item]

    /// A stack of `items`, bottom first.
    public init(items: [Item]) {
        self.items = items
    }
}

extension BackStackScreen {
    /// One entry of the stack.
    public struct Item {
        /// Identifies the entry across renderings; defaults to the screen type.
        public var key: AnyHashable
        /// The screen.
        public var screen: ScreenType
        /// Whether and how the navigation bar shows.
        public var barVisibility: BarVisibility

        /// An item with an explicit key (or the screen type's when `nil`).
        public init<Key: Hashable>(key: Key?, screen: ScreenType, barVisibility: BarVisibility) {
            self.key = key.map { AnyHashable($0) } ?? AnyHashable(String(reflecting: ScreenType.self))
            self.screen = screen
            self.barVisibility = barVisibility
        }

        /// An item keyed by its screen type.
        public init(screen: ScreenType, barVisibility: BarVisibility) {
            self.init(key: String?.none, screen: screen, barVisibility: barVisibility)
        }

        /// An item with a visible bar showing `barContent`.
        public init<Key: Hashable>(key: Key?, screen: ScreenType, barContent: BarContent) {
            self.init(key: key, screen: screen, barVisibility: .visible(barContent))
        }

        /// An item keyed by its screen type with a visible bar showing `barContent`.
        public init(screen: ScreenType, barContent: BarContent) {
            self.init(key: String?.none, screen: screen, barContent: barContent)
        }

        /// An item with an empty visible bar.
        public init<Key: Hashable>(key: Key?, screen: ScreenType) {
            self.init(key: key, screen: screen, barVisibility: .visible(BarContent()))
        }

        /// An item keyed by its screen type with an empty visible bar.
        public init(screen: ScreenType) {
            self.init(key: String?.none, screen: screen)
        }
    }

    /// Whether the navigation bar shows.
    public enum BarVisibility {
        /// No bar.
        case hidden
        /// A bar with this content.
        case visible(BarContent)
    }

    /// What the navigation bar shows.
    public struct BarContent {
        /// The title.
        public var title: Title
        /// The button at the leading edge.
        public var leftItem: BarButtonItem
        /// The button at the trailing edge.
        public var rightItem: BarButtonItem

        /// Bar content with an optional title and buttons.
        public init(title: Title = .none, leftItem: BarButtonItem = .none, rightItem: BarButtonItem = .none) {
            self.title = title
            self.leftItem = leftItem
            self.rightItem = rightItem
        }

        /// Bar content titled `title`.
        public init(title: String, leftItem: BarButtonItem = .none, rightItem: BarButtonItem = .none) {
            self.init(title: .text(title), leftItem: leftItem, rightItem: rightItem)
        }

        /// A bar title.
        public enum Title {
            /// No title.
            case none
            /// A text title.
            case text(String)
        }

        /// A slot for a bar button.
        public enum BarButtonItem {
            /// Empty.
            case none
            /// A button.
            case button(Button)
        }

        /// What a button shows.
        public enum ButtonContent {
            /// A text label.
            case text(String)
            /// An icon, by name (no image type exists headless).
            case icon(String)
        }

        /// A bar button and what tapping it does.
        public struct Button {
            /// The label.
            public var content: ButtonContent
            /// Called on tap.
            public var handler: () -> Void

            /// A button showing `content` that calls `handler` on tap.
            public init(content: ButtonContent, handler: @escaping () -> Void) {
                self.content = content
                self.handler = handler
            }

            /// A "Back" button.
            public static func back(handler: @escaping () -> Void) -> Button {
                Button(content: .text("Back"), handler: handler)
            }
        }
    }
}

extension BackStackScreen {
    /// The screen on top, shown to the user; `nil` for an empty stack.
    public var topScreen: ScreenType? {
        items.last?.screen
    }
}
