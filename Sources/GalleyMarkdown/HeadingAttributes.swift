// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// Reads `attr_list` block attribute lists as Python-Markdown does: braces at the end of a
/// heading after a space (`## Title { #custom-id .class key="two words" flag }`), and braces
/// alone on the last line of a paragraph (`Text (1).` then `{ .annotate }`).
enum HeadingAttributes {
    static func apply(_ blocks: [Block]) -> [Block] {
        blocks.map { block in
            switch block {
            case .heading(var heading):
                extract(into: &heading)
                return .heading(heading)
            case .paragraph(let inlines, let line, nil):
                return paragraph(inlines, line: line)
            default:
                return block.mappingChildren(apply)
            }
        }
    }

    /// The heading with the list at the end of its text taken out and applied.
    private static func extract(into heading: inout Heading) {
        let trailingText = heading.content.reversed().prefix { if case .text = $0 { true } else { false } }
        guard !trailingText.isEmpty else { return }
        let text = trailingText.reversed().map { if case .text(let text) = $0 { text } else { "" } }.joined()
        guard let (before, inner) = trailingList(text, needsSpaceBefore: true) else { return }
        let attributes = PythonAttributes.scan(inner)
        heading.content.removeLast(trailingText.count)
        let remaining = before.trimmingWhitespace()
        if !remaining.isEmpty { heading.content.append(.text(remaining)) }
        if let id = attributes.id { heading.id = id }
        heading.classes += attributes.classes
        for (key, value) in attributes.pairs { heading.attributes[key] = value ?? key }
    }

    /// A paragraph whose last line is a list alone: the paragraph without that line, with
    /// the attributes. Any other paragraph as it is.
    private static func paragraph(_ inlines: [Inline], line: Int) -> Block {
        guard case .text(let last)? = inlines.last, inlines.count >= 2, case .softBreak = inlines[inlines.count - 2],
              let (before, inner) = trailingList(last, needsSpaceBefore: false), before.trimmingWhitespace().isEmpty
        else { return .paragraph(inlines, line: line) }
        return .paragraph(Array(inlines.dropLast(2)), line: line, attributes: PythonAttributes.scan(inner))
    }

    /// `text` ending in `{…}` (or `{:…}`) with nothing but spaces after it, split into what
    /// comes before the braces and what is inside them; a heading's list needs a space before
    /// it. The inside must not be empty or start with a space after the optional colon's
    /// spaces, nor hold a brace.
    static func trailingList(_ text: String, needsSpaceBefore: Bool) -> (before: Substring, inner: Substring)? {
        let trimmed = text[...].reversed().drop { $0 == " " }
        let body = text.prefix(trimmed.count)
        guard body.last == "}", let open = body.lastIndex(of: "{") else { return nil }
        let before = body[..<open]
        if needsSpaceBefore, before.last != " " { return nil }
        var inner = body[body.index(after: open)..<body.index(before: body.endIndex)]
        if inner.first == ":" { inner = inner.dropFirst() }
        inner = inner.drop { $0 == " " }
        guard !inner.isEmpty, !inner.contains("\n") else { return nil }
        return (before, inner)
    }
}

/// The inside of an `attr_list` list, read by Python-Markdown's rules: `#id`, `.class`,
/// `key="quoted value"`, `key='quoted'`, `key=value`, and a bare `key` (a boolean
/// attribute). Every word counts; a key with characters an attribute name can't have has
/// them replaced by `_`, as Python-Markdown sanitizes it.
enum PythonAttributes {
    static func scan(_ text: Substring) -> ElementAttributes {
        var attributes = ElementAttributes()
        var rest = text
        func isWordCharacter(_ character: Character) -> Bool { character != " " && character != "=" && character != "}" }
        while let first = rest.first {
            if first == " " {
                rest = rest.dropFirst()
                continue
            }
            let word = rest.prefix(while: isWordCharacter)
            guard !word.isEmpty else { break }
            rest = rest.dropFirst(word.count)
            if rest.first == "=", let quote = rest.dropFirst().first, quote == "\"" || quote == "'",
               let close = rest.dropFirst(2).firstIndex(of: quote)
            {
                add(key: word, value: String(rest[rest.index(rest.startIndex, offsetBy: 2)..<close]), to: &attributes)
                rest = rest[rest.index(after: close)...]
            } else if rest.first == "=", let value = Optional(rest.dropFirst().prefix(while: isWordCharacter)), !value.isEmpty {
                add(key: word, value: String(value), to: &attributes)
                rest = rest.dropFirst(1 + value.count)
            } else if word.first == "#" {
                attributes.id = String(word.dropFirst())
            } else if word.first == "." {
                attributes.classes.append(String(word.dropFirst()))
            } else {
                attributes.pairs.append((sanitized(word), nil))
            }
        }
        return attributes
    }

    private static func add(key: Substring, value: String, to attributes: inout ElementAttributes) {
        switch key {
        case "id": attributes.id = value
        case "class": attributes.classes += value.split(separator: " ").map(String.init)
        default: attributes.pairs.append((sanitized(key), value))
        }
    }

    /// An attribute name: letters, digits, `-`, `_`, `.` and `:`, not starting with a digit,
    /// `-` or `.`.
    static func sanitized(_ key: Substring) -> String {
        var name = String(key.map { $0.isLetter || $0.isNumber || "-_.:".contains($0) ? $0 : "_" })
        if let first = name.first, first.isNumber || first == "-" || first == "." { name = "_" + name }
        return name
    }
}
