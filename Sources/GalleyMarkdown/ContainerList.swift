// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// A list whose items hold pymdown containers (`!!!`, `???`, `===`) indented under them.
///
/// cmark-gfm parses lists itself, but it would read `    !!! note` in an item as text.
/// Python-Markdown nests an item's content by four spaces, so such a list is cut into items
/// here, following those rules, and each item's dedented content is scanned like a page.
/// Lists without containers in them are left to cmark-gfm.
struct ContainerList {
    struct Item {
        /// The item's lines: the first line's text after the marker, then the rest, dedented
        /// by four spaces (lazy continuation lines as they are).
        var body: [SourceLine]
        /// `- [ ]` and `- [x]` items.
        var task: Bool?
    }

    var isOrdered: Bool
    var start: Int
    var items: [Item]
    /// The index of the first line after the list.
    var end: Int

    /// A list marker: up to three spaces, `-`, `*`, `+` or a number and `.`, then a
    /// space (or the end of the line). Returns whether it is ordered, its number and the
    /// text after it.
    static func marker(_ text: Substring) -> (ordered: Bool, number: Int, rest: Substring)? {
        let trimmed = text.drop { $0 == " " }
        guard text.utf8.count - trimmed.utf8.count <= 3, let first = trimmed.first else { return nil }
        var rest: Substring
        var ordered = false
        var number = 1
        if "-*+".contains(first) {
            rest = trimmed.dropFirst()
        } else {
            let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
            // Python-Markdown knows only `1.`; `1)` is text to it.
            guard !digits.isEmpty, digits.count <= 9, trimmed.dropFirst(digits.count).first == "." else { return nil }
            ordered = true
            number = Int(digits) ?? 1
            rest = trimmed.dropFirst(digits.count + 1)
        }
        guard rest.isEmpty || rest.first == " " else { return nil }
        // A line of only `-` or `*` with spaces is a thematic break, not an item.
        if !ordered, trimmed.allSatisfy({ $0 == first || $0 == " " }), trimmed.filter({ $0 == first }).count >= 3 { return nil }
        return (ordered, number, rest.drop { $0 == " " })
    }

    /// The list starting at `index`, if one starts there and any of its items holds a
    /// container marker at the item's own indentation.
    static func scan(_ lines: [SourceLine], at index: Int, options: MarkdownOptions) -> ContainerList? {
        guard let first = marker(lines[index].text) else { return nil }
        var items: [Item] = []
        var current: [SourceLine] = []
        var task: Bool?
        var position = index
        var previousBlank = false
        func finish() {
            while let last = current.last, last.isBlank { current.removeLast() }
            if !current.isEmpty { items.append(Item(body: current, task: task)) }
            current = []
        }
        while position < lines.count {
            let line = lines[position]
            if let next = marker(line.text), line.indent < 4, next.ordered == first.ordered {
                finish()
                var text = next.rest
                task = nil
                for (prefix, checked) in [("[ ] ", false), ("[x] ", true), ("[X] ", true)] where text.hasPrefix(prefix) {
                    task = checked
                    text = text.dropFirst(prefix.count)
                }
                current = [SourceLine(text: text, number: line.number)]
            } else if line.isBlank {
                current.append(line)
            } else if line.indent >= 4 {
                current.append(line.dedented(by: 4))
            } else if !previousBlank, marker(line.text) == nil, ContainerMarker(line.text, options: options) == nil {
                current.append(line)
            } else {
                break
            }
            previousBlank = line.isBlank
            position += 1
        }
        finish()
        while position > index, lines[position - 1].isBlank { position -= 1 }
        let holdsContainers = items.contains { item in
            item.body.dropFirst().contains { !$0.isBlank && $0.indent == 0 && ContainerMarker($0.text, options: options) != nil }
        }
        guard holdsContainers else { return nil }
        return ContainerList(isOrdered: first.ordered, start: first.number, items: items, end: position)
    }
}
