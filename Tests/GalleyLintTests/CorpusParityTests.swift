// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import GalleyLint
import Testing

/// The shipped mdl 0.12.0 outputs for the square/workflow docs, reproduced byte for byte.
@Suite("mdl parity on the square/workflow corpus", .enabled(if: LintTestSupport.corpusIsPresent, "../shared/corpus is absent"))
struct CorpusParityTests {
    static func markdownFiles() -> [String] {
        let docs = LintTestSupport.corpus.appendingPathComponent("docs").path
        var files: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: docs)
        while let relative = enumerator?.nextObject() as? String {
            if relative.hasSuffix(".md") { files.append("docs/" + relative) }
        }
        // `sort` in the C locale, as the oracle's `find | sort` ran.
        return files.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    func lint(_ files: [String], configure: (inout LintOptions) -> Void) throws -> [LintFinding] {
        var options = LintOptions()
        options.directory = LintTestSupport.corpus.path
        configure(&options)
        return try Linter(options: options).lint(files: files)
    }

    func oracle(_ name: String) throws -> String {
        try LintTestSupport.read(LintTestSupport.corpus.appendingPathComponent(name))
    }

    @Test func defaultRulesMatchTheTextOracle() throws {
        let findings = try lint(Self.markdownFiles()) { $0.ignoreFrontMatter = true }
        #expect(findings.count == 562)
        #expect(LintReport.text(findings, showAliases: false, documentationList: true) == (try oracle("mdl-0.12.0.default.txt")))
    }

    @Test func defaultRulesMatchTheJSONOracle() throws {
        let findings = try lint(Self.markdownFiles()) { $0.ignoreFrontMatter = true }
        #expect(LintReport.json(findings) == (try oracle("mdl-0.12.0.default.json")))
    }

    @Test func theProjectStyleMatchesItsOracle() throws {
        let findings = try lint(Self.markdownFiles()) { $0.style = ".markdownlint.rb" }
        #expect(LintReport.text(findings, showAliases: false, documentationList: true) == (try oracle("mdl-0.12.0.style-all-files.txt")))
    }

    @Test func lintDocsFileSetIsCleanWithAndWithoutMkdocsMode() throws {
        let files = Self.markdownFiles().filter { !$0.hasSuffix("/CHANGELOG.md") && !$0.hasSuffix("/whyworkflow.md") }
        for mkdocs in [false, true] {
            let findings = try lint(files) { options in
                options.style = ".markdownlint.rb"
                options.ignoreFrontMatter = true
                options.mkdocs = mkdocs
            }
            #expect(LintReport.text(findings, showAliases: false, documentationList: true) == (try oracle("mdl-0.12.0.lint_docs.txt")))
        }
    }

    @Test func mkdocsModeReadsTabsAsMarkdown() throws {
        let plain = try lint(["docs/userguide/ui-in-code.md"]) { $0.mkdocs = false }
        let aware = try lint(["docs/userguide/ui-in-code.md"]) { $0.mkdocs = true }
        #expect(plain.filter { $0.rule == "MD046" }.count == 9, "mdl sees the tabs' fenced blocks as indented code")
        #expect(aware.filter { $0.rule == "MD046" }.isEmpty)
        #expect(aware.filter { $0.rule == "MD040" }.isEmpty, "every fence in the tabs names its language")
        // A fence right under `=== "Android"` starts the tab's body and needs no blank line.
        #expect(plain.contains { $0.rule == "MD031" && $0.line == 209 })
        #expect(!aware.contains { $0.rule == "MD031" && $0.line == 209 })
    }
}
