// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import NIOCore
import NIOHTTP1
import Synchronization

/// A cache that many machines share, spoken to in the HTTP remote-cache protocol of build
/// systems (`GET` and `PUT` of `/ac/KEY` and `/cas/SHA256`), as bazel-remote, nginx with
/// WebDAV and hosted caches serve it. An entry is a set of files: the action cache maps a key
/// to an `ActionResult` naming each file's digest, and the content store holds the files by
/// their SHA-256. What comes back is checked against those digests before it is used.
///
/// The cache only ever saves work. A server that is slow, down or refuses is met with one
/// warning; the build then goes on without it, doing the work itself.
package final class RemoteCache: Sendable {
    /// How the cache is reached (`galley.snippets.remote_cache`).
    let settings: RemoteCacheConfig
    private let exchange: HTTPExchange
    /// The URL's path, before `/ac/` and `/cas/`, without a trailing `/`.
    private let prefix: String
    private let state = Mutex(State())

    /// What the cache did for one build, for its summary.
    package struct Statistics: Sendable, Equatable {
        /// Entries found and used.
        package var hits = 0
        /// Entries looked for and not found.
        package var misses = 0
        /// Entries stored.
        package var stored = 0
        /// Entries found but not used: their bytes did not match their digests.
        package var rejected = 0
        package var downloadedBytes = 0
        package var uploadedBytes = 0

        package init() {}

        init(hits: Int, misses: Int, stored: Int, rejected: Int, downloadedBytes: Int, uploadedBytes: Int) {
            (self.hits, self.misses, self.stored, self.rejected, self.downloadedBytes, self.uploadedBytes) = (hits, misses, stored, rejected, downloadedBytes, uploadedBytes)
        }

        /// What was done since `earlier` figures were taken.
        package func since(_ earlier: Statistics) -> Statistics {
            Statistics(hits: hits - earlier.hits, misses: misses - earlier.misses, stored: stored - earlier.stored, rejected: rejected - earlier.rejected,
                       downloadedBytes: downloadedBytes - earlier.downloadedBytes, uploadedBytes: uploadedBytes - earlier.uploadedBytes)
        }

        /// These figures and `other`'s, of runs made one after the other.
        package func adding(_ other: Statistics) -> Statistics {
            Statistics(hits: hits + other.hits, misses: misses + other.misses, stored: stored + other.stored, rejected: rejected + other.rejected,
                       downloadedBytes: downloadedBytes + other.downloadedBytes, uploadedBytes: uploadedBytes + other.uploadedBytes)
        }

        /// `3 fetched (41.2 MB), 2 not there, 2 stored (0.3 MB)`, as the summary says it.
        package var description: String {
            func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }
            var parts = ["\(hits) fetched (\(megabytes(downloadedBytes)))", "\(misses) not there", "\(stored) stored (\(megabytes(uploadedBytes)))"]
            if rejected > 0 { parts.append("\(rejected) corrupt, not used") }
            return parts.joined(separator: ", ")
        }
    }

    private struct State {
        var statistics = Statistics()
        /// The server failed (no answer, an error status): it is asked nothing more for a
        /// while (``retryAfter``).
        var downSince: ContinuousClock.Instant?
        var down: Bool {
            get { downSince.map { ContinuousClock.now - $0 < RemoteCache.retryAfter } ?? false }
            set { downSince = newValue ? ContinuousClock.now : nil }
        }
        /// The server refused to store: it is still read.
        var refusesWrites = false
        var warnings: [String] = []
        /// Digests whose stored bytes did not match: uploaded again, whatever the server says.
        var corruptBlobs: Set<String> = []
    }

    /// How long a cache that failed is left alone: a preview that runs for hours tries it
    /// again, a build does not wait on it twice.
    static let retryAfter = Duration.seconds(300)

    private static let inUse = Mutex<[RemoteCacheConfig: RemoteCache]>([:])

    /// The cache for `settings` that this process uses: one for the snippets and the API
    /// reference of a build, so that a failed server costs one wait and one warning.
    package static func shared(settings: RemoteCacheConfig) throws(DiagnosticError) -> RemoteCache {
        if let known = inUse.withLock({ $0[settings] }) { return known }
        let cache = try RemoteCache(settings: settings)
        return inUse.withLock { caches in
            if let known = caches[settings] { return known }
            caches[settings] = cache
            return cache
        }
    }

    /// The largest entry file fetched: a built library is tens of megabytes.
    static let maximumFileBytes = 1 << 30

    /// The cache for `settings`, or the reason its URL cannot be used.
    package init(settings: RemoteCacheConfig) throws(DiagnosticError) {
        let location = SourceLocation(file: settings.line > 0 ? "mkdocs.yml" : "--remote-cache", line: settings.line)
        guard let url = URLComponents(string: settings.url), let host = url.host, !host.isEmpty else {
            throw DiagnosticError(at: location, "the remote cache `\(settings.url)` is not a URL such as `http://cache.example:8080/galley`", code: ConfigCodes.invalid)
        }
        guard url.scheme == "http" else {
            throw DiagnosticError(at: location, "the remote cache `\(settings.url)` must be an `http://` URL: galley speaks plain HTTP to it; reach an `https://` cache through a local proxy (bazel-remote or nginx on the runner)", code: ConfigCodes.invalid)
        }
        guard url.user == nil, url.password == nil, url.query == nil else {
            throw DiagnosticError(at: location, "the remote cache URL `\(settings.url)` may hold no user, password or query; send credentials with `headers`, whose values can come from the environment (`!ENV TOKEN`)", code: ConfigCodes.invalid)
        }
        self.settings = settings
        var path = url.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        prefix = path
        let timeout = TimeAmount.nanoseconds(Int64(settings.timeout * 1e9))
        exchange = HTTPExchange(
            host: host, port: url.port ?? 80,
            headers: settings.headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
            connectTimeout: min(timeout, .seconds(5)), deadline: timeout, maximumBody: Self.maximumFileBytes
        )
    }

    /// What the cache did so far.
    package var statistics: Statistics { state.withLock { $0.statistics } }

    /// The warnings so far: at most one that the server failed, one that it refused to store,
    /// and one that an entry was corrupt.
    package var warnings: [String] { state.withLock { $0.warnings } }

    /// The warnings not yet taken, as diagnostics at the setting; each is taken once, by the
    /// first part of a build to report.
    package func takeWarnings() -> [Diagnostic] {
        let taken = state.withLock { state in
            defer { state.warnings.removeAll() }
            return state.warnings
        }
        return taken.map { Diagnostic(.warning, at: location, $0, code: SnippetCodes.remoteCache) }
    }

    /// Where the warnings point: the setting's line, or the command line's option.
    package var location: SourceLocation {
        settings.line > 0 ? SourceLocation(file: "mkdocs.yml", line: settings.line) : SourceLocation(file: "--remote-cache")
    }

    // MARK: Entries

    /// A file of an entry to store: where it is now, and its name inside the entry.
    struct EntryFile: Sendable {
        var name: String
        var path: String
    }

    /// Fetches the entry `key` into `directory` (created), each file under its name in the
    /// entry, every file checked against its digest before any is written. Returns the names
    /// written; `nil` when the entry is missing, corrupt, or the server failed.
    func fetch(_ key: String, into directory: String) -> [String]? {
        guard !isDown else { return nil }
        guard let found = get("ac/" + key) else { return nil }
        guard let bytes = found, let entry = ActionResultMessage(decoding: Array(buffer: bytes)),
              entry.outputFiles.allSatisfy({ Self.isSafe($0.path) }) else {
            if found == nil { count { $0.misses += 1 } } else { reject("an entry's record is not a well-formed list of files") }
            return nil
        }
        var contents: [(ActionResultMessage.OutputFile, ByteBuffer)] = []
        for file in entry.outputFiles {
            guard let found = get("cas/" + file.hash) else { return nil }
            guard let body = found else {
                count { $0.misses += 1 }
                return nil
            }
            guard body.readableBytes == file.size, Self.sha256(body) == file.hash else {
                state.withLock { _ = $0.corruptBlobs.insert(file.hash) }
                reject("`\(file.path)` did not match its SHA-256")
                return nil
            }
            contents.append((file, body))
        }
        var written: [String] = []
        for (file, body) in contents {
            let path = directory + "/" + file.path
            let partial = path + ".remote-\(UInt64.random(in: 0...UInt64.max))"
            do {
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try body.withUnsafeReadableBytes { try Data($0).write(to: URL(fileURLWithPath: partial)) }
                if file.isExecutable { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: partial) }
                try SystemCalls.rename(partial, path)
            } catch {
                try? FileManager.default.removeItem(atPath: partial)
                return nil
            }
            written.append(file.path)
        }
        count {
            $0.hits += 1
            $0.downloadedBytes += contents.reduce(0) { $0 + $1.1.readableBytes }
        }
        return written
    }

    /// Stores `files` as the entry `key`: the files first, then the record naming them, so
    /// that a reader never finds a record whose files are missing. Nothing happens when the
    /// cache is read-only or has failed.
    func store(_ key: String, files: [EntryFile]) {
        guard !settings.readOnly, state.withLock({ !$0.down && !$0.refusesWrites }) else { return }
        var outputs: [ActionResultMessage.OutputFile] = []
        var uploaded = 0
        for file in files {
            guard let data = FileManager.default.contents(atPath: file.path) else { return }
            let buffer = ByteBuffer(bytes: data)
            let hash = Self.sha256(buffer)
            // A library many entries share is uploaded once.
            let corrupt = state.withLock { $0.corruptBlobs.contains(hash) }
            if corrupt || head("cas/" + hash) != true {
                guard put("cas/" + hash, buffer) else { return }
                uploaded += data.count
            }
            let executable = FileManager.default.isExecutableFile(atPath: file.path)
            outputs.append(.init(path: file.name, hash: hash, size: data.count, isExecutable: executable))
        }
        guard put("ac/" + key, ByteBuffer(bytes: ActionResultMessage(outputFiles: outputs).encoded())) else { return }
        count {
            $0.stored += 1
            $0.uploadedBytes += uploaded
        }
    }

    /// A name inside an entry: relative, without `.` or `..` parts.
    static func isSafe(_ name: String) -> Bool {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        return !name.isEmpty && !parts.contains { $0.isEmpty || $0 == "." || $0 == ".." }
    }

    static func sha256(_ buffer: ByteBuffer) -> String {
        var hasher = SHA256()
        buffer.withUnsafeReadableBytes { hasher.update(buffer: $0) }
        return hasher.hexDigest()
    }

    // MARK: Requests

    private var isDown: Bool { state.withLock { $0.down } }

    /// The body at `path`: `.some(nil)` when the server has none, `nil` when it failed.
    private func get(_ path: String) -> ByteBuffer?? {
        guard let response = send(.GET, path) else { return nil }
        switch response.status {
        case 200: return .some(response.body)
        case 404: return .some(nil)
        default:
            fail("it answered `GET` with status \(response.status)")
            return nil
        }
    }

    /// Whether the server has `path`; `nil` when it failed or will not say.
    private func head(_ path: String) -> Bool? {
        guard let response = send(.HEAD, path) else { return nil }
        return response.status == 200 ? true : response.status == 404 ? false : nil
    }

    /// Puts `body` at `path`; whether the server took it.
    private func put(_ path: String, _ body: ByteBuffer) -> Bool {
        guard let response = send(.PUT, path, body: body) else { return false }
        if (200..<300).contains(response.status) { return true }
        if [401, 403, 405].contains(response.status) {
            let first = state.withLock { state in
                defer { state.refusesWrites = true }
                return !state.refusesWrites
            }
            if first { warn("the remote cache at \(settings.url) refused to store (status \(response.status)); this build reads from it but stores nothing. Set `read_only: true` where storing is not meant to happen, or give the credentials it needs in `headers`") }
        } else {
            fail("it answered `PUT` with status \(response.status)")
        }
        return false
    }

    private func send(_ method: HTTPMethod, _ path: String, body: ByteBuffer? = nil) -> HTTPExchange.Response? {
        guard !isDown else { return nil }
        do {
            return try exchange.perform(method, prefix + "/" + path, body: body)
        } catch {
            fail(String(describing: error))
            return nil
        }
    }

    /// Stops using the server, with one warning for the build.
    private func fail(_ reason: String) {
        let first = state.withLock { state in
            defer { state.down = true }
            return !state.down
        }
        if first { warn("the remote cache at \(settings.url) failed (\(reason)); this build goes on without it, compiling what it would have fetched") }
    }

    /// Notes an entry whose bytes are not what its record says, once per build.
    private func reject(_ what: String) {
        let first = state.withLock { state in
            defer { state.statistics.rejected += 1 }
            return state.statistics.rejected == 0
        }
        if first { warn("the remote cache at \(settings.url) holds a corrupt entry (\(what)); it was not used, and what it stood for is built here") }
    }

    private func warn(_ message: String) {
        state.withLock { $0.warnings.append(message) }
    }

    private func count(_ change: (inout Statistics) -> Void) {
        state.withLock { change(&$0.statistics) }
    }
}
