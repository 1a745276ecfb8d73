import Foundation

/// An executable that runs one scope's program: its own, or a shared module's run with the
/// scope's entry name as argument.
struct BuiltProgram: Sendable, Equatable {
    var executable: String
    var arguments: [String]
    /// The compiler's messages about this program, as it printed them.
    var log: String

    /// A program's own executable sits in `programs/KEY/program`; a scope compiled in a
    /// shared module has `programs/KEY/shared` naming the module's directory and its entry.
    static func load(key: String, programsDirectory: String) -> BuiltProgram? {
        let directory = programsDirectory + "/" + key
        let log = (try? String(contentsOfFile: directory + "/compiler.log", encoding: .utf8)) ?? ""
        if FileManager.default.isExecutableFile(atPath: directory + "/program") {
            return BuiltProgram(executable: directory + "/program", arguments: [], log: log)
        }
        guard let reference = try? String(contentsOfFile: directory + "/shared", encoding: .utf8) else { return nil }
        let fields = reference.split(separator: "\n")
        guard fields.count == 2 else { return nil }
        let executable = programsDirectory + "/" + fields[0] + "/program"
        guard FileManager.default.isExecutableFile(atPath: executable) else { return nil }
        return BuiltProgram(executable: executable, arguments: [String(fields[1])], log: log)
    }

    /// Records that the program `key` is `entry` of the shared module in `moduleDirectory`
    /// (a name inside `programsDirectory`), with the compiler's messages about it.
    static func recordShared(key: String, moduleDirectory: String, entry: String, log: String, programsDirectory: String) {
        let directory = programsDirectory + "/" + key
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try? log.write(toFile: directory + "/compiler.log", atomically: true, encoding: .utf8)
        try? "\(moduleDirectory)\n\(entry)\n".write(toFile: directory + "/shared", atomically: true, encoding: .utf8)
    }
}
