// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
import GalleyOracle
@testable import GalleyProject

/// `galley gh-deploy --version`: versioned docs on the deploy branch, compared with mike
/// itself (from PyPI, in the test venv) on the same branches.
@Suite("galley gh-deploy --version", .enabled(if: galleyExecutable() != nil, "the galley executable is not built"))
struct DeployVersionsTests {
    static let venv = Oracle.repository.appendingPathComponent(".build/oracle-venv/bin")
    static var hasMike: Bool { FileManager.default.isExecutableFile(atPath: venv.appendingPathComponent("mike").path) }
    /// mike runs mkdocs from the venv, with a committer identity.
    static var mikeEnvironment: [String: String] {
        ["PATH": venv.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
    }

    typealias Repository = DeployCommandTests.Repository

    @Test func versionsAliasesAndTheDefaultAreWrittenAsMikeWritesThem() throws {
        let repository = try Repository()
        defer { repository.remove() }
        #expect(try repository.deploy(["--version", "1.0", "--alias", "latest"]).status == 0)
        let taken = try repository.deploy(["--version", "1.1", "--alias", "latest"])
        #expect(taken.status == 1)
        #expect(taken.stderr.contains("alias `latest` already belongs to version 1.0 (pass --update-aliases to move it)"), "\(taken.stderr)")
        let moved = try repository.deploy(["--version", "1.1", "--alias", "latest", "--update-aliases", "--set-default", "latest"])
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(moved.stderr.contains("Moved alias latest from 1.0 to 1.1."))
        #expect(try repository.deploy(["--version", "2.0rc1", "--title", "2.0 (preview)"]).status == 0)
        #expect(try repository.deploy(["--version", "main"]).status == 0)
        // The tree: each version in its folder, the alias a link to its version, the root a
        // redirect to the default, the other versions untouched.
        let tree = repository.remoteGit(["ls-tree", "gh-pages"])
        #expect(tree.contains("120000 blob") && tree.contains("\tlatest"))
        #expect(repository.remoteGit(["cat-file", "-p", "gh-pages:latest"]) == "1.1")
        for folder in ["1.0", "1.1", "2.0rc1", "main"] {
            #expect(repository.remoteGit(["cat-file", "-t", "gh-pages:\(folder)/index.html"]) == "blob", "\(folder)")
        }
        #expect(repository.remoteGit(["show", "gh-pages:index.html"]).contains("location.replace(\"latest/\""))
        #expect(repository.remoteGit(["show", "gh-pages:.nojekyll"]).isEmpty)
        let listed = try repository.deploy(["--list"])
        #expect(listed.stdout == "main\n\"2.0 (preview)\" (2.0rc1)\n1.1 [latest]\n1.0\n", "\(listed.stdout)")
        // Unchanged sources, same version: nothing to commit.
        let again = try repository.deploy(["--version", "main"])
        #expect(again.stdout.contains("The site is unchanged since"), "\(again.stdout)")
        // A plain deploy would replace every version: refused unless forced.
        let plain = try repository.deploy()
        #expect(plain.status == 1)
        #expect(plain.stderr.contains("holds versioned docs (versions.json lists main, 2.0rc1, 1.1, 1.0)"), "\(plain.stderr)")
        // Deleting a version takes its folder; deleting an alias only the alias.
        #expect(try repository.deploy(["--delete", "1.0", "--delete", "latest"]).status == 0)
        let after = repository.remoteGit(["ls-tree", "--name-only", "gh-pages"]).split(separator: "\n")
        #expect(!after.contains("1.0") && !after.contains("latest") && after.contains("1.1"))
        let unknown = try repository.deploy(["--delete", "9.9"])
        #expect(unknown.status == 1 && unknown.stderr.contains("`9.9` is neither a version nor an alias"))

        guard Self.hasMike else { return }
        // The same steps with mike write the same versions.json, byte for byte.
        let withMike = try Repository()
        defer { withMike.remove() }
        for step in ["deploy 1.0 latest", "deploy --update-aliases 1.1 latest", "deploy -t '2.0 (preview)' 2.0rc1", "deploy main", "delete 1.0 latest"] {
            try withMike.sh("mike \(step)", environment: Self.mikeEnvironment)
        }
        try withMike.sh("git push -q origin gh-pages")
        #expect(repository.remoteGit(["show", "gh-pages:versions.json"]) == withMike.remoteGit(["show", "gh-pages:versions.json"]))
    }

    /// A branch mike made is read and extended by Galley, and mike reads what Galley wrote.
    @Test(.enabled(if: hasMike, "mike is not in the test venv")) func mikeAndGalleyShareABranch() throws {
        let repository = try Repository()
        defer { repository.remove() }
        try repository.sh("mike deploy --push 1.0 latest && mike set-default --push latest", environment: Self.mikeEnvironment)
        // The site folder mkdocs built for mike is not Galley's: `--clean` replaces it.
        let foreign = try repository.deploy(["--version", "1.1"])
        #expect(foreign.status == 1 && foreign.stderr.contains("pass --clean to replace it"))
        let galley = try repository.deploy(["--clean", "--version", "1.1", "--alias", "latest", "--update-aliases", "--alias-type", "redirect"])
        #expect(galley.status == 0, "\(galley.stderr)")
        #expect(repository.remoteGit(["show", "gh-pages:latest/index.html"]).contains("location.replace(\"../1.1/\""))
        #expect(repository.remoteGit(["cat-file", "-t", "gh-pages:1.0/index.html"]) == "blob", "mike's version is kept")
        let fresh = try repository.clone("fresh")
        let listed = try repository.sh("git fetch -q origin gh-pages && mike list", in: fresh, environment: Self.mikeEnvironment)
        #expect(listed == "1.1 [latest]\n1.0", "\(listed)")
        #expect(try repository.deploy(["--list"]).stdout == listed + "\n")
        // mike deploys on top of Galley's commit in turn.
        try repository.sh("mike deploy --push --update-aliases 1.2 latest", in: fresh, environment: Self.mikeEnvironment)
        #expect(try repository.deploy(["--list"]).stdout == "1.2 [latest]\n1.1\n1.0\n")
    }

    /// mike orders versions with verspec's loose versions; the same list sorts the same way.
    @Test(.enabled(if: hasMike, "verspec is not in the test venv")) func versionOrderIsVerspecs() throws {
        let names = ["1.0", "1.0.0", "1.0a", "1.0rc1", "1.0-rc2", "1.0.post1", "1.0-1", "2", "10.0", "1.10", "1.9", "1.0.dev3", "v2.1", "v2.0", "1.0pre", "1.0preview1", "0.9_2", "1.0+local", "1.0c", "1.0final"]
        let script = "import json,sys\nfrom verspec.loose import LooseVersion\nprint(json.dumps(sorted(json.loads(sys.argv[1]), key=LooseVersion)))"
        let process = Process()
        process.executableURL = Self.venv.appendingPathComponent("python")
        let json = String(decoding: try JSONSerialization.data(withJSONObject: names), as: UTF8.self)
        process.arguments = ["-c", script, json]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let expected = try JSONSerialization.jsonObject(with: data) as? [String]
        // Stable sort on equal keys in both (Python's sort is stable; so is this one).
        let ours = names.enumerated().sorted { left, right in
            let (a, b) = (LooseVersion(left.element), LooseVersion(right.element))
            return a < b || (a == b && left.offset < right.offset)
        }.map(\.element)
        #expect(ours == expected)
    }

    @Test func versionsJSONRoundTripsMikesFormat() throws {
        let text = """
        [
          {
            "version": "2.0",
            "title": "Deux \\u00e9t\\u00e9",
            "aliases": [
              "latest",
              "stable"
            ],
            "properties": {
              "z": 1,
              "a": [
                true,
                null
              ]
            }
          },
          {
            "version": "1.0",
            "title": "1.0",
            "aliases": []
          }
        ]

        """
        let versions = try DocVersions(json: Data(text.utf8))
        #expect(String(decoding: versions.json, as: UTF8.self) == text)
        #expect(versions.find("stable")?.version == "2.0")
        #expect(throws: DocVersions.Problem.self) { try DocVersions(json: Data("{}".utf8)) }
        var bad = versions
        #expect(throws: DocVersions.Problem.self) { try bad.add("../up", title: nil, aliases: [], updateAliases: false) }
        #expect(throws: DocVersions.Problem.self) { try bad.add("3.0", title: nil, aliases: ["1.0"], updateAliases: true) }
    }
}
