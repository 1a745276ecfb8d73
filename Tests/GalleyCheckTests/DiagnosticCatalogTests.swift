// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import Testing
@testable import GalleyCheck

/// The guide's table of codes is generated from the codes the modules declare: a code added,
/// renamed or explained differently shows here first.
@Suite("the table of diagnostic codes")
struct DiagnosticCatalogTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/galley/troubleshooting.md")

    @Test func theGuideListsEveryCodeWithItsMeaning() throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Diagnostic codes\n").dropFirst().first)
        let table = section.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }.joined(separator: "\n") + "\n"
        let expected = DiagnosticCatalog.markdownTable
        if table != expected, ProcessInfo.processInfo.environment["GALLEY_WRITE_CODES"] == "1" {
            try text.replacingOccurrences(of: table, with: expected).write(to: Self.page, atomically: true, encoding: .utf8)
        }
        #expect(table == expected, "docs/galley/troubleshooting.md's table differs from the declared codes; GALLEY_WRITE_CODES=1 swift test --filter DiagnosticCatalogTests writes it")
    }

    @Test func codesAreUniqueAndWellFormed() {
        let all = DiagnosticCatalog.all
        #expect(Set(all).count == all.count, "a code is declared twice")
        for code in all {
            #expect(code.name.allSatisfy { $0.isLowercase || $0 == "_" }, "\(code)")
            #expect(!code.summary.isEmpty && !code.summary.hasSuffix("."), "\(code)")
        }
    }
}
