// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0

/// The reference and footnote definitions of a whole page, and which of them each stretch
/// that cmark-gfm reads needs appended so that its references resolve. Python-Markdown knows
/// every definition of the page wherever a reference stands; cmark-gfm sees one stretch at a
/// time (the text between containers, or a container's body).
///
/// A stretch gets only the definitions it can name (and those they name in turn). Appending
/// every definition to every stretch made a page of n containers and n definitions cost n²:
/// 400 kB with 423 footnotes took 3.5 s, and 5 MB more than ten minutes.
struct SharedDefinitions {
    private struct Definition {
        /// Its lines, as the page has them.
        var text: String
        /// The footnote label, for `[^label]:`.
        var footnote: String?
        /// The keys of the labels its own text names, for definitions that name others.
        var names: Set<String>
    }

    private var definitions: [Definition] = []
    /// Definitions by key, in page order.
    private var byKey: [String: [Int]] = [:]
    /// The page lines that hold a reference definition (not a footnote).
    private(set) var referenceLines: Set<Int> = []

    /// The definitions of `lines` outside fenced code: lines of the form `[label]: …` with
    /// at most three spaces before them, each footnote with the blank and indented lines
    /// that continue it.
    init(lines: [SourceLine]) {
        var fence: Fence?
        var inFootnote = false
        for line in lines {
            if let open = fence {
                if BlockScanner.closesFence(line.text, open) { fence = nil }
                continue
            }
            if let opened = BlockScanner.opensFence(line.text) {
                fence = opened
                inFootnote = false
                continue
            }
            if inFootnote, line.isBlank || line.indent >= 4 {
                definitions[definitions.count - 1].text += "\n" + line.text
                definitions[definitions.count - 1].names.formUnion(Self.keys(in: line.text))
                continue
            }
            inFootnote = false
            let trimmed = line.text.drop { $0 == " " }
            guard line.indent <= 3, trimmed.first == "[", let close = trimmed.firstIndex(of: "]"),
                  trimmed[trimmed.index(after: close)...].first == ":" else { continue }
            let label = trimmed[trimmed.index(after: trimmed.startIndex)..<close]
            let footnote = label.first == "^" ? String(label.dropFirst()) : nil
            if footnote == nil { referenceLines.insert(line.number) }
            let index = definitions.count
            definitions.append(Definition(text: String(line.text), footnote: footnote, names: Self.keys(in: trimmed[trimmed.index(after: close)...])))
            byKey[Self.key(label), default: []].append(index)
            inFootnote = footnote != nil
        }
    }

    /// What to append to `stretch`: the definitions it names, each its own block, then a
    /// paragraph that references their footnotes (cmark-gfm drops a footnote definition that
    /// nothing references). Empty when the stretch names none.
    func appendix(for stretch: String) -> String {
        guard !definitions.isEmpty else { return "" }
        var chosen: Set<Int> = []
        var pending = Array(Self.keys(in: Substring(stretch)))
        var seen: Set<String> = []
        while let key = pending.popLast() {
            guard seen.insert(key).inserted, let indices = byKey[key] else { continue }
            for index in indices where chosen.insert(index).inserted {
                pending.append(contentsOf: definitions[index].names)
            }
        }
        guard !chosen.isEmpty else { return "" }
        let ordered = chosen.sorted().map { definitions[$0] }
        var text = ordered.map(\.text).joined(separator: "\n\n")
        let footnotes = ordered.compactMap(\.footnote)
        if !footnotes.isEmpty {
            text += "\n\n" + footnotes.map { "[^\($0)]" }.joined(separator: " ")
        }
        return text
    }

    /// A label's key: its letters in one case and its white space left out, so that every
    /// spelling cmark-gfm matches (it folds case and runs of white space) has the same key.
    /// Keys may match labels cmark-gfm keeps apart; that only appends a definition too many.
    /// Outside ASCII, upper then lower case approaches Unicode's case folding (`ß` and `SS`
    /// meet at `ss`).
    private static func key(_ label: Substring) -> String {
        let utf8 = label.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            return String(label.uppercased().lowercased().unicodeScalars.filter { !$0.properties.isWhitespace })
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): continue
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte + 32)
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The keys of every bracketed text in `text` that could be a label: the text between a
    /// `[` and the next `]` with no `[` between them (a label has no unescaped bracket),
    /// backslash escapes kept, at most 999 characters as CommonMark allows. Spans lines.
    static func keys(in text: Substring) -> Set<String> {
        var keys: Set<String> = []
        var start: String.UTF8View.Index?
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex {
            switch utf8[index] {
            case UInt8(ascii: "\\"):
                index = utf8.index(after: index)
                if index == utf8.endIndex { return keys }
            case UInt8(ascii: "["):
                start = utf8.index(after: index)
            case UInt8(ascii: "]"):
                if let open = start, utf8.distance(from: open, to: index) <= 999 * 4 {
                    keys.insert(key(Substring(utf8[open..<index])))
                }
                start = nil
            default:
                break
            }
            index = utf8.index(after: index)
        }
        return keys
    }
}
