// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import Synchronization
import GalleyFileSystem

/// Where a build puts the site: a folder on disk (``SiteWriter``), or memory
/// (``MemorySite``), which `galley serve` answers from so that a save never writes the site
/// out again. The build calls the same steps on either.
protocol SiteOutput: AnyObject, Sendable {
    /// Whether the build put a file at `relativePath` already.
    func exists(_ relativePath: String) -> Bool
    /// Makes room for the pages at `relativePaths`, which ``writeReserved(_:to:)`` then fills
    /// from several threads at once.
    func reserve(_ relativePaths: [String]) throws
    /// Writes a page's HTML, in the pieces given, at a path ``reserve(_:)`` made room for. It
    /// takes the text, not its bytes, so that a site on disk writes each piece's own UTF-8:
    /// a huge page is neither joined nor copied once more for the write.
    func writeReserved(_ page: [String], to relativePath: String) throws(FileSystemError)
    func write(_ data: Data, to relativePath: String) throws(FileSystemError)
    /// The file `make` makes, as `relativePath`: made now on disk, and in memory when it is
    /// first asked for (the search files, which a preview asks for rarely and a change
    /// makes stale at once).
    func writeLater(_ make: @escaping @Sendable () throws -> Data, to relativePath: String) throws
    /// The file at `source` (a source file of the project) as the site's `relativePath`.
    func copy(_ source: String, to relativePath: String) throws(FileSystemError)
    /// The site is complete: it replaces the previous one.
    func commit() throws
    /// The build failed: the previous site stays as it was.
    func abandon()
}

extension SiteWriter: SiteOutput {
    func writeLater(_ make: @escaping @Sendable () throws -> Data, to relativePath: String) throws {
        try write(try make(), to: relativePath)
    }
}

/// A value made the first time it is asked for, then kept; safe to ask from any thread.
package final class Deferred<Value: Sendable>: Sendable {
    private enum State {
        case waiting(@Sendable () throws -> Value)
        case made(Result<Value, any Error>)
    }

    private let state: Mutex<State>

    package init(_ make: @escaping @Sendable () throws -> Value) {
        state = Mutex(.waiting(make))
    }

    package func value() throws -> Value {
        let result = state.withLock { state -> Result<Value, any Error> in
            switch state {
            case .made(let result): return result
            case .waiting(let make):
                let result = Result { try make() }
                state = .made(result)
                return result
            }
        }
        return try result.get()
    }
}

/// A whole site in memory: each file's bytes, or for a file copied from the docs, where it
/// is (read when asked for, as a copy made now would read it).
package final class MemorySite: SiteOutput, Sendable {
    /// One file of the site.
    package enum File: Sendable, Equatable {
        case data(Data)
        /// A source file published as it is, by its absolute path.
        case source(String)
        /// Made when first asked for.
        case later(Deferred<Data>)

        package static func == (lhs: File, rhs: File) -> Bool {
            switch (lhs, rhs) {
            case (.data(let a), .data(let b)): a == b
            case (.source(let a), .source(let b)): a == b
            case (.later(let a), .later(let b)): a === b
            default: false
            }
        }
    }

    private struct Contents {
        var files: [String: File] = [:]
        /// Every folder that holds a file, without a final `/` (`""` is the root).
        var folders: Set<String> = [""]
    }

    private let contents: Mutex<Contents>

    package init() {
        contents = Mutex(Contents())
    }

    private init(_ held: Contents) {
        contents = Mutex(held)
    }

    /// The file at `relativePath`, if the site has one.
    package func file(_ relativePath: String) -> File? {
        contents.withLock { $0.files[relativePath] }
    }

    /// Whether `relativePath` names a folder of the site.
    package func isFolder(_ relativePath: String) -> Bool {
        contents.withLock { $0.folders.contains(relativePath) }
    }

    /// Every file's path, sorted.
    package var paths: [String] {
        contents.withLock { $0.files.keys.sorted() }
    }

    /// A site holding the same files, to change without changing this one.
    package func copy() -> MemorySite {
        MemorySite(contents.withLock { $0 })
    }

    /// The bytes of the file at `relativePath`.
    package func contents(_ relativePath: String) -> Data? {
        switch file(relativePath) {
        case .data(let data)?: data
        case .source(let path)?: FileManager.default.contents(atPath: path)
        case .later(let deferred)?: try? deferred.value()
        case nil: nil
        }
    }

    func exists(_ relativePath: String) -> Bool {
        contents.withLock { $0.files[relativePath] != nil }
    }

    func reserve(_ relativePaths: [String]) throws {}

    func writeReserved(_ page: [String], to relativePath: String) throws(FileSystemError) {
        var data = Data(capacity: page.reduce(0) { $0 + $1.utf8.count })
        for part in page {
            data.append(contentsOf: part.utf8)
        }
        store(.data(data), at: relativePath)
    }

    func write(_ data: Data, to relativePath: String) throws(FileSystemError) {
        store(.data(data), at: relativePath)
    }

    func writeLater(_ make: @escaping @Sendable () throws -> Data, to relativePath: String) {
        store(.later(Deferred(make)), at: relativePath)
    }

    func copy(_ source: String, to relativePath: String) throws(FileSystemError) {
        // As the copy to disk would, a file that can't be read fails the build now.
        guard SystemCalls.kind(source) == .file else {
            throw FileSystemError("read", source, code: ENOENT)
        }
        store(.source(source), at: relativePath)
    }

    func commit() throws {}

    func abandon() {}

    private func store(_ file: File, at relativePath: String) {
        contents.withLock { contents in
            contents.files[relativePath] = file
            var folder = PathName.parent(relativePath)
            while contents.folders.insert(folder).inserted, !folder.isEmpty {
                folder = PathName.parent(folder)
            }
        }
    }
}
