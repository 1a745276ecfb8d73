// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import GalleyPages

/// Where a lint run writes: mdl's two streams, and whether standard output is a terminal
/// (mdl lists the rules' documentation under its findings only when it is not).
package struct LintStreams: Sendable {
    package var output: @Sendable (String) -> Void
    package var errors: @Sendable (String) -> Void
    package var outputIsTerminal: Bool

    package init(output: @escaping @Sendable (String) -> Void, errors: @escaping @Sendable (String) -> Void, outputIsTerminal: Bool) {
        self.output = output
        self.errors = errors
        self.outputIsTerminal = outputIsTerminal
    }

    /// The process's own standard output and standard error.
    package static var standard: LintStreams {
        LintStreams(
            output: { FileHandle.standardOutput.write(Data($0.utf8)) },
            errors: { FileHandle.standardError.write(Data($0.utf8)) },
            outputIsTerminal: isatty(STDOUT_FILENO) != 0
        )
    }
}

/// One `galley lint` run as mdl's command line makes it: the configuration file found and
/// read, then the rules listed, or the files fixed and linted, with each line on the stream
/// mdl puts it on (and the dry-run patch alone on standard output). The command line only
/// parses its arguments into this.
package struct LintSession {
    package var paths: [String] = []
    /// The `.mdlrc` asked for (`-c`); a missing one is looked for upward, as mdl does.
    package var configFile = ".mdlrc"
    /// nil: on when `mkdocs.yml` is in the current directory, and said so on standard error.
    package var mkdocs: Bool?
    /// The command line's options, applied over the configuration file's.
    package var commandLine: (inout LintOptions) -> Void = { _ in }
    package var listRules = false
    package var verbose = false
    package var fix = false
    package var dryRun = false
    /// How the site renders a page: a fix is kept only where this rendering stays the same.
    package var rendering = MarkdownSettings()
    /// The link check `--links` adds (it needs the site's build); true when it found problems.
    package var checkLinks: (() throws(DiagnosticError) -> Bool)?
    package var streams = LintStreams.standard

    package init() {}

    /// Whether mkdocs mode is on for this run.
    package var mkdocsMode: Bool { mkdocs ?? FileManager.default.fileExists(atPath: "mkdocs.yml") }

    /// Runs it; true when a rule (or the link check) failed. Throws for a missing file, a
    /// style or configuration it cannot use, or Ruby rule files.
    package func run() throws(DiagnosticError) -> Bool {
        let (linter, options) = try makeLinter()
        if listRules || options.listRules {
            streams.output(LintReport.ruleList(linter.ruleList, verbose: verbose, showAliases: options.showAliases))
            return false
        }
        // No path, or `-`, is standard input, as in mdl.
        let files = paths.isEmpty ? ["-"] : Linter.expand(paths, gitTracked: options.gitRecurse)
        if fix, !paths.isEmpty { try fixFiles(files.filter { $0 != "-" }, linter: linter) }
        let run = linter.run(files: files)
        // A dry run's diff is the output (`> fix.patch` is the patch); the findings go to
        // standard error then.
        let report = fix && dryRun ? streams.errors : streams.output
        let documentationList = !streams.outputIsTerminal
        if verbose {
            // With --json, mdl's progress lines come first and the findings only in the JSON.
            let shown = options.json ? LintRun(files: run.files.map { (file: $0.file, findings: []) }, missing: run.missing) : run
            report(LintReport.verboseText(shown, rules: linter.ruleList, showAliases: options.showAliases, documentationList: documentationList && !options.json))
        }
        if let missing = run.missing {
            // mdl prints each file's findings as it goes and stops at the missing one: what
            // came before it stays printed (text only; its JSON is printed at the end).
            if !options.json, !verbose {
                report(LintReport.text(run.findings, showAliases: options.showAliases, documentationList: false))
            }
            throw Linter.missingFile(missing)
        }
        let linkProblems = try checkLinks?() ?? false
        if options.json {
            report(LintReport.json(run.findings))
        } else if !verbose {
            report(LintReport.text(run.findings, showAliases: options.showAliases, documentationList: documentationList))
        }
        return !run.findings.isEmpty || linkProblems
    }

    /// The options from the configuration file and the command line, and the linter they
    /// make; what mdl would ignore silently is said on standard error.
    private func makeLinter() throws(DiagnosticError) -> (Linter, LintOptions) {
        var options = LintOptions()
        options.mkdocs = mkdocsMode
        if mkdocs == nil, options.mkdocs {
            // Findings differ from mdl's in this mode; a user who replaced `mdl` must not be
            // left to find that out. Naming the mode either way silences this.
            streams.errors("galley lint: mkdocs mode is on because mkdocs.yml is here: !!!, ??? and === container bodies are read as Markdown, so findings can differ from mdl's (--no-mkdocs lints as mdl does; --mkdocs keeps the mode without this note)\n")
        }
        if let config = LintConfigFile.find(configFile) {
            if verbose { streams.output("Loaded config from \(config)\n") }
            let text = (try? String(contentsOfFile: config, encoding: .utf8)) ?? ""
            try options.apply(mdlrc: text, file: config)
        }
        if let found = options.rulesets {
            // As `-u`: mdl would load these with Ruby; refusing beats linting without them.
            throw DiagnosticError(at: found.location, "cannot load \(found.files.map { "`\($0)`" }.joined(separator: ", ")): custom rule files are Ruby code, which galley lint does not run. Lint with mdl for them, or drop `rulesets`.", code: LintCodes.rubyRules)
        }
        commandLine(&options)
        let linter = try Linter(options: options)
        // mdl ignores these silently; saying so costs nothing and exits as mdl would.
        for warning in linter.warnings { streams.errors(warning.description + "\n") }
        if options.showKramdownWarnings {
            // Accepted for mdl's command lines, but not silently: nothing will be shown.
            streams.errors("galley lint: warning: -w asks for kramdown's parser warnings, which galley lint does not reproduce; none will be shown\n")
        }
        return (linter, options)
    }

    /// `--fix`: the files rewritten, or with `--dry-run` the patch printed.
    private func fixFiles(_ files: [String], linter: Linter) throws(DiagnosticError) {
        var skipped: [String] = []
        let changes = try LintFixer(linter: linter, rendering: rendering).fix(files: files, write: !dryRun, skipped: &skipped)
        for file in skipped {
            streams.errors("galley lint: \(file): not fixed: its lines end both with CRLF and with LF, so a fixed line's ending would be a guess\n")
        }
        if dryRun {
            streams.output(changes.map(\.diff).joined())
        } else {
            // A real fix names what it fixed on standard error.
            streams.errors(changes.map { "Fixed \($0.file): \($0.rules.joined(separator: ", "))\n" }.joined())
        }
    }
}
