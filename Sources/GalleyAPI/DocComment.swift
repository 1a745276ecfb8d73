// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A doc comment made into page Markdown: the text as written, with the callouts Swift's
/// documentation markup defines (`- Parameters:`, `- Returns:`, `- Throws:`, `- Note:` and
/// the other asides) turned into admonitions, as DocC shows them in boxes of their own.
/// Every line keeps the source line it came from.
enum DocComment {
    /// Aside keywords and the admonition type each becomes.
    static let asides: [String: String] = [
        "note": "note", "remark": "note", "tip": "tip", "experiment": "example", "important": "info",
        "warning": "warning", "attention": "warning", "bug": "bug", "todo": "note", "seealso": "abstract",
        "precondition": "info", "postcondition": "info", "requires": "info", "invariant": "info",
        "complexity": "info", "since": "info", "version": "info", "author": "quote", "authors": "quote",
        "copyright": "quote", "date": "info", "throws": "danger", "returns": "success",
    ]

    /// The comment's lines as Markdown. `fallback` locates lines without a place of their own.
    static func markdown(_ lines: [DocLine], fallback: (file: String, line: Int), name: (String) -> String) -> [GeneratedLine] {
        var output: [GeneratedLine] = []
        var index = 0
        var inFence: Substring?
        func origin(_ line: DocLine, _ text: String, dropped: Int = 0, added: Int = 0) -> GeneratedLine {
            guard let file = line.file else { return GeneratedLine(text, file: fallback.file, line: fallback.line) }
            return GeneratedLine(text, file: name(file), line: line.line, columnShift: line.column - 1 + dropped - added)
        }
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.text.drop { $0 == " " }
            if let fence = inFence {
                output.append(origin(line, line.text))
                if trimmed.hasPrefix(fence) && trimmed.drop(while: { $0 == fence.first }).allSatisfy(\.isWhitespace) { inFence = nil }
                index += 1
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                let marker = trimmed.prefix { $0 == trimmed.first }
                inFence = marker
                let indent = String(line.text.prefix(line.text.count - trimmed.count))
                let info = trimmed.dropFirst(marker.count).trimmingCharacters(in: .whitespaces)
                output.append(origin(line, indent + marker + DocComment.exampleInfo(Substring(info))))
                index += 1
                continue
            }
            guard let callout = Callout(line.text) else {
                output.append(origin(line, line.text))
                index += 1
                continue
            }
            // The item's lines: its first, and those after it indented under it (blank lines
            // included while more indented text follows).
            var end = index + 1
            while end < lines.count {
                let text = lines[end].text
                if text.first == " " || (text.trimmingCharacters(in: .whitespaces).isEmpty && end + 1 < lines.count && lines[end + 1].text.first == " ") {
                    end += 1
                } else {
                    break
                }
            }
            if output.last.map({ !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }) ?? false { output.append(origin(line, "")) }
            switch callout.kind {
            case .parameters:
                // `- Parameters:` then `  - name: text` items: one box, a list of the names.
                output.append(origin(line, "!!! info \"Parameters\""))
                output.append(origin(line, ""))
                for item in lines[(index + 1)..<end] {
                    let body = item.text.dropFirst(min(2, item.text.prefix { $0 == " " }.count))
                    if body.hasPrefix("- "), let colon = body.firstIndex(of: ":") {
                        let parameter = body.dropFirst(2)[..<colon].trimmingCharacters(in: .whitespaces)
                        let rest = body[body.index(after: colon)...].drop { $0 == " " }
                        let written = "    - `\(parameter)`: " + rest
                        output.append(origin(item, written, dropped: item.text.count - rest.count, added: written.count - rest.count))
                    } else {
                        output.append(origin(item, "    " + body, dropped: item.text.count - body.count, added: 4))
                    }
                }
            case .parameter(let parameter):
                output.append(origin(line, "!!! info \"Parameter `\(parameter)`\""))
                appendBody(callout, lines[index..<end])
            case .aside(let keyword, let type):
                output.append(origin(line, "!!! \(type) \"\(keyword)\""))
                appendBody(callout, lines[index..<end])
            }
            output.append(origin(lines[end - 1], ""))
            index = end
        }
        return output

        func appendBody(_ callout: Callout, _ item: ArraySlice<DocLine>) {
            output.append(origin(item.first!, ""))
            let first = item.first!
            if !callout.rest.isEmpty {
                output.append(origin(first, "    " + callout.rest, dropped: first.text.count - callout.rest.count, added: 4))
            }
            for line in item.dropFirst() {
                let body = line.text.dropFirst(min(2, line.text.prefix { $0 == " " }.count))
                output.append(origin(line, body.isEmpty ? "" : "    " + body, dropped: line.text.count - body.count, added: 4))
            }
        }
    }

    /// The first sentence of a comment's first paragraph: what lists of symbols show.
    static func summary(_ lines: [DocLine]) -> String {
        var paragraph: [String] = []
        for line in lines {
            let text = line.text.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { if paragraph.isEmpty { continue } else { break } }
            if Callout(line.text) != nil || text.hasPrefix("```") { break }
            paragraph.append(text)
        }
        let joined = paragraph.joined(separator: " ")
        // To the first full stop followed by a space, as DocC's abstract is the first paragraph
        // and lists read better with its first sentence.
        if let stop = joined.range(of: ". ") { return String(joined[..<stop.lowerBound]) + "." }
        return joined
    }

    /// ``summary(_:)`` with its symbol links as code: for lists and inherited comments, where
    /// the links would resolve from a page other than the one they were written for.
    static func plainSummary(_ lines: [DocLine]) -> String {
        var text = summary(lines)
        while let open = text.range(of: "``"), let close = text[open.upperBound...].range(of: "``") {
            let inner = text[open.upperBound..<close.lowerBound]
            text.replaceSubrange(open.lowerBound..<close.upperBound, with: "`\(inner)`")
        }
        return text
    }

    /// A fence's info string in a doc comment: as in rustdoc, a Swift block (or one naming no
    /// language, which DocC reads as Swift) is an example that runs, unless its words say
    /// otherwise.
    static func exampleInfo(_ info: Substring) -> String {
        let words = info.split(separator: " ")
        guard let language = words.first else { return "swift run" }
        guard language == "swift", words.count == 1 else { return String(info) }
        return "swift run"
    }

    /// A top-level list item that starts a callout.
    struct Callout {
        enum Kind {
            case parameters
            case parameter(String)
            case aside(keyword: String, type: String)
        }

        var kind: Kind
        /// The text after the colon on the item's first line.
        var rest: String

        init?(_ text: String) {
            guard text.hasPrefix("- ") || text.hasPrefix("* ") || text.hasPrefix("+ ") else { return nil }
            let item = text.dropFirst(2).drop { $0 == " " }
            guard let colon = item.firstIndex(of: ":") else { return nil }
            let head = item[..<colon]
            rest = String(item[item.index(after: colon)...].drop { $0 == " " })
            let words = head.split(separator: " ")
            guard let first = words.first else { return nil }
            let keyword = first.lowercased()
            if keyword == "parameters", words.count == 1 {
                kind = .parameters
            } else if keyword == "parameter", words.count == 2 {
                kind = .parameter(String(words[1]))
            } else if words.count == 1, let type = DocComment.asides[keyword] {
                kind = .aside(keyword: keyword == "seealso" ? "See Also" : keyword == "todo" ? "To Do" : String(first.prefix(1).uppercased() + first.dropFirst()), type: type)
            } else {
                return nil
            }
        }
    }
}
