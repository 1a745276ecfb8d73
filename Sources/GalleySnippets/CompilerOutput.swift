// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyMarkdown

/// `swiftc`'s diagnostics, each with the excerpt lines that follow it.
struct CompilerMessage: Sendable, Equatable {
    var file: String
    var line: Int
    var column: Int
    var severity: String
    var message: String
    /// The message line and its source excerpt, as the compiler printed them.
    var text: String

    /// Reads `file:line:col: severity: message` lines (the `llvm` diagnostic style) and the
    /// lines after each.
    static func parse(_ output: String) -> [CompilerMessage] {
        var messages: [CompilerMessage] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if let message = header(line) {
                messages.append(message)
            } else if !messages.isEmpty, !line.isEmpty {
                messages[messages.count - 1].text += "\n" + line
            }
        }
        return messages
    }

    /// A message without the compiler's `[#group]` tag, for a diagnostic line of our own.
    static func plain(_ message: String) -> String {
        guard message.hasSuffix("]"), let open = message.range(of: " [#", options: .backwards) else { return message }
        return String(message[..<open.lowerBound])
    }

    private static func header(_ line: Substring) -> CompilerMessage? {
        for severity in ["error", "warning", "note"] {
            guard let marker = line.range(of: ": \(severity): ") else { continue }
            let position = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard position.count >= 3, let column = Int(position[position.count - 1]), let number = Int(position[position.count - 2]) else { continue }
            let file = position.dropLast(2).joined(separator: ":")
            return CompilerMessage(file: file, line: number, column: column, severity: severity, message: String(line[marker.upperBound...]), text: String(line))
        }
        return nil
    }
}

/// A run's merged output split at the block markers the program prints.
struct RunTranscript: Sendable {
    /// What each block printed, by block index.
    var outputs: [Int: String] = [:]
    /// `values` logs: (Markdown line, column, value), in the order they happened.
    var values: [(line: Int, column: Int, text: String)] = []
    /// The block that was running last.
    var lastBlock: Int?
    /// What was printed before the first block began: a global's initializer, or the
    /// loader or sandbox failing to start the program.
    var preamble = ""
    /// The command lines of processes the program left running when its code ended, which
    /// its shepherd then killed (``ProgramShepherd``).
    var leftBehind: [String] = []

    /// Splits `output` at the markers the host prints, which carry `marker`, a nonce of this
    /// run: a program that prints marker-like text (or ends a block without a newline) can't
    /// move output between blocks. A marker may start in the middle of a line; what stands
    /// before it belongs to the block before.
    init(_ output: String, marker: String) {
        let prefix = "\u{1E}galley-"
        var current: Int?
        var rest = output[...]
        func append(_ text: Substring) {
            guard !text.isEmpty else { return }
            guard let current else {
                preamble += text
                return
            }
            outputs[current, default: ""] += text
        }
        while let found = rest.range(of: prefix) {
            let lineEnd = rest[found.upperBound...].firstIndex(of: "\n") ?? rest.endIndex
            let fields = rest[found.upperBound..<lineEnd].split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false)
            let next = lineEnd == rest.endIndex ? lineEnd : rest.index(after: lineEnd)
            if fields.count >= 3, fields[0] == "block", fields[1] == marker, let index = Int(fields[2]) {
                append(rest[..<found.lowerBound])
                current = index
                lastBlock = index
                if outputs[index] == nil { outputs[index] = "" }
                rest = rest[next...]
            } else if fields.count >= 4, fields[0] == "value", fields[1] == marker, let line = Int(fields[2]), let column = Int(fields[3]) {
                append(rest[..<found.lowerBound])
                values.append((line, column, fields.count > 4 ? String(fields[4]) : ""))
                rest = rest[next...]
            } else if fields.count >= 3, fields[0] == ProgramShepherd.leftKind, fields[1] == marker {
                append(rest[..<found.lowerBound])
                let command = fields.dropFirst(3).joined(separator: " ")
                leftBehind.append(command.isEmpty ? "process \(fields[2])" : command)
                rest = rest[next...]
            } else {
                append(rest[..<found.upperBound])
                rest = rest[found.upperBound...]
            }
        }
        append(rest)
    }
}

/// The useful part of a trap's report: the `Fatal error` lines, without the stack trace,
/// with the snippet module's name for the page replaced by the page's path as shown, the
/// module's name taken off the types it names, and memory addresses (which differ on every
/// run) masked. An error thrown at the top level is told as such, without the standard
/// library's file and line.
enum TrapMessage {
    static func extract(from output: String, page: String, module: String, shownAs shown: String) -> String {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: isTrapLine) else { return "" }
        var kept: [Substring] = []
        for line in lines[start...] {
            if line.hasPrefix("Current stack trace:") || line.hasPrefix("Stack dump:") || line.contains("Program crashed") { break }
            kept.append(line)
        }
        let baseName = page.split(separator: "/").last.map(String.init) ?? page
        var text = kept.joined(separator: "\n")
            .replacingOccurrences(of: "\(module)/\(baseName):", with: "\(shown):")
            .replacingOccurrences(of: "\(module).", with: "")
            .trimmingWhitespace()
        if let raised = text.range(of: "Fatal error: Error raised at top level: ") {
            text = "Error thrown at the top level: " + text[raised.upperBound...]
        }
        return text.replacingOccurrences(of: #"0x[0-9a-fA-F]{6,16}"#, with: "0x…", options: .regularExpression)
    }

    /// Whether a line of output starts the runtime's report of a trap.
    static func isTrapLine(_ line: Substring) -> Bool {
        line.contains("Fatal error") || line.contains("Precondition failed") || line.contains("Assertion failed")
    }

    /// What the program printed before the runtime reported its trap.
    static func printedBefore(in output: String) -> String {
        output.split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !isTrapLine($0) && !$0.hasPrefix("Current stack trace:") }
            .joined(separator: "\n")
    }

    /// The Markdown line a trap names, when it names the page.
    static func line(in message: String, page: String) -> Int? {
        guard let range = message.range(of: "\(page):") else { return nil }
        return Int(message[range.upperBound...].prefix { $0.isNumber })
    }
}
