// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import GalleyLint
import Testing

/// Every fixture is linted with `all` rules (or its own `.rb` style) and must give exactly
/// the findings recorded from mdl 0.12.0 in its `.expected` file. Where mdl is installed,
/// it is run on the fixture too, so the record itself is checked.
@Suite("mdl parity on fixtures")
struct FixtureParityTests {
    static let names: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: LintTestSupport.fixtures.path)) ?? [])
        .filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }.sorted()

    static func style(for name: String) -> String {
        let style = LintTestSupport.fixtures.appendingPathComponent(name + ".rb")
        return FileManager.default.fileExists(atPath: style.path) ? "./" + name + ".rb" : "all"
    }

    @Test func everyRuleHasAFixtureThatFailsIt() throws {
        var failed = Set<String>()
        for name in Self.names {
            let expected = try LintTestSupport.read(LintTestSupport.fixtures.appendingPathComponent(name + ".expected"))
            for line in expected.split(separator: "\n") {
                if let rule = line.split(separator: " ").dropFirst().first { failed.insert(String(rule)) }
            }
        }
        #expect(Set(RuleCatalog.all.map(\.id)).subtracting(failed).isEmpty, "rules no fixture fails: \(Set(RuleCatalog.all.map(\.id)).subtracting(failed).sorted())")
        // mdl 0.12.0 ships 39 rules (`mdl -s all -l`), not the 37 sometimes quoted.
        #expect(RuleCatalog.all.count == 39)
        if LintTestSupport.mdl != nil {
            let listed = try LintTestSupport.runMDL(["-s", "all", "-l", "-v"], in: LintTestSupport.fixtures)
            let ours = LintReport.ruleList(RuleCatalog.all, verbose: true, showAliases: false)
            #expect(listed == ours, "ids, aliases, tags and descriptions as mdl lists them")
        }
    }

    @Test(arguments: names) func fixtureMatchesMDL(name: String) throws {
        let directory = LintTestSupport.fixtures
        var options = LintOptions()
        options.directory = directory.path
        options.style = Self.style(for: name)
        options.ignoreFrontMatter = name == "front-matter"
        let findings = try Linter(options: options).lint(files: [name + ".md"])
        let ours = LintReport.text(findings, showAliases: false, documentationList: false)
        let expected = try LintTestSupport.read(directory.appendingPathComponent(name + ".expected"))
        #expect(ours == LintTestSupport.findingLines(expected))
        if LintTestSupport.mdl != nil {
            var arguments = ["-s", Self.style(for: name), name + ".md"]
            if options.ignoreFrontMatter { arguments.insert("--ignore-front-matter", at: 0) }
            let live = try LintTestSupport.runMDL(arguments, in: directory)
            #expect(LintTestSupport.findingLines(live) == ours, "mdl itself disagrees with the record")
        }
    }
}
