// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import Synchronization
import GalleyFileSystem

/// Git link stubs: a checkout made with `core.symlinks=false` (or a copy through a tool that
/// drops links) stores each symbolic link as a small file holding the target path. mkdocs
/// copies such a file as it is; the square/workflow docs are written for the link, so Galley
/// reads the file the stub names, but only where that is safe:
///
/// - in a git work tree, only files the index records as links (mode `120000`): every other
///   small file whose text looks like a path is left alone;
/// - outside one, where nothing records what the file was, only a target that exists and
///   has the stub's own extension;
/// - and in every case only a target inside the project folder, so a stub can't publish
///   `/etc/passwd` or anything else the project does not hold.
package final class LinkStubPolicy: Sendable {
    /// The project folder, links resolved; targets must lie inside it.
    let project: String
    private let directory: String
    /// Absolute paths (links resolved) that git records as links, or `nil` outside a work
    /// tree; asked of git once, when the first file that could be a stub is met.
    private let loadedLinks = Mutex<Set<String>??>(nil)

    /// The policy for files under `directory` of `project`.
    package init(project: String, directory: String) {
        self.project = SystemCalls.realPath(project) ?? project
        self.directory = directory
    }

    private var recordedLinks: Set<String>? {
        loadedLinks.withLock { loaded in
            if let loaded { return loaded }
            let links = Self.gitRecordedLinks(in: directory)
            loaded = .some(links)
            return links
        }
    }

    /// Where the stub at `path` points, or `nil` when the file is to be read as it is.
    ///
    /// Git is asked only about a file that could be a stub (a one-line relative path naming
    /// another file of the project): starting it costs more than linting a small site, and
    /// almost no small file is one.
    package func target(of path: String) -> String? {
        guard let size = SystemCalls.size(path), size > 0, size < 512 else { return nil }
        // Plain UTF-8 validation and trimming: Foundation's, on first use, cost more than the
        // rest of a small lint run's stub checks.
        guard let bytes = try? SystemCalls.readFile(path), let text = String(validating: bytes, as: UTF8.self) else { return nil }
        let scalars = text.unicodeScalars
        let start = scalars.firstIndex { !$0.properties.isWhitespace } ?? scalars.endIndex
        let end = scalars.lastIndex { !$0.properties.isWhitespace }.map(scalars.index(after:)) ?? start
        let target = start < end ? String(scalars[start..<end]) : ""
        guard !target.isEmpty, !target.contains("\n"), !target.hasPrefix("/"), !target.contains("://") else { return nil }
        let candidate = PathName.absolute(target, relativeTo: PathName.parent(path))
        guard let real = SystemCalls.realPath(candidate), real != SystemCalls.realPath(path),
              SystemCalls.kind(real) == .file, PathName.isInside(real, project)
        else { return nil }
        if let recordedLinks {
            guard recordedLinks.contains(SystemCalls.realPath(path) ?? path) else { return nil }
        } else {
            let ownExtension = PathName.lastComponent(path).split(separator: ".").last
            guard target.contains("/") || target.contains("."), !target.contains(" "),
                  PathName.lastComponent(target).split(separator: ".").last == ownExtension
            else { return nil }
        }
        return real
    }

    /// Whether `directory` or a folder above it holds `.git` (a folder, or a file for a
    /// linked work tree or submodule).
    static func isInWorkTree(_ directory: String) -> Bool {
        GitIndexFile.dotGit(above: directory) != nil
    }

    /// The files under `directory` that git's index records as symbolic links, or `nil` when
    /// `directory` is not in a git work tree (or git is missing). The index is read as it is;
    /// only an index that reader does not cover costs one `git ls-files` run, whose paths are
    /// relative to `directory`.
    private static func gitRecordedLinks(in directory: String) -> Set<String>? {
        // Starting git costs tens of milliseconds, a build's largest single cost on a small
        // site; outside a work tree (no `.git` in any folder above) there is nothing to ask.
        guard isInWorkTree(directory) else { return nil }
        if let links = GitIndexFile.symbolicLinks(under: directory) {
            return Set(links.map { SystemCalls.realPath($0) ?? $0 })
        }
        guard let data = GitIndex.listFiles(in: directory, options: ["-s"]) else { return nil }
        var links: Set<String> = []
        // Each record: "<mode> <object> <stage>\t<path>\0".
        for record in data.split(separator: 0) {
            guard record.starts(with: Array("120000 ".utf8)), let tab = record.firstIndex(of: 9) else { continue }
            let absolute = PathName.join(directory, String(decoding: record[record.index(after: tab)...], as: UTF8.self))
            links.insert(SystemCalls.realPath(absolute) ?? absolute)
        }
        return links
    }
}

/// Asks git about a folder: one `git` run per question.
package enum GitIndex {
    /// The standard output of `git -C directory <arguments>`, or `nil` when git is missing,
    /// the folder is not in a work tree, or git fails.
    package static func run(_ arguments: [String], in directory: String) -> Data? {
        guard let result = try? execute(arguments, in: directory), result.status == 0 else { return nil }
        return result.output
    }

    /// Runs `git -C directory <arguments>` with `environment` added to this process's;
    /// throws only when git cannot be started.
    package static func execute(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws -> (status: Int32, output: Data, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory] + arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let output = Pipe()
        // Standard error goes to a file, so that neither stream can fill up and stall git
        // while the other is read.
        let errorPath = TemporaryPaths.shared.reserve("galley-git")
        guard FileManager.default.createFile(atPath: errorPath, contents: nil), let errors = FileHandle(forWritingAtPath: errorPath) else {
            throw CocoaError(.fileWriteUnknown)
        }
        defer { TemporaryPaths.shared.remove(errorPath) }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        // Told when git ends, rather than `waitUntilExit()`, which on Linux polls its run loop
        // every 50 ms: a deploy's dozen git commands waited most of a second for nothing.
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        ended.wait()
        try? errors.close()
        let errorText = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return (process.terminationStatus, data, errorText)
    }

    /// The output of `git ls-files -z <options> -- .` in `directory` (NUL-separated records,
    /// paths relative to `directory`), or `nil` when git is missing or the folder is not in a
    /// work tree.
    package static func listFiles(in directory: String, options: [String] = []) -> Data? {
        run(["ls-files", "-z"] + options + ["--", "."], in: directory)
    }

    /// The files git tracks below `directory`, absolute; empty outside a work tree.
    package static func trackedFiles(under directory: String) -> Set<String> {
        guard let data = listFiles(in: directory) else { return [] }
        return Set(data.split(separator: 0).map { PathName.join(directory, String(decoding: $0, as: UTF8.self)) })
    }
}

