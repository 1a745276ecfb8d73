// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@Suite("galley new", .enabled(if: galleyExecutable() != nil, "the galley executable is not built"))
struct NewCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("galley-new-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The getting-started page's first console block, followed as written: each `$ galley …`
    /// line is run (`cd` moves), and what `galley new` prints must be what the page shows.
    @Test func theGettingStartedPageWorksAsWritten() throws {
        let page = try String(contentsOf: Self.repository.appendingPathComponent("docs/galley/getting-started.md"), encoding: .utf8)
        let block = try #require(page.components(separatedBy: "```console\n").dropFirst().first?.components(separatedBy: "```").first)
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var here = folder
        var expected: [String] = []
        var printed: [String] = []
        for line in block.split(separator: "\n").map(String.init) {
            guard line.hasPrefix("$ ") else { expected.append(line); continue }
            let words = line.dropFirst(2).split(separator: " ").map(String.init)
            if words.first == "cd" {
                here = here.appendingPathComponent(words[1])
            } else {
                #expect(words.first == "galley", "\(line)")
                let result = try runGalley(Array(words.dropFirst()), in: here)
                #expect(result.status == 0, "\(line): \(result.stderr)")
                printed += result.stdout.split(separator: "\n").map(String.init)
            }
        }
        #expect(printed == expected)
        let home = try String(contentsOf: here.appendingPathComponent("site/index.html"), encoding: .utf8)
        #expect(home.contains("<span class=\"snippet-label\">Output</span><pre><code>A [3, 4, 5] triangle has a perimeter of 12.</code>"))
        // The project passes its own check: snippets, links and its lint style.
        let check = try runGalley(["check"], in: here)
        #expect(check.status == 0, "\(check.stderr)")
    }

    @Test func aPackageProjectLinksItsLibrary() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try runGalley(["new", "--package", "Greeter", "docs-site"], in: folder).status == 0)
        let project = folder.appendingPathComponent("docs-site")
        #expect(FileManager.default.fileExists(atPath: project.appendingPathComponent("Sources/Greeter/Greeter.swift").path))
        let build = try runGalley(["build"], in: project)
        #expect(build.status == 0, "\(build.stderr)")
        let home = try String(contentsOf: project.appendingPathComponent("site/index.html"), encoding: .utf8)
        #expect(home.contains("<pre><code>Hello, docs!</code>"))
    }

    @Test func anExistingProjectIsNeverOverwritten() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "site_name: Mine\n".write(to: folder.appendingPathComponent("mkdocs.yml"), atomically: true, encoding: .utf8)
        let result = try runGalley(["new"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("mkdocs.yml: error: already exists, so no project is written here (nothing was changed); choose an empty folder [new.exists]"))
        #expect(try String(contentsOf: folder.appendingPathComponent("mkdocs.yml"), encoding: .utf8) == "site_name: Mine\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("docs").path))
        let badName = try runGalley(["new", "--package", "9lives"], in: folder)
        #expect(badName.status != 0 && badName.stderr.contains("--package must be a Swift module name"))
    }
}

@Suite("galley version", .enabled(if: galleyExecutable() != nil, "the galley executable is not built"))
struct VersionCommandTests {
    @Test func theVersionNamesTheCommitAndTheToolchain() throws {
        let here = NewCommandTests.repository
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
