// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// A line that opens a pymdown container: `!!! note "Title"`, `???+ tip`, `=== "Swift"`.
enum ContainerMarker: Equatable {
    case admonition(Admonition.Style, classes: [String], title: String?)
    case tab(label: String, isSelected: Bool, startsNewSet: Bool)

    /// Reads `line` (already at the container's own indentation) as a marker.
    init?(_ line: Substring, options: MarkdownOptions) {
        if options.admonition, line.hasPrefix("!!!") {
            guard let parsed = Self.typeAndTitle(line.dropFirst(3)) else { return nil }
            self = .admonition(.plain, classes: parsed.classes, title: parsed.title)
        } else if options.details, line.hasPrefix("???") {
            var rest = line.dropFirst(3)
            var style = Admonition.Style.collapsed
            if rest.first == "+" {
                style = .expanded
                rest = rest.dropFirst()
            }
            guard let parsed = Self.typeAndTitle(rest) else { return nil }
            self = .admonition(style, classes: parsed.classes, title: parsed.title)
        } else if options.tabbed, line.hasPrefix("===") {
            var rest = line.dropFirst(3)
            var selected = false
            var newSet = false
            while let flag = rest.first, flag == "+" || flag == "!" {
                if flag == "+" { selected = true } else { newSet = true }
                rest = rest.dropFirst()
            }
            let trimmed = rest.trimmingWhitespace()
            guard rest.first == " ", trimmed.count >= 2, trimmed.first == "\"", trimmed.last == "\"" else { return nil }
            self = .tab(label: String(trimmed.dropFirst().dropLast()), isSelected: selected, startsNewSet: newSet)
        } else {
            return nil
        }
    }

    /// `type extra-class "Title"` after the marker; `nil` when it is not of that shape.
    private static func typeAndTitle(_ rest: Substring) -> (classes: [String], title: String?)? {
        var text = rest.trimmingWhitespace()[...]
        var title: String?
        if let quote = text.firstIndex(of: "\"") {
            let quoted = text[quote...].trimmingWhitespace()
            guard quoted.count >= 2, quoted.last == "\"" else { return nil }
            title = String(quoted.dropFirst().dropLast())
            text = text[..<quote]
        }
        let classes = text.split(separator: " ").map(String.init)
        guard let first = classes.first, classes.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" } }) else {
            return nil
        }
        _ = first
        return (classes, title)
    }
}
