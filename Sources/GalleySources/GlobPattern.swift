// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// gitignore-style patterns as `exclude_docs` and `not_in_nav` use them.
package enum GlobPattern {
    /// Whether `path` (relative, `/`-separated) is selected by `patterns`; a later `!pattern`
    /// re-includes what an earlier one selected.
    package static func matchesAny(_ patterns: [String], path: String) -> Bool {
        var selected = false
        for raw in patterns {
            let negated = raw.hasPrefix("!")
            let pattern = negated ? String(raw.dropFirst()) : raw
            if matches(pattern, path: path) { selected = !negated }
        }
        return selected
    }

    /// One pattern: without a slash it matches a name at any depth; with a leading slash or an
    /// inner slash it is anchored at the root; a trailing slash selects a directory's contents.
    package static func matches(_ pattern: String, path: String) -> Bool {
        var pattern = pattern
        var directoryOnly = false
        if pattern.hasSuffix("/") {
            directoryOnly = true
            pattern.removeLast()
        }
        let anchored = pattern.hasPrefix("/") || pattern.dropFirst().contains("/")
        if pattern.hasPrefix("/") { pattern.removeFirst() }
        let components = path.split(separator: "/").map(String.init)
        var candidates: [String] = []
        if anchored {
            for length in 1...max(components.count, 1) where length <= components.count {
                candidates.append(components[0..<length].joined(separator: "/"))
            }
        } else {
            candidates = components
        }
        let lastIndex = candidates.count - 1
        for (index, candidate) in candidates.enumerated() {
            if directoryOnly, index == lastIndex { continue }
            if glob(pattern, candidate) { return true }
        }
        return false
    }

    private static func glob(_ pattern: String, _ text: String) -> Bool {
        if pattern.contains("**") {
            let collapsed = pattern.replacingOccurrences(of: "**/", with: "").replacingOccurrences(of: "**", with: "*")
            if fnmatch(collapsed, text, 0) == 0 { return true }
            return fnmatch(pattern.replacingOccurrences(of: "**", with: "*"), text, 0) == 0
        }
        return fnmatch(pattern, text, FNM_PATHNAME) == 0
    }
}
