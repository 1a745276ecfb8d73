import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleySources

/// `galley gh-deploy`, with mkdocs' semantics: the built site becomes a commit on the deploy
/// branch (`gh-pages`), with a `.nojekyll` file, which is then pushed. The commit is made
/// with git's plumbing and a private index, so the user's working tree, index and current
/// branch are never touched.
public struct GitHubPagesDeploy: Sendable {
    public var remoteBranch = "gh-pages"
    public var remoteName = "origin"
    /// `{sha}` is the deployed source commit, `{version}` Galley's version.
    public var message = "Deployed {sha} with Galley version: {version}"
    public var force = false
    /// The branch holds one commit, the latest site (ghp-import's `--no-history`).
    public var noHistory = false
    public var version: String

    public init(version: String) {
        self.version = version
    }

    /// What a deploy did.
    public struct Outcome: Sendable {
        public var commit: String
        public var sourceCommit: String
        /// A `CNAME` the previous deploy had and the site lacks, carried over.
        public var keptCNAME: Bool
    }

    /// Checks what can be checked before the site is built: a work tree, a current branch that
    /// is not the deploy branch, the remote.
    public func checkRepository(_ directory: String, configFile: String) throws(DiagnosticError) {
        let location = SourceLocation(file: configFile)
        guard let top = git(["rev-parse", "--show-toplevel"], in: directory), !top.isEmpty else {
            throw DiagnosticError(at: location, "`gh-deploy` publishes through git, but `\(directory)` is not in a git work tree", code: "deploy.repository")
        }
        if let branch = git(["symbolic-ref", "--quiet", "--short", "HEAD"], in: directory), branch == remoteBranch {
            throw DiagnosticError(at: location, "the current branch is `\(remoteBranch)`, the branch the site is deployed to; switch to the branch that holds the docs' sources", code: "deploy.branch")
        }
        guard git(["remote", "get-url", remoteName], in: directory) != nil else {
            throw DiagnosticError(at: location, "there is no git remote `\(remoteName)` to deploy to (`git remote -v` lists them; `--remote-name` chooses another)", code: "deploy.remote")
        }
    }

    /// Refuses when the deploy branch was last deployed by a newer Galley, whose site this
    /// one would replace (as mkdocs does for its own versions; `--ignore-version` skips it).
    public func checkDeployedVersion(_ directory: String, configFile: String) throws(DiagnosticError) {
        let refs = ["refs/heads/\(remoteBranch)", "refs/remotes/\(remoteName)/\(remoteBranch)"]
        guard let subject = refs.lazy.compactMap({ git(["log", "-1", "--format=%s", $0], in: directory) }).first,
              let range = subject.range(of: "Galley version: ") else { return }
        let deployed = subject[range.upperBound...].prefix { !$0.isWhitespace }
        func parts(_ text: Substring) -> [Int] { text.split(separator: ".").map { Int($0.prefix { $0.isNumber }) ?? 0 } }
        if parts(deployed).lexicographicallyPrecedes(parts(Substring(version))) || parts(deployed) == parts(Substring(version)) { return }
        throw DiagnosticError(at: SourceLocation(file: configFile), "`\(remoteBranch)` was last deployed by Galley \(deployed), newer than this one (\(version)); update Galley, or pass --ignore-version", code: "deploy.version")
    }

    /// Commits the site in `siteDirectory` to the deploy branch of the repository at
    /// `directory` and pushes it.
    public func deploy(siteDirectory: String, repository directory: String, configFile: String) throws(DiagnosticError) -> Outcome {
        let location = SourceLocation(file: configFile)
        let source = git(["rev-parse", "--short", "HEAD"], in: directory) ?? "unknown"
        let branchRef = "refs/heads/\(remoteBranch)"
        let parent = git(["rev-parse", "--verify", "--quiet", branchRef], in: directory)
        // A private index: `git add` and `write-tree` never see the user's own.
        let index = TemporaryPaths.shared.reserve("galley-deploy") + ".index"
        TemporaryPaths.shared.register(index)
        defer { TemporaryPaths.shared.remove(index) }
        guard let gitDirectory = git(["rev-parse", "--absolute-git-dir"], in: directory) else {
            throw DiagnosticError(at: location, "cannot find the git folder of `\(directory)`", code: "deploy.repository")
        }
        let environment = ["GIT_INDEX_FILE": index]
        // `.nojekyll` tells GitHub Pages to serve the files as they are (no Jekyll, so folders
        // starting with `_` are kept). It goes into the index, not into the user's site folder.
        let nojekyll = try blob(Data(), in: directory, location: location)
        // The site folder as the work tree of the user's repository, for this one command.
        try run(["add", "--all", "--force", "--", ".", ":(exclude)\(SiteWriter.marker)"], in: siteDirectory, environment: environment.merging(["GIT_DIR": gitDirectory, "GIT_WORK_TREE": siteDirectory]) { $1 }, location: location)
        try run(["update-index", "--add", "--cacheinfo", "100644,\(nojekyll),.nojekyll"], in: directory, environment: environment, location: location)
        var keptCNAME = false
        if !FileManager.default.fileExists(atPath: PathName.join(siteDirectory, "CNAME")), let parent,
           let cname = git(["rev-parse", "--verify", "--quiet", "\(parent):CNAME"], in: directory) {
            // The custom domain GitHub's settings wrote to the branch stays, as the site has none.
            try run(["update-index", "--add", "--cacheinfo", "100644,\(cname),CNAME"], in: directory, environment: environment, location: location)
            keptCNAME = true
        }
        let tree = try run(["write-tree"], in: directory, environment: environment, location: location)
        let text = message.replacingOccurrences(of: "{sha}", with: source).replacingOccurrences(of: "{version}", with: version)
        var commitArguments = ["commit-tree", tree, "-m", text]
        if let parent, !noHistory { commitArguments += ["-p", parent] }
        let commit = try run(commitArguments, in: directory, environment: [:], location: location)
        try run(["update-ref", branchRef, commit], in: directory, environment: [:], location: location)
        var push = ["push", remoteName, "\(branchRef):\(branchRef)"]
        if force || noHistory { push.insert("--force", at: 1) }
        try run(push, in: directory, environment: [:], location: location, what: "pushing the site to `\(remoteName)`")
        return Outcome(commit: commit, sourceCommit: source, keptCNAME: keptCNAME)
    }

    private func git(_ arguments: [String], in directory: String) -> String? {
        GitIndex.run(arguments, in: directory).map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    private func blob(_ data: Data, in directory: String, location: SourceLocation) throws(DiagnosticError) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("galley-blob-\(UUID().uuidString)").path
        _ = FileManager.default.createFile(atPath: path, contents: data)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try run(["hash-object", "-w", path], in: directory, environment: [:], location: location)
    }

    @discardableResult
    private func run(_ arguments: [String], in directory: String, environment: [String: String], location: SourceLocation, what: String? = nil) throws(DiagnosticError) -> String {
        let result: (status: Int32, output: Data, errors: String)
        do {
            result = try GitIndex.execute(arguments, in: directory, environment: environment)
        } catch {
            throw DiagnosticError(at: location, "cannot run git: \(error)", code: "deploy.git")
        }
        guard result.status == 0 else {
            let doing = what ?? "`git \(arguments.first ?? "")`"
            throw DiagnosticError(at: location, "\(doing) failed, so the site was not deployed:\n\(result.errors.trimmingCharacters(in: .whitespacesAndNewlines))", code: "deploy.git")
        }
        return String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
