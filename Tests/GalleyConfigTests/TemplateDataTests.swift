// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import Testing

/// The templating plugins' data files: read into page variables, and a broken one named at
/// its line.
@Suite("Template data files")
struct TemplateDataTests {
    @Test func dataFilesBecomeVariablesAndABrokenOneIsAWarningAtItsLine() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("galley-data-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("docs/_data"), withIntermediateDirectories: true)
        try "next: '2.0'\n".write(to: root.appendingPathComponent("docs/_data/versions.yml"), atomically: true, encoding: .utf8)
        try "good: 1\nbad: [unclosed\n".write(to: root.appendingPathComponent("docs/_data/broken.yml"), atomically: true, encoding: .utf8)
        let configFile = root.appendingPathComponent("mkdocs.yml")
        try "site_name: Data\nplugins:\n  - markdownextradata\n".write(to: configFile, atomically: true, encoding: .utf8)
        let (config, diagnostics) = try ConfigLoader.load(path: configFile.path)
        #expect(config.templateData["versions"]?["next"] == .string("2.0"))
        #expect(config.templateDataFiles.count == 2)
        let broken = try #require(diagnostics.first { $0.code.description == "config.template_data" })
        #expect(broken.location.file == "docs/_data/broken.yml")
        #expect(broken.location.line >= 2)
    }
}
