// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
extension Duration {
    /// The duration in seconds, as reports print it.
    package var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
