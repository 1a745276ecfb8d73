import Foundation
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
            try git("git init -q --bare remote.git", in: base)
            try git("git init -q -b main . && git add -A && git commit -qm sources && git remote add origin ../remote.git", in: work)
        }

        /// Runs `script` with `sh`, each `git` with a committer identity of its own.
        func git(_ script: String, in directory: URL) throws {
            try LintCommandTests.git(script.replacingOccurrences(of: "git ", with: "git -c user.name=Tester -c user.email=t@example.com "), in: directory)
        }

        /// `git` in the remote, its output trimmed.
        func remoteGit(_ arguments: [String]) -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", remote.path] + arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try? process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func deploy(_ arguments: [String] = []) throws -> (status: Int32, stderr: String, stdout: String) {
            try runGalley(["gh-deploy"] + arguments, in: work, environment: DeployCommandTests.identity)
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
        #expect(try repository.deploy(["-m", "Site for {sha} by {version}"]).status == 0)
        #expect(repository.remoteGit(["rev-list", "--count", "gh-pages"]) == "2")
        #expect(repository.remoteGit(["log", "-1", "--format=%s", "gh-pages"]) == "Site for \(source) by 0.1.0")
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
