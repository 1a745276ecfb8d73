// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// GraphQL, as Pygments classes it: keywords `k`, an operation's name `nf`, variables `nv`,
/// the types of variables `nb`, a fragment's type condition `nc`, directives `nd`, fields
/// and arguments plain names, `true`, `false` and `null` `nb`, punctuation `p`.
enum GraphQLHighlighter {
    static let names: Set<String> = ["graphql", "gql"]

    static let keywords: Set<String> = [
        "query", "mutation", "subscription", "fragment", "on", "type", "interface", "union", "enum", "input", "scalar",
        "schema", "extend", "implements", "directive", "repeatable",
    ]

    static func highlight(_ code: String) -> [HighlightToken] {
        var tokens: [HighlightToken] = []
        let characters = Array(code)
        var index = 0
        var previousWord = ""
        /// Inside an operation's `( … )` of variable definitions, where names after `:` are types.
        var inVariableDefinitions = false
        var typeExpected = false
        var depth = 0
        var braces = 0
        func take(_ count: Int, _ className: String?) {
            tokens.append(String(characters[index..<min(index + count, characters.count)]), className)
            index += count
        }
        func word(from start: Int) -> Int {
            var end = start
            while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_" { end += 1 }
            return end - start
        }
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                var end = index
                while end < characters.count, characters[end].isWhitespace { end += 1 }
                take(end - index, nil)
                continue
            }
            if character == "#" {
                var end = index
                while end < characters.count, characters[end] != "\n" { end += 1 }
                take(end - index, "c")
                continue
            }
            if character == "\"" {
                var end = index + 1
                while end < characters.count, characters[end] != "\"", characters[end] != "\n" { end += characters[end] == "\\" ? 2 : 1 }
                take(min(end + 1, characters.count) - index, "s")
                continue
            }
            if character == "$" {
                take(1 + word(from: index + 1), "nv")
                continue
            }
            if character == "@" {
                take(1 + word(from: index + 1), "nd")
                continue
            }
            if character.isNumber || (character == "-" && index + 1 < characters.count && characters[index + 1].isNumber) {
                var end = index + 1
                while end < characters.count, characters[end].isNumber || characters[end] == "." || characters[end] == "e" { end += 1 }
                take(end - index, characters[index..<end].contains(".") ? "mf" : "mi")
                continue
            }
            if character.isLetter || character == "_" {
                let length = word(from: index)
                let text = String(characters[index..<(index + length)])
                let className: String?
                // Type-system words are keywords where definitions start, names inside selections.
                if keywords.contains(text), braces == 0 || ["on", "query", "mutation", "subscription", "fragment"].contains(text) {
                    className = "k"
                } else if ["query", "mutation", "subscription", "fragment"].contains(previousWord) {
                    className = "nf"
                } else if previousWord == "on" {
                    className = "nc"
                } else if typeExpected || ["true", "false", "null"].contains(text) {
                    className = "nb"
                } else {
                    className = "n"
                }
                typeExpected = false
                take(length, className)
                previousWord = text
                continue
            }
            if character == "{" { braces += 1 }
            if character == "}" { braces = max(0, braces - 1) }
            if character == "(" {
                inVariableDefinitions = ["query", "mutation", "subscription"].contains(previousWord) || tokens.last(where: { !$0.text.allSatisfy(\.isWhitespace) })?.className == "nf"
                depth += 1
            } else if character == ")" {
                inVariableDefinitions = false
                depth = max(0, depth - 1)
            } else if character == ":" {
                typeExpected = inVariableDefinitions
            }
            previousWord = ""
            if character == ".", index + 2 < characters.count, characters[index + 1] == ".", characters[index + 2] == "." {
                take(3, "p")
                continue
            }
            take(1, "p")
        }
        return tokens
    }
}
