// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
import Testing

@Suite("galley version", .enabled(if: galleyExecutable() != nil, "the galley executable is not built"))
struct VersionCommandTests {
    @Test func theVersionNamesTheCommitAndTheToolchain() throws {
        let here = Oracle.repository
        let version = try runGalley(["--version"], in: here)
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("galley 0.1.0 (commit "), "\(version.stdout)")
        let commit = try #require(version.stdout.split(separator: " ").last?.dropLast(2))
        // The commit is a real one of this repository (or "unknown" outside a git checkout).
        if FileManager.default.fileExists(atPath: here.appendingPathComponent(".git").path) {
            #expect(commit.count == 12 && commit.allSatisfy(\.isHexDigit), "\(commit)")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", here.path, "cat-file", "-t", String(commit)]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "commit\n")
        }
        let verbose = try runGalley(["version", "--verbose"], in: here)
        #expect(verbose.stdout.hasPrefix(version.stdout))
        #expect(verbose.stdout.contains("snippets compile with ") && verbose.stdout.contains("Swift version"), "\(verbose.stdout)")
    }
}

@Suite("Progress in logs", .enabled(if: galleyExecutable() != nil, "the galley executable is not built"))
struct ProgressLogTests {
    @Test func longWorkPrintsALineEveryFewSecondsWhenStandardErrorIsNotATerminal() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Slow\ngalley:\n  snippets:\n    timeout: 40\n",
            "docs/index.md": "# Slow\n\n```swift run\nimport Foundation\nThread.sleep(forTimeInterval: 12)\nprint(\"done\")\n```\n",
        ])
        defer { project.remove() }
        let result = try runGalley(["build"], in: project.root)
        #expect(result.status == 0, "\(result.stderr)")
        // A pipe is not a terminal: no carriage returns, and a dated line while it waited.
        #expect(!result.stderr.contains("\r"))
        #expect(result.stderr.split(separator: "\n").contains { $0.hasPrefix("[") && $0.contains(" s] Snippets: ") }, "\(result.stderr)")
    }
}

@Suite("A shared cache that is down", .enabled(if: galleyExecutable() != nil, "the galley executable is not built"))
struct RemoteCacheDownCommandTests {
    @Test func buildStrictAndCheckPassWithOneWarningEach() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Cached\ngalley:\n  snippets:\n    default: run\n",
            "docs/index.md": "# Cached\n\n```swift\nprint(6 * 7)\n```\n",
        ])
        defer { project.remove() }
        // Nothing listens on the discard port of loopback: the connection is refused.
        let down = "http://127.0.0.1:9/cache"
        let build = try runGalley(["build", "--strict", "--remote-cache", down], in: project.root)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.components(separatedBy: "warning: the remote cache at \(down) failed").count == 2, "\(build.stderr)")
        #expect(build.stderr.contains("--remote-cache: warning:"), "the option is where it came from: \(build.stderr)")
        #expect(try String(contentsOf: project.root.appendingPathComponent("site/index.html"), encoding: .utf8).contains("42"))
        // The cache is asked only for what this machine lacks: here, the compiled program.
        try FileManager.default.removeItem(at: project.root.appendingPathComponent(".galley/snippets/programs"))
        let check = try runGalley(["check", "--remote-cache", down, "--remote-cache-read-only"], in: project.root)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stderr.contains("[snippets.remote_cache]"), "\(check.stderr)")
        let refused = try runGalley(["check", "--remote-cache", "https://cache.example/"], in: project.root)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("must be an `http://` URL"), "\(refused.stderr)")
    }
}
