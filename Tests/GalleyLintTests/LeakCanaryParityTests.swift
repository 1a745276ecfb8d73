// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import GalleyLint
import Testing

/// mdl 0.12.0's findings on the second real site (leakcanary's docs), with and without
/// `--ignore-front-matter`, recorded in `ORACLE/` (`mdl -j $(find docs -name '*.md' | LC_ALL=C sort)`):
/// `galley lint` gives the same JSON, byte for byte.
@Suite("mdl parity on the leakcanary corpus", .enabled(if: LintTestSupport.leakcanaryIsPresent, "needs ../shared/corpus/leakcanary"))
struct LeakCanaryParityTests {
    @Test(arguments: [(false, "mdl-default.json"), (true, "mdl-ignore-front-matter.json")])
    func findingsMatchTheOracle(ignoreFrontMatter: Bool, oracle: String) throws {
        let root = LintTestSupport.leakcanary
        let docs = root.appendingPathComponent("docs").path
        let files = (FileManager.default.enumerator(atPath: docs)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".md") }
            .map { "docs/" + $0 }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        #expect(files.count > 20)
        var options = LintOptions()
        options.directory = root.path
        options.ignoreFrontMatter = ignoreFrontMatter
        let findings = try Linter(options: options).lint(files: files)
        let expected = try String(contentsOf: root.appendingPathComponent("ORACLE/" + oracle), encoding: .utf8)
        let ours = LintReport.json(findings)
        #expect(ours.trimmingCharacters(in: .whitespacesAndNewlines) == expected.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
