// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import GalleyDiagnostics
import GalleyConfig
import GalleyLint
import GalleyPages
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
        var session = LintSession()
        session.paths = paths
        session.configFile = configFile
        session.mkdocs = mkdocs
        session.listRules = listRules
        session.verbose = verbose
        session.fix = fix
        session.dryRun = dryRun
        session.commandLine = { [self] options in
            if let style { options.style = style }
            if let rules { options.rules = LintOptions.toggleList(rules) }
            if let tags { options.tags = LintOptions.toggleList(tags) }
            if let ignoreFrontMatter { options.ignoreFrontMatter = ignoreFrontMatter }
            if let showAliases { options.showAliases = showAliases }
            if json { options.json = true }
            if gitRecurse { options.gitRecurse = true }
            if skipDefaultRuleset { options.skipDefaultRuleset = true }
            if warnings { options.showKramdownWarnings = true }
        }
        let siteConfig = session.mkdocsMode && (fix || links) ? try ConfigLoader.load(path: "mkdocs.yml").0 : nil
        if fix, let siteConfig {
            // A fix must keep the page as the site renders it, with the site's extensions.
            var log = DiagnosticLog()
            session.rendering = MarkdownSettings(config: siteConfig, log: &log)
        }
        if links {
            session.checkLinks = { () throws(DiagnosticError) -> Bool in
                let config: SiteConfig
                if let siteConfig { config = siteConfig } else { config = try ConfigLoader.load(path: "mkdocs.yml").0 }
                let problems = try LinkCheck.diagnostics(config: config)
                DiagnosticPrinter(level: .warning, strict: false).print(problems)
                return problems.contains { $0.severity >= .warning }
            }
        }
        return try session.run()
    }
}

/// `galley lint` parsed as a command of its own, named as galley's subcommand in its help: a
/// linter runs once per commit hook or editor save, and parsing the whole command tree, with
/// swift-argument-parser's check for a completion-script request (which galley's root
/// answers), was a fifth of a small lint run. `--generate-completion-script` stays on
/// `galley` itself.
struct LintAsRoot: ParsableCommand {
    static let configuration: CommandConfiguration = {
        var configuration = Lint.configuration
        configuration._superCommandName = "galley"
        return configuration
    }()

    @OptionGroup var lint: Lint

    func run() throws {
        try lint.run()
    }
}
