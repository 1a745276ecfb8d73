// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// Every path computation of the build, the server and the linter goes through here.
///
/// Written by hand on purpose: Foundation's `NSString` path methods trap on short input on
/// Linux (`"a"` or `"."` crashes `deletingLastPathComponent`), and swift-system's
/// `FilePath.lexicallyNormalized()` asserts on `..` that climbs above the root. These work
/// on `/`-separated components and are total: any string in, a string out.
package enum PathName {
    /// The components of `path`, empty ones (from `//` or a trailing `/`) dropped.
    private static func components(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// The directory part of `path`: `""` for a bare name, `"/"` for a child of the root.
    package static func parent(_ path: String) -> String {
        // The build asks this of every file it writes, and such paths are clean: no `//`
        // and no trailing `/`. Their parent is everything before the last `/`.
        if let last = lastSeparatorOfCleanPath(path) {
            return String(path[..<last])
        }
        let parts = components(path)
        let rooted = path.hasPrefix("/")
        guard parts.count > 1 else { return rooted ? "/" : "" }
        return (rooted ? "/" : "") + parts.dropLast().joined(separator: "/")
    }

    /// Where the last `/` of `path` is, when that `/` is neither its first nor its last byte
    /// and no two `/` are adjacent (so no component is empty); nil otherwise. A plain loop over
    /// the bytes: generic sequence adaptors would have the runtime look their types up.
    private static func lastSeparatorOfCleanPath(_ path: String) -> String.Index? {
        let bytes = path.utf8
        var last: String.Index?
        var previousWasSeparator = false
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let isSeparator = bytes[index] == 0x2F
            if isSeparator {
                if previousWasSeparator { return nil }
                last = index
            }
            previousWasSeparator = isSeparator
            index = bytes.index(after: index)
        }
        guard let last, last != bytes.startIndex, !previousWasSeparator else { return nil }
        return last
    }

    /// The last component of `path` (`""` for `"/"` and `""`).
    package static func lastComponent(_ path: String) -> String {
        components(path).last.map(String.init) ?? ""
    }

    /// `path` under `base`, or `path` itself when it is absolute or `base` is empty.
    package static func join(_ base: String, _ path: String) -> String {
        if base.isEmpty || path.hasPrefix("/") { return path }
        if path.isEmpty { return base }
        return base.hasSuffix("/") ? base + path : base + "/" + path
    }

    /// `path` made absolute against `base` (itself taken from the working directory when
    /// relative) and lexically normalized (`.` and `..` removed, never above the root). An
    /// empty `path` names `base` itself.
    package static func absolute(_ path: String, relativeTo base: String) -> String {
        if path.hasPrefix("/") { return normalized(path) }
        let root = base.hasPrefix("/") ? base : SystemCalls.currentDirectory + "/" + base
        return normalized(root + "/" + path)
    }

    /// `path` with `.`, `..` and repeated separators removed; `..` at the root stays there.
    /// A relative path keeps its leading `..` components.
    package static func normalized(_ path: String) -> String {
        let rooted = path.hasPrefix("/")
        var kept: [Substring] = []
        for part in components(path) {
            switch part {
            case ".":
                continue
            case "..":
                if let last = kept.last, last != ".." {
                    kept.removeLast()
                } else if !rooted {
                    kept.append(part)
                }
            default:
                kept.append(part)
            }
        }
        let joined = kept.joined(separator: "/")
        return rooted ? "/" + joined : joined
    }

    /// Whether `path` is `ancestor` or lies below it, comparing whole normalized components.
    package static func isInside(_ path: String, _ ancestor: String) -> Bool {
        relative(path, to: ancestor) != nil
    }

    /// `path` relative to `base` when it is `base` (`""`) or lies below it, else `nil`.
    package static func relative(_ path: String, to base: String) -> String? {
        let parts = components(normalized(path))
        let baseParts = components(normalized(base))
        guard path.hasPrefix("/") == base.hasPrefix("/"), parts.count >= baseParts.count,
              parts.prefix(baseParts.count).elementsEqual(baseParts)
        else { return nil }
        return parts.dropFirst(baseParts.count).joined(separator: "/")
    }
}
