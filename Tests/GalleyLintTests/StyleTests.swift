// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyDiagnostics
@testable import GalleyLint
import Testing

@Suite("Style files and options")
struct StyleTests {
    @Test func theDSLAsProjectsWriteIt() throws {
        let style = try LintStyle.parse("""
        # comment
        all
        exclude_rule 'MD013'
        exclude_tag :whitespace
        rule 'MD026', :punctuation => '.,;:!'
        rule "ul-indent", indent: 4   # by alias, new hash syntax
        rule('MD003', :style => :atx)
        tag 'hard_tab'
        """, file: ".markdownlint.rb")
        #expect(!style.enabled.contains("MD013"))
        #expect(!style.enabled.contains("MD009") && !style.enabled.contains("MD012"), "whitespace rules are off")
        #expect(style.enabled.contains("MD010"), "tagged back in by hard_tab")
        #expect(style.parameters["MD026"]?["punctuation"] == .string(".,;:!"))
        #expect(style.parameters["MD007"]?["indent"] == .integer(4))
        #expect(style.parameters["MD003"]?["style"] == .symbol("atx"))
        let md026 = try #require(RuleCatalog.rule("MD026"))
        #expect(style.parameters(for: md026).text("punctuation") == ".,;:!")
    }

    @Test func mistakesNameTheFileLineAndColumn() {
        let unknownRule = #expect(throws: DiagnosticError.self) { try LintStyle.parse("all\n  rule 'MD999'\n", file: "s.rb") }
        #expect(unknownRule?.diagnostics.first?.location == SourceLocation(file: "s.rb", line: 2, column: 3))
        #expect(unknownRule?.diagnostics.first?.message.contains("no such rule: `MD999`") == true)
        // mdl ignores a parameter a rule does not have; Galley does too, with a warning at
        // its line that lists the real names.
        let misspelt = try? LintStyle.parse("rule 'MD013', :line_lenght => 100\n", file: "s.rb")
        #expect(misspelt?.enabled == ["MD013"] && misspelt?.parameters["MD013"] == nil)
        #expect(misspelt?.warnings.first?.location == SourceLocation(file: "s.rb", line: 1, column: 1))
        #expect(misspelt?.warnings.first?.message.contains(":line_length") == true, "the real parameter names are listed")
        let unclosed = #expect(throws: DiagnosticError.self) { try LintStyle.parse("exclude_rule 'MD013\n", file: "s.rb") }
        #expect(unclosed?.diagnostics.first?.location == SourceLocation(file: "s.rb", line: 1, column: 20))
        let notASetting = #expect(throws: DiagnosticError.self) { try LintStyle.parse("all\nenable 'MD001'\n", file: "s.rb") }
        #expect(notASetting?.diagnostics.first?.location.line == 2)
        #expect(throws: DiagnosticError.self) { try LintStyle.load("nonexistent") }
        #expect(throws: DiagnosticError.self) { try LintStyle.load("./missing.rb") }
    }

    @Test func builtInStylesMatchMdls() throws {
        #expect(try LintStyle.load("default").enabled == Set(RuleCatalog.all.map(\.id)).subtracting(["MD040", "MD041"]))
        let relaxed = try LintStyle.load("relaxed").enabled
        #expect(!relaxed.contains("MD009") && !relaxed.contains("MD013") && !relaxed.contains("MD047") && relaxed.contains("MD001"))
        let ciro = try LintStyle.load("cirosantilli")
        #expect(ciro.parameters["MD030"]?["ul_multi"] == .integer(3) && ciro.parameters["MD035"]?["style"] == .string("---"))
    }

    @Test func rulesAndTagsSelectLikeMdl() throws {
        var options = LintOptions()
        options.style = "all"
        options.rules = LintOptions.toggleList("MD001,no-hard-tabs,MD013")
        #expect(try options.selectedRules().map(\.0.id) == ["MD001", "MD010", "MD013"])
        options.rules = LintOptions.toggleList("~MD013,~header-increment")
        #expect(try !options.selectedRules().contains { ["MD001", "MD013"].contains($0.0.id) })
        options.rules = nil
        options.tags = LintOptions.toggleList("headers,~atx")
        let selected = try options.selectedRules().map(\.0.id)
        #expect(selected.contains("MD001") && !selected.contains("MD018") && !selected.contains("MD009"))
    }

    @Test func mdlrcSetsTheSameOptions() throws {
        var options = LintOptions()
        try options.apply(mdlrc: "style '.markdownlint.rb'\nrules 'MD001,~MD002'\nignore_front_matter true\nshow_aliases true\n", file: ".mdlrc")
        #expect(options.style == ".markdownlint.rb" && options.ignoreFrontMatter && options.showAliases)
        #expect(options.rules?.include == ["MD001"] && options.rules?.exclude == ["MD002"])
        var broken = LintOptions()
        let error = #expect(throws: DiagnosticError.self) { try broken.apply(mdlrc: "style\n", file: ".mdlrc") }
        #expect(error?.diagnostics.first?.location == SourceLocation(file: ".mdlrc", line: 1, column: 1))
    }

    @Test func outputFormats() throws {
        var options = LintOptions()
        options.style = "all"
        let findings = Try.lint("Title\n=====\n\n## Next ##\ntext \n", options: options)
        let text = LintReport.text(findings, showAliases: false, documentationList: true)
        #expect(text.hasPrefix("x.md:4: MD003 Header style\n"))
        #expect(text.contains("\nFurther documentation is available for these failures:\n - MD003: https://github.com/markdownlint/markdownlint/blob/master/docs/RULES.md#md003---header-style\n"))
        #expect(LintReport.text(findings, showAliases: true, documentationList: false).hasPrefix("x.md:4: header-style Header style\n"))
        #expect(LintReport.json([findings[0]]) == "[{\"filename\":\"x.md\",\"line\":4,\"rule\":\"MD003\",\"aliases\":[\"header-style\"],\"description\":\"Header style\",\"docs\":\"https://github.com/markdownlint/markdownlint/blob/master/docs/RULES.md#md003---header-style\"}]\n")
        #expect(LintReport.json([]) == "[]\n")
    }
}

enum Try {
    static func lint(_ text: String, options: LintOptions) -> [LintFinding] {
        (try? Linter(options: options).lint(text: text, file: "x.md")) ?? []
    }
}
