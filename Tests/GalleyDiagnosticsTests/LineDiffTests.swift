// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import GalleyOracle
import Testing

/// The unified diffs `--fix --dry-run` prints are applied by their real consumers, `git
/// apply` and `patch -p1`: each turns the old file into the new one.
@Suite struct LineDiffTests {
    static let cases: [(String, String)] = [
        ("#Title\nText right under.  \nmore text\t\n\n\n\nA paragraph\n* item one\n", "# Title\n\nText right under.\nmore text\n\nA paragraph\n\n* item one\n"),
        ("a\nb\nc", "a\nb\nc\n"),
        ("a\nb\nc\n", "a\nb\nc"),
        ("x\n" + (1...20).map { "line \($0)\n" }.joined() + "y\n", "X\n" + (1...20).map { "line \($0)\n" }.joined() + "Y\n"),
        ((1...30).map { "line \($0)\n" }.joined(), (1...30).map { $0 == 5 || $0 == 25 ? "changed \($0)\n" : "line \($0)\n" }.joined()),
        ("one\r\ntwo\r\n", "one\r\n\r\ntwo\r\n"),
        ("tab\there\r\nwindows\r\n", "tab  here\r\nwindows\r\n"),
        ("", "# T\n"),
        ("x\ny\n", ""),
        ((1...12).map { "\($0)\n" }.joined(), "0\n" + (1...12).map { "\($0)\n" }.joined() + "13\n"),
    ]

    @Test(arguments: 0..<10, [["git", "apply"], ["patch", "-p1", "--quiet"]])
    func theDiffApplies(index: Int, tool: [String]) throws {
        let (old, new) = Self.cases[index]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("galley-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("docs"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("docs/page.md")
        try Data(old.utf8).write(to: file)
        let diff = LineDiff.unified(old: old, new: new, name: "./docs/page.md")
        #expect(diff.hasPrefix("--- a/docs/page.md\n+++ b/docs/page.md\n@@ -"))
        #expect(try runProgram(URL(fileURLWithPath: "/usr/bin/env"), tool, in: directory, input: diff).status == 0, "\(tool[0]) takes:\n\(diff)")
        #expect(try Data(contentsOf: file) == Data(new.utf8), "\(tool[0]) gives the new file")
    }

    @Test func equalTextsHaveNoDiff() {
        #expect(LineDiff.unified(old: "same\n", new: "same\n", name: "a.md").isEmpty)
    }

    @Test func linesKeepTheirEndings() {
        #expect(LineDiff.lines("a\nb\r\nc") == ["a\n", "b\r\n", "c"])
    }
}
