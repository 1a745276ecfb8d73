// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// SHA-256 over a sequence of labelled parts: the cache keys of snippets.
struct ContentHash {
    private var hasher = SHA256()

    mutating func add(_ label: String, _ text: String) {
        hasher.update("\(label):\(text.utf8.count):")
        hasher.update(text)
    }

    mutating func add(_ label: String, _ data: Data) {
        // Lengths keep ("ab","c") and ("a","bc") apart.
        hasher.update("\(label):\(data.count):")
        data.withUnsafeBytes { hasher.update(buffer: $0) }
    }

    func finish() -> String {
        hasher.hexDigest()
    }

    static func of(_ text: String) -> String {
        var hash = ContentHash()
        hash.add("", text)
        return hash.finish()
    }
}
