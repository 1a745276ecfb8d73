// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
import GalleyFileSystem
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// No user's file is lost or skipped in silence: folders compared by what they are, not by
/// their names; sources the build cannot read named at their paths.
@Suite("Source file safety", .serialized)
struct SourceFileSafetyTests {
    static var isRoot: Bool { getuid() == 0 }

    /// Runs `mount` or `umount` with `arguments`; true when it succeeded.
    @discardableResult
    static func mount(_ arguments: [String], command: String = "/usr/bin/mount") -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    @Test(.enabled(if: isRoot, "bind mounts need root"))
    func aSiteFolderThatIsTheDocsUnderASecondNameIsRefused() throws {
        let project = try SiteSafetyTests.project(config: "site_name: Demo\nsite_dir: out\n", extra: ["out/.keep": ""])
        defer { project.remove() }
        let out = project.root.appendingPathComponent("out").path
        try #require(Self.mount(["--bind", project.root.appendingPathComponent("docs").path, out]))
        defer { Self.mount([out], command: "/usr/bin/umount") }
        let result = try runGalley(["build", "--clean"], in: project.root)
        #expect(result.status != 0)
        #expect(result.stderr.contains("mkdocs.yml:2: error: `site_dir` `out` is docs_dir"), "\(result.stderr)")
        SiteSafetyTests.survives(project)
    }

    @Test(.enabled(if: isRoot, "bind mounts need root"))
    func aSiteFolderInsideTheDocsUnderASecondNameIsRefused() throws {
        let project = try SiteSafetyTests.project(config: "site_name: Demo\nsite_dir: view/site\n", extra: ["view/.keep": ""])
        defer { project.remove() }
        let view = project.root.appendingPathComponent("view").path
        try #require(Self.mount(["--bind", project.root.appendingPathComponent("docs").path, view]))
        defer { Self.mount([view], command: "/usr/bin/umount") }
        let result = try runGalley(["build", "--clean"], in: project.root)
        #expect(result.status != 0)
        #expect(result.stderr.contains("is inside docs_dir"), "\(result.stderr)")
        #expect(!project.exists("docs/site"))
        SiteSafetyTests.survives(project)
    }

    /// Runs galley as the unprivileged user `nobody`, for whom a folder without permissions
    /// is unreadable (root reads everything).
    static func runAsNobody(_ arguments: [String], in directory: URL) throws -> (status: Int32, stderr: String) {
        let executable = try #require(galleyExecutable())
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "--", executable.path] + arguments
        process.currentDirectoryURL = directory
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": directory.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// Gives `nobody` the project, so that it can build there.
    static func handToNobody(_ project: TemporaryProject) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/chown")
        process.arguments = ["-R", "65534:65534", project.root.path]
        try process.run()
        process.waitUntilExit()
    }

    @Test(.enabled(if: isRoot && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs root to become nobody"))
    func anUnreadableDocsFolderIsAnErrorAndKeepsTheOldSite() throws {
        let project = try SiteSafetyTests.project(extra: ["docs/guide/a.md": "# A\n"])
        defer { project.remove() }
        try Self.handToNobody(project)
        let first = try Self.runAsNobody(["build"], in: project.root)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(project.exists("site/index.html"))
        // A subfolder nobody can read: left out, with a warning at its path.
        chmod(project.root.appendingPathComponent("docs/guide").path, 0)
        let partial = try Self.runAsNobody(["build"], in: project.root)
        #expect(partial.status == 0)
        #expect(partial.stderr.contains("guide: warning: left out of the site: the folder cannot be read: permission denied [files.unreadable]"), "\(partial.stderr)")
        let strict = try Self.runAsNobody(["build", "--strict"], in: project.root)
        #expect(strict.status != 0, "a check of a site with a folder left out fails")
        // docs/ itself: an error, and the good site stays.
        chmod(project.root.appendingPathComponent("docs").path, 0)
        let refused = try Self.runAsNobody(["build"], in: project.root)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("the docs directory `docs` cannot be read: permission denied"), "\(refused.stderr)")
        #expect(project.exists("site/index.html"), "the good site is kept")
        chmod(project.root.appendingPathComponent("docs").path, 0o755)
        chmod(project.root.appendingPathComponent("docs/guide").path, 0o755)
    }

    @Test func sourcesTheBuildCannotReadAreWarningsAtTheirPaths() throws {
        let project = try SiteSafetyTests.project()
        defer { project.remove() }
        let docs = project.root.appendingPathComponent("docs").path
        try FileManager.default.createSymbolicLink(atPath: docs + "/gone.md", withDestinationPath: "nowhere.md")
        // A name that is not UTF-8: the bytes of "bad", 0xFF, ".md".
        let badName = Array("bad".utf8) + [0xFF] + Array(".md".utf8)
        let fullPath = Array(docs.utf8) + [UInt8(ascii: "/")] + badName + [0]
        let descriptor = fullPath.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        #expect(descriptor >= 0)
        close(descriptor)
        // A path past the system's length limit, made one folder at a time.
        let deep = Process()
        deep.executableURL = URL(fileURLWithPath: "/usr/bin/perl")
        let long = String(repeating: "l", count: 200)
        deep.currentDirectoryURL = URL(fileURLWithPath: docs)
        deep.arguments = ["-e", "for (1..25) { mkdir '\(long)' or die; chdir '\(long)' or die } open(F, '>deep.md') or die; print F \"# Deep\\n\";"]
        try deep.run()
        deep.waitUntilExit()
        #expect(deep.terminationStatus == 0)
        defer {
            let remove = Process()
            remove.executableURL = URL(fileURLWithPath: "/bin/rm")
            remove.arguments = ["-rf", docs + "/" + long]
            try? remove.run()
            remove.waitUntilExit()
        }
        let result = try runGalley(["build"], in: project.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("gone.md: warning: left out of the site: it is a link to `nowhere.md`, which does not exist [files.unreadable]"), "\(result.stderr)")
        #expect(result.stderr.contains("bad\u{FFFD}.md: warning: left out of the site: its name is not valid UTF-8"), "\(result.stderr)")
        #expect(result.stderr.contains("warning: left out of the site: file name too long [files.unreadable]"), "\(result.stderr)")
    }

    @Test func twoSourcesForOneFileAreAWarningAndTheSameOneWinsEveryTime() throws {
        let nfc = "caf\u{E9}.md"
        let nfd = "cafe\u{301}.md"
        let project = try SiteSafetyTests.project(extra: [
            "docs/a.md": "# Flat\n", "docs/a/index.md": "# Nested\n",
            "docs/b.md": "# Short\n", "docs/b.markdown": "# Long\n",
            "docs/logo.png/index.md": "# Page over a file\n",
        ])
        defer { project.remove() }
        // Written byte for byte, as two different names on disk.
        for (name, title) in [(nfc, "Composed"), (nfd, "Decomposed")] {
            let path = Array(project.root.appendingPathComponent("docs").path.utf8) + [UInt8(ascii: "/")] + Array(name.utf8) + [0]
            let descriptor = path.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
            let text = "# \(title)\n"
            _ = text.withCString { write(descriptor, $0, strlen($0)) }
            close(descriptor)
        }
        var sites: Set<String> = []
        for _ in 0..<3 {
            let result = try runGalley(["build"], in: project.root)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("a.md: warning: left out of the site: `a/index.md` is written to the same file, `a/index.html`"), "\(result.stderr)")
            #expect(result.stderr.contains("b.markdown: warning: left out of the site: `b.md` is written to the same file"), "\(result.stderr)")
            #expect(result.stderr.contains("differ only in Unicode normalisation"), "\(result.stderr)")
            let a = project.read("site/a/index.html") ?? ""
            let b = project.read("site/b/index.html") ?? ""
            #expect(a.contains("Nested") && !a.contains("Flat"))
            #expect(b.contains("Short") && !b.contains("Long"))
            sites.insert(project.read("site/caf\u{E9}/index.html") ?? project.read("site/cafe\u{301}/index.html") ?? "missing")
        }
        #expect(sites.count == 1, "the same source wins every build")
    }

    /// A linked page keeps its link, and its target gets the new text with its own mode:
    /// `check --update` and `lint --fix` write through the link as an editor does.
    @Test func rewritesGoThroughLinksAndKeepTheMode() throws {
        let guide = "# Guide\n\n## Counting\n\n```swift expect\nprint(1 + 2)\n```\n\n```output\n2\n```\n"
        var files = TemporaryProject.runtimeSite(guide: "# Placeholder\n")
        files["notes/guide.md"] = guide
        files["notes/lint.md"] = "# Title\ntext \n"
        let project = try TemporaryProject(files: files)
        defer { project.remove() }
        let docs = project.root.appendingPathComponent("docs")
        try FileManager.default.removeItem(at: docs.appendingPathComponent("guide.md"))
        try FileManager.default.createSymbolicLink(atPath: docs.appendingPathComponent("guide.md").path, withDestinationPath: "../notes/guide.md")
        try FileManager.default.createSymbolicLink(atPath: docs.appendingPathComponent("lint.md").path, withDestinationPath: "../notes/lint.md")
        for name in ["guide.md", "lint.md"] { chmod(project.root.appendingPathComponent("notes/" + name).path, 0o640) }

        let update = try runGalley(["check", "--update"], in: project.root)
        #expect(update.status == 0, "\(update.stderr)")
        let fixed = try runGalley(["lint", "--fix", "docs/lint.md"], in: project.root)
        #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")

        for (name, text) in [("guide.md", "```output\n3\n```"), ("lint.md", "# Title\n\ntext\n")] {
            let link = docs.appendingPathComponent(name).path
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "../notes/\(name)", "\(name) is still a link")
            #expect(project.read("notes/" + name)?.contains(text) == true, "\(name)'s target has the new text")
            let attributes = try FileManager.default.attributesOfItem(atPath: project.root.appendingPathComponent("notes/" + name).path)
            #expect((attributes[.posixPermissions] as? Int) == 0o640, "\(name) keeps its mode")
        }
    }

    /// A container's volume mounted at `site/`: the folder can't be swapped, so its
    /// contents are replaced, and the build says so.
    @Test(.enabled(if: isRoot, "mounting needs root"))
    func aSiteFolderThatIsAMountPointHasItsContentsReplaced() throws {
        let project = try SiteSafetyTests.project(extra: ["docs/old.md": "# Old\n"])
        defer { project.remove() }
        let site = project.root.appendingPathComponent("site").path
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        try #require(Self.mount(["-t", "tmpfs", "tmpfs", site]))
        defer { Self.mount([site], command: "/usr/bin/umount") }
        let first = try runGalley(["build"], in: project.root)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("is a mount point, so the new site replaced its contents"), "\(first.stderr)")
        #expect(project.exists("site/old/index.html"))
        try FileManager.default.removeItem(at: project.root.appendingPathComponent("docs/old.md"))
        let second = try runGalley(["build"], in: project.root)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(project.exists("site/index.html") && !project.exists("site/old/index.html"), "the old site's pages are gone")
        let names = try FileManager.default.contentsOfDirectory(atPath: site)
        #expect(!names.contains { $0.hasPrefix(".galley-staging") || $0.hasPrefix(".galley-retired") }, "\(names)")
    }

    /// SIGTERM in the middle of writing the site: the staging folder goes with the build.
    @Test func anInterruptedBuildLeavesNoStagingFolder() throws {
        var files = ["mkdocs.yml": "site_name: Big\n"]
        for index in 0..<3000 { files["docs/p\(index).md"] = "# Page \(index)\n\n" + String(repeating: "Some text with *emphasis* and `code`.\n\n", count: 20) }
        let project = try TemporaryProject(files: files)
        defer { project.remove() }
        let executable = try #require(galleyExecutable())
        let process = Process()
        process.executableURL = executable
        process.arguments = ["build"]
        process.currentDirectoryURL = project.root
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var sawStaging = false
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: project.root.path)) ?? []
            if names.contains(where: { $0.hasPrefix(".site.galley-") }) {
                sawStaging = true
                kill(process.processIdentifier, SIGTERM)
                break
            }
            usleep(500)
        }
        process.waitUntilExit()
        let names = try FileManager.default.contentsOfDirectory(atPath: project.root.path)
        #expect(sawStaging, "the build was caught while it wrote")
        #expect(!names.contains { $0.hasPrefix(".site.galley-") }, "\(names)")
    }

    /// A build killed outright (SIGKILL) leaves its staging folder; `galley clean` removes
    /// it, with the preview's work folder of a killed `serve`.
    @Test func cleanRemovesWhatKilledProcessesLeft() throws {
        let project = try SiteSafetyTests.project()
        defer { project.remove() }
        #expect(try runGalley(["build"], in: project.root).status == 0)
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let pid = gone.processIdentifier
        let staging = project.root.appendingPathComponent(".site.galley-\(pid)-7").path
        let preview = FileManager.default.temporaryDirectory.appendingPathComponent("galley-serve-\(pid)-1234").path
        for folder in [staging, preview] {
            try FileManager.default.createDirectory(atPath: folder + "/inner", withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(atPath: preview) }
        let clean = try runGalley(["clean"], in: project.root)
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(!FileManager.default.fileExists(atPath: staging))
        #expect(!FileManager.default.fileExists(atPath: preview))
        #expect(!project.exists("site"))
    }

    /// An old site with read-only folders (copied from a read-only checkout) is replaced
    /// whole, with nothing left beside it but the kept previous site, which the next build
    /// can write into.
    @Test(.enabled(if: isRoot && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs root to become nobody"))
    func anOldSiteWithReadOnlyFoldersIsRemovedWhole() throws {
        let project = try SiteSafetyTests.project(extra: ["docs/guide/a.md": "# A\n"])
        defer { project.remove() }
        try Self.handToNobody(project)
        #expect(try Self.runAsNobody(["build"], in: project.root).status == 0)
        chmod(project.root.appendingPathComponent("site/guide/a").path, 0o555)
        chmod(project.root.appendingPathComponent("site/guide").path, 0o555)
        let second = try Self.runAsNobody(["build"], in: project.root)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(!second.stderr.contains("could not be removed"), "\(second.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: project.root.path)
        #expect(!names.contains { $0.hasPrefix(".site.galley-") && $0 != ".site.galley-previous" }, "\(names)")
        // The next build writes into that old site, kept: its folders are made writable.
        let third = try Self.runAsNobody(["build"], in: project.root)
        #expect(third.status == 0, "\(third.stderr)")
        #expect(project.exists("site/guide/a/index.html"))
    }

    /// `docs/templates/` is left out as mkdocs leaves it out (deeper `templates` folders are
    /// published), and `exclude_docs` can take it back; compared with mkdocs itself.
    @Test(arguments: ["", "exclude_docs: |\n  !/templates/\n"])
    func theTopTemplatesFolderIsLeftOutAsMkdocsDoes(_ exclude: String) throws {
        let project = try SiteSafetyTests.project(config: "site_name: Demo\n" + exclude, extra: [
            "docs/templates/main.html": "<p>override</p>\n", "docs/templates/page.md": "# Template page\n",
            "docs/guide/templates/kept.md": "# Kept\n",
        ])
        defer { project.remove() }
        let result = try runGalley(["build"], in: project.root)
        #expect(result.status == 0, "\(result.stderr)")
        let included = !exclude.isEmpty
        #expect(project.exists("site/templates/main.html") == included)
        #expect(project.exists("site/templates/page/index.html") == included)
        #expect(project.exists("site/guide/templates/kept/index.html"))
        guard let reference = try? MkdocsCompatibilityTests.mkdocs(["build", "-q", "-d", "mkdocs-site"], in: project) else { return }
        #expect(reference.status == 0, "\(reference.stderr)")
        for path in ["templates/main.html", "templates/page/index.html", "guide/templates/kept/index.html"] {
            #expect(project.exists("mkdocs-site/" + path) == project.exists("site/" + path), "\(path): mkdocs and galley differ")
        }
    }
}
