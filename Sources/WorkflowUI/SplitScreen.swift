// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Workflow

/// Two screens side by side, the left one taking `ratio` of the width.
public struct SplitScreen<LeftScreenType: Screen, RightScreenType: Screen>: Screen {
    /// The leading screen (a list, say).
    public var leftScreen: LeftScreenType
    /// The trailing screen (the selected item's detail).
    public var rightScreen: RightScreenType
    /// The share of the width the left screen takes, between 0 and 1.
    public var ratio: Double

    /// A split of `leftScreen` and `rightScreen`; the left takes a third by default.
    public init(leftScreen: LeftScreenType, rightScreen: RightScreenType, ratio: Double = SplitRatio.third) {
        self.leftScreen = leftScreen
        self.rightScreen = rightScreen
        self.ratio = ratio
    }
}

/// Common ratios for ``SplitScreen``.
public enum SplitRatio {
    /// A quarter of the width.
    public static let quarter = 1.0 / 4.0
    /// A third of the width.
    public static let third = 1.0 / 3.0
    /// Half the width.
    public static let half = 1.0 / 2.0
}
