// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyFileSystem

/// Links compiled page programs into executables: all of them into one, whose `main` runs
/// the page program that `GALLEY_PAGE` names, so the linker runs once rather than once per
/// page. Should that link fail (two pages defining one C symbol, say), each program is
/// linked alone, so a page's link error stays with that page.
struct ProgramLinker {
    var host: SnippetHost
    var toolchain: SwiftToolchain
    var programsDirectory: String
    /// Hears how long linking took.
    var stages = SnippetStageClock()

    /// A compiled page program: its cache key, its object file and its entry point.
    struct Object: Sendable {
        var key: String
        var path: String
        var entry: String
        /// The compiler's messages about it, kept with the executable.
        var log: String
    }

    /// The environment variable that names the page program to run.
    static let selector = "GALLEY_PAGE"

    /// The executables of `objects`, by key; a program missing here did not link, and
    /// `failures` holds the linker's words about it.
    func link(_ objects: [Object]) -> (built: [String: BuiltProgram], failures: [String: String]) {
        guard !objects.isEmpty else { return ([:], [:]) }
        if objects.count > 1 {
            var hash = ContentHash()
            hash.add("objects", objects.map(\.key).joined(separator: " "))
            let name = "linked-" + hash.finish().prefix(24)
            if case .success(let executable) = linkExecutable(objects, in: programsDirectory + "/" + name) {
                var built: [String: BuiltProgram] = [:]
                for object in objects {
                    BuiltProgram.recordLinked(key: object.key, directory: name, entry: object.entry, log: object.log, programsDirectory: programsDirectory)
                    built[object.key] = BuiltProgram(executable: executable, entry: object.entry, log: object.log)
                }
                return (built, [:])
            }
        }
        return linkEach(objects)
    }

    /// Links each of `objects` into an executable of its own.
    func linkEach(_ objects: [Object]) -> (built: [String: BuiltProgram], failures: [String: String]) {
        let results = parallelMap(objects) { object in linkExecutable([object], in: programsDirectory + "/" + object.key) }
        var built: [String: BuiltProgram] = [:]
        var failures: [String: String] = [:]
        for (object, result) in zip(objects, results) {
            switch result {
            case .success(let executable): built[object.key] = BuiltProgram(executable: executable, entry: object.entry, log: object.log)
            case .failure(let error): failures[object.key] = error.output
            }
        }
        return (built, failures)
    }

    struct LinkError: Error {
        var output: String
    }

    /// Links `objects` with the dispatcher into `directory/program`. Each entry point is
    /// exported, so the dispatcher finds it by name.
    private func linkExecutable(_ objects: [Object], in directory: String) -> Result<String, LinkError> {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let dispatcher: String
        switch compiledDispatcher() {
        case .success(let object): dispatcher = object
        case .failure(let error): return .failure(error)
        }
        let executable = directory + "/program"
        let started = ContinuousClock.now
        let (linked, processes) = run(dispatcher: dispatcher, objects: objects, output: executable + ".partial", directory: directory)
        stages.record(.linking, since: started, processes: processes, processorSeconds: linked?.processorSeconds ?? 0)
        guard linked?.ending == .exited(0), (try? SystemCalls.rename(executable + ".partial", executable)) != nil else {
            return .failure(LinkError(output: "linking failed: \(linked?.output.suffix(3000) ?? "the linker could not be started")"))
        }
        return .success(executable)
    }

    /// Links `objects` with the dispatcher into `output`: the driver's two jobs run directly
    /// (``LinkCommand``), or else `swiftc`. The outcome (the processor time is the jobs'
    /// together) and how many processes ran.
    private func run(dispatcher: String, objects: [Object], output: String, directory: String) -> (ProcessRunner.Outcome?, Int) {
        let template = [dispatcher, LinkCommand.objectPlaceholder, "-o", LinkCommand.outputPlaceholder] + toolchain.fastLinkerFlags
            + ["-Xlinker", LinkCommand.exportPlaceholder] + host.linkerFlags + ["-ldl"]
        guard let command = LinkCommand.resolved(toolchain: toolchain, driverArguments: template) else {
            let exports = objects.flatMap { ["-Xlinker", "--export-dynamic-symbol=" + $0.entry] }
            let arguments = [dispatcher] + objects.map(\.path) + ["-o", output] + toolchain.fastLinkerFlags + exports + host.linkerFlags + ["-ldl"]
            return (try? ProcessRunner(executable: toolchain.swiftc, arguments: arguments, directory: directory).run(), 1)
        }
        let libraries = output + ".autolink"
        defer { try? FileManager.default.removeItem(atPath: libraries) }
        let paths = objects.map(\.path)
        let extracted = try? ProcessRunner(executable: command.extractor, arguments: command.extractorArguments(objects: paths, libraries: libraries), directory: directory).run()
        guard let extracted, extracted.ending == .exited(0) else { return (extracted, 1) }
        var linked = try? ProcessRunner(executable: command.linker, arguments: command.linkerArguments(objects: paths, output: output, exports: objects.map(\.entry), libraries: libraries), directory: directory).run()
        linked?.processorSeconds += extracted.processorSeconds
        return (linked, 2)
    }

    /// The dispatcher's object file, compiled once for its source and the C compiler and kept
    /// beside the programs: every link uses the same one, so a link starts no C compiler.
    private func compiledDispatcher() -> Result<String, LinkError> {
        var hash = ContentHash()
        hash.add("source", Self.dispatcherSource)
        hash.add("clang", toolchain.identity + " " + toolchain.clang)
        let object = programsDirectory + "/dispatch-" + hash.finish().prefix(24) + ".o"
        if FileManager.default.fileExists(atPath: object) { return .success(object) }
        try? FileManager.default.createDirectory(atPath: programsDirectory, withIntermediateDirectories: true)
        // Builds side by side may compile it at once; each writes its own file and renames it
        // into place, so a reader never sees half of one.
        let unique = object + ".\(ProcessInfo.processInfo.processIdentifier).\(UInt64.random(in: 0...UInt64.max))"
        let source = unique + ".c"
        try? Self.dispatcherSource.write(toFile: source, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: source) }
        let started = ContinuousClock.now
        let compiled = try? ProcessRunner(executable: toolchain.clang, arguments: ["-c", source, "-o", unique], directory: programsDirectory).run()
        stages.record(.linking, since: started, processes: 1, processorSeconds: compiled?.processorSeconds ?? 0)
        guard compiled?.ending == .exited(0), (try? SystemCalls.rename(unique, object)) != nil else {
            try? FileManager.default.removeItem(atPath: unique)
            return .failure(LinkError(output: "cannot compile the program dispatcher with `\(toolchain.clang)`: \(compiled?.output ?? "it could not be started")"))
        }
        return .success(object)
    }

    /// A C `main` that runs the entry point `GALLEY_PAGE` names, having taken the variable
    /// out of the environment, so the page program sees the environment and arguments it
    /// would see as an executable of its own. It finds the entry point among the
    /// executable's exported symbols, so one dispatcher serves every set of programs; only
    /// names of page programs are looked up.
    static let dispatcherSource: String = """
        /* Generated by galley: runs one of the page programs linked into this executable. */
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>

        """ + ProgramShepherd.source + """

        typedef int (*galley_entry)(int, char **);

        int main(int argc, char **argv) {
            const char *value = getenv("\(selector)");
            char name[128] = "";
            if (value) strncpy(name, value, sizeof name - 1);
            unsetenv("\(selector)");
            galley_entry entry = NULL;
            if (strncmp(name, "galley_page_", 12) == 0) entry = (galley_entry)dlsym(RTLD_DEFAULT, name);
            if (!entry) {
                fprintf(stderr, "galley: no page program named '%s' in this executable\\n", name);
                return 70;
            }
            galley_shepherd();
            return entry(argc, argv);
        }

        """
}
