// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
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
