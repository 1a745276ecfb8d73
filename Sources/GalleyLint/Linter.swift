// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Foundation
import GalleyDiagnostics
import GalleyFileSystem
import GalleyMarkup
import GalleySources

/// One problem: a rule that a line of a file breaks.
package struct LintFinding: Sendable, Equatable {
    package var file: String
    package var line: Int
    package var rule: String
    package var aliases: [String]
    package var description: String
    package var documentationURL: String
}

/// Runs the selected rules over files, in parallel, reporting in mdl's order: files as
/// given, then rules by id, then lines in the order each rule found them.
package struct Linter: Sendable {
    package var options: LintOptions
    let rules: [(Rule, RuleParameters)]

    /// What the style file said that is ignored (parameters a rule does not have).
    package let warnings: [Diagnostic]

    package init(options: LintOptions) throws(DiagnosticError) {
        self.options = options
        // Without mdl's own rules nothing is left to run: custom rule files need Ruby.
        var warnings = options.settingsWarnings
        if let rulesets = options.rulesets {
            warnings.append(Diagnostic(.warning, at: rulesets.location, "`rulesets` names Ruby rule files (\(rulesets.files.joined(separator: ", "))), which Galley does not run: their rules are not checked", code: LintCodes.rubyRules))
        }
        if options.skipDefaultRuleset {
            rules = []
        } else {
            let selection = try options.selection()
            rules = selection.rules
            warnings += selection.warnings
        }
        self.warnings = warnings
    }

    /// The rules that will run, in order.
    package var ruleList: [Rule] { rules.map(\.0) }

    /// The findings for one file's text.
    package func lint(text: String, file: String) -> [LintFinding] {
        findings(in: document(text), file: file)
    }

    /// `text` parsed as these options read it.
    func document(_ text: String) -> LintDocument {
        LintDocument(LintSource(text, ignoreFrontMatter: options.ignoreFrontMatter, leadingFrontMatterOnly: options.leadingFrontMatterOnly, mkdocs: options.mkdocs))
    }

    /// The findings for a parsed file.
    func findings(in document: LintDocument, file: String) -> [LintFinding] {
        var findings: [LintFinding] = []
        for (rule, parameters) in rules {
            for line in rule.check(document, parameters) {
                findings.append(LintFinding(file: file, line: line + document.source.offset, rule: rule.id, aliases: rule.aliases,
                                            description: rule.description, documentationURL: rule.documentationURL))
            }
        }
        return findings
    }

    /// The findings for files on disk (a git link stub is read as the file it names); a
    /// missing file is an error, and nothing is linted.
    package func lint(files: [String]) throws(DiagnosticError) -> [LintFinding] {
        if let missing = files.first(where: { !FileManager.default.fileExists(atPath: options.resolve($0)) }) {
            throw Self.missingFile(missing)
        }
        return run(files: files).findings
    }

    /// The error for a file that is not there.
    package static func missingFile(_ file: String) -> DiagnosticError {
        DiagnosticError(at: SourceLocation(file: file), "no such file or directory", code: LintCodes.missingFile)
    }

    /// Lints `files` as mdl's command does: in order, `-` for standard input (read once, by
    /// the first `-`; mdl names it `(stdin)`), stopping at the first file that is not there.
    package func run(files: [String], standardInput: () -> String = LintRun.readStandardInput) -> LintRun {
        let missing = files.firstIndex { $0 != "-" && !FileManager.default.fileExists(atPath: options.resolve($0)) }
        let present = Array(files[..<(missing ?? files.endIndex)])
        var input = present.contains("-") ? standardInput() : ""
        // Each `-` after the first finds standard input already read to its end, as in mdl.
        let texts: [String?] = present.map { file in
            guard file == "-" else { return nil }
            defer { input = "" }
            return input
        }
        let project = options.directory ?? SystemCalls.currentDirectory
        let stubs = LinkStubPolicy(project: project, directory: project)
        let results = parallelMap(Array(zip(present, texts))) { file, stdinText in
            if let stdinText { return lint(text: stdinText, file: "(stdin)") }
            let path = stubs.target(of: options.resolve(file)) ?? options.resolve(file)
            let text = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
            return lint(text: text, file: file)
        }
        return LintRun(files: Array(zip(present, results)).map { (file: $0.0, findings: $0.1) }, missing: missing.map { files[$0] })
    }

    /// The files an argument list names, in mdl's order: a directory's Markdown files
    /// (`.md`, `.markdown`) in a walk that visits each folder's entries sorted by name and
    /// goes into a folder where its name falls; with `gitTracked`, the files git tracks
    /// there, in git's order (full paths sorted), as `mdl -g` asks git.
    package static func expand(_ arguments: [String], gitTracked: Bool = false) -> [String] {
        arguments.flatMap { argument -> [String] in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue else { return [argument] }
            let base = argument.hasSuffix("/") ? String(argument.dropLast()) : argument
            guard gitTracked else { return markdownFiles(under: base) }
            let absolute = PathName.absolute(base, relativeTo: FileManager.default.currentDirectoryPath)
            guard let listing = GitIndex.listFiles(in: absolute) else { return [] }
            return listing.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                .filter(isMarkdown)
                .map { base + "/" + $0 }
        }
    }

    private static func isMarkdown(_ name: String) -> Bool {
        name.hasSuffix(".md") || name.hasSuffix(".markdown")
    }

    private static func markdownFiles(under directory: String) -> [String] {
        let names = (SystemCalls.names(in: directory) ?? [])
            .filter { !$0.hasPrefix(".") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var files: [String] = []
        for name in names {
            let path = directory + "/" + name
            if SystemCalls.kind(path) == .directory {
                // A folder is walked into; a link to one is not.
                if SystemCalls.linkKind(path) == .directory { files += markdownFiles(under: path) }
            } else if isMarkdown(name) {
                files.append(path)
            }
        }
        return files
    }
}

/// A lint of files in mdl's order: each file's findings, up to the first missing file.
package struct LintRun {
    /// Each file linted, as named on the command line, with its findings.
    package var files: [(file: String, findings: [LintFinding])]
    /// The first file that was not there, where the run stopped (as mdl does, exit 3).
    package var missing: String?

    package init(files: [(file: String, findings: [LintFinding])], missing: String?) {
        self.files = files
        self.missing = missing
    }

    /// Every finding, file by file.
    package var findings: [LintFinding] { files.flatMap(\.findings) }

    /// Standard input read to its end.
    package static func readStandardInput() -> String {
        String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }
}

/// mdl's two output formats.
package enum LintReport {
    /// `path:line: MDxxx Description` lines, then (when `documentationList`, as mdl does
    /// when not writing to a terminal) where each failed rule is documented.
    package static func text(_ findings: [LintFinding], showAliases: Bool, documentationList: Bool) -> String {
        var output = ""
        var documented: [LintFinding] = []
        for finding in findings {
            let id = showAliases ? finding.aliases.first ?? finding.rule : finding.rule
            output += "\(finding.file):\(finding.line): \(id) \(finding.description)\n"
            if !documented.contains(where: { $0.rule == finding.rule }) { documented.append(finding) }
        }
        if documentationList, !documented.isEmpty {
            output += "\nFurther documentation is available for these failures:\n"
            for finding in documented {
                let id = showAliases ? finding.aliases.first ?? finding.rule : finding.rule
                output += " - \(id): \(finding.documentationURL)\n"
            }
        }
        return output
    }

    /// `-v` output as mdl prints it: `Checking <file>...` before each file (as named on the
    /// command line), `Processing rule <id>` before each rule in id order, each rule's
    /// findings after its line; then the documentation list, as ``text(_:showAliases:documentationList:)``.
    package static func verboseText(_ run: LintRun, rules: [Rule], showAliases: Bool, documentationList: Bool) -> String {
        var output = ""
        let ordered = rules.sorted { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
        for (file, findings) in run.files {
            output += "Checking \(file)...\n"
            for rule in ordered {
                output += "Processing rule \(rule.id)\n"
                output += text(findings.filter { $0.rule == rule.id }, showAliases: showAliases, documentationList: false)
            }
        }
        if let missing = run.missing { output += "Checking \(missing)...\n" }
        guard documentationList, run.missing == nil else { return output }
        let list = text(run.findings, showAliases: showAliases, documentationList: true)
        if let start = list.range(of: "\nFurther documentation") { output += list[start.lowerBound...] }
        return output
    }

    /// `--list-rules`: ids (or aliases) and descriptions; with `verbose`, aliases and tags too.
    package static func ruleList(_ rules: [Rule], verbose: Bool, showAliases: Bool) -> String {
        var output = "Enabled rules:\n"
        for rule in rules {
            if verbose {
                output += "\(rule.id) (\(rule.aliases.joined(separator: ", "))) [\(rule.tags.joined(separator: ", "))] - \(rule.description)\n"
            } else {
                output += "\(showAliases ? rule.aliases.first ?? rule.id : rule.id) - \(rule.description)\n"
            }
        }
        return output
    }

    /// One JSON array, compact, fields in mdl's order.
    package static func json(_ findings: [LintFinding]) -> String {
        let objects = findings.map { finding in
            "{\"filename\":\(JSONText.quoted(finding.file)),\"line\":\(finding.line),\"rule\":\(JSONText.quoted(finding.rule)),"
                + "\"aliases\":[\(finding.aliases.map(JSONText.quoted).joined(separator: ","))],"
                + "\"description\":\(JSONText.quoted(finding.description)),\"docs\":\(JSONText.quoted(finding.documentationURL))}"
        }
        return "[" + objects.joined(separator: ",") + "]\n"
    }

}
