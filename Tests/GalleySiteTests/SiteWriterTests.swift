// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
import Testing

/// The site a swap takes out is kept, and the next build brings it up to date in place: the
/// result must be the site a fresh build makes, whatever was done to the kept folder, and no
/// write may leave it.
@Suite("Keeping the previous site", .enabled(if: galleyExecutable() != nil, "the galley executable is not built"))
struct SiteWriterTests {
    static let previous = ".site.galley-previous"

    static func project() throws -> TemporaryProject {
        try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Kept\nnav:\n  - index.md\n  - guide.md\n  - old.md\n",
            "docs/index.md": "# Home\n\nWelcome.\n",
            "docs/guide.md": "# Guide\n\nSteps.\n",
            "docs/old.md": "# Old\n\nGoing away.\n",
            "docs/picture.txt": "an asset\n",
        ])
    }

    static func build(_ project: TemporaryProject, _ arguments: [String] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let result = try runGalley(["build", "-q"] + arguments, in: project.root, environment: ["SOURCE_DATE_EPOCH": "1700000000"])
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
    }

    /// Every file under `folder` with its bytes, by relative path.
    static func contents(_ folder: URL) throws -> [String: Data] {
        var found: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                found[path] = try Data(contentsOf: url)
            }
        }
        return found
    }

    static func inode(_ url: URL) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? NSNumber)?.intValue ?? -1
    }

    @Test func aRebuildWritesOnlyWhatChangedAndEndsWithTheSiteAFreshBuildMakes() throws {
        let project = try Self.project()
        defer { project.remove() }
        try Self.build(project)
        #expect(!project.exists(Self.previous), "a first build has no previous site to keep")
        try Self.build(project)
        #expect(project.read("\(Self.previous)/.gitignore")?.hasSuffix("\n*\n") == true)
        #expect(project.exists("\(Self.previous)/.galley-site"))
        let kept = project.root.appendingPathComponent(Self.previous)
        let unchangedInode = try Self.inode(kept.appendingPathComponent("picture.txt"))
        // The third build writes into the kept folder: a page changes, one goes, one comes.
        try project.write("# Guide\n\nNew steps.\n", to: "docs/guide.md")
        try FileManager.default.removeItem(at: project.root.appendingPathComponent("docs/old.md"))
        try project.write("# Fresh\n\nArrived.\n", to: "docs/fresh.md")
        try project.write("site_name: Kept\nnav:\n  - index.md\n  - guide.md\n  - fresh.md\n", to: "mkdocs.yml")
        try Self.build(project)
        let site = project.root.appendingPathComponent("site")
        #expect(try Self.inode(site.appendingPathComponent("picture.txt")) == unchangedInode, "an unchanged file is kept, not made again")
        #expect(project.read("site/guide/index.html")?.contains("New steps.") == true)
        #expect(!project.exists("site/old"), "a page the site no longer has is removed with its folder")
        #expect(!project.exists("site/.gitignore"), "the kept folder's ignore file never reaches the site")
        try Self.build(project, ["-d", "fresh-site"])
        #expect(try Self.contents(site) == Self.contents(project.root.appendingPathComponent("fresh-site")))
    }

    @Test func whatWasAddedToTheSiteByHandIsGoneOnceItIsReused() throws {
        let project = try Self.project()
        defer { project.remove() }
        try Self.build(project)
        try project.write("by hand\n", to: "site/CNAME")
        try project.write("by hand\n", to: "site/extra/notes.txt")
        try Self.build(project)
        try Self.build(project)
        #expect(!project.exists("site/CNAME") && !project.exists("site/extra"))
        #expect(!project.exists("\(Self.previous)/CNAME"), "the kept folder is the previous build's site")
    }

    @Test func linksAndSecondNamesInTheKeptFolderAreReplacedNotWrittenThrough() throws {
        let project = try Self.project()
        defer { project.remove() }
        try Self.build(project)
        try Self.build(project)
        try project.write("outside\n", to: "outside/file.txt")
        try project.write("outside\n", to: "outside/folder/index.html")
        try project.write("outside\n", to: "outside/linked.txt")
        let kept = project.root.appendingPathComponent(Self.previous)
        let files = FileManager.default
        try files.removeItem(at: kept.appendingPathComponent("picture.txt"))
        try files.createSymbolicLink(at: kept.appendingPathComponent("picture.txt"), withDestinationURL: project.root.appendingPathComponent("outside/file.txt"))
        try files.removeItem(at: kept.appendingPathComponent("guide"))
        try files.createSymbolicLink(at: kept.appendingPathComponent("guide"), withDestinationURL: project.root.appendingPathComponent("outside/folder"))
        try files.removeItem(at: kept.appendingPathComponent("index.html"))
        try files.linkItem(at: project.root.appendingPathComponent("outside/linked.txt"), to: kept.appendingPathComponent("index.html"))
        try files.setAttributes([.posixPermissions: 0o600], ofItemAtPath: kept.appendingPathComponent("sitemap.xml").path)
        try files.setAttributes([.posixPermissions: 0o500], ofItemAtPath: kept.appendingPathComponent("old").path)
        try Self.build(project)
        try Self.build(project, ["-d", "fresh-site"])
        for name in ["sitemap.xml", "old", "picture.txt"] {
            let mode = { (site: String) in try files.attributesOfItem(atPath: project.root.appendingPathComponent("\(site)/\(name)").path)[.posixPermissions] as? Int }
            #expect(try mode("site") == mode("fresh-site"), "\(name) has the mode a fresh build gives it")
        }
        #expect(project.read("outside/file.txt") == "outside\n")
        #expect(project.read("outside/folder/index.html") == "outside\n")
        #expect(project.read("outside/linked.txt") == "outside\n")
        #expect(project.read("site/picture.txt") == "an asset\n")
        #expect(project.read("site/guide/index.html")?.contains("Steps.") == true)
        #expect(project.read("site/index.html")?.contains("Welcome.") == true)
        #expect((try? files.destinationOfSymbolicLink(atPath: project.root.appendingPathComponent("site/guide").path)) == nil)
    }

    @Test func aFolderByThatNameThatGalleyDidNotWriteIsLeftAlone() throws {
        let project = try Self.project()
        defer { project.remove() }
        try project.write("mine\n", to: "\(Self.previous)/notes.txt")
        try Self.build(project)
        try Self.build(project)
        try Self.build(project)
        #expect(project.read("\(Self.previous)/notes.txt") == "mine\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.root.appendingPathComponent(Self.previous).path) == ["notes.txt"])
        #expect(project.read("site/index.html")?.contains("Welcome.") == true)
    }

    @Test func cleanRemovesTheKeptFolder() throws {
        let project = try Self.project()
        defer { project.remove() }
        try Self.build(project)
        try Self.build(project)
        #expect(project.exists(Self.previous))
        let cleaned = try runGalley(["clean", "--site"], in: project.root)
        #expect(cleaned.status == 0, "\(cleaned.stderr)")
        #expect(!project.exists("site") && !project.exists(Self.previous), "\(cleaned.stdout)")
    }

    @Test func aFailedBuildLeavesTheSiteAndAKeptFolderTheNextBuildCanUse() throws {
        let project = try Self.project()
        defer { project.remove() }
        try Self.build(project)
        try Self.build(project)
        let before = try Self.contents(project.root.appendingPathComponent("site"))
        try project.write("site_name: Kept\nnav:\n  - index.md\n  - guide.md\n  - old.md\nstrict: true\n", to: "mkdocs.yml")
        try project.write("# Guide\n\n[gone](missing.md)\n", to: "docs/guide.md")
        let failed = try runGalley(["build", "-q"], in: project.root, environment: ["SOURCE_DATE_EPOCH": "1700000000"])
        #expect(failed.status != 0)
        #expect(try Self.contents(project.root.appendingPathComponent("site")) == before)
        try project.write("# Guide\n\nSteps again.\n", to: "docs/guide.md")
        try Self.build(project)
        try Self.build(project, ["-d", "fresh-site"])
        #expect(try Self.contents(project.root.appendingPathComponent("site")) == Self.contents(project.root.appendingPathComponent("fresh-site")))
    }
}
