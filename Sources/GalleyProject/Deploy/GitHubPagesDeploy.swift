// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleyMarkup
import GalleyPages
import GalleySite
import GalleySources

/// `galley gh-deploy`, with mkdocs' semantics and ghp-import's way of committing: the built
/// site becomes one commit on top of what the remote's deploy branch (`gh-pages`) holds, with
/// a `.nojekyll` file, pushed as a fast-forward. With a docs version the site goes into that
/// version's folder beside the others, as mike publishes it. The commit is made with git's
/// plumbing and a private index, so the user's working tree, index and branches are never
/// touched.
package struct GitHubPagesDeploy: Sendable {
    package var remoteBranch = "gh-pages"
    package var remoteName = "origin"
    /// `{sha}` is the deployed source commit, `{version}` Galley's version; `nil` for the
    /// default message of each kind of deploy.
    package var message: String?
    package var force = false
    /// The branch holds one commit, the latest site (ghp-import's `--no-history`).
    package var noHistory = false
    package var version: String

    package init(version: String) {
        self.version = version
    }

    /// A docs version to publish, as `mike deploy VERSION [ALIAS...]` does.
    package struct DocsVersion: Sendable {
        package var name: String
        package var title: String?
        package var aliases: [String] = []
        /// Move aliases that other versions have (mike's `--update-aliases`).
        package var updateAliases = false
        package var aliasType: AliasType = .symlink
        /// A version or alias the site's root sends readers to, set in the same commit.
        package var defaultIdentifier: String?
        /// The site's `use_directory_urls`, for the links of redirect aliases.
        package var directoryURLs = true

        package init(name: String) { self.name = name }
    }

    /// How an alias folder reaches its version's pages, as mike's `--alias-type`.
    package enum AliasType: String, Sendable, CaseIterable {
        /// A symbolic link in the branch (GitHub Pages follows it): no copy, exact URLs.
        case symlink
        /// A page per HTML page that sends the reader to the version's page.
        case redirect
        /// A full copy of the version's files.
        case copy
    }

    /// What a deploy did.
    package struct Outcome: Sendable {
        /// The pushed commit; `nil` when the site was unchanged and nothing was pushed.
        package var commit: String?
        /// The branch's commit the new one is built on (or that was kept, when unchanged).
        package var previous: String?
        /// The first push was rejected because the branch moved, and the second went through.
        package var retried = false
        package var sourceCommit: String
        /// A `CNAME` the branch had and the site lacks, carried over.
        package var keptCNAME = false
        /// Aliases taken from other versions: (version it left, alias).
        package var movedAliases: [(version: String, alias: String)] = []
    }

    /// Checks what can be checked before the site is built: a work tree, a current branch
    /// that is not the deploy branch, the remote.
    package func checkRepository(_ directory: String, configFile: String) throws(DiagnosticError) {
        let location = SourceLocation(file: configFile)
        let git = DeployGit(directory: directory, location: location)
        guard let top = git.read(["rev-parse", "--show-toplevel"]), !top.isEmpty else {
            throw DiagnosticError(at: location, "`gh-deploy` publishes through git, but `\(directory)` is not in a git work tree", code: ProjectCodes.deployRepository)
        }
        try Self.checkBranch(directory, deployBranch: remoteBranch, configFile: configFile)
        guard git.read(["remote", "get-url", remoteName]) != nil else {
            throw DiagnosticError(at: location, "there is no git remote `\(remoteName)` to deploy to (`git remote -v` lists them; `--remote-name` chooses another)", code: ProjectCodes.deployRemote)
        }
    }

    /// Refuses to run from the deploy branch itself, whose files are a built site and not the
    /// docs' sources (checked also before the configuration is read, which that branch lacks).
    package static func checkBranch(_ directory: String, deployBranch: String, configFile: String) throws(DiagnosticError) {
        let git = DeployGit(directory: directory, location: SourceLocation(file: configFile))
        if let branch = git.read(["symbolic-ref", "--quiet", "--short", "HEAD"]), branch == deployBranch {
            throw DiagnosticError(at: SourceLocation(file: configFile), "the current branch is `\(deployBranch)`, the branch the site is deployed to; switch to the branch that holds the docs' sources", code: ProjectCodes.deployBranch)
        }
    }

    /// Refuses when the remote's deploy branch was last deployed by a newer Galley, whose
    /// site this one would replace (as mkdocs does for its own versions; `--ignore-version`
    /// skips it).
    package func checkDeployedVersion(_ directory: String, configFile: String) throws(DiagnosticError) {
        let deployBranch = branch(directory, configFile: configFile)
        guard let tip = try deployBranch.fetchTip(),
              let subject = deployBranch.git.read(["log", "-1", "--format=%s", tip]),
              let range = subject.range(of: "Galley version: ") else { return }
        let deployed = subject[range.upperBound...].prefix { !$0.isWhitespace }
        func parts(_ text: Substring) -> [Int] { text.split(separator: ".").map { Int($0.prefix { $0.isNumber }) ?? 0 } }
        if !parts(Substring(version)).lexicographicallyPrecedes(parts(deployed)) { return }
        throw DiagnosticError(at: SourceLocation(file: configFile), "`\(remoteBranch)` was last deployed by Galley \(deployed), newer than this one (\(version)); update Galley, or pass --ignore-version", code: ProjectCodes.deployVersion)
    }

    /// Commits the site in `siteDirectory` as the whole deploy branch, on top of the remote's
    /// tip, and pushes it.
    package func deploy(siteDirectory: String, repository directory: String, configFile: String) throws(DiagnosticError) -> Outcome {
        let deployBranch = branch(directory, configFile: configFile)
        let git = deployBranch.git
        var outcome = Outcome(sourceCommit: sourceCommit(git))
        let text = expand(message ?? "Deployed {sha} with Galley version: {version}", source: outcome.sourceCommit)
        let published = try deployBranch.publish(message: text, force: force, keepHistory: !noHistory) { tip throws(DiagnosticError) in
            if let tip, !force, deployBranch.file("versions.json", at: tip) != nil {
                let names = (try? DocVersions(json: deployBranch.file("versions.json", at: tip) ?? Data()))?.ordered.map(\.name) ?? []
                throw DiagnosticError(at: git.location, "`\(remoteName)/\(remoteBranch)` holds versioned docs (versions.json lists \(names.isEmpty ? "none" : names.joined(separator: ", "))), which a deploy of the whole branch would replace; deploy with --version, or pass --force to replace them", code: ProjectCodes.deployVersionedBranch)
            }
            let index = DeployIndex(git)
            try index.add(folder: siteDirectory, excluding: [SiteWriter.marker])
            // `.nojekyll` tells GitHub Pages to serve the files as they are (no Jekyll, so
            // folders starting with `_` are kept). It goes into the commit, not the site folder.
            try index.put(".nojekyll", blob: try git.blob(Data()))
            outcome.keptCNAME = false
            if !FileManager.default.fileExists(atPath: PathName.join(siteDirectory, "CNAME")), let tip,
               let cname = deployBranch.blob("CNAME", at: tip) {
                // The custom domain GitHub's settings wrote to the branch stays, as the site has none.
                try index.put("CNAME", blob: cname)
                outcome.keptCNAME = true
            }
            return try index.writeTree()
        }
        outcome.record(published)
        return outcome
    }

    /// Commits the site into the folder of `docs`' version on the deploy branch, keeping the
    /// other versions, moving aliases and updating `versions.json`, as `mike deploy` does.
    package func deploy(siteDirectory: String, docs: DocsVersion, repository directory: String, configFile: String) throws(DiagnosticError) -> Outcome {
        let deployBranch = branch(directory, configFile: configFile)
        let git = deployBranch.git
        var outcome = Outcome(sourceCommit: sourceCommit(git))
        let text = expand(message ?? "Deployed {sha} to \(docs.name) with Galley version: {version}", source: outcome.sourceCommit)
        // The site's own tree, made once: each attempt places it under the version's folder.
        let siteIndex = DeployIndex(git)
        try siteIndex.add(folder: siteDirectory, excluding: [SiteWriter.marker])
        let siteTree = try siteIndex.writeTree()
        let published = try deployBranch.publish(message: text, force: force, keepHistory: !noHistory) { tip throws(DiagnosticError) in
            let index = DeployIndex(git)
            var versions = try self.versions(at: tip, of: deployBranch)
            if let tip { try index.read(tree: tip) }
            do {
                outcome.movedAliases = try versions.add(docs.name, title: docs.title, aliases: Set(docs.aliases), updateAliases: docs.updateAliases)
            } catch {
                throw DiagnosticError(at: git.location, "cannot publish version \(docs.name): \(error)", code: ProjectCodes.deployDocsVersion)
            }
            let aliases = versions.aliases(of: docs.name).sorted()
            try index.remove([docs.name] + aliases)
            try index.read(tree: siteTree, prefix: docs.name + "/")
            try addAliases(aliases, of: docs, siteTree: siteTree, to: index, git: git)
            try index.put("versions.json", blob: try git.blob(versions.json))
            try index.put(".nojekyll", blob: try git.blob(Data()))
            if let identifier = docs.defaultIdentifier {
                guard versions.find(identifier) != nil else {
                    throw DiagnosticError(at: git.location, "cannot make `\(identifier)` the default: it is neither a version nor an alias (published: \(versions.ordered.map(\.name).joined(separator: ", ")))", code: ProjectCodes.deployDocsVersion)
                }
                try index.put("index.html", blob: try git.blob(Data(Self.redirectPage(to: identifier + "/").utf8)))
            }
            return try index.writeTree()
        }
        outcome.record(published)
        return outcome
    }

    /// Removes versions (with their aliases) or single aliases from the deploy branch, as
    /// `mike delete` does.
    package func deleteVersions(_ identifiers: [String], repository directory: String, configFile: String) throws(DiagnosticError) -> Outcome {
        let deployBranch = branch(directory, configFile: configFile)
        let git = deployBranch.git
        var outcome = Outcome(sourceCommit: sourceCommit(git))
        let text = expand(message ?? "Removed \(identifiers.joined(separator: ", ")) with Galley version: {version}", source: outcome.sourceCommit)
        let published = try deployBranch.publish(message: text, force: force, keepHistory: true) { tip throws(DiagnosticError) in
            guard let tip else {
                throw DiagnosticError(at: git.location, "`\(remoteName)` has no branch `\(remoteBranch)`, so there are no versions to delete", code: ProjectCodes.deployDocsVersion)
            }
            var versions = try self.versions(at: tip, of: deployBranch)
            let before = versions
            let removed: [(version: String, alias: String?)]
            do { removed = try versions.remove(identifiers) } catch {
                throw DiagnosticError(at: git.location, "cannot delete: \(error)", code: ProjectCodes.deployDocsVersion)
            }
            let index = DeployIndex(git)
            try index.read(tree: tip)
            try index.remove(removed.flatMap { entry in entry.alias.map { [$0] } ?? [entry.version] + before.aliases(of: entry.version).sorted() })
            try index.put("versions.json", blob: try git.blob(versions.json))
            return try index.writeTree()
        }
        outcome.record(published)
        return outcome
    }

    /// Makes the site's root send readers to `identifier` (a version or alias), as
    /// `mike set-default` does.
    package func setDefault(_ identifier: String, repository directory: String, configFile: String) throws(DiagnosticError) -> Outcome {
        let deployBranch = branch(directory, configFile: configFile)
        let git = deployBranch.git
        var outcome = Outcome(sourceCommit: sourceCommit(git))
        let text = expand(message ?? "Set default version to \(identifier) with Galley version: {version}", source: outcome.sourceCommit)
        let published = try deployBranch.publish(message: text, force: force, keepHistory: true) { tip throws(DiagnosticError) in
            let versions = try self.versions(at: tip, of: deployBranch)
            guard let tip, versions.find(identifier) != nil else {
                throw DiagnosticError(at: git.location, "`\(identifier)` is neither a version nor an alias on `\(remoteName)/\(remoteBranch)` (published: \(versions.ordered.map(\.name).joined(separator: ", ")))", code: ProjectCodes.deployDocsVersion)
            }
            let index = DeployIndex(git)
            try index.read(tree: tip)
            try index.put("index.html", blob: try git.blob(Data(Self.redirectPage(to: identifier + "/").utf8)))
            return try index.writeTree()
        }
        outcome.record(published)
        return outcome
    }

    /// The versions the remote's deploy branch lists.
    package func listVersions(repository directory: String, configFile: String) throws(DiagnosticError) -> [(name: String, title: String, aliases: [String])] {
        let deployBranch = branch(directory, configFile: configFile)
        return try versions(at: try deployBranch.fetchTip(), of: deployBranch).ordered.map { ($0.name, $0.title, $0.aliases.sorted()) }
    }

    // MARK: - Steps

    private func branch(_ directory: String, configFile: String) -> DeployBranch {
        DeployBranch(git: DeployGit(directory: directory, location: SourceLocation(file: configFile)), remote: remoteName, branch: remoteBranch)
    }

    private func sourceCommit(_ git: DeployGit) -> String {
        git.read(["rev-parse", "--short", "HEAD"]) ?? "unknown"
    }

    private func expand(_ template: String, source: String) -> String {
        template.replacingOccurrences(of: "{sha}", with: source).replacingOccurrences(of: "{version}", with: version)
    }

    private func versions(at tip: String?, of deployBranch: DeployBranch) throws(DiagnosticError) -> DocVersions {
        guard let tip, let json = deployBranch.file("versions.json", at: tip) else { return DocVersions() }
        do { return try DocVersions(json: json) } catch {
            throw DiagnosticError(at: deployBranch.git.location, "`\(remoteName)/\(remoteBranch)` has a versions.json Galley cannot read: \(error)", code: ProjectCodes.deployDocsVersion)
        }
    }

    /// Puts each alias folder beside the version's, in the way `docs.aliasType` says.
    private func addAliases(_ aliases: [String], of docs: DocsVersion, siteTree: String, to index: borrowing DeployIndex, git: DeployGit) throws(DiagnosticError) {
        guard !aliases.isEmpty else { return }
        switch docs.aliasType {
        case .symlink:
            // Both folders sit at the branch's root, so the link's target is the version's name.
            let target = try git.blob(Data(docs.name.utf8))
            for alias in aliases { try index.put(alias, blob: target, mode: "120000") }
        case .copy:
            for alias in aliases { try index.read(tree: siteTree, prefix: alias + "/") }
        case .redirect:
            let pages = (git.read(["ls-tree", "-r", "--name-only", "-z", siteTree]) ?? "").split(separator: "\0").map(String.init).filter { $0.hasSuffix(".html") }
            let folder = TemporaryPaths.shared.reserve("galley-deploy")
            defer { TemporaryPaths.shared.remove(folder) }
            for alias in aliases {
                for page in pages {
                    let path = PathName.join(folder, alias + "/" + page)
                    let depth = page.split(separator: "/").count - 1 + 1
                    var target = String(repeating: "../", count: depth) + docs.name + "/" + page
                    if docs.directoryURLs, target.hasSuffix("/index.html") { target.removeLast("index.html".count) }
                    do {
                        try FileManager.default.createDirectory(atPath: PathName.parent(path), withIntermediateDirectories: true)
                        try Data(Self.redirectPage(to: target).utf8).write(to: URL(fileURLWithPath: path))
                    } catch {
                        throw DiagnosticError(at: git.location, "cannot write the redirect pages for alias \(alias): \(error)", code: ProjectCodes.deployGit)
                    }
                }
            }
            try index.add(folder: folder)
        }
    }

    /// A page that sends the reader on to `target` (relative), keeping the query and
    /// fragment; a refresh and a link for readers without JavaScript.
    static func redirectPage(to target: String) -> String {
        let attribute = MarkupText.escape(target)
        let script = MarkupText.scriptString(target)
        return """
        <!DOCTYPE html>
        <html>
        <head>
        <meta charset="utf-8">
        <title>Redirecting…</title>
        <noscript><meta http-equiv="refresh" content="0; url=\(attribute)"></noscript>
        <script>location.replace(\(script) + location.search + location.hash);</script>
        </head>
        <body>
        <p>This page has moved to <a href="\(attribute)">\(attribute)</a>.</p>
        </body>
        </html>

        """
    }
}

extension GitHubPagesDeploy.Outcome {
    mutating func record(_ published: DeployBranch.Published) {
        switch published {
        case .unchanged(let tip):
            previous = tip
        case .pushed(let commit, let parent, let retried):
            self.commit = commit
            previous = parent
            self.retried = retried
        }
    }
}
