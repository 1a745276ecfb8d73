// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import GalleyFileSystem

/// The part of Ruby that style files and `.mdlrc` are written in, read without running Ruby
/// (mdl evaluates them as Ruby; no Swift package does, and Galley does not run Ruby).
///
/// One call per line, `name arg, arg, :key => value` (parentheses optional), with strings,
/// symbols, numbers, booleans, arrays and `#` comments, plus the idioms real files use:
/// local variables (`list = %w[MD001 MD002]` … `rules list`), a trailing `if` or `unless`
/// on a statement, `File.exist?` guards, `__FILE__`, `__dir__`, `File.dirname`, `File.join`,
/// `File.expand_path`, `ENV['NAME']` and `#{…}` inside double-quoted strings. Anything else
/// is refused at its line and column.
struct RubyStatement: Sendable, Equatable {
    var name: String
    var arguments: [ParameterValue]
    var options: [(String, ParameterValue)]
    var line: Int
    var column: Int

    static func == (lhs: RubyStatement, rhs: RubyStatement) -> Bool {
        lhs.name == rhs.name && lhs.arguments == rhs.arguments && lhs.line == rhs.line
            && lhs.options.map(\.0) == rhs.options.map(\.0) && lhs.options.map(\.1) == rhs.options.map(\.1)
    }

    /// The statements of `text` that run: assignments are applied and conditions decided.
    /// `file` is `__FILE__` (as mdl passes it to Ruby).
    static func parse(_ text: String, file: String) throws(DiagnosticError) -> [RubyStatement] {
        var statements: [RubyStatement] = []
        var variables: [String: ParameterValue] = [:]
        for (number, line) in logicalLines(text).flatMap(statementsOfLine) {
            var scanner = Scanner(characters: Array(line), line: number, file: file, variables: variables)
            scanner.skipSpaces()
            if scanner.atEnd || scanner.peek == "#" { continue }
            switch try scanner.parseLine() {
            case .assignment(let name, let value): variables[name] = value
            case .statement(let statement): statements.append(statement)
            case .skipped: continue
            }
        }
        return statements
    }

    /// Lines, with a line that leaves a bracket open or ends in `,` joined to the next (an
    /// array written over several lines); each keeps the number of its first line.
    static func logicalLines(_ text: String) -> [(Int, String)] {
        var result: [(Int, String)] = []
        var pending: (Int, String)?
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw)
            var current = pending.map { ($0.0, $0.1 + " " + line) } ?? (offset + 1, line)
            let code = codeStatements(current.1).joined(separator: ";")
            let open = code.filter { $0 == "[" || $0 == "(" }.count - code.filter { $0 == "]" || $0 == ")" }.count
            if open > 0 || code.last(where: { $0 != " " && $0 != "\t" }) == "," {
                pending = current
                continue
            }
            pending = nil
            current.1.unicodeScalars.removeAll { $0 == "\r" }
            result.append(current)
        }
        if let pending { result.append(pending) }
        return result
    }

    /// A line cut at each `;` outside quotes (Ruby's statement separator).
    static func statementsOfLine(_ numbered: (Int, String)) -> [(Int, String)] {
        codeStatements(numbered.1).map { (numbered.0, $0) }
    }

    /// The statements of a line: its code up to a `#` comment, cut at each `;`, both only
    /// outside quotes (so `"#{…}"` and `'a;b'` stay whole).
    static func codeStatements(_ line: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "#" {
                break
            } else if character == ";" {
                parts.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        parts.append(current)
        return parts
    }

    private enum Line {
        case assignment(String, ParameterValue)
        case statement(RubyStatement)
        case skipped
    }

    private struct Scanner {
        let characters: [Character]
        let line: Int
        let file: String
        let variables: [String: ParameterValue]
        var position = 0

        var atEnd: Bool { position >= characters.count }
        var peek: Character? { atEnd ? nil : characters[position] }

        func error(_ message: String) -> DiagnosticError {
            DiagnosticError(at: SourceLocation(file: file, line: line, column: position + 1), message, code: LintCodes.style)
        }

        /// What the line goes on to say, for messages.
        var rest: String { String(characters[min(position, characters.count)...]).trimmingCharacters(in: .whitespaces) }

        func beyond() -> DiagnosticError {
            error("`\(rest)` is Ruby that galley lint does not evaluate (style files and .mdlrc are read without running Ruby); mdl would run it. Write the setting out, or lint with mdl")
        }

        mutating func skipSpaces() {
            while let character = peek, character == " " || character == "\t" { position += 1 }
        }

        func looking(at text: String) -> Bool {
            let expected = Array(text)
            return position + expected.count <= characters.count && Array(characters[position..<(position + expected.count)]) == expected
        }

        mutating func identifier() -> String {
            var name = ""
            while let character = peek, character.isLetter || character.isNumber || character == "_" || (!name.isEmpty && (character == "?" || character == "!")) {
                name.append(character)
                position += 1
            }
            return name
        }

        /// A keyword at the position, as a whole word.
        mutating func keyword(_ word: String) -> Bool {
            guard looking(at: word) else { return false }
            let after = position + word.count
            if after < characters.count, characters[after].isLetter || characters[after].isNumber || characters[after] == "_" { return false }
            position = after
            return true
        }

        mutating func parseLine() throws(DiagnosticError) -> Line {
            let column = position + 1
            let start = position
            let name = identifier()
            guard !name.isEmpty, name.first!.isLowercase || name.first == "_" else {
                position = start
                throw name.isEmpty ? error("expected a setting such as `rule 'MD013'`, found `\(rest)`") : beyond()
            }
            skipSpaces()
            // `name = value`: a local variable.
            if peek == "=", !looking(at: "==") {
                position += 1
                skipSpaces()
                let value = try expression()
                return try finish(.assignment(name, value))
            }
            var statement = RubyStatement(name: name, arguments: [], options: [], line: line, column: column)
            var parenthesized = false
            if peek == "(" {
                parenthesized = true
                position += 1
            }
            while true {
                skipSpaces()
                if atEnd || peek == "#" { break }
                if parenthesized, peek == ")" {
                    position += 1
                    break
                }
                if !parenthesized, looking(at: "if ") || looking(at: "unless ") { break }
                if peek == ";" { throw error("one setting per line, please") }
                // `:key => value`, `key: value`, or a plain value.
                let start = position
                if let key = keyOfOption() {
                    skipSpaces()
                    statement.options.append((key, try expression()))
                } else {
                    position = start
                    statement.arguments.append(try expression())
                }
                skipSpaces()
                if peek == "," {
                    position += 1
                } else if !atEnd && peek != "#" && !(parenthesized && peek == ")") && !looking(at: "if ") && !looking(at: "unless ") {
                    throw error("expected `,` between arguments")
                }
            }
            return try finish(.statement(statement))
        }

        /// The end of a statement: nothing, a comment, or a trailing `if`/`unless` condition.
        mutating func finish(_ result: Line) throws(DiagnosticError) -> Line {
            skipSpaces()
            if atEnd || peek == "#" { return result }
            var runs = true
            if keyword("if") {
                skipSpaces()
                runs = try condition()
            } else if keyword("unless") {
                skipSpaces()
                runs = try !condition()
            } else {
                throw beyond()
            }
            skipSpaces()
            guard atEnd || peek == "#" else { throw beyond() }
            return runs ? result : .skipped
        }

        /// A condition: `true`, `false`, `!cond`, `File.exist?(path)` (and `file?`,
        /// `directory?`), `ENV['NAME']`, or a value compared with `==` or `!=`.
        mutating func condition() throws(DiagnosticError) -> Bool {
            skipSpaces()
            if peek == "!" {
                position += 1
                return try !condition()
            }
            let value = try expression()
            skipSpaces()
            for (operator_, equal) in [("==", true), ("!=", false)] where looking(at: operator_) {
                position += 2
                skipSpaces()
                let other = try expression()
                return (value == other) == equal
            }
            switch value {
            case .boolean(let flag): return flag
            case .symbol("nil"): return false
            default: return true
            }
        }

        /// Reads `:key =>` or `key:` and returns the key; nil (moving nowhere useful) otherwise.
        mutating func keyOfOption() -> String? {
            let start = position
            if peek == ":" {
                position += 1
                let key = identifier()
                skipSpaces()
                if !key.isEmpty, looking(at: "=>") {
                    position += 2
                    return key
                }
            } else {
                let key = identifier()
                if !key.isEmpty, peek == ":", position + 1 < characters.count, characters[position + 1] == " " {
                    position += 1
                    return key
                }
            }
            position = start
            return nil
        }

        mutating func arguments() throws(DiagnosticError) -> [ParameterValue] {
            guard peek == "(" else { throw error("expected `(`") }
            position += 1
            var values: [ParameterValue] = []
            while true {
                skipSpaces()
                if peek == ")" { position += 1; return values }
                values.append(try expression())
                skipSpaces()
                if peek == "," { position += 1 } else if peek != ")" { throw error("expected `,` or `)`") }
            }
        }

        func text(_ value: ParameterValue) throws(DiagnosticError) -> String {
            switch value {
            case .string(let text): return text
            case .symbol("nil"): throw error("a path is nil here")
            default: return value.text
            }
        }

        /// A value, or strings joined with `+`.
        mutating func expression() throws(DiagnosticError) -> ParameterValue {
            var value = try primary()
            while true {
                let start = position
                skipSpaces()
                guard peek == "+" else {
                    position = start
                    return value
                }
                position += 1
                skipSpaces()
                let next = try primary()
                switch (value, next) {
                case (.string(let left), .string(let right)): value = .string(left + right)
                case (.list(let left), .list(let right)): value = .list(left + right)
                default: throw error("`+` joins two strings or two arrays here")
                }
            }
        }

        mutating func primary() throws(DiagnosticError) -> ParameterValue {
            guard let first = peek else { throw error("expected a value") }
            if first == "'" || first == "\"" { return .string(try string(first)) }
            if first == "[" {
                position += 1
                var items: [ParameterValue] = []
                while true {
                    skipSpaces()
                    if peek == "]" { position += 1; return .list(items) }
                    items.append(try expression())
                    skipSpaces()
                    if peek == "," { position += 1 } else if peek != "]" { throw error("expected `,` or `]` in the array") }
                }
            }
            if looking(at: "%w[") || looking(at: "%w(") || looking(at: "%i[") || looking(at: "%i(") {
                let symbols = characters[position + 1] == "i"
                let close: Character = characters[position + 2] == "[" ? "]" : ")"
                position += 3
                var words: [ParameterValue] = []
                var word = ""
                while let character = peek, character != close {
                    if character == " " || character == "\t" {
                        if !word.isEmpty { words.append(symbols ? .symbol(word) : .string(word)); word = "" }
                    } else {
                        word.append(character)
                    }
                    position += 1
                }
                guard peek == close else { throw error("this word list is not closed") }
                position += 1
                if !word.isEmpty { words.append(symbols ? .symbol(word) : .string(word)) }
                return .list(words)
            }
            if first == ":" {
                position += 1
                let name = identifier()
                guard !name.isEmpty else { throw error("expected a symbol name after `:`") }
                return .symbol(name)
            }
            if first.isNumber || (first == "-" && position + 1 < characters.count && characters[position + 1].isNumber) {
                var digits = String(first)
                position += 1
                while let character = peek, character.isNumber || character == "_" {
                    if character != "_" { digits.append(character) }
                    position += 1
                }
                guard let number = Int(digits) else { throw error("`\(digits)` is not a number") }
                return .integer(number)
            }
            if keyword("__FILE__") { return .string(file) }
            if keyword("__dir__") { return .string(Self.dirname(absolute(file))) }
            if looking(at: "ENV[") {
                position += 4
                skipSpaces()
                let name = try text(try expression())
                skipSpaces()
                guard peek == "]" else { throw error("expected `]`") }
                position += 1
                return SystemCalls.environmentValue(name).map(ParameterValue.string) ?? .symbol("nil")
            }
            if looking(at: "File.") {
                let start = position
                position += 5
                let method = identifier()
                let values = try arguments()
                switch (method, values.count) {
                case ("dirname", 1): return .string(Self.dirname(try text(values[0])))
                case ("basename", 1): return .string((try text(values[0]) as NSString).lastPathComponent)
                case ("join", 1...):
                    var parts: [String] = []
                    for value in values { parts.append(try text(value)) }
                    return .string(Self.join(parts))
                case ("expand_path", 1...2):
                    let base = values.count == 2 ? absolute(try text(values[1])) : FileManager.default.currentDirectoryPath
                    let path = try text(values[0])
                    return .string(Self.normalized(path.hasPrefix("/") ? path : Self.join([base, path])))
                case ("exist?", 1), ("exists?", 1):
                    return .boolean(FileManager.default.fileExists(atPath: try text(values[0])))
                case ("file?", 1), ("directory?", 1):
                    var directory: ObjCBool = false
                    let exists = FileManager.default.fileExists(atPath: try text(values[0]), isDirectory: &directory)
                    return .boolean(exists && directory.boolValue == (method == "directory?"))
                default:
                    position = start
                    throw beyond()
                }
            }
            let start = position
            let word = identifier()
            switch word {
            case "true": return .boolean(true)
            case "false": return .boolean(false)
            case "nil": return .symbol("nil")
            case "": throw error("unexpected `\(first)`")
            default:
                if let value = variables[word] { return value }
                position = start
                throw word.first!.isUppercase || peek == "." ? beyond() : error("`\(word)` is not a value this file can hold (strings, :symbols, numbers, true, false, arrays, or a variable set above)")
            }
        }

        /// A quoted string; in double quotes, `\n`, `\t` and `#{expression}` are read.
        mutating func string(_ quote: Character) throws(DiagnosticError) -> String {
            position += 1
            var text = ""
            while let character = peek, character != quote {
                if character == "\\", position + 1 < characters.count {
                    position += 1
                    let escaped = characters[position]
                    text.append(quote == "\"" && escaped == "n" ? "\n" : (quote == "\"" && escaped == "t" ? "\t" : escaped))
                    position += 1
                    continue
                }
                if quote == "\"", character == "#", position + 1 < characters.count, characters[position + 1] == "{" {
                    position += 2
                    skipSpaces()
                    text += try self.text(try expression())
                    skipSpaces()
                    guard peek == "}" else { throw beyond() }
                    position += 1
                    continue
                }
                text.append(character)
                position += 1
            }
            guard peek == quote else { throw error("this string is not closed") }
            position += 1
            return text
        }

        func absolute(_ path: String) -> String {
            path.hasPrefix("/") ? path : Self.join([FileManager.default.currentDirectoryPath, path])
        }

        /// Ruby's `File.dirname`: `.` for a bare name.
        static func dirname(_ path: String) -> String {
            guard let slash = path.lastIndex(of: "/") else { return "." }
            let head = String(path[..<slash])
            return head.isEmpty ? "/" : head
        }

        static func join(_ parts: [String]) -> String {
            var result = ""
            for part in parts {
                if result.isEmpty { result = part; continue }
                result = (result.hasSuffix("/") ? String(result.dropLast()) : result) + "/" + (part.hasPrefix("/") ? String(part.dropFirst()) : part)
            }
            return result
        }

        static func normalized(_ path: String) -> String {
            var parts: [Substring] = []
            for part in path.split(separator: "/") where part != "." {
                if part == "..", !parts.isEmpty { parts.removeLast() } else if part != ".." { parts.append(part) }
            }
            return "/" + parts.joined(separator: "/")
        }
    }
}
