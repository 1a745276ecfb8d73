// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import GalleyDiagnostics
import GalleyConfig
import GalleyLint
import GalleySite

/// `galley lint`: mdl's command line, rules and output, plus mkdocs awareness and `--fix`.
struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint Markdown with mdl's rules, style files and output.",
        discussion: "Exit status, as mdl's: 0 when clean, 1 when a rule fails or for a bad option or style file, 3 when a file is missing; 2 when -u asks for Ruby rule files."
    )

    @Argument(help: "Markdown files and directories (a directory means every .md and .markdown file below it); none reads standard input.")
    var paths: [String] = []

    @Option(name: .shortAndLong, help: "A built-in style (default, all, relaxed, cirosantilli) or a style file's path.")
    var style: String?

    @Option(name: .shortAndLong, help: "Only these rules (ids or aliases, comma-separated; ~ drops one).")
    var rules: String?

    @Option(name: .shortAndLong, help: "Only rules with these tags (comma-separated; ~ drops one).")
    var tags: String?

    @Option(name: [.short, .customLong("config")], help: "The configuration file.")
    var configFile = ".mdlrc"

    @Flag(name: .shortAndLong, inversion: .prefixedNo, help: "Skip YAML front matter.")
    var ignoreFrontMatter: Bool?

    @Flag(name: .shortAndLong, help: "JSON output.")
    var json = false

    @Flag(name: .shortAndLong, help: "List the enabled rules and stop.")
    var listRules = false

    @Flag(name: [.customShort("a"), .long], inversion: .prefixedNo, help: "Show rule aliases instead of ids.")
    var showAliases: Bool?

    @Flag(name: .shortAndLong, help: "Say which file and rule is being checked, as mdl -v does; with --list-rules, list aliases and tags too.")
    var verbose = false

    @Flag(inversion: .prefixedNo, help: "Read !!!, ??? and === container bodies as Markdown (default: on when mkdocs.yml is in the current directory).")
    var mkdocs: Bool?

    @Flag(help: "Also check relative links to pages, files and anchors, as `galley build` does (needs mkdocs.yml).")
    var links = false

    @Flag(help: "Rewrite what can be fixed safely, then lint again.")
    var fix = false

    @Flag(help: "With --fix: print the changes as a diff and write nothing.")
    var dryRun = false

    @Flag(name: .shortAndLong, help: "Only files git tracks, when a directory is given.")
    var gitRecurse = false

    @Flag(name: [.customShort("d"), .long], help: "Leave out mdl's own rules.")
    var skipDefaultRuleset = false

    @Flag(name: [.customShort("w"), .customLong("warnings")], help: "Show the Markdown parser's warnings (mdl shows kramdown's; Galley does not reproduce them and says so).")
    var warnings = false

    @Option(name: [.customShort("u"), .customLong("rulesets")], help: "Ruby rule files to load, as mdl does; they need Ruby, which galley lint does not run.")
    var rulesets: String?

    @Flag(name: [.customShort("V"), .long], help: "Print the version of mdl whose rules and output this matches.")
    var version = false

    func run() throws {
        if version {
            // What `mdl -V` prints: the version of mdl whose rules and output this matches
            // (`galley --version` names Galley's own).
            FileHandle.standardOutput.write(Data("0.12.0\n".utf8))
            return
        }
        if let rulesets {
            // mdl loads these with Ruby's `load`; refusing is better than linting without them.
            FileHandle.standardError.write(Data("galley lint: cannot load `\(rulesets)`: custom rule files are Ruby code, which galley lint does not run. Lint with mdl for them, or drop -u.\n".utf8))
            throw ExitCode(2)
        }
        let failed: Bool
        do throws(DiagnosticError) {
            failed = try lint()
        } catch {
            for diagnostic in error.diagnostics {
                FileHandle.standardError.write(Data("\(diagnostic)\n".utf8))
            }
            // As mdl: 3 for a missing file, 1 for a style or settings file it can't use.
            // Ruby rule files (`rulesets`) exit as `-u` does, with 2.
            if error.diagnostics.contains(where: { $0.code == LintCodes.rubyRules }) { throw ExitCode(2) }
            throw ExitCode(error.diagnostics.contains { $0.code == LintCodes.missingFile } ? 3 : 1)
        }
        if failed { throw ExitCode(1) }
    }

    /// Lints as asked; true when a rule failed.
    private func lint() throws(DiagnosticError) -> Bool {
        var options = LintOptions()
        options.mkdocs = mkdocs ?? FileManager.default.fileExists(atPath: "mkdocs.yml")
        if mkdocs == nil, options.mkdocs {
            // Findings differ from mdl's in this mode; a user who replaced `mdl` must not be
            // left to find that out. Naming the mode either way silences this.
            FileHandle.standardError.write(Data("galley lint: mkdocs mode is on because mkdocs.yml is here: !!!, ??? and === container bodies are read as Markdown, so findings can differ from mdl's (--no-mkdocs lints as mdl does; --mkdocs keeps the mode without this note)\n".utf8))
        }
        if let config = LintConfigFile.find(configFile) {
            if verbose { FileHandle.standardOutput.write(Data("Loaded config from \(config)\n".utf8)) }
            let text = (try? String(contentsOfFile: config, encoding: .utf8)) ?? ""
            try options.apply(mdlrc: text, file: config)
        }
        if let found = options.rulesets {
            // As `-u`: mdl would load these with Ruby; refusing beats linting without them.
            throw DiagnosticError(at: found.location, "cannot load \(found.files.map { "`\($0)`" }.joined(separator: ", ")): custom rule files are Ruby code, which galley lint does not run. Lint with mdl for them, or drop `rulesets`.", code: LintCodes.rubyRules)
        }
        if let style { options.style = style }
        if let rules { options.rules = LintOptions.toggleList(rules) }
        if let tags { options.tags = LintOptions.toggleList(tags) }
        if let ignoreFrontMatter { options.ignoreFrontMatter = ignoreFrontMatter }
        if let showAliases { options.showAliases = showAliases }
        if json { options.json = true }
        if gitRecurse { options.gitRecurse = true }
        if skipDefaultRuleset { options.skipDefaultRuleset = true }
        if warnings { options.showKramdownWarnings = true }
        let linter = try Linter(options: options)
        // mdl ignores these silently; saying so costs nothing and exits as mdl would.
        for warning in linter.warnings { FileHandle.standardError.write(Data((warning.description + "\n").utf8)) }
        if options.showKramdownWarnings {
            // Accepted for mdl's command lines, but not silently: nothing will be shown.
            FileHandle.standardError.write(Data("galley lint: warning: -w asks for kramdown's parser warnings, which galley lint does not reproduce; none will be shown\n".utf8))
        }

        if listRules || options.listRules {
            let output = LintReport.ruleList(linter.ruleList, verbose: verbose, showAliases: options.showAliases)
            FileHandle.standardOutput.write(Data(output.utf8))
            return false
        }

        // No path, or `-`, is standard input, as in mdl.
        let files = paths.isEmpty ? ["-"] : Linter.expand(paths, gitTracked: options.gitRecurse)
        if fix, !paths.isEmpty {
            let fixer = LintFixer(linter: linter)
            var skipped: [String] = []
            let changes = try fixer.fix(files: files.filter { $0 != "-" }, write: !dryRun, skipped: &skipped)
            for file in skipped {
                FileHandle.standardError.write(Data("galley lint: \(file): not fixed: its lines end both with CRLF and with LF, so a fixed line's ending would be a guess\n".utf8))
            }
            // A dry run's diff is the output (`> fix.patch` is the patch); the findings left
            // then go to standard error. A real fix names what it fixed on standard error.
            if dryRun {
                FileHandle.standardOutput.write(Data(changes.map(\.diff).joined().utf8))
            } else {
                FileHandle.standardError.write(Data(changes.map { "Fixed \($0.file): \($0.rules.joined(separator: ", "))\n" }.joined().utf8))
            }
        }
        let run = linter.run(files: files)
        let findings = run.findings
        let report = fix && dryRun ? FileHandle.standardError : FileHandle.standardOutput
        let documentationList = isatty(STDOUT_FILENO) == 0
        if verbose {
            // With --json, mdl's progress lines come first and the findings only in the JSON.
            let shown = options.json ? LintRun(files: run.files.map { (file: $0.file, findings: []) }, missing: run.missing) : run
            report.write(Data(LintReport.verboseText(shown, rules: linter.ruleList, showAliases: options.showAliases, documentationList: documentationList && !options.json).utf8))
        }
        if let missing = run.missing {
            // mdl prints each file's findings as it goes and stops at the missing one: what
            // came before it stays printed (text only; its JSON is printed at the end).
            if !options.json, !verbose {
                report.write(Data(LintReport.text(findings, showAliases: options.showAliases, documentationList: false).utf8))
            }
            throw Linter.missingFile(missing)
        }
        var linkProblems = false
        if links {
            let (config, _) = try ConfigLoader.load(path: "mkdocs.yml")
            let problems = try LinkCheck.diagnostics(config: config)
            DiagnosticPrinter(level: .warning, strict: false).print(problems)
            linkProblems = problems.contains { $0.severity >= .warning }
        }
        if options.json {
            report.write(Data(LintReport.json(findings).utf8))
        } else if !verbose {
            report.write(Data(LintReport.text(findings, showAliases: options.showAliases, documentationList: documentationList).utf8))
        }
        return !findings.isEmpty || linkProblems
    }
}
