// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
import Testing

@Suite("galley clean", .enabled(if: galleyExecutable() != nil, "the galley executable is not built"))
struct CleanCommandTests {
    static func project() throws -> TemporaryProject {
        try TemporaryProject(files: ["mkdocs.yml": "site_name: Clean\n", "docs/index.md": "# Home\n"])
    }

    @Test func removesTheSiteAndTheCacheGalleyMade() throws {
        let project = try Self.project()
        defer { project.remove() }
        #expect(try runGalley(["build", "-q"], in: project.root).status == 0)
        try project.write("{}", to: ".galley/package-0123.json")
        try project.write("", to: ".galley/snippets/results/x.json")
        let site = try runGalley(["clean", "--site"], in: project.root)
        #expect(site.status == 0)
        #expect(site.stdout.hasPrefix("Removed site/ ("))
        #expect(!project.exists("site") && project.exists(".galley"))
        let all = try runGalley(["clean"], in: project.root)
        #expect(all.status == 0 && all.stdout.hasPrefix("Removed .galley/ ("), "\(all)")
        #expect(!project.exists(".galley"))
        #expect(try runGalley(["clean"], in: project.root).stdout == "Nothing to remove.\n")
    }

    @Test func foldersGalleyDidNotMakeAreLeftAloneWithAClearMessage() throws {
        let project = try Self.project()
        defer { project.remove() }
        try project.write("mine", to: "site/notes.txt")
        try project.write("mine", to: ".galley/notes.txt")
        let site = try runGalley(["clean", "--site"], in: project.root)
        #expect(site.status == 1)
        #expect(site.stderr.contains("mkdocs.yml: error: `site` was not written by Galley (it has no `.galley-site` mark), so it is not removed [clean.refused]"))
        let cache = try runGalley(["clean", "--cache"], in: project.root)
        #expect(cache.status == 1)
        #expect(cache.stderr.contains("`.galley` holds `notes.txt`, which Galley does not write, so it is not removed"))
        // Refused whole: with both asked for, the site is not removed either.
        #expect(try runGalley(["clean"], in: project.root).status == 1)
        #expect(project.read("site/notes.txt") == "mine" && project.read(".galley/notes.txt") == "mine")
    }

    @Test func theExecutableWorksCopiedAloneIntoAnEmptyFolder() throws {
        // The theme's files and the live-reload client are compiled in: no resource folder
        // has to sit beside the executable.
        let project = try Self.project()
        defer { project.remove() }
        let bin = project.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let copy = bin.appendingPathComponent("galley")
        // Copied by `cp`, not by this process: a file this process had open for writing can be
        // inherited by a child another test starts meanwhile, and is then "busy" to exec.
        let cp = Process()
        cp.executableURL = URL(fileURLWithPath: "/bin/cp")
        cp.arguments = [try #require(galleyExecutable()).path, copy.path]
        try cp.run()
        cp.waitUntilExit()
        #expect(cp.terminationStatus == 0)
        let process = Process()
        process.executableURL = copy
        process.arguments = ["build", "-q"]
        process.currentDirectoryURL = project.root
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(project.read("site/assets/galley/galley.css")?.contains(".g-header") == true)
        #expect(project.read("site/assets/galley/galley.js")?.contains("navigation.instant") == true)
        #expect(project.exists("site/assets/galley/favicon.svg"))
    }
}
