// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// Path arithmetic on `/`-separated site paths and URLs.
package enum URLPath {
    /// `path` with `.` and `..` segments resolved; `nil` when it climbs above the root.
    package static func normalize(_ path: String) -> String? {
        var parts: [Substring] = []
        let trailingSlash = path.hasSuffix("/")
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return trailingSlash && !joined.isEmpty ? joined + "/" : joined
    }

    /// The directory part of a file path, with a trailing slash (empty at the root).
    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// The directory a URL's relative links resolve against: the URL itself when it ends in
    /// `/`, else its parent.
    package static func base(ofURL url: String) -> String {
        url.isEmpty || url.hasSuffix("/") ? url : directory(of: url)
    }

    /// `target` (a site URL) as a link from the page at site URL `from`.
    package static func relative(_ target: String, from: String) -> String {
        let fromParts = base(ofURL: from).split(separator: "/")
        let targetParts = target.split(separator: "/", omittingEmptySubsequences: true)
        var common = 0
        while common < fromParts.count, common < targetParts.count, fromParts[common] == targetParts[common] {
            common += 1
        }
        var pieces = Array(repeating: "..", count: fromParts.count - common)
        pieces += targetParts[common...].map(String.init)
        var result = pieces.joined(separator: "/")
        if target.hasSuffix("/") || target.isEmpty, !result.isEmpty { result += "/" }
        return result.isEmpty ? "./" : result
    }

    /// Percent-decodes `text` (`%20` → space); invalid escapes are kept.
    package static func decode(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "%"), iterator.count >= 2,
               let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
