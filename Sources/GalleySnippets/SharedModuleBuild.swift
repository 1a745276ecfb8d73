import Foundation

/// Compiles several scopes' programs as the files of one module into one executable, which
/// runs the program its argument names. The compiler then loads the linked libraries and
/// the linker runs once for all of them, rather than once per page.
struct SharedModuleBuild {
    /// Scopes with distinct programs and the same compiler flags.
    var members: [ScopeRunner]
    var host: SnippetHost
    var toolchain: SwiftToolchain
    var programsDirectory: String

    struct Result {
        /// The executables of the members, by program key, when the module compiled.
        var built: [String: BuiltProgram] = [:]
        /// Program keys of the members the compiler reported errors in.
        var failing: Set<String> = []
    }

    func compile() -> Result {
        let keys = members.map(\.programKey)
        let flags = members[0].sharedFlags
        let entries = keys.map { "__galleyPage_" + $0.prefix(20) }
        var moduleHash = ContentHash()
        moduleHash.add("keys", keys.joined(separator: " "))
        moduleHash.add("flags", flags.joined(separator: " "))
        let name = "shared-" + moduleHash.finish().prefix(24)
        let directory = programsDirectory + "/" + name
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)

        var files: [String] = []
        var shifts: [[ProgramSource.ColumnShift]] = []
        for (member, entry) in zip(members, entries) {
            let (text, memberShifts) = member.sharedModuleFile(entry: entry)
            let file = directory + "/\(entry).swift"
            try? text.write(toFile: file, atomically: true, encoding: .utf8)
            files.append(file)
            shifts.append(memberShifts)
        }
        let main = directory + "/main.swift"
        try? ProgramSource.dispatcher(entries: entries).write(toFile: main, atomically: true, encoding: .utf8)
        files.append(main)

        let executable = directory + "/program"
        // One frontend for the whole module: the batch-mode driver fails to link here.
        let jobs = ProcessInfo.processInfo.activeProcessorCount
        let arguments = files + ["-o", executable + ".partial", "-wmo", "-num-threads", String(jobs)] + flags + host.linkerFlags
        let result = try? ProcessRunner(executable: toolchain.swiftc, arguments: arguments, directory: directory).run()
        let messages = CompilerMessage.parse(result?.output ?? "")
        try? (result?.output ?? "").write(toFile: directory + "/compiler.log", atomically: true, encoding: .utf8)

        var outcome = Result()
        var logs: [String] = []
        for (index, member) in members.enumerated() {
            let own = messages.filter(member.owns).map { ProgramSource.ColumnShift.unshift($0, by: shifts[index]) }
            if own.contains(where: { $0.severity == "error" }) { outcome.failing.insert(keys[index]) }
            logs.append(own.map(\.text).joined(separator: "\n"))
        }
        guard result?.ending == .exited(0), (try? FileManager.default.moveItem(atPath: executable + ".partial", toPath: executable)) != nil else {
            return outcome
        }
        for (index, key) in keys.enumerated() {
            BuiltProgram.recordShared(key: key, moduleDirectory: name, entry: entries[index], log: logs[index], programsDirectory: programsDirectory)
            outcome.built[key] = BuiltProgram(executable: executable, arguments: [entries[index]], log: logs[index])
        }
        return outcome
    }
}
