// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// An executable that runs one scope's program: its own, or one linked from many pages'
/// programs, run with `GALLEY_PAGE` naming the scope's entry point.
struct BuiltProgram: Sendable, Equatable {
    var executable: String
    /// The entry point to name in `GALLEY_PAGE`.
    var entry: String
    /// The compiler's messages about this program, as it printed them.
    var log: String

    /// A program linked alone sits in `programs/KEY/program`; one linked with others has
    /// `programs/KEY/linked` naming the executable's directory and its entry.
    static func load(key: String, entry: String, programsDirectory: String) -> BuiltProgram? {
        let directory = programsDirectory + "/" + key
        let log = (try? String(contentsOfFile: directory + "/compiler.log", encoding: .utf8)) ?? ""
        if FileManager.default.isExecutableFile(atPath: directory + "/program") {
            return BuiltProgram(executable: directory + "/program", entry: entry, log: log)
        }
        guard let reference = try? String(contentsOfFile: directory + "/linked", encoding: .utf8) else { return nil }
        let fields = reference.split(separator: "\n")
        guard fields.count == 2, fields[1] == entry else { return nil }
        let executable = programsDirectory + "/" + fields[0] + "/program"
        guard FileManager.default.isExecutableFile(atPath: executable) else { return nil }
        SnippetCache.touch(programsDirectory + "/" + fields[0])
        return BuiltProgram(executable: executable, entry: entry, log: log)
    }

    /// Records that the program `key` is `entry` of the executable linked in `directory` (a
    /// name inside `programsDirectory`).
    static func recordLinked(key: String, directory: String, entry: String, log: String, programsDirectory: String) {
        let own = programsDirectory + "/" + key
        try? FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: true)
        try? "\(directory)\n\(entry)\n".write(toFile: own + "/linked", atomically: true, encoding: .utf8)
    }
}
