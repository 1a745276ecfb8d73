// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleyProject
import GalleySite

struct GhDeploy: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gh-deploy",
        abstract: "Build the site and publish it to the gh-pages branch, as `mkdocs gh-deploy` does; with --version, as one version beside others, as mike does.",
        discussion: "The site is committed on top of the remote branch with git's plumbing and a private index, and pushed: the working tree, the index and the local branches are not touched. A .nojekyll file is added; a CNAME the branch had is kept when the site has none. An unchanged site makes no commit."
    )

    @Option(name: [.customShort("f"), .long], help: "The mkdocs configuration file.")
    var configFile = "mkdocs.yml"

    @Option(name: [.customShort("d"), .long], help: "Where to build the site (default: the config's site_dir).")
    var siteDir: String?

    @Option(name: [.customShort("m"), .long], help: "The commit message; {sha} is the source commit, {version} Galley's version.")
    var message: String?

    @Option(name: [.customShort("b"), .long], help: "The branch to publish to (default: remote_branch, else gh-pages).")
    var remoteBranch: String?

    @Option(name: [.customShort("r"), .long], help: "The remote to push to (default: remote_name, else origin).")
    var remoteName: String?

    @Flag(help: "Force the push, replacing what the remote branch has.")
    var force = false

    @Flag(help: "The branch keeps one commit, the latest site (the push is forced).")
    var noHistory = false

    @Flag(help: "Deploy even when the branch was last deployed by a newer Galley.")
    var ignoreVersion = false

    @Flag(help: "Accepted for mkdocs' sake: every Galley build is complete, so it changes nothing.")
    var dirty = false

    @Flag(name: [.customShort("c"), .long], help: "Replace a site folder Galley did not write (one mkdocs or mike built), as `galley build --clean`.")
    var clean = false

    @Option(help: ArgumentHelp("Publish the site as this docs version, in its own folder beside the others (mike's format).", valueName: "version"))
    var version: String?

    @Option(name: .customLong("alias"), help: ArgumentHelp("An alias of --version, such as latest (repeatable).", valueName: "alias"))
    var aliases: [String] = []

    @Option(help: "The version's title in the version selector (default: the version).")
    var title: String?

    @Flag(help: "Move aliases that other versions have to this one.")
    var updateAliases = false

    @Option(help: "How an alias reaches its version: symlink, redirect or copy.")
    var aliasType: GitHubPagesDeploy.AliasType = .symlink

    @Option(help: ArgumentHelp("Make the site's root send readers to this version or alias.", valueName: "version"))
    var setDefault: String?

    @Option(help: ArgumentHelp("Remove a published version with its aliases, or one alias (repeatable); nothing is built.", valueName: "version"))
    var delete: [String] = []

    @Flag(help: "List the published versions; nothing is built.")
    var list = false

    func validate() throws {
        if version == nil && (!aliases.isEmpty || title != nil || updateAliases) {
            throw ValidationError("--alias, --title and --update-aliases go with --version")
        }
        let modes = [version != nil || setDefault != nil, !delete.isEmpty, list].filter { $0 }.count
        if modes > 1 { throw ValidationError("--version (or --set-default), --delete and --list are separate actions; give one") }
        if noHistory && (version != nil || setDefault != nil || !delete.isEmpty) {
            throw ValidationError("--no-history would drop the other versions; it goes only with a deploy of the whole branch")
        }
    }

    func run() throws {
        TerminationSignals.install()
        let printer = DiagnosticPrinter(level: .warning, strict: false)
        do throws(DiagnosticError) {
            let (config, configDiagnostics) = try loadConfig()
            var deploy = GitHubPagesDeploy(version: Galley.version)
            deploy.remoteBranch = remoteBranch ?? config.remoteBranch ?? deploy.remoteBranch
            deploy.remoteName = remoteName ?? config.remoteName ?? deploy.remoteName
            deploy.message = message
            deploy.force = force
            deploy.noHistory = noHistory
            let project = PathName.absolute(config.projectDirectory, relativeTo: SystemCalls.currentDirectory)
            try deploy.checkRepository(project, configFile: configFile)
            let target = "\(deploy.remoteName)/\(deploy.remoteBranch)"
            if list {
                for entry in try deploy.listVersions(repository: project, configFile: configFile) {
                    let aliases = entry.aliases.isEmpty ? "" : " [\(entry.aliases.joined(separator: ", "))]"
                    print(entry.title == entry.name ? "\(entry.name)\(aliases)" : "\"\(entry.title)\" (\(entry.name))\(aliases)")
                }
                return
            }
            if !ignoreVersion { try deploy.checkDeployedVersion(project, configFile: configFile) }
            if !delete.isEmpty {
                report(try deploy.deleteVersions(delete, repository: project, configFile: configFile), target: target, what: "Removed \(delete.joined(separator: ", ")) from")
                return
            }
            if let setDefault, version == nil {
                report(try deploy.setDefault(setDefault, repository: project, configFile: configFile), target: target, what: "Made \(setDefault) the default of")
                return
            }
            if dirty {
                FileHandle.standardError.write(Data("--dirty has no effect: every Galley build is complete.\n".utf8))
            }
            var options = BuildOptions(siteDirectory: siteDir, strict: false)
            options.clean = clean
            (options.progress, options.notice) = BuildRun.terminalReporters(quiet: false, printsNotices: true)
            let report = try SiteBuilder.build(config: config, configDiagnostics: configDiagnostics, options: options)
            printer.print(report.diagnostics)
            if let version {
                var docs = GitHubPagesDeploy.DocsVersion(name: version)
                docs.title = title
                docs.aliases = aliases
                docs.updateAliases = updateAliases
                docs.aliasType = aliasType
                docs.defaultIdentifier = setDefault
                docs.directoryURLs = config.useDirectoryURLs
                let outcome = try deploy.deploy(siteDirectory: report.siteDirectory, docs: docs, repository: project, configFile: configFile)
                for moved in outcome.movedAliases {
                    FileHandle.standardError.write(Data("Moved alias \(moved.alias) from \(moved.version) to \(version).\n".utf8))
                }
                self.report(outcome, target: target, what: "Deployed \(outcome.sourceCommit) as version \(version) to")
            } else {
                let outcome = try deploy.deploy(siteDirectory: report.siteDirectory, repository: project, configFile: configFile)
                if outcome.keptCNAME {
                    FileHandle.standardError.write(Data("Kept the CNAME file the branch had (the site has none).\n".utf8))
                }
                self.report(outcome, target: target, what: "Deployed \(outcome.sourceCommit) to")
            }
        } catch {
            printer.print(error.diagnostics)
            FileHandle.standardError.write(Data("Aborted: nothing was deployed.\n".utf8))
            throw ExitCode.failure
        }
    }

    /// The configuration; run from the deploy branch itself, which holds a built site and no
    /// configuration, the refusal says so rather than that the file is missing.
    private func loadConfig() throws(DiagnosticError) -> (SiteConfig, [Diagnostic]) {
        do {
            return try ConfigLoader.load(path: configFile)
        } catch {
            let directory = PathName.absolute(PathName.parent(PathName.absolute(configFile, relativeTo: SystemCalls.currentDirectory)), relativeTo: SystemCalls.currentDirectory)
            try GitHubPagesDeploy.checkBranch(directory, deployBranch: remoteBranch ?? "gh-pages", configFile: configFile)
            throw error
        }
    }

    private func report(_ outcome: GitHubPagesDeploy.Outcome, target: String, what: String) {
        guard let commit = outcome.commit else {
            print("The site is unchanged since \(outcome.previous.map { String($0.prefix(12)) } ?? "the last deploy") on \(target): nothing to deploy.")
            return
        }
        if outcome.retried {
            FileHandle.standardError.write(Data("\(target) moved while pushing; the site was committed again on its new tip.\n".utf8))
        }
        print("\(what) \(target) as \(commit.prefix(12)).")
    }
}

extension GitHubPagesDeploy.AliasType: ExpressibleByArgument {}
