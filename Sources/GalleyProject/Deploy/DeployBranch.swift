// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics

/// The branch a site is published to, as the remote has it. A deploy reads the remote's tip
/// (never a local branch, which in a fresh CI clone does not exist or is stale), builds one
/// commit on top of it and pushes that commit straight to the remote branch: a fast-forward,
/// so no `--force` is needed, and no local branch is made or moved.
struct DeployBranch: Sendable {
    let git: DeployGit
    let remote: String
    let branch: String

    var ref: String { "refs/heads/\(branch)" }
    /// Where the fetched tip is kept: the remote-tracking ref `git fetch` itself would write.
    var trackingRef: String { "refs/remotes/\(remote)/\(branch)" }

    /// The remote branch's last commit, fetched into this repository; `nil` when the remote
    /// has no such branch yet.
    func fetchTip() throws(DiagnosticError) -> String? {
        // `--exit-code`: 2 means the remote answered and has no such branch; anything else
        // non-zero is a remote that cannot be reached, which must not read as "no branch".
        let listed = try git.execute(["ls-remote", "--exit-code", remote, ref])
        if listed.status == 2 { return nil }
        guard listed.status == 0 else {
            throw git.failure(["ls-remote"], doing: "reading `\(branch)` from `\(remote)`", errors: listed.errors)
        }
        try git.run(["fetch", "--quiet", "--no-tags", remote, "+\(ref):\(trackingRef)"], doing: "fetching `\(branch)` from `\(remote)`")
        return try git.run(["rev-parse", "--verify", "\(trackingRef)^{commit}"])
    }

    /// The text of `path` in commit `tip`; `nil` when it has no such file.
    func file(_ path: String, at tip: String) -> Data? {
        git.readData(["cat-file", "blob", "\(tip):\(path)"])
    }

    /// The blob id of `path` in `tip`; `nil` when it has none.
    func blob(_ path: String, at tip: String) -> String? {
        git.read(["rev-parse", "--verify", "--quiet", "\(tip):\(path)"])
    }

    /// What ``publish(message:force:keepHistory:tree:)`` did.
    enum Published: Sendable, Equatable {
        /// The new tree equals the tip's: no commit was made or pushed.
        case unchanged(tip: String)
        /// `commit` was pushed; `retried` when the first push was rejected because the
        /// branch moved meanwhile, and the commit was made again on the new tip.
        case pushed(commit: String, parent: String?, retried: Bool)
    }

    /// Builds the tree with `tree` (given the remote's tip, or `nil` for a new branch),
    /// commits it on the tip and pushes. A push rejected because someone pushed meanwhile is
    /// tried once more, on the new tip. `force` pushes with `--force` (mkdocs' meaning: the
    /// remote branch becomes this commit whatever it holds); `keepHistory: false` makes a
    /// commit without parent (and forces the push).
    func publish(message: String, force: Bool, keepHistory: Bool, tree: (String?) throws(DiagnosticError) -> String) throws(DiagnosticError) -> Published {
        var tip = try fetchTip()
        for attempt in 0..<2 {
            let newTree = try tree(tip)
            // Unchanged: the same files, and (without history) already a lone commit.
            if let tip, try git.run(["rev-parse", "\(tip)^{tree}"]) == newTree,
               keepHistory || git.read(["rev-list", "--count", tip]) == "1" {
                return .unchanged(tip: tip)
            }
            var arguments = ["commit-tree", newTree, "-m", message]
            let parent = keepHistory ? tip : nil
            if let parent { arguments += ["-p", parent] }
            let commit = try git.run(arguments, doing: "making the deploy commit")
            var push = ["push", "--quiet", remote, "\(commit):\(ref)"]
            if force || !keepHistory { push.insert("--force", at: 1) }
            let pushed = try git.execute(push)
            if pushed.status == 0 {
                // What a push to a named remote records, so `git log origin/gh-pages` shows it.
                _ = git.read(["update-ref", trackingRef, commit])
                return .pushed(commit: commit, parent: parent, retried: attempt == 1)
            }
            // Rejected: when the branch moved since it was read, build again on what is
            // there now; otherwise (no rights, a hook said no) report it.
            let now = try fetchTip()
            guard attempt == 0, now != tip else {
                throw git.failure(push, doing: "pushing the site to `\(remote)/\(branch)`", errors: pushed.errors)
            }
            tip = now
        }
        preconditionFailure("the loop returns or throws")
    }
}
