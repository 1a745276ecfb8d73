// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import Testing

/// The unified diffs `--fix --dry-run` prints are applied by GNU patch, the real consumer:
/// each turns the old file into the new one.
@Suite struct LineDiffTests {
    static let cases: [(String, String)] = [
        ("a\nb\nc\n", "a\nB\nc\n"),
        ((1...30).map { "line \($0)\n" }.joined(), (1...30).map { $0 == 5 || $0 == 25 ? "changed \($0)\n" : "line \($0)\n" }.joined()),
        ("no newline", "no newline\n"),
        ("ends\n", "ends"),
        ("", "new file\n"),
        ("x\ny\n", ""),
        ("tab\there\r\nwindows\r\n", "tab  here\r\nwindows\r\n"),
        ((1...12).map { "\($0)\n" }.joined(), "0\n" + (1...12).map { "\($0)\n" }.joined() + "13\n"),
    ]

    @Test func patchTurnsTheOldFileIntoTheNew() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("galley-linediff-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        for (index, (old, new)) in Self.cases.enumerated() {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent("docs"), withIntermediateDirectories: true)
            let file = directory.appendingPathComponent("docs/page.md")
            try Data(old.utf8).write(to: file)
            let diff = LineDiff.unified(old: old, new: new, name: "./docs/page.md")
            #expect(diff.hasPrefix("--- a/docs/page.md\n+++ b/docs/page.md\n@@ -"), "case \(index): \(diff)")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["patch", "-p1", "--quiet", "--force"]
            process.currentDirectoryURL = directory
            let input = Pipe()
            process.standardInput = input
            try process.run()
            input.fileHandleForWriting.write(Data(diff.utf8))
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "case \(index): patch refused\n\(diff)")
            let patched = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            #expect(patched == new, "case \(index)")
        }
    }

    @Test func equalTextsHaveNoDiff() {
        #expect(LineDiff.unified(old: "same\n", new: "same\n", name: "a.md").isEmpty)
    }

    @Test func linesKeepTheirEndings() {
        #expect(LineDiff.lines("a\nb\r\nc") == ["a\n", "b\r\n", "c"])
    }
}
