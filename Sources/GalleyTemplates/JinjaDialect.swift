// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// mkdocs renders templates with Jinja; Galley with Stencil, which reads most of Jinja's
/// syntax the same way. Where the two spell a thing differently in what real sites and
/// theme overrides use, the source is rewritten here, before Stencil reads it, so each
/// difference is handled in one place:
///
/// | Jinja | Stencil |
/// | --- | --- |
/// | `{{ super() }}` | `{{ block.super }}` |
/// | `x \| default(y, true)` | `x \| default:y,true` |
/// | `loop.index`, `loop.index0`, `loop.first`, `loop.last`, `loop.length` | `forloop.counter`, `forloop.counter0`, … |
/// | `{% for x in xs if cond %}` | `{% for x in xs where cond %}` |
/// | `a not in b`, `not a in b` | `not ( a in b )` (Stencil's `not` binds tighter than `in`) |
/// | `x is defined`, `x is not defined` | `x`, `not x` |
/// | `(a or b)` | `( a or b )` (Stencil's brackets are words of their own) |
/// | `True`, `False` | `true`, `false` |
/// | `"\x3ch1"`, `'\n'` | the characters themselves |
/// | `{{ a ~ b }}` | `{{ a }}{{ b }}` |
/// | `{{ flag }}` printing `True`, `['a', 'b']` | `{{ flag\|jinja_print }}` (Stencil prints `true`, `["a", "b"]`) |
/// | `{% include "x" with context %}` | `{% include "x" %}` |
/// | a tag spread over several lines | one line, followed by a comment holding the line breaks |
///
/// Every rewrite keeps the lines where they were, so Stencil's line numbers are the source's.
package enum JinjaDialect {
    /// `source` with Jinja's spellings rewritten as Stencil reads them.
    package static func adapt(_ source: String) -> String {
        // Most pages hold no `{{` or `{%`: they are returned after one pass over their bytes.
        let bytes = source.utf8
        guard zip(bytes, bytes.dropFirst()).contains(where: { $0 == UInt8(ascii: "{") && ($1 == UInt8(ascii: "{") || $1 == UInt8(ascii: "%")) }) else { return source }
        var result = ""
        result.reserveCapacity(source.utf8.count)
        var rest = Substring(source)
        while let open = rest.range(of: "{") {
            result += rest[..<open.lowerBound]
            let afterBrace = rest[open.upperBound...]
            guard let kind = afterBrace.first, kind == "{" || kind == "%" || kind == "#" else {
                result += "{"
                rest = afterBrace
                continue
            }
            let closing = kind == "{" ? "}}" : kind == "%" ? "%}" : "#}"
            let body = afterBrace.dropFirst()
            guard let close = closingRange(of: closing, in: body, quotes: kind != "#") else {
                result += rest[open.lowerBound...]
                rest = rest[rest.endIndex...]
                break
            }
            var inner = String(body[..<close.lowerBound])
            rest = body[close.upperBound...]
            if kind == "#" {
                result += "{#" + inner + "#}"
                continue
            }
            // Whitespace control (`{%-`, `-%}`) stays as it is; Stencil reads it too.
            let leadingTrim = inner.hasPrefix("-")
            let trailingTrim = inner.hasSuffix("-") && inner.count > 1
            if leadingTrim { inner.removeFirst() }
            if trailingTrim { inner.removeLast() }
            let lineBreaks = inner.filter(\.isNewline).count
            let words = Words(inner)
            let rewritten: [String] = kind == "{" ? expression(words) : [tag(words)]
            let (start, end) = kind == "{" ? ("{{", "}}") : ("{%", "%}")
            if kind == "{" {
                // Printed as Jinja prints (`True`, `['a', 'b']`); `a ~ b`: each part in turn.
                result += rewritten.enumerated().map { offset, part in
                    let open = start + (leadingTrim && offset == 0 ? "-" : "")
                    let close = (trailingTrim && offset == rewritten.count - 1 ? "-" : "") + end
                    return open + " " + part + "|" + JinjaExtension.printFilter + " " + close
                }.joined()
            } else {
                let open = start + (leadingTrim ? "-" : "")
                let close = (trailingTrim ? "-" : "") + end
                result += open + " " + (rewritten.first ?? "") + " " + close
            }
            if lineBreaks > 0 {
                result += "{#" + String(repeating: "\n", count: lineBreaks) + "#}"
            }
        }
        return result + rest
    }

    /// Where `closing` ends what starts `text`, skipping quoted strings.
    private static func closingRange(of closing: String, in text: Substring, quotes: Bool) -> Range<Substring.Index>? {
        guard quotes else { return text.range(of: closing) }
        var quote: Character?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if character == "\\" {
                    index = text.index(after: index)
                    if index == text.endIndex { break }
                } else if character == open {
                    quote = nil
                }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if text[index...].hasPrefix(closing) {
                return index..<text.index(index, offsetBy: closing.count)
            }
            index = text.index(after: index)
        }
        return nil
    }

    // MARK: Rewriting

    /// `{{ … }}`: one expression, or several when Jinja's `~` joins them.
    private static func expression(_ words: Words) -> [String] {
        let pieces = words.items.split { $0 == .code("~") }.map { Words(items: Array($0)) }
        guard pieces.count > 1, !words.items.contains(where: { $0.isCode && $0.text.contains("|") }) else {
            return [rewrite(words).joined]
        }
        return pieces.map { rewrite($0).joined }
    }

    /// `{% … %}`: the tag's name and its arguments.
    private static func tag(_ words: Words) -> String {
        var words = rewrite(words)
        guard let name = words.items.first?.text else { return words.joined }
        switch name {
        case "for":
            // `for x in xs if cond`: Stencil filters a loop with `where`.
            if let filter = words.items.indices.dropFirst(3).first(where: { words.items[$0] == .code("if") }) {
                words.items[filter] = .code("where")
            }
        case "include":
            // Templates always see the including template's variables in Galley.
            if words.items.count >= 2, words.items.suffix(2).map(\.text) == ["with", "context"] || words.items.suffix(2).map(\.text) == ["without", "context"] {
                words.items.removeLast(2)
            }
        default:
            break
        }
        return words.joined
    }

    /// The rewrites every expression gets, wherever it stands.
    private static func rewrite(_ input: Words) -> Words {
        var items: [Words.Item] = []
        for item in input.items {
            guard item.isCode else {
                items.append(item)
                continue
            }
            var text = item.text
            text = text.replacingOccurrences(of: "super()", with: "block.super")
            for (jinja, stencil) in [("loop.index0", "forloop.counter0"), ("loop.index", "forloop.counter"), ("loop.first", "forloop.first"),
                                     ("loop.last", "forloop.last"), ("loop.length", "forloop.length")] where text.hasPrefix(jinja) {
                text = stencil + text.dropFirst(jinja.count)
            }
            if text == "True" { text = "true" }
            if text == "False" { text = "false" }
            items.append(.code(text))
        }
        items = filterCalls(items)
        items = splitBrackets(items)
        items = definedTests(items)
        items = membership(items)
        return Words(items: items)
    }

    /// `x | name(a, b)` → `x|name:a,b`: Stencil's filters take their arguments after a colon.
    /// The words of a filter call are joined into one, as Stencil splits expressions at spaces.
    private static func filterCalls(_ items: [Words.Item]) -> [Words.Item] {
        // Join `a | b` and `a |b` into `a|b` first, so a filter and its call are one word.
        var joined: [Words.Item] = []
        for item in items {
            if let last = joined.last, item.text.hasPrefix("|") || last.text.hasSuffix("|") || openBrackets(last, calls: true) > 0 {
                joined[joined.count - 1] = .joined(last, item)
            } else {
                joined.append(item)
            }
        }
        return joined.map { item in
            guard item.isFilterChain else { return item }
            return .code(rewriteFilterChain(item.text))
        }
    }

    /// How many brackets `item` leaves open outside its strings: all of them, or with
    /// `calls` only those that open a call (`name(`), not a group.
    private static func openBrackets(_ item: Words.Item, calls: Bool = false) -> Int {
        guard item.isCode || item.isJoined else { return 0 }
        var open: [Bool] = []
        var unmatched = 0
        var quote: Character?
        var previous: Character = " "
        for character in item.text {
            if let current = quote {
                if character == current { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "(" {
                open.append(previous.isLetter || previous.isNumber || previous == "_")
            } else if character == ")" {
                if open.popLast() == nil { unmatched += 1 }
            }
            previous = character
        }
        return calls ? open.filter { $0 }.count : open.count - unmatched
    }

    /// `value|name(a, "b c")|other` → `value|name:a,"b c"|other`; `name()` → `name`.
    private static func rewriteFilterChain(_ text: String) -> String {
        var result = ""
        var quote: Character?
        var depth = 0
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if let open = quote {
                result.append(character)
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
                result.append(character)
            } else if character == "(" {
                depth += 1
                if depth == 1, let last = result.last, last.isLetter || last.isNumber || last == "_" {
                    if index < text.endIndex, text[index] == ")" {
                        // No arguments: the filter's name alone.
                        depth -= 1
                        index = text.index(after: index)
                    } else {
                        result.append(":")
                    }
                } else {
                    result.append(character)
                }
            } else if character == ")" {
                depth -= 1
                if depth != 0 { result.append(character) }
            } else if character != " " || depth == 0 {
                result.append(character)
            }
        }
        return result
    }

    /// `(a or b)` → `( a or b )`: a bracket that groups is a word of its own to Stencil. A
    /// bracket that closes a call (`t("x")`) belongs to the call.
    private static func splitBrackets(_ items: [Words.Item]) -> [Words.Item] {
        var result: [Words.Item] = []
        for item in items {
            var parts: [Words.Item]
            switch item {
            case .code: parts = [item]
            case .glued(let inner): parts = inner
            case .string: result.append(item); continue
            }
            var opening = 0
            while case .code(let first)? = parts.first, first.hasPrefix("("), first.count > 1 || parts.count > 1 {
                opening += 1
                parts[0] = .code(String(first.dropFirst()))
                if first.count == 1 { parts.removeFirst() }
            }
            var balance = openBrackets(.glued(parts))
            var closing = 0
            while balance < 0, case .code(let last)? = parts.last, last.hasSuffix(")"), last.count > 1 || parts.count > 1 {
                closing += 1
                balance += 1
                parts[parts.count - 1] = .code(String(last.dropLast()))
                if last.count == 1 { parts.removeLast() }
            }
            let middle: [Words.Item] = parts.count == 1 ? parts : parts.isEmpty ? [] : [.glued(parts)]
            result += Array(repeating: .code("("), count: opening) + middle + Array(repeating: .code(")"), count: closing)
        }
        return result
    }

    /// `x is defined` → `x`; `x is not defined` → `not x`.
    private static func definedTests(_ items: [Words.Item]) -> [Words.Item] {
        var result: [Words.Item] = []
        var index = 0
        while index < items.count {
            if index + 2 < items.count, items[index + 1] == .code("is"), items[index + 2] == .code("defined") {
                result.append(items[index])
                index += 3
            } else if index + 3 < items.count, items[index + 1] == .code("is"), items[index + 2] == .code("not"), items[index + 3] == .code("defined") {
                result += [.code("not"), items[index]]
                index += 4
            } else {
                result.append(items[index])
                index += 1
            }
        }
        return result
    }

    /// `a not in b` and `not a in b` → `not ( a in b )`: in Jinja `not` applies to the whole
    /// test, in Stencil to `a` alone.
    private static func membership(_ items: [Words.Item]) -> [Words.Item] {
        var result: [Words.Item] = []
        var index = 0
        while index < items.count {
            if index + 3 < items.count, items[index + 1] == .code("not"), items[index + 2] == .code("in"), items[index] != .code("("), items[index] != .code("not") {
                result += [.code("not"), .code("("), items[index], .code("in"), items[index + 3], .code(")")]
                index += 4
            } else if index + 3 < items.count, items[index] == .code("not"), items[index + 2] == .code("in"), items[index + 1] != .code("(") {
                result += [.code("not"), .code("("), items[index + 1], .code("in"), items[index + 3], .code(")")]
                index += 4
            } else {
                result.append(items[index])
                index += 1
            }
        }
        return result
    }
}

/// A tag's contents as words: runs of code split at whitespace, and string literals (with
/// Jinja's escapes decoded) kept whole.
struct Words {
    enum Item: Equatable {
        case code(String)
        case string(String)
        /// Words written without a space between them (`x|default("a b")`).
        case glued([Item])

        var isCode: Bool {
            if case .code = self { return true }
            return false
        }

        var isJoined: Bool {
            if case .glued = self { return true }
            return false
        }

        /// A filter chain: joined words, or code, holding a `|`.
        var isFilterChain: Bool {
            (isCode || isJoined) && text.contains("|")
        }

        var text: String {
            switch self {
            case .code(let text): text
            case .string(let value): Self.quoted(value)
            case .glued(let items): items.map(\.text).joined()
            }
        }

        static func joined(_ first: Item, _ second: Item) -> Item {
            switch first {
            case .glued(let items): .glued(items + [second])
            default: .glued([first, second])
            }
        }

        /// A Stencil string literal for `value`, in whichever quotes it does not hold.
        static func quoted(_ value: String) -> String {
            value.contains("\"") ? "'" + value + "'" : "\"" + value + "\""
        }
    }

    var items: [Item]

    init(items: [Item]) {
        self.items = items
    }

    init(_ text: String) {
        var items: [Item] = []
        var word = ""
        var glued: [Item] = []
        func endWord() {
            if !word.isEmpty { glued.append(.code(word)) }
            word = ""
        }
        func endGroup() {
            endWord()
            if glued.count == 1 { items.append(glued[0]) } else if !glued.isEmpty { items.append(.glued(glued)) }
            glued = []
        }
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "'" || character == "\"" {
                endWord()
                var value = ""
                index = text.index(after: index)
                while index < text.endIndex, text[index] != character {
                    if text[index] == "\\", text.index(after: index) < text.endIndex {
                        index = text.index(after: index)
                        value += Self.escape(text, at: &index)
                        continue
                    }
                    value.append(text[index])
                    index = text.index(after: index)
                }
                glued.append(.string(value))
            } else if character.isWhitespace {
                endGroup()
            } else {
                word.append(character)
            }
            if index < text.endIndex { index = text.index(after: index) }
        }
        endGroup()
        self.items = items
    }

    /// The character(s) a backslash escape at `index` (just after the backslash) stands for;
    /// `index` ends on the escape's last character's successor.
    private static func escape(_ text: String, at index: inout String.Index) -> String {
        let character = text[index]
        index = text.index(after: index)
        switch character {
        case "n": return "\n"
        case "t": return "\t"
        case "x", "u":
            let length = character == "x" ? 2 : 4
            let digits = text[index...].prefix(length)
            if digits.count == length, let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code) {
                index = text.index(index, offsetBy: length)
                return String(Character(scalar))
            }
            return String(character)
        default: return String(character)
        }
    }

    /// The words as Stencil reads them, separated by spaces.
    var joined: String {
        items.map(\.text).joined(separator: " ")
    }
}
