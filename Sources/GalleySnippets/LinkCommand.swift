// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import Synchronization

/// The two commands that link page programs, worked out once by the Swift driver
/// (`swiftc -###`) and then run for every link with that link's objects, output and exported
/// entry points: `swift-autolink-extract`, which lists the libraries the objects ask for,
/// then the linker driver, which reads that list.
///
/// Linking through `swiftc` starts the driver first, about 40 ms of a snippet edit, which
/// links on every save. The two jobs are the driver's own, run as it would run them; the
/// libraries' order (which the loader's search for their own dependencies depends on) is
/// the extractor's. Should the plan be anything else, there is no command and `swiftc` links
/// as before.
struct LinkCommand: Sendable, Equatable {
    var extractor: String
    var extractorArguments: [String]
    var linker: String
    var linkerArguments: [String]

    /// Stand-ins in the driver's arguments for what differs between links.
    static let objectPlaceholder = "/galley-placeholder/object.o"
    static let outputPlaceholder = "/galley-placeholder/program"
    static let exportPlaceholder = "--export-dynamic-symbol=galley_placeholder_entry"

    /// The commands in the driver's printed plan; `nil` unless the plan is
    /// `swift-autolink-extract` of the placeholder object into one file, then one link that
    /// reads that file and holds each placeholder once.
    static func parse(plan: String) -> LinkCommand? {
        let jobs = plan.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        guard jobs.count == 2, let extract = ShellWords.split(String(jobs[0])), let link = ShellWords.split(String(jobs[1])),
              let extractor = extract.first, URL(fileURLWithPath: extractor).lastPathComponent == "swift-autolink-extract",
              let linker = link.first else { return nil }
        let extractorArguments = Array(extract.dropFirst())
        let linkerArguments = Array(link.dropFirst())
        // The extractor's output is the one file the link reads.
        guard extractorArguments.filter({ $0 == objectPlaceholder }).count == 1,
              let outputFlag = extractorArguments.firstIndex(of: "-o"), outputFlag + 1 < extractorArguments.count,
              extractorArguments.filter({ $0 == "-o" }).count == 1,
              linkerArguments.filter({ $0.hasPrefix("@") }) == ["@" + extractorArguments[outputFlag + 1]] else { return nil }
        let exports = linkerArguments.indices.filter { linkerArguments[$0] == exportPlaceholder }
        guard linkerArguments.filter({ $0 == objectPlaceholder }).count == 1, linkerArguments.filter({ $0 == outputPlaceholder }).count == 1,
              exports.count == 1, exports[0] > 0, linkerArguments[exports[0] - 1] == "-Xlinker",
              linkerArguments.filter({ !$0.hasPrefix("@") && ($0.contains("galley-placeholder") || $0.contains("galley_placeholder")) }).count == 3
        else { return nil }
        return LinkCommand(extractor: extractor, extractorArguments: extractorArguments, linker: linker, linkerArguments: linkerArguments)
    }

    /// The extractor's arguments for `objects`, writing the list to `libraries`.
    func extractorArguments(objects: [String], libraries: String) -> [String] {
        var result: [String] = []
        var index = 0
        while index < extractorArguments.count {
            let argument = extractorArguments[index]
            if argument == "-o" {
                result += ["-o", libraries]
                index += 2
                continue
            }
            result += argument == Self.objectPlaceholder ? objects : [argument]
            index += 1
        }
        return result
    }

    /// The linker's arguments for linking `objects` into `output`, exporting `exports`,
    /// reading the list of libraries at `libraries`.
    func linkerArguments(objects: [String], output: String, exports: [String], libraries: String) -> [String] {
        var result: [String] = []
        var index = 0
        while index < linkerArguments.count {
            let argument = linkerArguments[index]
            if argument == "-Xlinker", index + 1 < linkerArguments.count, linkerArguments[index + 1] == Self.exportPlaceholder {
                result += exports.flatMap { ["-Xlinker", "--export-dynamic-symbol=" + $0] }
                index += 2
                continue
            }
            switch argument {
            case Self.objectPlaceholder: result += objects
            case Self.outputPlaceholder: result.append(output)
            default: result.append(argument.hasPrefix("@") ? "@" + libraries : argument)
            }
            index += 1
        }
        return result
    }

    private static let known = Mutex<[[String]: LinkCommand?]>([:])

    /// The commands for `driverArguments` (which hold the placeholders), asked of the
    /// toolchain's driver once per process: a preview links on every snippet edit.
    static func resolved(toolchain: SwiftToolchain, driverArguments: [String]) -> LinkCommand? {
        known.withLock { known in
            let key = [toolchain.identity] + driverArguments
            if let command = known[key] { return command }
            let planned = try? ProcessRunner(executable: toolchain.swiftc, arguments: ["-###"] + driverArguments, directory: FileManager.default.temporaryDirectory.path, timeout: 60).run()
            let command = planned.flatMap { $0.ending == .exited(0) ? parse(plan: $0.output) : nil }
            known[key] = command
            return command
        }
    }
}
