// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyFileSystem

/// Writes a site into a fresh directory beside the target and swaps it in at the end, so a
/// failed build never leaves a half-written site behind.
///
/// The writer only ever replaces a folder that is empty, missing, or that Galley made (it
/// holds ``marker``), unless asked to replace one it did not make. Two writers for one target
/// take turns: each holds a lock on the parent folder from start to swap. Staging folders
/// are removed when the build is interrupted (Ctrl-C, SIGTERM); those a killed build left
/// behind are removed by the next one, and by `galley clean`.
///
/// The site a swap takes out is kept beside the new one, as `.SITE.galley-previous`, and
/// the next build writes into it instead of into a new folder: a file that already holds
/// what the build makes is left as it is, any other file is rewritten in place, and what
/// the new site does not have is removed before the swap. A rebuild then creates and deletes
/// only what changed, where otherwise it made every file anew and deleted the whole old site
/// (most of a small site's time on disk). The kept folder holds a `.gitignore` of `*`, so it
/// never shows in `git status`; `galley clean` removes it.
///
/// A site folder that is a mount point (a container's volume) cannot be swapped: the new
/// site is then staged inside it and replaces its contents, entry by entry, once it is
/// complete (``replacesInPlace``), so readers see a mix of the two only for those renames.
///
/// `reserve` runs on one thread; afterwards `writeReserved` may run on many at once, because
/// it only writes files into directories that already exist and touches no shared state.
package final class SiteWriter: @unchecked Sendable {
    /// The file that marks a folder as a site Galley wrote.
    package static let marker = ".galley-site"

    let siteDirectory: String
    let stagingDirectory: String
    /// The site folder is a mount point: its contents are replaced, not the folder.
    let replacesInPlace: Bool
    /// Where the site a swap takes out is kept for the next build.
    let previousDirectory: String
    /// The staging folder is the kept previous site, brought up to date file by file.
    let reusesPrevious: Bool
    /// What could not be removed of the old site, if anything.
    private(set) var leftover: String?
    private let lock: PathLock
    private var created: Set<String> = []
    private var written: Set<String> = []
    /// Directories, each used by one reserved file only, that the file's writer creates.
    private var deferred: Set<String> = []

    /// Why a site folder can't be replaced.
    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    /// Prepares to write `siteDirectory`. `replaceUnmarked` allows replacing a non-empty
    /// folder that Galley did not write (`--clean`); `waiting` hears that another build holds
    /// the folder.
    init(siteDirectory: String, replaceUnmarked: Bool = false, waiting: () -> Void = {}) throws {
        self.siteDirectory = siteDirectory
        let parent = PathName.parent(siteDirectory)
        let name = PathName.lastComponent(siteDirectory)
        guard !parent.isEmpty, !name.isEmpty, name != ".", name != ".." else {
            throw Refusal(description: "`\(siteDirectory)` can't be a site folder")
        }
        try SystemCalls.makeDirectories(parent)
        lock = try PathLock(parent, waiting: waiting)
        Self.removeAbandonedStaging(in: parent, site: name)
        try Self.checkReplaceable(siteDirectory, replaceUnmarked: replaceUnmarked)
        replacesInPlace = SystemCalls.linkKind(siteDirectory) == .directory && SystemCalls.isMountPoint(siteDirectory)
        previousDirectory = PathName.join(parent, Self.previousName(name))
        reusesPrevious = !replacesInPlace && Self.isKeptSite(previousDirectory)
        let unique = "\(SystemCalls.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        if reusesPrevious {
            stagingDirectory = previousDirectory
        } else {
            stagingDirectory = replacesInPlace
                ? PathName.join(siteDirectory, Self.inPlacePrefix + unique)
                : PathName.join(parent, Self.stagingPrefix(name) + unique)
        }
        TemporaryPaths.shared.register(stagingDirectory)
        if reusesPrevious {
            try SystemCalls.makeOwnDirectory(stagingDirectory)
        } else {
            try SystemCalls.makeDirectory(stagingDirectory)
        }
    }

    /// The name of the folder beside the site `site` that keeps the site a swap took out.
    private static func previousName(_ site: String) -> String { ".\(site).galley-previous" }

    /// Whether `folder` is a folder (not a link to one) that Galley wrote as a site.
    private static func isKeptSite(_ folder: String) -> Bool {
        SystemCalls.linkKind(folder) == .directory && SystemCalls.linkKind(PathName.join(folder, marker)) == .file
    }

    /// The kept previous site of `site`, when there is one: what `galley clean` removes with it.
    package static func keptPrevious(site: String) -> String? {
        let folder = PathName.join(PathName.parent(site), previousName(PathName.lastComponent(site)))
        return isKeptSite(folder) ? folder : nil
    }

    private static func stagingPrefix(_ site: String) -> String { ".\(site).galley-" }
    /// The staging and retired folders of a build inside a site folder that is a mount point.
    private static let inPlacePrefix = ".galley-staging-"
    private static let retiredPrefix = ".galley-retired-"

    /// The folders a build of `site` stages in, or retires the old site to, whose process is
    /// gone: left by a build that was killed.
    package static func abandonedStaging(site: String) -> [String] {
        let parent = PathName.parent(site)
        let name = PathName.lastComponent(site)
        func dead(_ name: Substring, after prefix: String) -> Bool {
            guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0.isNumber }) else { return false }
            return !SystemCalls.processExists(pid)
        }
        var found: [String] = []
        for entry in SystemCalls.names(in: parent) ?? [] where entry.hasPrefix(stagingPrefix(name)) && dead(Substring(entry), after: stagingPrefix(name)) {
            found.append(PathName.join(parent, entry))
        }
        for entry in SystemCalls.names(in: site) ?? [] {
            for prefix in [inPlacePrefix, retiredPrefix] where entry.hasPrefix(prefix) && dead(Substring(entry), after: prefix) {
                found.append(PathName.join(site, entry))
            }
        }
        return found
    }

    /// Removes the staging folders of builds whose process is gone.
    private static func removeAbandonedStaging(in parent: String, site: String) {
        for folder in abandonedStaging(site: PathName.join(parent, site)) {
            SystemCalls.removeTree(folder)
        }
    }

    /// Refuses to replace anything but a missing or empty folder, or one holding the marker.
    private static func checkReplaceable(_ site: String, replaceUnmarked: Bool) throws {
        switch SystemCalls.linkKind(site) {
        case nil:
            return
        case .directory:
            let names = SystemCalls.names(in: site) ?? []
            if names.isEmpty || names.contains(marker) || replaceUnmarked { return }
            throw Refusal(description: "`\(site)` holds files that Galley did not write, so it is not replaced; empty or remove it, choose another `site_dir`, or pass --clean to replace it")
        default:
            throw Refusal(description: "`\(site)` exists and is not a folder, so it is not replaced")
        }
    }

    func exists(_ relativePath: String) -> Bool {
        written.contains(relativePath)
    }

    private func prepare(_ relativePath: String) throws(FileSystemError) -> String {
        let path = PathName.join(stagingDirectory, relativePath)
        let directory = PathName.parent(path)
        if !created.contains(directory) {
            try makeDirectories(directory)
        }
        written.insert(relativePath)
        return path
    }

    /// Creates `directory` and any missing parents inside the staging directory.
    private func makeDirectories(_ directory: String) throws(FileSystemError) {
        guard directory.count > stagingDirectory.count, !created.contains(directory) else { return }
        try makeDirectories(PathName.parent(directory))
        try makeDirectory(directory)
        created.insert(directory)
    }

    /// Creates `directory`; in the kept previous site, keeps the folder that is there, and
    /// replaces whatever else is (a file, or a link that would lead writes elsewhere).
    private func makeDirectory(_ directory: String) throws(FileSystemError) {
        if reusesPrevious {
            try SystemCalls.makeOwnDirectory(directory)
        } else {
            try SystemCalls.makeDirectory(directory)
        }
    }

    /// Whether the kept previous site already holds exactly what is to be written at `path`;
    /// if not, what is there is made ready to be overwritten.
    private func isCurrent(_ path: String, holds: (String) -> Bool) throws(FileSystemError) -> Bool {
        guard reusesPrevious else { return false }
        if holds(path) { return true }
        try SystemCalls.clearForWriting(path)
        return false
    }

    /// Records `relativePaths` as written and creates every directory they need except each
    /// path's own directory when no other path uses it: ``writeReserved(_:to:)`` makes those
    /// on the worker that writes the file, so their `mkdir`s overlap with other pages' work
    /// instead of running one after another before any page is written. Shared directories
    /// are made here, on one thread, because parallel `mkdir`s in one parent contend for its
    /// lock.
    func reserve(_ relativePaths: [String]) throws {
        var users: [String: Int] = [:]
        for path in relativePaths {
            let directory = PathName.parent(path)
            users[directory, default: 0] += 1
            var parent = PathName.parent(directory)
            while !parent.isEmpty {
                users[parent, default: 0] += 2
                parent = PathName.parent(parent)
            }
        }
        for path in relativePaths {
            written.insert(path)
            let directory = PathName.parent(path)
            if directory.isEmpty { continue }
            let absolute = stagingDirectory + "/" + directory
            if users[directory] == 1 {
                deferred.insert(absolute)
                try makeDirectories(PathName.parent(absolute))
            } else {
                try makeDirectories(absolute)
            }
        }
    }

    /// Writes a file whose path was passed to ``reserve(_:)``, with plain `open`/`write`:
    /// the whole site is swapped in at the end, so per-file durability calls buy nothing.
    func writeReserved(_ page: [String], to relativePath: String) throws(FileSystemError) {
        let path = stagingDirectory + "/" + relativePath
        let directory = PathName.parent(path)
        do {
            if deferred.contains(directory) {
                try makeDirectory(directory)
            }
            if try isCurrent(path, holds: { SystemCalls.holds($0, exactly: page) }) { return }
            try SystemCalls.writeFile(path, pieces: page)
        } catch {
            throw shown(error)
        }
    }

    /// The error naming the file where it will be in the site, not in the staging folder
    /// the user never sees.
    private func shown(_ error: FileSystemError) -> FileSystemError {
        var error = error
        if let relative = PathName.relative(error.path, to: stagingDirectory) {
            error.path = PathName.join(siteDirectory, relative)
        }
        return error
    }

    static func writeFile(_ path: String, _ data: Data) throws(FileSystemError) {
        // `withUnsafeBytes` rethrows untyped errors, so the typed one travels as a Result.
        try data.withUnsafeBytes { buffer in
            Result { () throws(FileSystemError) in try SystemCalls.writeFile(path, buffer) }
        }.get()
    }

    func write(_ data: Data, to relativePath: String) throws(FileSystemError) {
        do {
            let path = try prepare(relativePath)
            if try isCurrent(path, holds: { path in data.withUnsafeBytes { SystemCalls.holds(path, exactly: $0) } }) { return }
            try Self.writeFile(path, data)
        } catch {
            throw shown(error)
        }
    }

    func copy(_ source: String, to relativePath: String) throws(FileSystemError) {
        let bytes = try SystemCalls.readFile(source)
        do {
            let destination = try prepare(relativePath)
            if try isCurrent(destination, holds: { path in bytes.withUnsafeBytes { SystemCalls.holds(path, exactly: $0) } }) { return }
            try bytes.withUnsafeBytes { buffer in
                Result { () throws(FileSystemError) in try SystemCalls.writeFile(destination, buffer) }
            }.get()
        } catch {
            throw shown(error)
        }
    }

    /// Marks the staged site as Galley's and puts it in place of the old one. Where the file
    /// system can exchange two names in one step, readers of the site always find a whole
    /// site, old or new; elsewhere there is a moment with none.
    func commit() throws {
        if reusesPrevious {
            try removeUnwritten()
        }
        try write(Data("This folder is a site written by Galley; the next build replaces it.\n".utf8), to: Self.marker)
        defer {
            TemporaryPaths.shared.forget(stagingDirectory)
            lock.unlock()
        }
        if replacesInPlace {
            try replaceContents()
            return
        }
        if SystemCalls.linkKind(siteDirectory) == nil {
            try SystemCalls.rename(stagingDirectory, siteDirectory)
            return
        }
        if try SystemCalls.exchange(stagingDirectory, siteDirectory) {
            keepAsPrevious(stagingDirectory)
            return
        }
        let retired = stagingDirectory + ".old"
        try SystemCalls.rename(siteDirectory, retired)
        do {
            try SystemCalls.rename(stagingDirectory, siteDirectory)
        } catch {
            try? SystemCalls.rename(retired, siteDirectory)
            throw error
        }
        leftover = SystemCalls.removeTree(retired)
    }

    /// Removes from the kept previous site, now staging the new one, every entry this build
    /// did not write: pages and files the new site no longer has, and anything put into the
    /// site folder by hand while it was the site.
    private func removeUnwritten() throws(FileSystemError) {
        var folders: Set<String> = []
        for path in written {
            var folder = PathName.parent(path)
            while !folder.isEmpty, folders.insert(folder).inserted {
                folder = PathName.parent(folder)
            }
        }
        func prune(_ relative: String) throws(FileSystemError) {
            let absolute = relative.isEmpty ? stagingDirectory : stagingDirectory + "/" + relative
            guard let entries = SystemCalls.entries(in: absolute) else { throw FileSystemError("read the folder", absolute) }
            for entry in entries {
                let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
                if entry.kind == .directory, folders.contains(path) {
                    try prune(path)
                } else if entry.kind != .file || (!written.contains(path) && path != Self.marker) {
                    if let problem = SystemCalls.removeTree(absolute + "/" + entry.name) {
                        throw FileSystemError("remove the old site's \(path) (\(problem))", absolute + "/" + entry.name)
                    }
                }
            }
        }
        try prune("")
    }

    /// Keeps `old`, the site the swap took out, for the next build to write into; removes it
    /// when it is not Galley's (a folder `--clean` replaced) or another folder has the name.
    private func keepAsPrevious(_ old: String) {
        if old != previousDirectory {
            guard Self.isKeptSite(old), SystemCalls.linkKind(previousDirectory) == nil, (try? SystemCalls.rename(old, previousDirectory)) != nil else {
                leftover = SystemCalls.removeTree(old)
                return
            }
        }
        // Tools that honour `.gitignore` (git itself, editors' file searches) pass over it.
        try? Self.writeFile(PathName.join(previousDirectory, ".gitignore"), Data("# Galley's previous build of the site, kept so the next build writes only what changed.\n*\n".utf8))
    }

    /// Moves the old site's entries aside and the new site's in, inside the site folder: a
    /// rename each, all on one file system. If moving the new site in fails, the old entries
    /// go back.
    private func replaceContents() throws {
        let stagingName = PathName.lastComponent(stagingDirectory)
        let retired = PathName.join(siteDirectory, Self.retiredPrefix + stagingName.dropFirst(Self.inPlacePrefix.count))
        try SystemCalls.makeDirectory(retired)
        let retiredName = PathName.lastComponent(retired)
        let old = (SystemCalls.names(in: siteDirectory) ?? []).filter { $0 != stagingName && $0 != retiredName && !$0.hasPrefix(Self.inPlacePrefix) && !$0.hasPrefix(Self.retiredPrefix) }
        var moved: [String] = []
        do {
            for name in old {
                try SystemCalls.rename(PathName.join(siteDirectory, name), PathName.join(retired, name))
                moved.append(name)
            }
            for name in SystemCalls.names(in: stagingDirectory) ?? [] {
                try SystemCalls.rename(PathName.join(stagingDirectory, name), PathName.join(siteDirectory, name))
            }
        } catch {
            for name in moved where SystemCalls.linkKind(PathName.join(siteDirectory, name)) == nil {
                try? SystemCalls.rename(PathName.join(retired, name), PathName.join(siteDirectory, name))
            }
            throw error
        }
        SystemCalls.removeTree(stagingDirectory)
        leftover = SystemCalls.removeTree(retired)
    }

    /// Removes the staging directory, leaving the old site as it was. The kept previous site
    /// stays, part brought up to date: the next build checks every file of it again.
    func abandon() {
        if reusesPrevious {
            TemporaryPaths.shared.forget(stagingDirectory)
        } else {
            TemporaryPaths.shared.remove(stagingDirectory)
        }
        lock.unlock()
    }
}
