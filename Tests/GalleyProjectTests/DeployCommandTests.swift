// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
import Testing

/// `galley gh-deploy` against a local bare repository: no network.
@Suite("galley gh-deploy", .enabled(if: galleyExecutable() != nil, "the galley executable is not built"))
struct DeployCommandTests {
    static let identity = ["GIT_AUTHOR_NAME": "Tester", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "Tester", "GIT_COMMITTER_EMAIL": "t@example.com"]

    /// A docs repository with one commit and a bare `origin`.
    struct Repository {
        let base: URL
        var work: URL { base.appendingPathComponent("work") }
        var remote: URL { base.appendingPathComponent("remote.git") }

        init(pages: [String: String] = ["docs/index.md": "# Home\n\nHello.\n"]) throws {
            base = FileManager.default.temporaryDirectory.appendingPathComponent("galley-deploy-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: base.appendingPathComponent("work/docs"), withIntermediateDirectories: true)
            var files = pages
            files["mkdocs.yml"] = files["mkdocs.yml"] ?? "site_name: Deployed\n"
            files[".gitignore"] = "site/\n.galley/\n"
            for (name, text) in files {
                try FileManager.default.createDirectory(at: work.appendingPathComponent(name).deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: work.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            try sh("git init -q --bare remote.git", in: base)
            try sh("git init -q -b main . && git config user.name Tester && git config user.email t@example.com && git add -A && git commit -qm sources && git remote add origin ../remote.git && git push -q origin main")
        }

        /// Runs `script` with `sh` in `directory` (default: the work tree); its output,
        /// trimmed. Fails the test when the script fails.
        @discardableResult
        func sh(_ script: String, in directory: URL? = nil, environment: [String: String] = [:]) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script]
            process.currentDirectoryURL = directory ?? work
            process.environment = ProcessInfo.processInfo.environment.merging(DeployCommandTests.identity.merging(environment) { $1 }) { $1 }
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                Issue.record("`\(script)` failed: \(errorText)")
                throw CocoaError(.executableLoad)
            }
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// A clone of the remote at `base/name`, on `branch`.
        func clone(_ name: String, branch: String = "main") throws -> URL {
            try sh("git clone -q -b \(branch) remote.git \(name) && git -C \(name) config user.name Tester && git -C \(name) config user.email t@example.com", in: base)
            return base.appendingPathComponent(name)
        }

        /// Commits `text` as `docs/index.md` in `directory`.
        func editPage(_ text: String, in directory: URL? = nil) throws {
            try text.write(to: (directory ?? work).appendingPathComponent("docs/index.md"), atomically: true, encoding: .utf8)
            try sh("git commit -qam 'edit page'", in: directory ?? work)
        }

        /// Runs `script` with `sh`, each `git` with a committer identity of its own.
        func git(_ script: String, in directory: URL) throws {
            try sh(script, in: directory)
        }

        /// `git` in the remote, its output trimmed; empty when git fails, with what it said
        /// printed, so that a real failure names its cause.
        func remoteGit(_ arguments: [String]) -> String {
            guard let result = try? runProgram(URL(fileURLWithPath: "/usr/bin/git"), ["-C", remote.path] + arguments, in: base) else { return "" }
            if result.status == 0 { return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) }
            // Commands that are expected to fail (a missing path) return nothing.
            print("git \(arguments) exited \(result.status): \(result.stderr)")
            return ""
        }

        func deploy(_ arguments: [String] = [], in directory: URL? = nil) throws -> (status: Int32, stderr: String, stdout: String) {
            try runGalley(["gh-deploy"] + arguments, in: directory ?? work, environment: DeployCommandTests.identity)
        }

        func remove() { try? FileManager.default.removeItem(at: base) }
    }

    @Test func theSiteIsCommittedAndPushedWithHistoryAndTheUsersTreeIsUntouched() throws {
        let repository = try Repository()
        defer { repository.remove() }
        try "draft\n".write(to: repository.work.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        try repository.git("git add notes.txt", in: repository.work)
        let first = try repository.deploy()
        #expect(first.status == 0, "\(first.stderr)")
        let files = repository.remoteGit(["ls-tree", "-r", "--name-only", "gh-pages"]).split(separator: "\n")
        #expect(files.contains(".nojekyll") && files.contains("index.html") && files.contains("sitemap.xml"))
        #expect(!files.contains(".galley-site"))
        let source = repository.remoteGit(["--git-dir", repository.work.appendingPathComponent(".git").path, "rev-parse", "--short", "HEAD"])
        #expect(repository.remoteGit(["log", "-1", "--format=%s", "gh-pages"]) == "Deployed \(source) with Galley version: 0.1.0")
        // The staged file is still staged, the branch is still main, nothing else changed.
        let status = try runGitStatus(repository.work)
        #expect(status == "## main\nA  notes.txt")
        #expect(try repository.sh("git branch --list gh-pages").isEmpty, "no local branch is made")
        try repository.editPage("# Home\n\nChanged.\n")
        let changedSource = repository.remoteGit(["--git-dir", repository.work.appendingPathComponent(".git").path, "rev-parse", "--short", "HEAD"])
        #expect(try repository.deploy(["-m", "Site for {sha} by {version}"]).status == 0)
        #expect(repository.remoteGit(["rev-list", "--count", "gh-pages"]) == "2")
        #expect(repository.remoteGit(["log", "-1", "--format=%s", "gh-pages"]) == "Site for \(changedSource) by 0.1.0")
        // --no-history leaves one commit, forced over the two.
        #expect(try repository.deploy(["--no-history"]).status == 0)
        #expect(repository.remoteGit(["rev-list", "--count", "gh-pages"]) == "1")
    }

    @Test func aCNAMETheBranchHadIsKeptAndMkdocsOptionsAreRead() throws {
        let repository = try Repository(pages: ["docs/index.md": "# Home\n", "docs/CNAME": "docs.example.com\n", "mkdocs.yml": "site_name: D\nremote_branch: pages\n"])
        defer { repository.remove() }
        #expect(try repository.deploy().status == 0)
        try repository.git("git rm -q docs/CNAME && git commit -qm 'no cname'", in: repository.work)
        let second = try repository.deploy()
        #expect(second.status == 0)
        #expect(second.stderr.contains("Kept the CNAME file the branch had"))
        #expect(repository.remoteGit(["show", "pages:CNAME"]) == "docs.example.com")
    }

    @Test func refusalsAreClearAndNothingIsPushed() throws {
        let repository = try Repository()
        defer { repository.remove() }
        let noRemote = try repository.deploy(["--remote-name", "upstream"])
        #expect(noRemote.status == 1)
        #expect(noRemote.stderr.contains("there is no git remote `upstream` to deploy to"))
        try repository.git("git checkout -q -b gh-pages", in: repository.work)
        let onBranch = try repository.deploy()
        #expect(onBranch.status == 1)
        #expect(onBranch.stderr.contains("the current branch is `gh-pages`"))
        try repository.git("git checkout -q main", in: repository.work)
        // A site that fails to build is not deployed.
        try "# Home\n\n```swift run\nlet x: Int = \"no\"\n```\n".write(to: repository.work.appendingPathComponent("docs/index.md"), atomically: true, encoding: .utf8)
        let broken = try repository.deploy()
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("Aborted: nothing was deployed."))
        #expect(repository.remoteGit(["branch", "--list", "gh-pages"]).isEmpty)
    }

    /// The CI case: every run is a fresh clone of the sources, the remote's `gh-pages` has
    /// moved on (GitHub's settings added a `CNAME`), and no `--force` is given.
    @Test func aFreshCloneBuildsOnTheRemoteBranchKeepsItsCNAMEAndLeavesNoBranch() throws {
        let repository = try Repository()
        defer { repository.remove() }
        #expect(try repository.deploy().status == 0)
        let settings = try repository.clone("settings", branch: "gh-pages")
        try repository.sh("echo docs.example.com > CNAME && git add CNAME && git commit -qm 'Create CNAME' && git push -q origin gh-pages", in: settings)
        let fresh = try repository.clone("fresh")
        try repository.editPage("# Home\n\nNew text.\n", in: fresh)
        let second = try repository.deploy(in: fresh)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("Kept the CNAME file the branch had"))
        #expect(repository.remoteGit(["log", "--format=%s", "gh-pages"]).split(separator: "\n").dropFirst().first == "Create CNAME", "built on the remote's tip")
        #expect(repository.remoteGit(["show", "gh-pages:CNAME"]) == "docs.example.com")
        #expect(repository.remoteGit(["show", "gh-pages:index.html"]).contains("New text."))
        #expect(try repository.sh("git branch --list", in: fresh) == "* main", "no local deploy branch is left")
        #expect(try runGitStatus(fresh) == "## main...origin/main [ahead 1]")
        // The same sources again: nothing to commit, and it says so.
        let again = try repository.deploy(in: fresh)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("The site is unchanged since"), "\(again.stdout)")
        #expect(repository.remoteGit(["rev-list", "--count", "gh-pages"]) == "3")
        // mkdocs' own gh-deploy reads the branch Galley wrote and builds on it too (and, unlike
        // Galley, drops the custom domain: ghp-import writes only the site).
        let mkdocs = Oracle.repository.appendingPathComponent(".build/oracle-venv/bin/mkdocs").path
        if FileManager.default.isExecutableFile(atPath: mkdocs) {
            try repository.sh("'\(mkdocs)' gh-deploy --ignore-version -q", in: fresh)
            #expect(repository.remoteGit(["rev-list", "--count", "gh-pages"]) == "4")
        }
    }

    /// Someone pushes to `gh-pages` between Galley's fetch and its push (here: from the
    /// pre-push hook): the push is rejected, and Galley commits again on the new tip once.
    @Test func aPushRejectedBecauseTheBranchMovedIsRetriedOnTheNewTip() throws {
        let repository = try Repository()
        defer { repository.remove() }
        #expect(try repository.deploy().status == 0)
        let other = try repository.clone("other", branch: "gh-pages")
        let hook = repository.work.appendingPathComponent(".git/hooks/pre-push")
        try """
        #!/bin/sh
        [ -e "\(repository.base.path)/raced" ] && exit 0
        touch "\(repository.base.path)/raced"
        cd "\(other.path)" && env -u GIT_DIR -u GIT_WORK_TREE -u GIT_INDEX_FILE sh -c 'echo x > other.txt && git add other.txt && git commit -qm "Pushed meanwhile" && git push -q origin gh-pages'
        """.write(to: hook, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook.path)
        try repository.editPage("# Home\n\nRaced.\n")
        let raced = try repository.deploy()
        #expect(raced.status == 0, "\(raced.stderr)")
        #expect(raced.stderr.contains("origin/gh-pages moved while pushing; the site was committed again on its new tip"))
        let subjects = repository.remoteGit(["log", "--format=%s", "gh-pages"]).split(separator: "\n")
        #expect(subjects.count == 3 && subjects[1] == "Pushed meanwhile", "\(subjects)")
        #expect(repository.remoteGit(["show", "gh-pages:index.html"]).contains("Raced."))
    }

    /// `--force` keeps mkdocs' meaning (the push is forced) and still keeps the custom domain;
    /// a remote that cannot be reached is an error that says which, with nothing left behind.
    @Test func forceKeepsTheCNAMEAndAnUnreachableRemoteIsNamed() throws {
        let repository = try Repository()
        defer { repository.remove() }
        let settings = try repository.clone("settings")
        try repository.sh("git checkout -q --orphan gh-pages && git rm -rqf . && echo docs.example.com > CNAME && echo old > old.txt && git add CNAME old.txt && git commit -qm 'Made elsewhere' && git push -q origin gh-pages", in: settings)
        let forced = try repository.deploy(["--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        let files = repository.remoteGit(["ls-tree", "--name-only", "gh-pages"]).split(separator: "\n")
        #expect(files.contains("CNAME") && files.contains("index.html") && !files.contains("old.txt"))
        try repository.sh("git remote set-url origin '\(repository.base.path)/missing.git'")
        let unreachable = try repository.deploy()
        #expect(unreachable.status == 1)
        #expect(unreachable.stderr.contains("reading `gh-pages` from `origin` failed, so nothing was deployed"), "\(unreachable.stderr)")
        #expect(unreachable.stderr.contains("Aborted: nothing was deployed."))
        #expect(try repository.sh("git branch --list gh-pages").isEmpty)
    }

    /// On a checkout of the deploy branch itself (a built site, no `mkdocs.yml`) the refusal
    /// is the documented one, not a missing configuration file.
    @Test func onTheDeployBranchTheRefusalNamesTheBranch() throws {
        let repository = try Repository()
        defer { repository.remove() }
        #expect(try repository.deploy().status == 0)
        try repository.sh("git fetch -q origin && git checkout -q -b gh-pages origin/gh-pages")
        let onBranch = try repository.deploy()
        #expect(onBranch.status == 1)
        #expect(onBranch.stderr.contains("the current branch is `gh-pages`, the branch the site is deployed to"), "\(onBranch.stderr)")
        #expect(!onBranch.stderr.contains("cannot read"))
    }

    func runGitStatus(_ directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory.path, "status", "--short", "--branch"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
