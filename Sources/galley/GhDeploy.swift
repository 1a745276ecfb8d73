import ArgumentParser
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleySite

struct GhDeploy: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gh-deploy",
        abstract: "Build the site and publish it to the gh-pages branch, as `mkdocs gh-deploy` does.",
        discussion: "The site is committed with git's plumbing and a private index: the working tree, the index and the current branch are not touched. A .nojekyll file is added; a CNAME the branch had is kept when the site has none."
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

    @Flag(name: [.customShort("c"), .long], help: "Accepted for mkdocs' sake: the site is always built anew.")
    var clean = false

    func run() throws {
        TerminationSignals.install()
        let printer = DiagnosticPrinter(level: .warning, strict: false)
        do throws(DiagnosticError) {
            let (config, configDiagnostics) = try ConfigLoader.load(path: configFile)
            var deploy = GitHubPagesDeploy(version: Galley.version)
            deploy.remoteBranch = remoteBranch ?? config.remoteBranch ?? deploy.remoteBranch
            deploy.remoteName = remoteName ?? config.remoteName ?? deploy.remoteName
            deploy.message = message ?? deploy.message
            deploy.force = force
            deploy.noHistory = noHistory
            let project = PathName.absolute(config.projectDirectory, relativeTo: SystemCalls.currentDirectory)
            try deploy.checkRepository(project, configFile: configFile)
            if !ignoreVersion { try deploy.checkDeployedVersion(project, configFile: configFile) }
            if dirty {
                FileHandle.standardError.write(Data("--dirty has no effect: every Galley build is complete.\n".utf8))
            }
            var options = BuildOptions(siteDirectory: siteDir, strict: false)
            (options.progress, options.notice) = BuildRun.terminalReporters(quiet: false, printsNotices: true)
            let report = try SiteBuilder.build(config: config, configDiagnostics: configDiagnostics, options: options)
            printer.print(report.diagnostics)
            let outcome = try deploy.deploy(siteDirectory: report.siteDirectory, repository: project, configFile: configFile)
            if outcome.keptCNAME {
                FileHandle.standardError.write(Data("Kept the CNAME file the branch had (the site has none).\n".utf8))
            }
            print("Deployed \(outcome.sourceCommit) to \(deploy.remoteName)/\(deploy.remoteBranch) as \(outcome.commit.prefix(12)).")
        } catch {
            printer.print(error.diagnostics)
            FileHandle.standardError.write(Data("Aborted: nothing was deployed.\n".utf8))
            throw ExitCode.failure
        }
    }
}
