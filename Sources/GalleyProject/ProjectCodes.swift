// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyDiagnostics

/// The codes of what GalleyProject reports (the guide's table of codes lists them all).
package enum ProjectCodes {
    package static let cleanFailed = DiagnosticCode(.clean, "failed", "`galley clean` could not remove a folder it made")
    package static let cleanRefused = DiagnosticCode(.clean, "refused", "`galley clean` found a folder Galley did not write, and removed nothing")
    package static let deployBranch = DiagnosticCode(.deploy, "branch", "`gh-deploy` was run on the branch it deploys to")
    package static let deployDocsVersion = DiagnosticCode(.deploy, "docs_version", "a docs version, alias or `versions.json` that cannot be published as asked")
    package static let deployGit = DiagnosticCode(.deploy, "git", "a git step of a deploy failed; nothing was deployed")
    package static let deployRemote = DiagnosticCode(.deploy, "remote", "the remote to deploy to does not exist")
    package static let deployRepository = DiagnosticCode(.deploy, "repository", "the project is not in a git work tree")
    package static let deployVersion = DiagnosticCode(.deploy, "version", "the deploy branch was last deployed by a newer Galley")
    package static let deployVersionedBranch = DiagnosticCode(.deploy, "versioned_branch", "a deploy of the whole site would replace the versions on the branch")
    package static let newExists = DiagnosticCode(.new, "exists", "`galley new` found a project's files already there, and wrote nothing")
    package static let newWrite = DiagnosticCode(.new, "write", "`galley new` could not write a file")

    /// Every code above, for the table of codes.
    package static let all: [DiagnosticCode] = [cleanFailed, cleanRefused, deployBranch, deployDocsVersion, deployGit, deployRemote, deployRepository, deployVersion, deployVersionedBranch, newExists, newWrite]
}
