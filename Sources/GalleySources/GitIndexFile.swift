// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyFileSystem

/// Git's index file (`.git/index`), read without starting git: which paths it records as
/// symbolic links. Starting `git ls-files` costs more than linting a small site (10 ms of
/// a 30 ms run on the square/workflow pages), and the index is a short, documented binary
/// format (git's `gitformat-index`): a header, then one record per path with its mode.
/// No Swift package reads it, and linking libgit2 (with its TLS and SSH libraries) for one
/// question is more than the question is worth. Whatever this reader does not cover (a split
/// or sparse index, an index named by `GIT_INDEX_FILE`, a repository git is told about
/// through the environment) answers `nil`, and the caller asks git. The tests compare it with
/// `git ls-files -s` on indexes of every version.
package enum GitIndexFile {
    /// One record: the path (relative to the work tree's top folder) and its mode.
    package struct Entry: Equatable, Sendable {
        package var path: String
        package var mode: UInt32

        package init(path: String, mode: UInt32) {
            self.path = path
            self.mode = mode
        }
    }

    /// Where a work tree's index is: the folder holding `.git` above `directory` and the
    /// index's path, or `nil` when there is none or the environment redirects git.
    package static func locate(from directory: String) -> (top: String, index: String, gitDirectory: String)? {
        let environment = ProcessInfo.processInfo.environment
        guard environment["GIT_DIR"] == nil, environment["GIT_INDEX_FILE"] == nil, environment["GIT_WORK_TREE"] == nil,
              let (folder, kind) = dotGit(above: directory) else { return nil }
        let dotGit = folder + "/.git"
        if kind == .directory { return (folder, dotGit + "/index", dotGit) }
        // A linked work tree or a submodule: `gitdir: <path>`, relative to the folder.
        guard let bytes = try? SystemCalls.readFile(dotGit) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("gitdir:") else { return nil }
        let path = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespaces)
        let gitDirectory = path.hasPrefix("/") ? path : PathName.join(folder, path)
        return (folder, gitDirectory + "/index", gitDirectory)
    }

    /// The nearest folder at or above `directory` that holds `.git` (a folder, or a file for
    /// a linked work tree or a submodule), with what `.git` is there; `nil` outside a work tree.
    package static func dotGit(above directory: String) -> (folder: String, kind: EntryKind)? {
        var folder = SystemCalls.realPath(directory) ?? directory
        while true {
            if let kind = SystemCalls.kind(folder + "/.git") { return (folder, kind) }
            let parent = PathName.parent(folder)
            if parent == folder || parent.isEmpty { return nil }
            folder = parent
        }
    }

    /// The records of an index file's bytes; `nil` for what this reader does not cover.
    /// `hashSize` is 20 for SHA-1 repositories and 32 for SHA-256 ones.
    package static func entries(_ bytes: [UInt8], hashSize: Int = 20) -> [Entry]? {
        func word(_ at: Int) -> UInt32? {
            guard at + 4 <= bytes.count else { return nil }
            return UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
        }
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("DIRC".utf8), let version = word(4), (2...4).contains(version),
              let count = word(8) else { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(Int(count))
        var at = 12
        var previous: [UInt8] = []
        for _ in 0..<count {
            let start = at
            // ctime, mtime (8 bytes each), dev, ino, then the mode.
            guard let mode = word(at + 24) else { return nil }
            at += 40 + hashSize
            guard at + 2 <= bytes.count else { return nil }
            let flags = UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
            at += 2
            if version >= 3, flags & 0x4000 != 0 {
                guard at + 2 <= bytes.count else { return nil }
                // Extended flags: a skip-worktree entry of a sparse checkout is not on disk.
                if bytes[at] & 0x40 != 0 { return nil }
                at += 2
            }
            var path: [UInt8]
            if version == 4 {
                // The path shares all but N of the previous path's bytes (N a varint), then
                // the rest up to a NUL; no padding.
                guard at < bytes.count else { return nil }
                var value = Int(bytes[at] & 0x7F)
                while bytes[at] & 0x80 != 0 {
                    at += 1
                    guard at < bytes.count else { return nil }
                    value = ((value + 1) << 7) | Int(bytes[at] & 0x7F)
                }
                at += 1
                guard value <= previous.count, let end = bytes[at...].firstIndex(of: 0) else { return nil }
                path = Array(previous.dropLast(value)) + bytes[at..<end]
                at = end + 1
            } else {
                guard let end = bytes[at...].firstIndex(of: 0) else { return nil }
                path = Array(bytes[at..<end])
                // Padded with 1 to 8 NULs to a multiple of 8 bytes from the record's start.
                at = start + ((end - start + 8) / 8) * 8
            }
            // A sparse index keeps whole folders as one record; their links are not listed.
            if mode == 0o040000 { return nil }
            entries.append(Entry(path: String(decoding: path, as: UTF8.self), mode: mode))
            previous = path
        }
        // Extensions: a split index keeps most records in another file.
        while at + 8 <= bytes.count - hashSize {
            let signature = bytes[at..<(at + 4)]
            if signature.elementsEqual("link".utf8) || signature.elementsEqual("sdir".utf8) { return nil }
            guard let size = word(at + 4) else { return nil }
            at += 8 + Int(size)
        }
        return entries
    }

    /// The paths under `directory` (absolute) that the index records as symbolic links;
    /// `nil` when `directory` is in no work tree or the index is not one this reader covers.
    /// A work tree with no index yet records nothing.
    package static func symbolicLinks(under directory: String) -> [String]? {
        guard let (top, index, gitDirectory) = locate(from: directory) else { return nil }
        let hashSize = usesSHA256(gitDirectory) ? 32 : 20
        guard SystemCalls.kind(index) != nil else { return [] }
        guard let bytes = try? SystemCalls.readFile(index), let entries = entries(bytes, hashSize: hashSize) else { return nil }
        let real = SystemCalls.realPath(directory) ?? directory
        let prefix = real == top ? "" : String(real.dropFirst(top.count + 1)) + "/"
        guard real == top || real.hasPrefix(top + "/") else { return nil }
        return entries.filter { $0.mode == 0o120000 && $0.path.hasPrefix(prefix) }.map { PathName.join(top, $0.path) }
    }

    /// Whether the repository's configuration names SHA-256 object ids (`objectformat`).
    private static func usesSHA256(_ gitDirectory: String) -> Bool {
        var configs = [gitDirectory + "/config"]
        // A linked work tree's configuration is the main repository's.
        if let common = try? SystemCalls.readFile(gitDirectory + "/commondir") {
            let path = String(decoding: common, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            configs.append((path.hasPrefix("/") ? path : PathName.join(gitDirectory, path)) + "/config")
        }
        return configs.contains { config in
            guard let bytes = try? SystemCalls.readFile(config) else { return false }
            return String(decoding: bytes, as: UTF8.self).lowercased().contains("sha256")
        }
    }
}
