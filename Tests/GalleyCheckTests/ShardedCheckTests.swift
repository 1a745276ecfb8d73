// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
import Testing

/// `galley check --shard K/N` and `--merge-reports`: the shards' reports together are the
/// whole check's, each block checked once, each other finding reported once.
@Suite(.serialized, .enabled(if: galleyExecutable() != nil, "the galley executable is not built"))
struct ShardedCheckTests {
    /// Five pages of snippets of unequal size, one that fails, a broken link and a lint finding.
    static func project() throws -> TemporaryProject {
        var files = [
            "mkdocs.yml": "site_name: Shards\nmarkdown_extensions:\n  - pymdownx.superfences\n",
            ".mdlrc": "rules \"MD009\"\n",
            "docs/index.md": "# Home\n\nSee [the missing page](missing.md). \n",
        ]
        for page in 1...5 {
            let blocks = (1...page).map { "```swift run\nprint(\"page \(page) block \($0)\")\n```\n" }.joined(separator: "\n")
            files["docs/page\(page).md"] = "# Page \(page)\n\n" + blocks
        }
        files["docs/page3.md"]! += "\n```swift run\nlet empty: [Int] = []\nprint(empty[1])\n```\n"
        return try TemporaryProject(files: files)
    }

    static func report(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    static func blocks(_ report: [String: Any]) -> [String] {
        ((report["snippets"] as? [[String: Any]]) ?? []).map { "\($0["file"] ?? ""):\($0["line"] ?? 0) \($0["status"] ?? "")" }.sorted()
    }

    static func findings(_ report: [String: Any]) -> [String] {
        ((report["diagnostics"] as? [[String: Any]]) ?? []).map { "\($0["file"] ?? ""):\($0["line"] ?? 0) \($0["code"] ?? "")" }.sorted()
    }

    @Test func theShardsTogetherAreTheWholeCheckAndTheirMergedReportIsItsReport() throws {
        let project = try Self.project()
        defer { project.remove() }
        let whole = try runGalley(["check", "--json"], in: project.root)
        #expect(whole.status == 1, "\(whole.stderr)")
        let wholeReport = try Self.report(whole.stdout)
        #expect(Self.blocks(wholeReport).count == 16)
        var shardBlocks: [[String]] = []
        var shardFindings: [[String]] = []
        for index in 1...3 {
            let shard = try runGalley(["check", "--shard", "\(index)/3", "--json"], in: project.root)
            try project.write(shard.stdout, to: "shard\(index).json")
            let report = try Self.report(shard.stdout)
            #expect(report["shard"] as? String == "\(index)/3")
            #expect(shard.stderr.contains("Shard \(index)/3: Checked 6 pages"), "\(shard.stderr)")
            shardBlocks.append(Self.blocks(report))
            shardFindings.append(Self.findings(report))
            // A shard fails only on what is its own.
            let failsHere = Self.blocks(report).contains { $0.hasSuffix(" failed") } || index == 1
            #expect(shard.status == (failsHere ? 1 : 0), "shard \(index): \(shard.stderr)")
        }
        // Each block in exactly one shard; the link and lint findings only in the first.
        #expect(shardBlocks.flatMap { $0 }.sorted() == Self.blocks(wholeReport))
        #expect(Set(shardBlocks.flatMap { $0 }).count == 16)
        #expect(shardBlocks.allSatisfy { !$0.isEmpty }, "the pages spread over every shard: \(shardBlocks)")
        #expect(shardFindings[1...].allSatisfy { $0.allSatisfy { $0.hasSuffix("snippets.run_failed") } }, "\(shardFindings)")
        #expect(shardFindings[0].contains { $0.hasSuffix("lint.MD009") } && shardFindings[0].contains { $0.hasSuffix("links.not_found") })
        // The split is the same on every run.
        let again = try runGalley(["check", "--shard", "2/3", "--json"], in: project.root)
        #expect(Self.blocks(try Self.report(again.stdout)) == shardBlocks[1])

        let merged = try runGalley(["check", "--merge-reports", "shard3.json", "shard1.json", "shard2.json", "--json", "--junit", "merged.xml"], in: project.root)
        #expect(merged.status == 1, "\(merged.stderr)")
        let mergedReport = try Self.report(merged.stdout)
        #expect(Self.blocks(mergedReport) == Self.blocks(wholeReport))
        #expect(Self.findings(mergedReport) == Self.findings(wholeReport))
        #expect(mergedReport["passed"] as? Bool == false)
        #expect(merged.stderr.contains("3 shards merged: Checked 6 pages"), "\(merged.stderr)")
        #expect(merged.stderr.contains("16 snippet blocks (1 failed)"), "\(merged.stderr)")
        #expect(project.read("merged.xml")?.contains("tests=\"18\" failures=\"3\"") == true, "\(project.read("merged.xml") ?? "")")
    }

    @Test func reportsThatAreNotEveryShardOnceAreRefused() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Shards\n",
            "docs/index.md": "# Home\n",
        ])
        defer { project.remove() }
        for index in 1...2 {
            let shard = try runGalley(["check", "--shard", "\(index)/2", "--json"], in: project.root)
            #expect(shard.status == 0, "\(shard.stderr)")
            try project.write(shard.stdout, to: "shard\(index).json")
        }
        let whole = try runGalley(["check", "--json"], in: project.root)
        try project.write(whole.stdout, to: "whole.json")
        try project.write("{\"shard\": \"1/2\"}", to: "cut.json")
        let cases: [([String], String)] = [
            (["shard1.json"], "shard1.json: error: the reports are not the whole check: shard 2/2 is missing [snippets.shard_reports]"),
            (["shard1.json", "shard1.json", "shard2.json"], "shard1.json: error: is shard 1/2 again: `shard1.json` is that shard already"),
            (["whole.json", "shard2.json"], "whole.json: error: is the report of a check that was not sharded"),
            (["cut.json", "shard2.json"], "cut.json: error: has no `pages` of the right kind"),
            (["absent.json"], "absent.json: error: cannot read the report"),
        ]
        for (files, message) in cases {
            let merged = try runGalley(["check", "--merge-reports"] + files, in: project.root)
            #expect(merged.status == 2, "\(files): \(merged.stderr)")
            #expect(merged.stderr.contains(message), "\(files): \(merged.stderr)")
        }
        let good = try runGalley(["check", "--merge-reports", "shard2.json", "shard1.json"], in: project.root)
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stderr.contains("2 shards merged: Checked 1 page"), "\(good.stderr)")
    }

    @Test(arguments: ["0/2", "3/2", "1/0", "2", "a/b", "1/2/3", "-1/2", "1/1001"])
    func aShardThatIsNotKOfNIsAnError(_ shard: String) throws {
        let project = try TemporaryProject(files: ["mkdocs.yml": "site_name: Shards\n", "docs/index.md": "# Home\n"])
        defer { project.remove() }
        let result = try runGalley(["check", "--shard=\(shard)"], in: project.root)
        #expect(result.status != 0 && result.status != 1, "\(result.stderr)")
        #expect(result.stderr.contains("--shard takes K/N"), "\(result.stderr)")
    }
}
