// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
import GalleyConfig
import GalleyDiagnostics
import GalleySite
import Testing

/// A build must never delete or replace a folder it did not make, never crash on short paths,
/// and never publish a previous site.
@Suite("Build safety")
struct SiteSafetyTests {
    static func project(config: String = "site_name: Demo\n", extra: [String: String] = [:]) throws -> TemporaryProject {
        var files = ["mkdocs.yml": config, "docs/index.md": "# Home\n"]
        files.merge(extra) { $1 }
        return try TemporaryProject(files: files)
    }

    /// The project's files, to prove nothing was removed.
    static func survives(_ project: TemporaryProject, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(project.exists("mkdocs.yml"), sourceLocation: sourceLocation)
        #expect(project.read("docs/index.md") == "# Home\n", sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        ("site_dir: docs", "`site_dir` `docs` is docs_dir"),
        ("site_dir: .", "`site_dir` `.` is the config file's folder"),
        ("site_dir: ./", "`site_dir` `./` is the config file's folder"),
        ("site_dir: ''", "`site_dir` `` is the config file's folder"),
        ("site_dir: ..", "`site_dir` `..` holds docs_dir"),
        ("site_dir: /", "`site_dir` `/` holds docs_dir"),
        ("site_dir: docs/site", "`site_dir` `docs/site` is inside docs_dir"),
        ("docs_dir: .", "`docs_dir` (.) must not be the config file's folder"),
    ])
    func layoutsThatWouldDeleteSourcesAreRefusedAtTheConfigLine(_ line: String, _ message: String) throws {
        let project = try Self.project(config: "site_name: Demo\n\(line)\n")
        defer { project.remove() }
        let result = try runGalley(["build"], in: project.root)
        #expect(result.status != 0)
        #expect(result.stderr.contains("mkdocs.yml:2: error: \(message)"), "\(result.stderr)")
        Self.survives(project)
    }

    @Test func theProjectFolderByItsOwnNameIsRefused() throws {
        let project = try Self.project()
        defer { project.remove() }
        let name = project.root.lastPathComponent
        let result = try runGalley(["build"], in: project.root)
        #expect(result.status == 0, "\(result.stderr)")
        for config in ["site_name: Demo\nsite_dir: ../\(name)\n"] {
            try project.write(config, to: "mkdocs.yml")
            let refused = try runGalley(["build"], in: project.root)
            #expect(refused.status != 0)
            #expect(refused.stderr.contains("is the config file's folder"), "\(refused.stderr)")
            #expect(project.exists("docs/index.md"))
        }
    }

    @Test(arguments: [".", "./", "", "..", "/", "docs", "docs/out"])
    func siteDirOptionsThatHoldSourcesAreRefused(_ directory: String) throws {
        let project = try Self.project()
        defer { project.remove() }
        let result = try runGalley(["build", "-d", directory], in: project.root)
        #expect(result.status != 0)
        #expect(result.stderr.contains("--site-dir: error: the site folder"), "\(result.stderr)")
        Self.survives(project)
    }

    @Test func theHomeFolderAndTheWorkingFolderAreRefused() throws {
        let project = try Self.project()
        defer { project.remove() }
        for directory in [project.root.path, NSHomeDirectory()] {
            let result = try runGalley(["build", "-d", directory], in: project.root)
            #expect(result.status != 0)
            Self.survives(project)
        }
    }

    @Test func aLinkedNameOfTheDocsIsRefusedToo() throws {
        let project = try Self.project(config: "site_name: Demo\nsite_dir: alias\n")
        defer { project.remove() }
        try FileManager.default.createSymbolicLink(atPath: project.root.appendingPathComponent("alias").path, withDestinationPath: "docs")
        let result = try runGalley(["build"], in: project.root)
        #expect(result.status != 0)
        #expect(result.stderr.contains("is docs_dir"), "\(result.stderr)")
        Self.survives(project)
    }

    @Test func checkRefusesTheLayoutToo() throws {
        let project = try Self.project(config: "site_name: Demo\nsite_dir: docs\n")
        defer { project.remove() }
        let result = try runGalley(["check"], in: project.root)
        #expect(result.status != 0)
        #expect(result.stdout.contains("mkdocs.yml:2") || result.stderr.contains("mkdocs.yml:2"), "\(result.stdout)\(result.stderr)")
        Self.survives(project)
    }

    @Test func aFolderGalleyDidNotWriteIsNotReplacedWithoutClean() throws {
        let project = try Self.project(extra: ["site/notes.txt": "mine\n"])
        defer { project.remove() }
        let refused = try runGalley(["build"], in: project.root)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("holds files that Galley did not write"), "\(refused.stderr)")
        #expect(project.read("site/notes.txt") == "mine\n")
        let cleaned = try runGalley(["build", "--clean"], in: project.root)
        #expect(cleaned.status == 0, "\(cleaned.stderr)")
        #expect(!project.exists("site/notes.txt"))
        #expect(project.exists("site/.galley-site"))
        // Galley's own site is replaced from then on without asking.
        let again = try runGalley(["build"], in: project.root)
        #expect(again.status == 0, "\(again.stderr)")
    }

    @Test func anEmptyFolderIsUsed() throws {
        let project = try Self.project()
        defer { project.remove() }
        try FileManager.default.createDirectory(at: project.root.appendingPathComponent("site"), withIntermediateDirectories: true)
        let result = try runGalley(["build"], in: project.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(project.exists("site/index.html"))
    }

    @Test func stagingFoldersOfKilledBuildsAreRemoved() throws {
        let project = try Self.project()
        defer { project.remove() }
        // A process id that is not running: the highest possible one.
        let stale = ".site.galley-4194303-77"
        try project.write("half\n", to: "\(stale)/index.html")
        try project.write("half\n", to: "\(stale).old/index.html")
        let result = try runGalley(["build"], in: project.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!project.exists(stale))
        #expect(!project.exists("\(stale).old"))
        let left = try FileManager.default.contentsOfDirectory(atPath: project.root.path).filter { $0.hasPrefix(".site") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test func twoBuildsIntoOneSiteTakeTurns() throws {
        let project = try Self.project()
        defer { project.remove() }
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let result = try? runGalley(["build"], in: project.root)
            results.append(result?.status ?? -1, result?.stderr ?? "")
        }
        for (status, stderr) in results.all {
            #expect(status == 0, "\(stderr)")
        }
        #expect(project.exists("site/index.html"))
    }

    @Test(arguments: ["a/page.md", "b.md", "a/b/c/d.md", "é/ü.md", "x y/z.md", "a.b/c.md"])
    func shortAndUnusualNamesBuild(_ path: String) throws {
        let project = try Self.project(extra: ["docs/\(path)": "# Page\n"])
        defer { project.remove() }
        let result = try runGalley(["build", "-d", "s"], in: project.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(project.exists("s/index.html"))
    }

    @Test func generatedTreesBuildWithoutCrashing() throws {
        var generator = SplitMix(seed: 0x5eed)
        let alphabet = Array("ab.é -_1")
        for _ in 0..<12 {
            var files: [String: String] = [:]
            for _ in 0..<generator.next(below: 6) + 1 {
                let depth = generator.next(below: 5) + 1
                let parts = (0..<depth).map { _ in
                    var name = String((0..<(generator.next(below: 3) + 1)).map { _ in alphabet[generator.next(below: alphabet.count)] })
                    name = name.trimmingCharacters(in: .whitespaces)
                    if name.isEmpty || name.allSatisfy({ $0 == "." }) || name.hasPrefix(".") { name = "n" + name }
                    return name
                }
                files["docs/" + parts.joined(separator: "/") + ".md"] = "# T\n"
            }
            let project = try Self.project(extra: files)
            defer { project.remove() }
            let result = try runGalley(["build", "-q"], in: project.root)
            #expect(result.status == 0 || !result.stderr.contains("crashed"), "\(files.keys.sorted()): \(result.stderr)")
            #expect(result.status == 0 || result.status == 1, "\(files.keys.sorted()): \(result.stderr)")
        }
    }

    @Test func relativeLinksResolveAgainstTheirOwnFolder() throws {
        let project = try Self.project(extra: ["docs/other.md": "# From docs\n", "other.md": "# From the project root\n"])
        defer { project.remove() }
        try FileManager.default.createSymbolicLink(atPath: project.root.appendingPathComponent("docs/same.md").path, withDestinationPath: "other.md")
        try FileManager.default.createSymbolicLink(atPath: project.root.appendingPathComponent("docs/loop").path, withDestinationPath: ".")
        let result = try runGalley(["build"], in: project.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(project.read("site/same/index.html")?.contains("From docs") == true)
        #expect(!project.exists("site/loop/mkdocs.yml"))
        #expect(!project.exists("site/mkdocs.yml"))
    }

    @Test func linkStubsOnlyReachInsideTheProject() throws {
        let project = try Self.project(extra: ["docs/secret.md": "../../../../../../../../etc/hostname.md\n", "docs/passwd.txt": "../../../../../../../etc/passwd\n"])
        defer { project.remove() }
        let result = try runGalley(["build"], in: project.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(project.read("site/passwd.txt") == "../../../../../../../etc/passwd\n")
    }

    @Test func linkStubsInAGitCheckoutFollowOnlyWhatGitRecordsAsALink() throws {
        let project = try Self.project(extra: ["README.md": "# Readme\n", "docs/looks-like-a-path.md": "../README.md\n"])
        defer { project.remove() }
        let git = { (arguments: [String]) throws -> Int32 in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", project.root.path, "-c", "user.name=t", "-c", "user.email=t@t"] + arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        guard try git(["init", "-q"]) == 0 else { return }
        try FileManager.default.createSymbolicLink(atPath: project.root.appendingPathComponent("docs/linked.md").path, withDestinationPath: "../README.md")
        #expect(try git(["add", "-A"]) == 0)
        #expect(try git(["commit", "-q", "-m", "x"]) == 0)
        // Check the link out as a stub, as core.symlinks=false does.
        try FileManager.default.removeItem(atPath: project.root.appendingPathComponent("docs/linked.md").path)
        try project.write("../README.md", to: "docs/linked.md")
        let result = try runGalley(["build"], in: project.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(project.read("site/linked/index.html")?.contains("id=\"readme\"") == true)
        #expect(project.read("site/looks-like-a-path/index.html")?.contains("../README.md") == true)
    }

    @Test func writeErrorsNameTheFileInPlainWords() throws {
        let project = try Self.project(extra: ["blocker": "a file, not a folder\n"])
        defer { project.remove() }
        let result = try runGalley(["build", "-d", "blocker/site"], in: project.root)
        #expect(result.status != 0)
        #expect(result.stderr.contains("blocker: not a directory"), "\(result.stderr)")
        #expect(!result.stderr.contains("NSCocoaErrorDomain") && !result.stderr.contains("Error Domain"), "\(result.stderr)")
        #expect(project.read("blocker") == "a file, not a folder\n")
    }
}

/// A small deterministic generator, so a failing tree can be reproduced from the seed.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [(Int32, String)] = []
    func append(_ status: Int32, _ text: String) { lock.withLock { items.append((status, text)) } }
    var all: [(Int32, String)] { lock.withLock { items } }
}

@Suite("Build output and messages")
struct BuildOutputTests {
    @Test func twoBuildsOfOneInputAreByteIdentical() throws {
        var files = SiteBuilderTests.basicFiles
        files["docs/more.md"] = "# More\n\n## Alpha beta\n\nGamma delta epsilon zeta eta theta.\n\n## Iota\n\nKappa lambda mu.\n"
        let project = try TemporaryProject(files: files)
        defer { project.remove() }
        for directory in ["one", "two"] {
            let result = try runGalley(["build", "-d", directory], in: project.root, environment: ["SOURCE_DATE_EPOCH": "1700000000"])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let first = project.root.appendingPathComponent("one").path
        let files1 = try FileManager.default.subpathsOfDirectory(atPath: first).sorted()
        let files2 = try FileManager.default.subpathsOfDirectory(atPath: project.root.appendingPathComponent("two").path).sorted()
        #expect(files1 == files2)
        for file in files1 {
            let a = FileManager.default.contents(atPath: project.root.appendingPathComponent("one/" + file).path)
            let b = FileManager.default.contents(atPath: project.root.appendingPathComponent("two/" + file).path)
            #expect(a == b, "\(file) differs between two builds")
        }
        #expect(project.read("one/sitemap.xml")?.contains("2023-11-14") == true)
    }

    @Test func invalidUTF8IsNamedAtItsLineAndColumn() throws {
        let project = try SiteSafetyTests.project()
        defer { project.remove() }
        try Data("# Title\n\nab\u{e9}c".utf8 + [0xFF, 0x41] + Array("\n".utf8)).write(to: project.root.appendingPathComponent("docs/bad.md"))
        let result = try runGalley(["build"], in: project.root)
        #expect(result.status != 0)
        #expect(result.stderr.contains("docs/bad.md:3:5: error: the page is not valid UTF-8"), "\(result.stderr)")
    }

    @Test func invalidUTF8InTheConfigIsNamedToo() throws {
        let project = try SiteSafetyTests.project()
        defer { project.remove() }
        try Data(Array("site_name: A\nextra:\n  x: ".utf8) + [0xC3, 0x28] + Array("\n".utf8)).write(to: project.root.appendingPathComponent("mkdocs.yml"))
        let result = try runGalley(["build"], in: project.root)
        #expect(result.status != 0)
        #expect(result.stderr.contains("mkdocs.yml:3:6: error: the config file is not valid UTF-8"), "\(result.stderr)")
    }

    @Test func tenThousandEqualHeadingsBuildQuickly() throws {
        let project = try SiteSafetyTests.project(extra: ["docs/same.md": String(repeating: "## Same\n\n", count: 10_000)])
        defer { project.remove() }
        let start = ContinuousClock.now
        let result = try runGalley(["build", "-q"], in: project.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(ContinuousClock.now - start < .seconds(30))
        #expect(project.read("site/same/index.html")?.contains("id=\"same_9999\"") == true)
    }
}

extension BuildOutputTests {
    @Test func stagesAreTimedUnderTheirOwnNames() throws {
        let project = try TemporaryProject(files: SiteBuilderTests.basicFiles)
        defer { project.remove() }
        let (config, _) = try ConfigLoader.load(path: project.configPath)
        let report = try SiteBuilder.build(config: config)
        #expect(report.stageTimes.map(\.stage) == ["scan", "parse", "snippets", "anchors", "theme context", "snippet cache", "directories", "render+write", "assets", "site files", "swap"])
    }

    /// Each language's stages are named for it, so a slow one is found by its name; the
    /// snippets of all languages run as one stage.
    @Test func eachLanguagesStagesSayWhoseTheyAre() throws {
        var files = SiteBuilderTests.basicFiles
        files["mkdocs.yml"] = "site_name: Two\nplugins:\n  - i18n:\n      docs_structure: suffix\n      languages:\n        - locale: en\n          default: true\n        - locale: fr\n"
        let project = try TemporaryProject(files: files)
        defer { project.remove() }
        let (config, _) = try ConfigLoader.load(path: project.configPath)
        let report = try SiteBuilder.build(config: config)
        let names = report.stageTimes.map(\.stage)
        #expect(names.contains("parse [en]") && names.contains("parse [fr]") && names.contains("snippets") && names.contains("anchors [fr]"), "\(names)")
    }
}
