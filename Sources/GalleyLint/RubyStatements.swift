import GalleyDiagnostics

/// The small part of Ruby that style files and `.mdlrc` are written in: one call per line,
/// `name arg, arg, :key => value` (parentheses optional), with strings, symbols, numbers,
/// booleans and `#` comments.
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

    static func parse(_ text: String, file: String) throws(DiagnosticError) -> [RubyStatement] {
        var statements: [RubyStatement] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var scanner = Scanner(characters: Array(rawLine), line: offset + 1, file: file)
            scanner.skipSpaces()
            if scanner.atEnd || scanner.peek == "#" { continue }
            statements.append(try scanner.statement())
        }
        return statements
    }

    private struct Scanner {
        let characters: [Character]
        let line: Int
        let file: String
        var position = 0

        var atEnd: Bool { position >= characters.count }
        var peek: Character? { atEnd ? nil : characters[position] }

        func error(_ message: String) -> DiagnosticError {
            DiagnosticError(at: SourceLocation(file: file, line: line, column: position + 1), message, code: "lint.style")
        }

        mutating func skipSpaces() {
            while let character = peek, character == " " || character == "\t" || character == "\r" { position += 1 }
        }

        mutating func identifier() -> String {
            var name = ""
            while let character = peek, character.isLetter || character.isNumber || character == "_" || character == "?" || character == "!" {
                name.append(character)
                position += 1
            }
            return name
        }

        mutating func statement() throws(DiagnosticError) -> RubyStatement {
            let column = position + 1
            let name = identifier()
            guard !name.isEmpty else { throw error("expected a setting such as `rule 'MD013'`, found `\(String(characters[position...]))`") }
            var statement = RubyStatement(name: name, arguments: [], options: [], line: line, column: column)
            skipSpaces()
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
                    skipSpaces()
                    if !atEnd && peek != "#" { throw error("unexpected text after `)`") }
                    break
                }
                if peek == ";" { throw error("one setting per line, please") }
                // `:key => value`, `key: value`, or a plain value.
                let start = position
                if let key = keyOfOption() {
                    skipSpaces()
                    statement.options.append((key, try value()))
                } else {
                    position = start
                    statement.arguments.append(try value())
                }
                skipSpaces()
                if peek == "," { position += 1 } else if !atEnd && peek != "#" && !(parenthesized && peek == ")") {
                    throw error("expected `,` between arguments")
                }
            }
            return statement
        }

        /// Reads `:key =>` or `key:` and returns the key; nil (moving nowhere useful) otherwise.
        mutating func keyOfOption() -> String? {
            let start = position
            if peek == ":" {
                position += 1
                let key = identifier()
                skipSpaces()
                if !key.isEmpty, peek == "=", position + 1 < characters.count, characters[position + 1] == ">" {
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

        mutating func value() throws(DiagnosticError) -> ParameterValue {
            guard let first = peek else { throw error("expected a value") }
            if first == "'" || first == "\"" {
                position += 1
                var text = ""
                while let character = peek, character != first {
                    if character == "\\", position + 1 < characters.count {
                        position += 1
                        let escaped = characters[position]
                        text.append(first == "\"" && escaped == "n" ? "\n" : (first == "\"" && escaped == "t" ? "\t" : escaped))
                    } else {
                        text.append(character)
                    }
                    position += 1
                }
                guard peek == first else { throw error("this string is not closed") }
                position += 1
                return .string(text)
            }
            if first == ":" {
                position += 1
                let name = identifier()
                guard !name.isEmpty else { throw error("expected a symbol name after `:`") }
                return .symbol(name)
            }
            if first.isNumber || first == "-" {
                var digits = String(first)
                position += 1
                while let character = peek, character.isNumber || character == "_" {
                    if character != "_" { digits.append(character) }
                    position += 1
                }
                guard let number = Int(digits) else { throw error("`\(digits)` is not a number") }
                return .integer(number)
            }
            let word = identifier()
            switch word {
            case "true": return .boolean(true)
            case "false": return .boolean(false)
            case "": throw error("unexpected `\(first)`")
            default: throw error("`\(word)` is not a value this file can hold (strings, :symbols, numbers, true, false)")
            }
        }
    }
}
