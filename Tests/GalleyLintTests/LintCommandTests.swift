// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
import Testing

/// `galley lint` as a drop-in for `mdl`: exit codes, output, arguments.
@Suite("galley lint command", .enabled(if: galleyExecutable() != nil, "the galley executable is not built"))
struct LintCommandTests {
    static func run(_ arguments: [String], in directory: URL, input: String? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        guard let galley = galleyExecutable() else { throw CocoaError(.fileNoSuchFile) }
        return try runProgram(galley, ["lint"] + arguments, in: directory, input: input)
    }

    /// mdl itself, run with `arguments` in `directory`.
    static func mdl(_ arguments: [String], in directory: URL) throws -> (status: Int32, stdout: String) {
        let result = try runProgram(URL(fileURLWithPath: "/usr/bin/mdl"), arguments, in: directory)
        return (result.status, result.stdout)
    }

    /// Runs `galley lint` and mdl with the same arguments (and standard input) and expects
    /// the same standard output; returns both runs for further checks.
    @discardableResult
    static func expectSameOutputAsMdl(_ arguments: [String], in directory: URL, input: String? = nil, _ label: String = "",
                                      sourceLocation: SourceLocation = #_sourceLocation) throws -> (ours: (status: Int32, stdout: String, stderr: String), theirs: (status: Int32, stdout: String, stderr: String)) {
        let ours = try run(arguments, in: directory, input: input)
        let theirs = try runProgram(URL(fileURLWithPath: "/usr/bin/mdl"), arguments, in: directory, input: input)
        #expect(ours.stdout == theirs.stdout, "\(label) \(arguments)\ngalley:\n\(ours.stdout)\nmdl:\n\(theirs.stdout)", sourceLocation: sourceLocation)
        return (ours, theirs)
    }

    /// `-V` prints what `mdl -V` prints, the mdl release whose rules and output lint matches
    /// (a script that reads mdl's version reads this one); `galley --version` names Galley's.
    @Test func theVersionIsMdlsAsMdlPrintsIt() throws {
        for flag in ["-V", "--version"] {
            let result = try runGalley(["lint", flag], in: Oracle.repository)
            #expect(result.status == 0)
            #expect(result.stdout == "0.12.0\n", "\(result.stdout)")
            if FileManager.default.isExecutableFile(atPath: "/usr/bin/mdl") {
                #expect(try Self.mdl([flag], in: Oracle.repository).stdout == result.stdout)
            }
        }
    }

    /// mdl's command line, compared with mdl itself: `-` for standard input, `-v`'s progress
    /// lines (with and without a config file, with `--json`), a missing file among several
    /// (what came before it is printed, then exit 3), and `-c` naming a file that is not
    /// there (the nearest `.mdlrc` above is read).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/mdl"), "mdl is not installed"))
    func commandLinesAsMdlRunsThem() throws {
        let project = try TemporaryProject(files: [
            "a.md": "# A\ntext \n",
            "b.md": "Text\n\n\n# B\n",
            "sub/c.md": "# C\n\n* one\n+ two\n",
        ])
        defer { project.remove() }
        let page = "Intro \n# T\n"
        let cases: [[String]] = [
            ["-"], ["-r", "MD009", "-"],
            ["-v", "a.md", "b.md"], ["-v", "-j", "a.md"], ["-v", "-r", "MD009,MD022", "a.md"],
            ["a.md", "missing.md", "b.md"], ["-j", "a.md", "missing.md"], ["-v", "a.md", "missing.md"],
            ["-c", "sub/none.rc", "a.md", "b.md"],
        ]
        for withConfig in [false, true] {
            if withConfig { try project.write("rules 'MD009', 'MD012', 'MD004'\n", to: ".mdlrc") }
            for arguments in cases {
                let (ours, theirs) = try Self.expectSameOutputAsMdl(arguments, in: project.root, input: arguments.last == "-" ? page : nil, "config: \(withConfig)")
                #expect(ours.status == theirs.status, "\(arguments): galley \(ours.status), mdl \(theirs.status)")
                if theirs.status == 3 { #expect(ours.stderr.contains("missing.md"), "\(ours.stderr)") }
            }
        }
    }

    /// Style parameters written as strings compare as mdl compares them (a string never equals
    /// the symbols rules test for), and MD013 counts code points, as Ruby's `.` does.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/mdl"), "mdl is not installed"))
    func stringParametersAndCodePointsAsMdl() throws {
        let combining = String(repeating: "e\u{301}", count: 79)
        let project = try TemporaryProject(files: [
            "page.md": "# One\n\nTwo\n---\n\n* a\n- b\n\n1. x\n1. y\n\n***\n\n---\n\n```\ncode\n```\n\n    indented\n\n\(combining) x\n\n* an item long enough with `x` and a | pipe\n",
        ])
        defer { project.remove() }
        let styles = [
            "rule 'MD003', :style => 'atx'", "rule 'MD003', :style => :atx",
            "rule 'MD004', :style => 'dash'", "rule 'MD004', :style => :dash",
            "rule 'MD029', :style => 'ordered'", "rule 'MD029', :style => :ordered",
            "rule 'MD035', :style => 'consistent'", "rule 'MD035', :style => '---'", "rule 'MD035', :style => :dash",
            "rule 'MD046', :style => 'fenced'", "rule 'MD046', :style => :consistent",
            "rule 'MD013'",
            // A table inside a list item is not among the tables `:tables => false` skips.
            "rule 'MD013', :line_length => 20, :tables => false",
        ]
        for (number, style) in styles.enumerated() {
            try project.write(style + "\n", to: "style\(number).rb")
            try Self.expectSameOutputAsMdl(["-s", "style\(number).rb", "page.md"], in: project.root, style)
        }
    }

    /// Shapes mdl's parser reads its own way, compared with mdl: a `|` inside a code span
    /// makes no table (in a paragraph or a list item, whose findings keep their lines),
    /// script and style bodies are not text, and kramdown's extensions (`{::comment}`,
    /// `{::nomarkdown}`, `{::options /}`, in blocks and in text) are what kramdown makes them.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/mdl"), "mdl is not installed"))
    func kramdownShapesAsMdlReadsThem() throws {
        let pages = [
            "# T\n\n* one\n* two `a | b` then http://x.com and <b>x</b>\n* three **bold ** more\n\npara with `x|y` code and * bad * emph\n",
            "# T\n\n<script>\nvar u = \"http://example.com/x\";\n</script>\n\n<style>\nbody { background: url(http://example.com/a.png); }\n</style>\n\ntext\n",
            "{::comment}\nhidden http://x.com\n{:/comment}\n# Header\n\n{::options auto_ids=\"false\" /}\n\n{::nomarkdown}\n<b>http://y.com</b>\n{:/nomarkdown}\n\n* a\n* b `a|b` http://z.com\n",
            "# T\n\n> quoted\n{::nomarkdown}\n<b>raw</b>\n{:/nomarkdown}\n\nText {::comment}http://c.com{:/comment} and {::nomarkdown}<i>i</i>{:/} end http://d.com\n\n{:/}\n\n{::comment}\nno stop\n",
            "| a | `b|c` |\n|---|---|\n| `x|y` | z http://t.com |\n\n`only|code`\n\nmore http://u.com\n",
            "# T\n\n* item `p|q`\n  more http://u.com\n",
            // A table followed by a blank line and a line with a pipe ends at the blank line.
            "| a | b |\n|---|---|\n| x | z http://t.com |\n\n* item `p|q`\n",
            // An HTML element hides what it holds from the table check, and splits the text.
            "# T\n\n> render `a|b` view | [ link ](l.md)\n> <b>b</b> ` code ` render `x | y` of\n",
        ]
        let project = try TemporaryProject(files: Dictionary(uniqueKeysWithValues: pages.enumerated().map { ("page\($0.offset).md", $0.element) }))
        defer { project.remove() }
        for index in pages.indices {
            try Self.expectSameOutputAsMdl(["-s", "all", "page\(index).md"], in: project.root)
        }
    }

    /// `.mdlrc` as mdl reads it: a key mdl does not know is ignored (with a warning at its
    /// line here), `list_rules true` lists, and `rulesets` (Ruby rule files) is refused as
    /// `-u` is, with exit 2.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/mdl"), "mdl is not installed"))
    func mdlrcKeysAsMdlReadsThem() throws {
        let project = try TemporaryProject(files: ["a.md": "# A\ntext \n", ".mdlrc": "bogus_key true\nrules 'MD009'\n"])
        defer { project.remove() }
        let unknown = try Self.run(["a.md"], in: project.root)
        let theirs = try Self.mdl(["a.md"], in: project.root)
        #expect(unknown.stdout == theirs.stdout && unknown.status == theirs.status && unknown.status == 1, "\(unknown)")
        #expect(unknown.stderr.contains(".mdlrc:1:1: warning: `bogus_key` is not an mdl setting"), "\(unknown.stderr)")

        try project.write("list_rules true\nrules 'MD009', 'MD012'\n", to: ".mdlrc")
        let listed = try Self.run(["a.md"], in: project.root)
        let theirList = try Self.mdl(["a.md"], in: project.root)
        #expect(listed.stdout == theirList.stdout && listed.status == 0 && theirList.status == 0, "\(listed.stdout)")

        try project.write("rulesets ['custom.rb', 'more.rb']\n", to: ".mdlrc")
        let ruby = try Self.run(["a.md"], in: project.root)
        #expect(ruby.status == 2 && ruby.stderr.contains(".mdlrc:1:1") && ruby.stderr.contains("`custom.rb`, `more.rb`") && ruby.stdout.isEmpty, "\(ruby)")
    }

    /// `--fix --dry-run`: the diff is standard output (so it can be saved as a patch), the
    /// findings left go to standard error; nothing is written.
    @Test func aDryRunsDiffIsTheOutput() throws {
        let project = try TemporaryProject(files: ["a.md": "# A\ntext \n\n* one\n+ two\n"])
        defer { project.remove() }
        let dry = try Self.run(["--fix", "--dry-run", "-r", "MD009,MD032,MD004", "a.md"], in: project.root)
        #expect(dry.stdout.contains("-text \n") && dry.stdout.contains("+text\n") && !dry.stdout.contains("MD0"), "\(dry.stdout)")
        #expect(dry.stderr.contains("a.md:"), "the findings left: \(dry.stderr)")
        #expect(project.read("a.md") == "# A\ntext \n\n* one\n+ two\n")
    }

    /// In mkdocs mode a fix is checked against the page as the site renders it, with the
    /// site's extensions: a trailing space in an admonition's body is text to a site with
    /// `admonition` (the fix keeps the page) and code to one without (the fix is refused).
    @Test func aFixKeepsThePageAsTheSiteRendersIt() throws {
        let page = "# A\n\n!!! note\n\n    Body text. \n"
        for extensions in ["[admonition]", "[]"] {
            let project = try TemporaryProject(files: ["mkdocs.yml": "site_name: S\nmarkdown_extensions: \(extensions)\n", "docs/a.md": page])
            defer { project.remove() }
            let fixed = try Self.run(["--mkdocs", "--fix", "-r", "MD009", "docs/a.md"], in: project.root)
            if extensions == "[]" {
                #expect(project.read("docs/a.md") == page, "\(fixed)")
                #expect(fixed.stdout.contains("docs/a.md:5: MD009"), "\(fixed)")
            } else {
                #expect(project.read("docs/a.md") == "# A\n\n!!! note\n\n    Body text.\n", "\(fixed)")
                #expect(fixed.status == 0 && fixed.stderr.contains("Fixed docs/a.md: MD009"), "\(fixed)")
            }
        }
    }

    /// Where mkdocs.yml turns mkdocs mode on by default, lint says so once on standard error
    /// (its findings differ from mdl's there); naming the mode either way silences the line.
    @Test func mkdocsModeByDefaultIsSaid() throws {
        let project = try TemporaryProject(files: ["docs/a.md": "# A\n\n!!! note\n    Body.\n"])
        defer { project.remove() }
        let note = "mkdocs mode is on because mkdocs.yml is here"
        #expect(try !Self.run(["docs"], in: project.root).stderr.contains(note), "no mkdocs.yml, no note")
        try project.write("site_name: Lint\n", to: "mkdocs.yml")
        let byDefault = try Self.run(["docs"], in: project.root)
        #expect(byDefault.stderr.components(separatedBy: note).count == 2, "\(byDefault.stderr)")
        #expect(byDefault.stdout.isEmpty, "the note is not a finding: \(byDefault.stdout)")
        for flag in ["--mkdocs", "--no-mkdocs"] {
            #expect(try !Self.run([flag, "docs"], in: project.root).stderr.contains(note), "\(flag)")
        }
    }

    /// Inside a git work tree, lint reads git's index itself to learn whether a file that
    /// could be a link stub (a short relative path naming another file of the project) is
    /// one: starting git costs more than linting a small site. Git is started only for an
    /// index that reader leaves to git (a split index), and never for ordinary pages.
    @Test func gitIsStartedOnlyForAnIndexItLeavesToGit() throws {
        let project = try TemporaryProject(files: [
            "docs/a.md": "# A\n\nText.\n",
            "docs/b.md": "# B\n",
            "bin/git": "#!/bin/sh\necho \"$@\" >> \"$GIT_CALLS\"\nexec /usr/bin/git \"$@\"\n",
        ])
        defer { project.remove() }
        let fakeGit = project.root.appendingPathComponent("bin/git").path
        #expect(chmod(fakeGit, 0o755) == 0)
        try TemporaryProject.shell("git init -q . && git add docs", in: project.root)
        let calls = project.root.appendingPathComponent("git-calls").path
        let environment = ["PATH": project.root.appendingPathComponent("bin").path + ":/usr/bin:/bin", "GIT_CALLS": calls]
        let galley = try #require(galleyExecutable())

        let plain = try runProgram(galley, ["lint", "-r", "MD009", "docs"], in: project.root, environment: environment)
        #expect(plain.status == 0, "\(plain.stdout)\(plain.stderr)")
        #expect(!FileManager.default.fileExists(atPath: calls), "git was started for pages that cannot be stubs")

        // A file whose whole text names another page could be a stub: the index does not
        // record it as a link, so it is linted as it is, and git was not started.
        try project.write("a.md \n", to: "docs/stub.md")
        let stub = try runProgram(galley, ["lint", "-r", "MD009", "docs"], in: project.root, environment: environment)
        #expect(stub.stdout.contains("docs/stub.md:1: MD009"), "\(stub.stdout)")
        #expect(!FileManager.default.fileExists(atPath: calls), "git was started though its index could be read")

        // A split index keeps its records in a second file: that is asked of git.
        try TemporaryProject.shell("/usr/bin/git update-index --split-index", in: project.root)
        let split = try runProgram(galley, ["lint", "-r", "MD009", "docs"], in: project.root, environment: environment)
        #expect(split.stdout.contains("docs/stub.md:1: MD009"), "\(split.stdout)")
        #expect((try? String(contentsOfFile: calls, encoding: .utf8))?.contains("ls-files") == true)
    }

    @Test func exitCodesAndOutputFollowMdl() throws {
        let project = try TemporaryProject(files: [
            "notes/bad.md": "# Title\ntext \n",
            "notes/sub/good.md": "# Good\n\nText.\n",
            "notes/other.markdown": "# Other\n\n\n\nx\n",
            "style.rb": "all\nexclude_rule 'MD022'\n",
            "broken.rb": "all\nrule 'MD999'\n",
        ])
        defer { project.remove() }
        let bad = try Self.run(["notes/bad.md"], in: project.root)
        #expect(bad.status == 1)
        #expect(bad.stdout.hasPrefix("notes/bad.md:2: MD009 Trailing spaces\nnotes/bad.md:1: MD022 Headers should be surrounded by blank lines\n\nFurther documentation"))
        let clean = try Self.run(["notes/sub/good.md"], in: project.root)
        #expect(clean.status == 0 && clean.stdout.isEmpty)
        let directory = try Self.run(["--style", "style.rb", "notes"], in: project.root)
        #expect(directory.stdout.hasPrefix("notes/bad.md:2: MD009 Trailing spaces\nnotes/other.markdown:3: MD012 Multiple consecutive blank lines\nnotes/other.markdown:4: MD012 Multiple consecutive blank lines\n"), "a directory means its .md files, then its .markdown files")
        let missing = try Self.run(["notes/none.md"], in: project.root)
        #expect(missing.status == 3 && missing.stderr.contains("notes/none.md"))
        let broken = try Self.run(["-s", "./broken.rb", "notes/bad.md"], in: project.root)
        #expect(broken.status == 1 && broken.stderr.contains("broken.rb:2:1") && broken.stderr.contains("MD999"), "mdl exits 1 for a broken style")
        let badOption = try Self.run(["--bogus", "notes/bad.md"], in: project.root)
        #expect(badOption.status == 1 && badOption.stderr.contains("bogus") && badOption.stderr.contains("See 'galley lint --help'"), "mdl exits 1 for an unknown option: \(badOption.stderr)")
        let stdin = try Self.run(["-r", "MD009"], in: project.root, input: "# T\n\ntext \n")
        #expect(stdin.status == 1 && stdin.stdout.hasPrefix("(stdin):3: MD009 Trailing spaces\n"))
        let json = try Self.run(["-j", "-r", "MD009", "notes/bad.md"], in: project.root)
        #expect(json.stdout.hasPrefix("[{\"filename\":\"notes/bad.md\",\"line\":2,\"rule\":\"MD009\""))
        let fixed = try Self.run(["--fix", "notes/bad.md"], in: project.root)
        #expect(fixed.status == 0, "\(fixed.stdout)")
        #expect(try String(contentsOf: project.root.appendingPathComponent("notes/bad.md"), encoding: .utf8) == "# Title\n\ntext\n")
    }

    /// mdl's other options, each against mdl itself when it is installed.
    @Test func gitRecurseSkipDefaultRulesetVersionAndRubyRuleFiles() throws {
        let project = try TemporaryProject(files: [
            "docs/tracked.md": "# Title\ntext \n",
            "docs/untracked.md": "# Other\ntext \n",
            ".mdlrc": "git_recurse true\n",
        ])
        defer { project.remove() }
        try TemporaryProject.shell("git init -q . && git add docs/tracked.md", in: project.root)
        // `-g` (here from `.mdlrc`): only what git tracks.
        let recursed = try Self.run(["docs"], in: project.root)
        #expect(recursed.stdout.contains("docs/tracked.md:2: MD009") && !recursed.stdout.contains("untracked"), "\(recursed.stdout)")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/mdl") {
            let theirs = try Self.mdl(["docs"], in: project.root)
            #expect(theirs.stdout == recursed.stdout, "\nmdl: \(theirs.stdout)\ngalley: \(recursed.stdout)")
            #expect(theirs.status == recursed.status)
        }
        // `-d`: without mdl's own rules nothing runs, and the exit is clean, as mdl's.
        let skipped = try Self.run(["-d", "docs/tracked.md"], in: project.root)
        #expect(skipped.status == 0 && skipped.stdout.isEmpty)
        let version = try Self.run(["-V"], in: project.root)
        #expect(version.status == 0 && version.stdout == "0.12.0\n")
        // `-u`: Ruby rule files can't be loaded; the run stops rather than lint without them.
        let ruby = try Self.run(["-u", "custom.rb", "docs/tracked.md"], in: project.root)
        #expect(ruby.status == 2 && ruby.stderr.contains("custom.rb") && ruby.stderr.contains("Ruby"))
    }

    /// A directory's files come in mdl's order, with `-g` and without, text and JSON.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/mdl"), "mdl is not installed"))
    func directoriesListFilesInMdlsOrder() throws {
        var files: [String: String] = [:]
        for name in ["d/z.md", "d/a.markdown", "d/b/x.md", "d/a/y.markdown", "d/a/c.md", "d/B.md", "d/_u.md"] {
            files[name] = "# T\ntext \n"
        }
        let project = try TemporaryProject(files: files)
        defer { project.remove() }
        try TemporaryProject.shell("git init -q . && git add -A", in: project.root)
        for arguments in [["-r", "MD009", "d"], ["-g", "-r", "MD009", "d"], ["-j", "-r", "MD009", "d"], ["-g", "-j", "-r", "MD009", "d"]] {
            try Self.expectSameOutputAsMdl(arguments, in: project.root)
        }
    }

    @Test func buildWarnsAndCheckFailsOnLintFindingsWhenTheProjectHasAStyle() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Lint\n",
            "docs/index.md": "# Home\n\n!!! note\n    ```swift\n    let inside = 1\n    ```\n\ntext \n",
            ".markdownlint.rb": "all\nexclude_rule 'MD041'\n",
        ])
        defer { project.remove() }
        let build = try runGalley(["build"], in: project.root)
        #expect(build.status == 0)
        #expect(build.stderr.contains("docs/index.md:8:1: warning: MD009 Trailing spaces [lint.MD009]"))
        #expect(!build.stderr.contains("MD046"), "the admonition's fence is read as a fence")
        let check = try runGalley(["check"], in: project.root)
        #expect(check.status != 0 && check.stderr.contains("docs/index.md:8:1: error: MD009 Trailing spaces"))
        try FileManager.default.removeItem(at: project.root.appendingPathComponent(".markdownlint.rb"))
        #expect(try runGalley(["check"], in: project.root).status == 0, "no style, no lint")
    }

    /// The build's lint skips front matter as mkdocs reads it (at the top only) and reports
    /// the file's own lines, the lines mdl gives when it reads the whole file. mdl's own
    /// `--ignore-front-matter` takes the first two `---` lines anywhere for front matter and
    /// shifts the lines after; the build used to follow it.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/mdl"), "mdl is not installed"))
    func theBuildsLintReportsTheFilesOwnLines() throws {
        let page = "---\ntitle: Page\nnotes: |\n  one\n  two\n---\n\n# Title\n\nText\n\nSetext\n======\n\n---\n\nMore\n\n---\n\nOther\n-----\n"
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Lint\n",
            "docs/index.md": page,
            "docs/plain.md": page.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(7).joined(separator: "\n"),
            ".markdownlint.rb": "rule 'MD003'\n",
        ])
        defer { project.remove() }
        let build = try runGalley(["build"], in: project.root)
        let ours = build.stderr.split(separator: "\n").filter { $0.hasPrefix("docs/") && $0.contains("MD003") }.map { String($0.prefix { $0 != " " }) }
        let theirs = try Self.mdl(["-s", ".markdownlint.rb", "docs"], in: project.root).stdout.split(separator: "\n").filter { $0.hasPrefix("docs/") && $0.contains("MD003") }.map { String($0.prefix { $0 != " " }) }
        #expect(theirs == ["docs/index.md:12:", "docs/index.md:21:", "docs/plain.md:5:", "docs/plain.md:14:"], "\(theirs)")
        #expect(ours == theirs.map { $0 + "1:" }, "\(build.stderr)")
    }

    @Test func linksAreCheckedAsTheBuildChecksThem() throws {
        let project = try TemporaryProject(files: [
            "mkdocs.yml": "site_name: Links\n",
            "docs/index.md": "# Home\n\nSee [the guide](guide.md) and [nothing](missing.md).\n",
            "docs/guide.md": "# Guide\n\nBack [home](index.md).\n",
        ])
        defer { project.remove() }
        let plain = try Self.run(["docs"], in: project.root)
        #expect(plain.status == 0, "mdl's rules alone find nothing")
        let checked = try Self.run(["--links", "docs"], in: project.root)
        #expect(checked.status == 1)
        #expect(checked.stderr.contains("index.md:3:") && checked.stderr.contains("missing.md") && !checked.stderr.contains("guide.md`"))
    }

    @Test(.enabled(if: SharedCorpus.squareWorkflowIsPresent)) func theProjectsLintScriptWorksWithGalleyInPlaceOfMdl() throws {
        let script = try String(contentsOf: SharedCorpus.squareWorkflow.appendingPathComponent("lint_docs.sh"), encoding: .utf8)
            .replacingOccurrences(of: "xargs mdl", with: "xargs \(galleyExecutable()!.path) lint")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = SharedCorpus.squareWorkflow
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && text == "Success.\n")
    }

    /// `.mdlrc` and style files as real projects write them, Ruby idioms included, read as
    /// mdl reads them (mdl runs them as Ruby): the same findings and exit status.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/mdl")),
          arguments: [
              #"rules "~MD001", "~MD002""#,
              #"rules ["MD001", "MD009"]"#,
              "rules %w[MD009 MD022]",
              #"tags "headers", "whitespace""#,
              ##"style "#{File.dirname(__FILE__)}/style.rb""##,
              #"style File.join(File.dirname(__FILE__), "style.rb")"#,
              #"style File.expand_path("style.rb", __dir__)"#,
              "skip_default_ruleset true",
              #"rules "MD009" if true"#,
              #"style "style.rb" unless false"#,
              #"style "style.rb" if File.exist?("style.rb")"#,
              #"style "missing.rb" if File.exist?("missing.rb")"#,
              "list = %w[MD009 MD022]\nrules list",
              "rules [\n  \"MD009\",\n  \"MD041\",\n]",
              #"style "style.rb"; rules "MD009""#,
              #"style "unknown-parameter.rb""#,
          ])
    func mdlrcIdiomsAsMdlReadsThem(mdlrc: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("galley-mdlrc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "# A\n### B\n\nx  \n\n## C\ntext\n".write(to: directory.appendingPathComponent("page.md"), atomically: true, encoding: .utf8)
        let enableSome = "all\nexclude_rule \"MD013\" if File.exist?(\"page.md\")\nrule \"MD009\", :br_spaces => 2 unless false\n"
        try enableSome.write(to: directory.appendingPathComponent("style.rb"), atomically: true, encoding: .utf8)
        try "all\nrule 'MD013', :line_length => 100, :no_such_parameter => 3\n".write(to: directory.appendingPathComponent("unknown-parameter.rb"), atomically: true, encoding: .utf8)
        try mdlrc.write(to: directory.appendingPathComponent(".mdlrc"), atomically: true, encoding: .utf8)
        let theirs = try Self.mdl(["page.md"], in: directory)
        let ours = try Self.run(["--no-mkdocs", "page.md"], in: directory)
        #expect(ours.stdout == theirs.stdout, "\(mdlrc)\n\(ours.stderr)")
        #expect(ours.status == theirs.status)
        if mdlrc.contains("unknown-parameter") {
            #expect(ours.stderr.contains("unknown-parameter.rb:2:1: warning: MD013 has no parameter `:no_such_parameter`"))
        }
    }

    /// Ruby beyond those idioms is refused at its line, with exit status 1.
    @Test func rubyBeyondTheIdiomsIsRefusedAtItsLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("galley-mdlrc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "# A\n".write(to: directory.appendingPathComponent("page.md"), atomically: true, encoding: .utf8)
        for (text, location) in [("all\nDir.glob('*.rb').each { |f| rule f }\n", "style.rb:2:1:"), ("all\nrule 'MD013' if `uname` == 'Linux'\n", "style.rb:2:")] {
            try text.write(to: directory.appendingPathComponent("style.rb"), atomically: true, encoding: .utf8)
            let result = try Self.run(["--no-mkdocs", "-s", "style.rb", "page.md"], in: directory)
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix(location), "\(result.stderr)")
        }
    }


    /// `-w` is accepted, as mdl accepts it, and says on standard error that kramdown's
    /// warnings are not reproduced; the findings and exit status stay mdl's.
    @Test func warningsFlagSaysWhatItDoesNotShow() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("galley-w-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "# A\ntext \n".write(to: directory.appendingPathComponent("page.md"), atomically: true, encoding: .utf8)
        let plain = try Self.run(["--no-mkdocs", "page.md"], in: directory)
        let warned = try Self.run(["--no-mkdocs", "-w", "page.md"], in: directory)
        #expect(warned.stdout == plain.stdout && warned.status == plain.status)
        #expect(warned.stderr.contains("-w asks for kramdown's parser warnings, which galley lint does not reproduce"))
        #expect(!plain.stderr.contains("-w"))
    }

}
