// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
import GalleySources
import Testing

/// The index reader against git itself: every record's path and mode as `git ls-files -s`
/// lists them, for index versions 2, 3 and 4, SHA-1 and SHA-256 repositories and a linked
/// work tree; what it does not cover (a split index) is left to git.
@Suite("git's index file", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "git is not installed"))
struct GitIndexFileTests {
    @discardableResult
    static func git(_ arguments: [String], in directory: URL) throws -> String {
        let result = try runProgram(URL(fileURLWithPath: "/usr/bin/git"), ["-c", "user.name=t", "-c", "user.email=t@t"] + arguments, in: directory)
        #expect(result.status == 0, "git \(arguments): \(result.stderr)")
        return result.stdout
    }

    /// What git lists: `<mode> <object> <stage>\t<path>` records.
    static func listed(in directory: URL) throws -> [GitIndexFile.Entry] {
        try git(["ls-files", "-s", "-z"], in: directory).split(separator: "\0").map { record in
            let tab = record.firstIndex(of: "\t")!
            return GitIndexFile.Entry(path: String(record[record.index(after: tab)...]), mode: UInt32(record.prefix { $0 != " " }, radix: 8)!)
        }
    }

    /// A repository with files, links, deep and long paths and non-ASCII names.
    static func repository(objectFormat: String = "sha1") throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("galley-git-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try git(["init", "-q", "--object-format=\(objectFormat)"], in: root)
        let names = ["README.md", "docs/a.md", "docs/b/c.md", "docs/b/ünïcode page.md", "docs/" + String(repeating: "long-name-", count: 20) + "/" + String(repeating: "deeper-", count: 30) + ".md",
                     "docs/b/d.md", "docs/ba.md", "x/y/z/w.md"]
        for name in names {
            let url = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "# \(name)\n".write(to: url, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("docs/linked.md").path, withDestinationPath: "../README.md")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("docs/b/up.md").path, withDestinationPath: "../a.md")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("outside.md").path, withDestinationPath: "README.md")
        try git(["add", "-A"], in: root)
        try git(["commit", "-q", "-m", "x"], in: root)
        return root
    }

    static func read(_ root: URL, hashSize: Int = 20) throws -> [GitIndexFile.Entry]? {
        GitIndexFile.entries(Array(try Data(contentsOf: root.appendingPathComponent(".git/index"))), hashSize: hashSize)
    }

    @Test func everyVersionReadsAsGitListsIt() throws {
        let root = try Self.repository()
        defer { try? FileManager.default.removeItem(at: root) }
        for version in ["2", "4", "3"] {
            try Self.git(["update-index", "--index-version", version], in: root)
            #expect(try Self.read(root) == Self.listed(in: root), "version \(version)")
        }
        // An intent-to-add record carries extended flags (version 3).
        try "new\n".write(to: root.appendingPathComponent("docs/new.md"), atomically: true, encoding: .utf8)
        try Self.git(["add", "-N", "docs/new.md"], in: root)
        #expect(try Self.read(root) == Self.listed(in: root))
        let links = GitIndexFile.symbolicLinks(under: root.appendingPathComponent("docs").path)?.sorted()
        let top = root.resolvingSymlinksInPath().path
        #expect(links == [top + "/docs/b/up.md", top + "/docs/linked.md"], "\(String(describing: links))")
    }

    @Test func sha256RepositoriesAndLinkedWorkTrees() throws {
        let root = try Self.repository(objectFormat: "sha256")
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try Self.read(root, hashSize: 32) == Self.listed(in: root))
        #expect(GitIndexFile.symbolicLinks(under: root.path)?.count == 3)
        let tree = root.appendingPathComponent("other")
        try Self.git(["worktree", "add", "-q", tree.path], in: root)
        let links = GitIndexFile.symbolicLinks(under: tree.appendingPathComponent("docs").path)?.sorted()
        #expect(links?.map { $0.hasSuffix("/other/docs/b/up.md") || $0.hasSuffix("/other/docs/linked.md") } == [true, true], "\(String(describing: links))")
    }

    @Test func aSplitIndexIsLeftToGit() throws {
        let root = try Self.repository()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.git(["update-index", "--split-index"], in: root)
        #expect(try Self.read(root) == nil)
        #expect(GitIndexFile.symbolicLinks(under: root.path) == nil)
        // Damaged bytes are not read as records.
        var bytes = Array(try Data(contentsOf: root.appendingPathComponent(".git/index")))
        bytes.removeLast(bytes.count / 2)
        #expect(GitIndexFile.entries(bytes) == nil)
        #expect(GitIndexFile.entries(Array("DIRC".utf8)) == nil)
    }
}
