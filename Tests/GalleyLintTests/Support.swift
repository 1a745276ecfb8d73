// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle

/// Where the fixtures and the shared corpus are, and how to run the real mdl beside them.
enum LintTestSupport {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let fixtures = testsDirectory.appendingPathComponent("Fixtures")
    static let corpus = SharedCorpus.squareWorkflow
    static let corpusIsPresent = SharedCorpus.squareWorkflowIsPresent
    /// The second real site, with mdl's JSON findings in `ORACLE/`.
    static let leakcanary = SharedCorpus.leakCanary
    static let leakcanaryIsPresent = FileManager.default.fileExists(atPath: leakcanary.appendingPathComponent("ORACLE/mdl-default.json").path)

    /// `mdl` on the PATH, if installed.
    static let mdl: String? = {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(directory)/mdl"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    /// Runs mdl in `directory`; returns its standard output.
    static func runMDL(_ arguments: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: mdl ?? "/usr/bin/mdl")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static func read(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    /// mdl's findings without the documentation list after them.
    static func findingLines(_ output: String) -> String {
        output.components(separatedBy: "\n\nFurther documentation").first.map { $0.hasSuffix("\n") || $0.isEmpty ? $0 : $0 + "\n" } ?? ""
    }
}
