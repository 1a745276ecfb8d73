// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// `pymdownx.keys`: `++ctrl+alt+del++` becomes a combination of keys. Each key is a name
/// from the keymap (any case, aliases included) or a quoted label of the author's own; a
/// combination with a name the keymap lacks stays text, as the extension leaves it.
enum KeyCombination {
    static func split(_ text: String) -> [Inline] {
        var result: [Inline] = []
        var plainStart = text.startIndex
        var searchFrom = text.startIndex
        while let open = text.range(of: "++", range: searchFrom..<text.endIndex) {
            guard let (keys, end) = parse(text, from: open.upperBound) else {
                searchFrom = text.index(after: open.lowerBound)
                continue
            }
            if plainStart < open.lowerBound { result.append(.text(String(text[plainStart..<open.lowerBound]))) }
            result.append(.keys(keys))
            plainStart = end
            searchFrom = end
        }
        if plainStart < text.endIndex { result.append(.text(String(text[plainStart...]))) }
        return result
    }

    /// The keys from `start` (just past the opening `++`) up to the closing `++`, and where
    /// the text goes on after it.
    private static func parse(_ text: String, from start: String.Index) -> ([KeyPress], String.Index)? {
        var keys: [KeyPress] = []
        var index = start
        while true {
            guard index < text.endIndex else { return nil }
            if text[index] == "\"" || text[index] == "'" {
                guard let (label, next) = quoted(text, from: index), !label.isEmpty else { return nil }
                keys.append(.custom(label))
                index = next
            } else {
                let name = text[index...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
                guard !name.isEmpty, let key = KeyNames.byName[name.lowercased()] else { return nil }
                keys.append(.known(name: key.name, label: key.label))
                index = name.endIndex
            }
            if text[index...].hasPrefix("++") { return (keys, text.index(index, offsetBy: 2)) }
            guard index < text.endIndex, text[index] == "+" else { return nil }
            index = text.index(after: index)
        }
    }

    /// A quoted label, with `\` escaping the next character.
    private static func quoted(_ text: String, from start: String.Index) -> (String, String.Index)? {
        let quote = text[start]
        var label = ""
        var index = text.index(after: start)
        while index < text.endIndex {
            let character = text[index]
            if character == "\\", text.index(after: index) < text.endIndex {
                index = text.index(after: index)
                label.append(text[index])
            } else if character == quote {
                return (label, text.index(after: index))
            } else {
                label.append(character)
            }
            index = text.index(after: index)
        }
        return nil
    }
}
