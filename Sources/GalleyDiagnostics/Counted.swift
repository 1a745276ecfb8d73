// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// A number with its noun, singular for one: `1 page`, `2 pages`, `1 entry`, `3 entries`.
/// Every summary line says its counts through this, so none reads "1 pages".
package func counted(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
}
