// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// Reads `attr_list` braces at the end of a heading: `## Title {#custom-id .class key=value}`.
enum HeadingAttributes {
    static func apply(_ blocks: [Block]) -> [Block] {
        blocks.map { block in
            guard case .heading(var heading) = block else { return block.mappingChildren(apply) }
            extract(into: &heading)
            return .heading(heading)
        }
    }

    private static func extract(into heading: inout Heading) {
        guard case .text(let last)? = heading.content.last else { return }
        let trimmed = last.trimmingWhitespace()
        guard trimmed.hasSuffix("}"), let open = trimmed.lastIndex(of: "{") else { return }
        let inner = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        let tokens = inner.split(separator: " ")
        guard !tokens.isEmpty else { return }
        var id = ""
        var classes: [String] = []
        var attributes: [String: String] = [:]
        for token in tokens {
            if token.hasPrefix("#") {
                id = String(token.dropFirst())
            } else if token.hasPrefix(".") {
                classes.append(String(token.dropFirst()))
            } else if let equals = token.firstIndex(of: "=") {
                var value = token[token.index(after: equals)...]
                if value.first == "\"" || value.first == "'" { value = value.dropFirst().dropLast() }
                attributes[String(token[..<equals])] = String(value)
            } else {
                return
            }
        }
        let remaining = String(trimmed[..<open]).trimmingWhitespace()
        heading.content[heading.content.count - 1] = .text(remaining)
        if remaining.isEmpty { heading.content.removeLast() }
        if case .text(let text)? = heading.content.last, text.hasSuffix(" ") {
            heading.content[heading.content.count - 1] = .text(text.trimmingWhitespace())
        }
        heading.id = id
        heading.classes = classes
        heading.attributes = attributes
    }
}
