// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyOracle
import Testing

/// What the docs promise to someone who keeps building the same source with mkdocs, checked
/// with mkdocs 1.6 and pymdown-extensions from the test venv: where Galley's settings and
/// fences may go so that both tools build it.
@Suite("the same source built by mkdocs")
struct MkdocsCompatibilityTests {
    /// Runs the venv's mkdocs in `project`; its exit status and standard error.
    static func mkdocs(_ arguments: [String], in project: TemporaryProject) throws -> (status: Int32, stderr: String) {
        guard FileManager.default.isExecutableFile(atPath: TemplateParityTests.mkdocs) else { throw Oracle.Missing() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TemplateParityTests.mkdocs)
        process.arguments = arguments
        process.currentDirectoryURL = project.root
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stderr)
    }

    static let page = """
        # Page

        ```swift run
        print("plain")
        ```

        ## After the plain fence

        ``` { .swift .run }
        print(6 * 7)
        ```

        ## After the braced fence
        """

    @Test func aTopLevelGalleySectionIsAWarningToMkdocsAndFailsItsStrictBuild() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Both\nmarkdown_extensions:\n  - pymdownx.superfences\ngalley:\n  snippets:\n    default: run\n",
            "docs/index.md": "# Page\n",
        ])
        defer { project.remove() }
        let loose = try Self.mkdocs(["build", "-d", "mkdocs-site"], in: project)
        #expect(loose.status == 0)
        #expect(loose.stderr.contains("Unrecognised configuration name: galley"), "\(loose.stderr)")
        #expect(try Self.mkdocs(["build", "--strict", "-d", "mkdocs-site"], in: project).status != 0)
    }

    @Test func theSectionUnderExtraPassesMkdocsStrictAndGalleyReadsIt() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Both\nmarkdown_extensions:\n  - pymdownx.superfences\nextra:\n  galley:\n    snippets:\n      default: run\n      timeout: 30\n",
            "docs/index.md": "# Page\n",
        ])
        defer { project.remove() }
        let strict = try Self.mkdocs(["build", "--strict", "-d", "mkdocs-site"], in: project)
        #expect(strict.status == 0, "\(strict.stderr)")
        let (config, diagnostics) = try ConfigLoader.load(path: project.configPath)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(config.snippets.defaultModes == ["run"])
        #expect(config.snippets.timeout == 30)
    }

    @Test func theSectionGivenTwiceIsAnErrorAtTheSecond() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Both\ngalley:\n  snippets:\n    default: run\nextra:\n  galley:\n    snippets:\n      default: compile\n",
            "docs/index.md": "# Page\n",
        ])
        defer { project.remove() }
        #expect {
            _ = try ConfigLoader.load(path: project.configPath)
        } throws: { error in
            "\(error)".contains("mkdocs.yml:6:3: error: the `galley` section is given twice")
        }
    }

    /// superfences does not read a word after the language as part of a fence, so mkdocs
    /// writes ```` ```swift run ```` and what follows as one paragraph; the braced form is a
    /// fence to both tools.
    @Test func onlyTheBracedFenceIsAFenceToMkdocsAndBothRunInGalley() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Both\nmarkdown_extensions:\n  - pymdownx.superfences\n",
            "docs/index.md": Self.page,
        ])
        defer { project.remove() }
        #expect(try Self.mkdocs(["build", "-d", "mkdocs-site"], in: project).status == 0)
        let theirs = try #require(project.read("mkdocs-site/index.html"))
        #expect(!theirs.contains("id=\"after-the-plain-fence\""), "superfences now reads `swift run`; the docs' warning can go")
        #expect(theirs.contains("id=\"after-the-braced-fence\""))
        let galley = try runGalley(["build"], in: project.root)
        #expect(galley.status == 0, "\(galley.stderr)")
        let ours = try #require(project.read("site/index.html"))
        #expect(ours.contains("id=\"after-the-plain-fence\"") && ours.contains("id=\"after-the-braced-fence\""))
        #expect(ours.contains("<pre><code>plain</code>") && ours.contains("<pre><code>42</code>"), "both fences ran: \(ours)")
    }
}
