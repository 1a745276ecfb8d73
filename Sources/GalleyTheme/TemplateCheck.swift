// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Finds what a theme template asks of mkdocs or mkdocs-material that Galley's templates
/// can't give, before any page renders: Jinja would fill these in, Stencil would print
/// nothing in their place without a word.
enum TemplateCheck {
    struct Problem: Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    /// Words of Jinja's expressions and tags that are not names of values.
    private static let keywords: Set<String> = [
        "and", "or", "not", "in", "is", "if", "else", "elif", "endif", "for", "endfor", "set", "true", "false", "none",
        "True", "False", "None", "defined", "undefined", "with", "without", "context", "ignore", "missing", "recursive",
    ]

    /// The problems of `source`, a template in Jinja's syntax; `known` are the names Galley
    /// gives every template.
    static func problems(in source: String, known: Set<String>) -> [Problem] {
        let tags = self.tags(in: source)
        var defined = known
        for tag in tags where tag.isStatement {
            let words = tag.text.split(whereSeparator: \.isWhitespace)
            if words.first == "for", let inIndex = words.firstIndex(of: "in") {
                for name in words[1..<inIndex].joined().split(separator: ",") { defined.insert(String(name)) }
            } else if words.first == "set", words.count > 1 {
                defined.insert(String(words[1]))
            }
        }
        var problems: [Problem] = []
        for tag in tags {
            let words = tag.text.split(whereSeparator: \.isWhitespace)
            if tag.isStatement {
                switch words.first {
                case "include":
                    if let name = words.dropFirst().first.map({ $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }),
                       ThemeOverrides.materialOnlyPartials.contains(name) {
                        problems.append(Problem(line: tag.line, column: tag.column, message: "`\(name)` is a partial of mkdocs-material that Galley's theme does not have; put one in `theme.custom_dir`, or this include renders nothing"))
                    }
                    continue
                case "if", "elif", "for", "set": break
                default: continue
                }
            }
            for call in calls(in: tag.text) {
                problems.append(Problem(line: tag.line, column: tag.column, message: "`\(call)(…)` calls a function, which Galley's templates do not have (mkdocs-material's `lang.t` and macros among them); it renders as nothing"))
            }
            for name in names(in: tag.text) where !defined.contains(name) && !keywords.contains(name) {
                problems.append(Problem(line: tag.line, column: tag.column, message: "`\(name)` has no value in Galley's theme templates (they get `config`, `page`, `nav`, `base_url`, `extra` and `features`); it renders as nothing"))
                defined.insert(name)
            }
        }
        return problems
    }

    private struct Tag {
        var text: String
        var isStatement: Bool
        var line: Int
        var column: Int
    }

    /// Every `{{ … }}` and `{% … %}` with its place; comments skipped.
    private static func tags(in source: String) -> [Tag] {
        var tags: [Tag] = []
        var line = 1
        var column = 1
        var index = source.startIndex
        while index < source.endIndex {
            let character = source[index]
            let next = source.index(after: index)
            if character == "{", next < source.endIndex, ["{", "%", "#"].contains(source[next]) {
                let kind = source[next]
                let closing = kind == "{" ? "}}" : kind == "%" ? "%}" : "#}"
                let body = source.index(after: next)
                guard let end = source[body...].range(of: closing) else { break }
                let text = source[body..<end.lowerBound].trimmingCharacters(in: CharacterSet(charactersIn: "-").union(.whitespacesAndNewlines))
                if kind != "#" { tags.append(Tag(text: text, isStatement: kind == "%", line: line, column: column)) }
                for skipped in source[index..<end.upperBound] {
                    if skipped == "\n" { line += 1; column = 1 } else { column += 1 }
                }
                index = end.upperBound
                continue
            }
            if character == "\n" { line += 1; column = 1 } else { column += 1 }
            index = next
        }
        return tags
    }

    /// Identifiers with what stands before them, strings left out.
    private static func identifiers(in text: String) -> [(name: String, before: Character?, after: Character?)] {
        var result: [(String, Character?, Character?)] = []
        var quote: Character?
        var previous: Character?
        var current = ""
        var before: Character?
        func end(_ after: Character?) {
            if !current.isEmpty { result.append((current, before, after)) }
            current = ""
        }
        for character in text {
            if let open = quote {
                if character == open { quote = nil }
                previous = character
                continue
            }
            if character.isLetter || character == "_" || (character.isNumber && !current.isEmpty) || (character == "." && !current.isEmpty) {
                if current.isEmpty { before = previous }
                current.append(character)
            } else {
                end(character)
                if character == "'" || character == "\"" { quote = character }
                if !character.isWhitespace { previous = character }
            }
            if !character.isWhitespace, current.isEmpty { previous = character }
        }
        end(nil)
        return result
    }

    /// Calls: a name followed by `(` that is not a filter's (`| default(…)`) nor `super()`.
    private static func calls(in text: String) -> [String] {
        identifiers(in: text).filter { $0.after == "(" && $0.before != "|" && $0.name != "super" }.map(\.name)
    }

    /// The first part of each dotted name that is not a filter, a test or a call's.
    private static func names(in text: String) -> [String] {
        var names: [String] = []
        var afterIs = false
        for identifier in identifiers(in: text) {
            defer { afterIs = identifier.name == "is" || (afterIs && identifier.name == "not") }
            guard identifier.before != "|", identifier.before != ".", !afterIs, !identifier.name.first!.isNumber else { continue }
            let root = String(identifier.name.split(separator: ".").first ?? "")
            if identifier.after == "(" || root == "super" { continue }
            names.append(root)
        }
        return names
    }
}
