// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import Synchronization

/// The compiler frontend's command line for one kind of compile, worked out once by the
/// driver (`swiftc -###`) and then run for every program with that program's paths.
///
/// `swiftc` is a driver: for one file it starts `swift-frontend` and does nothing else, yet
/// starting it costs about 35 ms per program, a fifth of compiling a small page. A build
/// asks the driver once, with placeholders for what changes between programs, and starts the
/// frontend itself. Should the driver's answer not be exactly one frontend job in which each
/// placeholder is a whole argument, there is no command and the driver is run as before.
struct FrontendCommand: Sendable, Equatable {
    var executable: String
    var arguments: [String]

    /// What a driver invocation may leave open, to be filled in for each program.
    enum Placeholder: String, CaseIterable, Sendable {
        case input = "/galley-placeholder/input.swift"
        case output = "/galley-placeholder/output.o"
        case module = "GalleyPlaceholderModule"
        case entry = "galley_placeholder_entry"
    }

    /// The frontend command the driver would run for `driverArguments`, in which
    /// placeholders stand for what differs between programs; `nil` when the driver's plan is
    /// anything but one frontend job.
    static func resolve(toolchain: SwiftToolchain, driverArguments: [String]) -> FrontendCommand? {
        let scratch = FileManager.default.temporaryDirectory.path
        guard let planned = try? ProcessRunner(executable: toolchain.swiftc, arguments: ["-###"] + driverArguments, directory: scratch, timeout: 60).run(),
              planned.ending == .exited(0) else { return nil }
        return parse(plan: planned.output, placeholders: Set(driverArguments.compactMap(Placeholder.init(rawValue:))))
    }

    /// The command in the driver's printed plan; `nil` unless the plan is one frontend job
    /// holding each of `placeholders` as a whole argument, once.
    static func parse(plan: String, placeholders: Set<Placeholder>) -> FrontendCommand? {
        let jobs = plan.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        guard jobs.count == 1, let words = ShellWords.split(String(jobs[0])), let executable = words.first,
              URL(fileURLWithPath: executable).lastPathComponent == "swift-frontend", words.dropFirst().first == "-frontend" else { return nil }
        let arguments = Array(words.dropFirst())
        for placeholder in Placeholder.allCases {
            let whole = arguments.filter { $0 == placeholder.rawValue }.count
            let inside = arguments.filter { $0.contains(placeholder.rawValue) }.count
            guard whole == inside, whole == (placeholders.contains(placeholder) ? 1 : 0) else { return nil }
        }
        return FrontendCommand(executable: executable, arguments: arguments)
    }

    /// The arguments with each placeholder replaced by its value.
    func arguments(_ values: [Placeholder: String]) -> [String] {
        arguments.map { argument in Placeholder(rawValue: argument).flatMap { values[$0] } ?? argument }
    }
}

/// Splits a POSIX shell command line into words, as the driver quotes them: single quotes,
/// double quotes with backslash escapes, and backslashes outside quotes. Written here
/// because only these few rules are needed and no package of ours provides them.
enum ShellWords {
    /// The words, or `nil` when a quote is left open.
    static func split(_ line: String) -> [String]? {
        var words: [String] = []
        var current = ""
        var inWord = false
        var characters = line.makeIterator()
        while let character = characters.next() {
            switch character {
            case " ", "\t":
                if inWord { words.append(current) }
                current = ""
                inWord = false
            case "'":
                inWord = true
                var closed = false
                while let quoted = characters.next() {
                    if quoted == "'" { closed = true; break }
                    current.append(quoted)
                }
                guard closed else { return nil }
            case "\"":
                inWord = true
                var closed = false
                while let quoted = characters.next() {
                    if quoted == "\"" { closed = true; break }
                    if quoted == "\\", let escaped = characters.next() {
                        if !"$`\"\\\n".contains(escaped) { current.append("\\") }
                        current.append(escaped)
                    } else {
                        current.append(quoted)
                    }
                }
                guard closed else { return nil }
            case "\\":
                inWord = true
                if let escaped = characters.next() { current.append(escaped) }
            default:
                inWord = true
                current.append(character)
            }
        }
        if inWord { words.append(current) }
        return words
    }
}

/// The frontend commands worked out so far, by the driver arguments they came from: each is
/// asked of the driver once, however many programs use it.
final class FrontendCommands: Sendable {
    private let known = Mutex<[[String]: FrontendCommand?]>([:])
    let toolchain: SwiftToolchain

    init(toolchain: SwiftToolchain) {
        self.toolchain = toolchain
    }

    private static let byToolchain = Mutex<[String: FrontendCommands]>([:])

    /// The commands this process has worked out for `toolchain`. A preview builds again on
    /// every save, and asking the driver anew each time cost 40–50 ms of a snippet edit; the
    /// driver's plan depends only on the toolchain (its identity changes when it is replaced)
    /// and the arguments, which are the key.
    static func shared(for toolchain: SwiftToolchain) -> FrontendCommands {
        byToolchain.withLock { all in
            if let known = all[toolchain.identity] { return known }
            let commands = FrontendCommands(toolchain: toolchain)
            all[toolchain.identity] = commands
            return commands
        }
    }

    /// The executable and arguments that do what `swiftc` would with `driverArguments` once
    /// `values` fill their placeholders: the frontend itself when its command is known,
    /// else the driver.
    func invocation(_ driverArguments: [String], _ values: [FrontendCommand.Placeholder: String]) -> (executable: String, arguments: [String]) {
        // Callers wait for one another here, so that the driver is asked once per template.
        let command = known.withLock { known in
            if let command = known[driverArguments] { return command }
            let command = FrontendCommand.resolve(toolchain: toolchain, driverArguments: driverArguments)
            known[driverArguments] = command
            return command
        }
        if let command { return (command.executable, command.arguments(values)) }
        return (toolchain.swiftc, driverArguments.map { argument in FrontendCommand.Placeholder(rawValue: argument).flatMap { values[$0] } ?? argument })
    }
}
