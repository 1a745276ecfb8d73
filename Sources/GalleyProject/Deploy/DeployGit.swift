// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import GalleyFileSystem
import GalleySources

/// git, run in the user's repository for a deploy: every failure becomes a diagnostic at the
/// configuration file that says what was being done, and that nothing was deployed.
struct DeployGit: Sendable {
    /// A folder of the user's work tree.
    let directory: String
    /// Where diagnostics point: the configuration file.
    let location: SourceLocation

    /// The output of `git <arguments>`, trimmed; `nil` when git fails.
    func read(_ arguments: [String]) -> String? {
        GitIndex.run(arguments, in: directory).map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// The raw bytes `git <arguments>` prints; `nil` when git fails.
    func readData(_ arguments: [String]) -> Data? {
        GitIndex.run(arguments, in: directory)
    }

    /// Runs `git <arguments>` with `environment` added; its trimmed output. `doing` names the
    /// step for the error message (default: the git command).
    @discardableResult
    func run(_ arguments: [String], environment: [String: String] = [:], doing: String? = nil) throws(DiagnosticError) -> String {
        let result = try execute(arguments, environment: environment)
        guard result.status == 0 else {
            throw failure(arguments, doing: doing, errors: result.errors)
        }
        return String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs `git <arguments>`: its status, output and error text; throws only when git
    /// cannot be started.
    func execute(_ arguments: [String], environment: [String: String] = [:]) throws(DiagnosticError) -> (status: Int32, output: Data, errors: String) {
        // Messages in English, so the ones read back (none are parsed, but all are shown)
        // read the same in every CI log.
        do {
            return try GitIndex.execute(arguments, in: directory, environment: environment.merging(["LC_ALL": "C"]) { old, _ in old })
        } catch {
            throw DiagnosticError(at: location, "cannot run git: \(error)", code: ProjectCodes.deployGit)
        }
    }

    func failure(_ arguments: [String], doing: String?, errors: String) -> DiagnosticError {
        let step = doing ?? "`git \(arguments.first ?? "")`"
        return DiagnosticError(at: location, "\(step) failed, so nothing was deployed:\n\(errors.trimmingCharacters(in: .whitespacesAndNewlines))", code: ProjectCodes.deployGit)
    }

    /// Stores `data` as a blob in the repository; its id.
    func blob(_ data: Data) throws(DiagnosticError) -> String {
        let path = TemporaryPaths.shared.reserve("galley-blob")
        defer { TemporaryPaths.shared.remove(path) }
        guard FileManager.default.createFile(atPath: path, contents: data) else {
            throw DiagnosticError(at: location, "cannot write a temporary file at `\(path)`", code: ProjectCodes.deployGit)
        }
        return try run(["hash-object", "-w", "--", path])
    }
}

/// An index file of Galley's own, so that building the deploy commit's tree never reads or
/// changes the user's index.
struct DeployIndex: ~Copyable {
    let git: DeployGit
    let path: String
    private var environment: [String: String] { ["GIT_INDEX_FILE": path] }

    init(_ git: DeployGit) {
        self.git = git
        path = TemporaryPaths.shared.reserve("galley-deploy") + ".index"
        TemporaryPaths.shared.register(path)
    }

    deinit { TemporaryPaths.shared.remove(path) }

    /// Fills the index with `tree`, under `prefix` (a folder path ending in `/`) when given.
    func read(tree: String, prefix: String? = nil) throws(DiagnosticError) {
        try git.run(["read-tree"] + (prefix.map { ["--prefix=\($0)"] } ?? []) + [tree], environment: environment)
    }

    /// Adds every file of `folder` as if it were the work tree (ignore rules do not apply),
    /// leaving out `excluding` (paths relative to the folder). What the index already holds
    /// stays, though the folder lacks it.
    func add(folder: String, excluding: [String] = []) throws(DiagnosticError) {
        guard let gitDirectory = git.read(["rev-parse", "--absolute-git-dir"]) else {
            throw DiagnosticError(at: git.location, "cannot find the git folder of `\(git.directory)`", code: ProjectCodes.deployRepository)
        }
        let folderGit = DeployGit(directory: folder, location: git.location)
        try folderGit.run(["add", "--ignore-removal", "--force", "--", "."] + excluding.map { ":(exclude)\($0)" },
                          environment: environment.merging(["GIT_DIR": gitDirectory, "GIT_WORK_TREE": folder]) { $1 })
    }

    /// Puts blob `blob` at `path` with `mode` (`100644` a file, `120000` a symbolic link).
    func put(_ path: String, blob: String, mode: String = "100644") throws(DiagnosticError) {
        try git.run(["update-index", "--add", "--cacheinfo", "\(mode),\(blob),\(path)"], environment: environment)
    }

    /// Removes `paths` (files, or folders with everything under them) from the index.
    func remove(_ paths: [String]) throws(DiagnosticError) {
        guard !paths.isEmpty else { return }
        try git.run(["rm", "--cached", "-r", "-q", "-f", "--ignore-unmatch", "--"] + paths.map { ":(literal)\($0)" }, environment: environment)
    }

    /// The index as a tree object; its id.
    func writeTree() throws(DiagnosticError) -> String {
        try git.run(["write-tree"], environment: environment)
    }
}
