// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A Markdown file as the rules see it: its lines, with front matter taken off the way mdl
/// takes it off, and, in mkdocs mode, container bodies dedented so they read as Markdown.
package struct LintSource: Sendable {
    /// The text that is parsed.
    package var text: String
    /// The lines as written (after front matter), for rules about whitespace and length.
    package var lines: [String]
    /// The lines as parsed: equal to `lines` unless mkdocs containers were dedented.
    package var structureLines: [String]
    /// Lines taken off the top as front matter; added back to every reported line.
    package var offset: Int
    /// In mkdocs mode, the lines that open a container (`!!! note`, `=== "Tab"`): a block
    /// right under one starts the container's body, as after a blank line.
    package var containerLines: Set<Int> = []
    /// In mkdocs mode, the quoted titles of those lines (`=== "<b>Tab</b>"`), by line: mkdocs
    /// renders them as HTML, so the rules that look for HTML read them.
    package var containerTitles: [Int: String] = [:]
    /// Whether the file is read as mkdocs renders it.
    package var mkdocs: Bool

    /// `leadingFrontMatterOnly`: front matter is only a YAML block at the very top, as mkdocs
    /// reads it, and every reported line is the file's own. Without it, front matter is
    /// found as mdl finds it (its first `---` line to the next, anywhere in the file), and
    /// lines are counted as mdl counts them, off where mdl's are.
    package init(_ original: String, ignoreFrontMatter: Bool, leadingFrontMatterOnly: Bool = false, mkdocs: Bool) {
        var text = original
        offset = 0
        self.mkdocs = mkdocs
        if ignoreFrontMatter, leadingFrontMatterOnly {
            if let range = Self.leadingFrontMatterRange(in: text) {
                offset = text[range].utf8.count { $0 == 0x0A }
                text.removeSubrange(range)
            }
        } else if ignoreFrontMatter, let range = Self.frontMatterRange(in: text) {
            // Ruby's `split("\n")` drops empty strings at the end.
            var parts = text[range].split(separator: "\n", omittingEmptySubsequences: false)
            while parts.last?.isEmpty == true { parts.removeLast() }
            offset = parts.count
            text.removeSubrange(range)
        }
        lines = Self.splitLines(text)
        if mkdocs {
            (structureLines, containerLines) = MkdocsContainers.dedent(lines)
            for line in containerLines {
                let text = lines[line - 1]
                if let open = text.firstIndex(of: "\""), let close = text.lastIndex(of: "\""), open < close {
                    containerTitles[line] = String(text[text.index(after: open)..<close])
                }
            }
            self.text = structureLines.joined(separator: "\n")
        } else {
            structureLines = lines
            self.text = text
        }
    }

    /// Lines split where Ruby's `split(/\R/, -1)` splits them: at `\r\n`, `\n`, `\v`, `\f`,
    /// `\r`, U+0085, U+2028 and U+2029. The last line (empty after a final newline) is kept.
    /// kramdown counts only `\n` for an element's line, so a page with the others has rules
    /// that read a different line than the element's, as in mdl.
    /// With `rubyBreaks` false only `\n`, `\r\n` and `\r` end a line (what the fixer edits
    /// and writes back).
    static func splitLines(_ text: String, rubyBreaks: Bool = true) -> [String] {
        var lines: [String] = []
        let bytes = Array(text.utf8)
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            var breakLength = 0
            if !rubyBreaks {
                if byte == 0x0A || byte == 0x0D { breakLength = byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1 }
            } else if byte >= 0x0A && byte <= 0x0D {
                breakLength = byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
            } else if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0x85 {
                breakLength = 2
            } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                breakLength = 3
            }
            if breakLength > 0 {
                lines.append(String(decoding: bytes[start..<index], as: UTF8.self))
                index += breakLength
                start = index
                continue
            }
            index += 1
        }
        lines.append(String(decoding: bytes[start...], as: UTF8.self))
        return lines
    }

    /// mdl's front matter: the first `---` line, up to the next `---` followed by a newline
    /// (lazily, wherever it is), and one blank line after it.
    /// The YAML front matter at the top of `text` as mkdocs reads it (a `---` line, then up
    /// to a `---` or `...` line), with the blank line after it, if any.
    static func leadingFrontMatterRange(in text: String) -> Range<String.Index>? {
        // Lines are read one at a time and only as far as the front matter goes: splitting
        // the whole page first was most of the lint's time on pages without front matter.
        let utf8 = text.utf8
        // A line ends at `\n`, or at `\r\n`: mkdocs reads files with Python's universal
        // newlines, so a Windows file's front matter is front matter too.
        func line(from start: String.Index) -> (text: Substring, next: String.Index?) {
            guard let newline = utf8[start...].firstIndex(of: UInt8(ascii: "\n")) else { return (text[start...], nil) }
            var end = newline
            if end > start, utf8[utf8.index(before: end)] == UInt8(ascii: "\r") { end = utf8.index(before: end) }
            return (text[start..<end], utf8.index(after: newline))
        }
        func trimmed(_ line: Substring) -> String { line.trimmingCharacters(in: .whitespaces) }
        let first = line(from: utf8.startIndex)
        guard trimmed(first.text) == "---", var position = first.next else { return nil }
        while true {
            let current = line(from: position)
            if ["---", "..."].contains(trimmed(current.text)) {
                // The range ends after the newline of its last line, and takes one blank line
                // after it when a newline ends that too.
                guard var end = current.next else { return utf8.startIndex..<utf8.endIndex }
                let after = line(from: end)
                if let next = after.next, trimmed(after.text).isEmpty { end = next }
                return utf8.startIndex..<end
            }
            guard let next = current.next else { return nil }
            position = next
        }
    }

    static func frontMatterRange(in text: String) -> Range<String.Index>? {
        let bytes = Array(text.utf8)
        let marker = Array("---\n".utf8)
        func find(from start: Int) -> Int? {
            var index = start
            while index + marker.count <= bytes.count {
                if bytes[index] == 0x2D, bytes[index..<(index + marker.count)].elementsEqual(marker) { return index }
                index += 1
            }
            return nil
        }
        var search = 0
        while let open = find(from: search) {
            if open == 0 || bytes[open - 1] == 0x0A {
                guard let close = find(from: open + marker.count) else { return nil }
                var end = close + marker.count
                if end < bytes.count, bytes[end] == 0x0A { end += 1 }
                let utf8 = text.utf8
                return utf8.index(utf8.startIndex, offsetBy: open)..<utf8.index(utf8.startIndex, offsetBy: end)
            }
            search = open + 1
        }
        return nil
    }
}

/// pymdown containers (`!!!` and `???` admonitions, `===` tabs): their bodies are indented
/// four spaces, which plain Markdown reads as code. Dedenting them in place keeps every
/// line number and lets the rules see the real structure.
enum MkdocsContainers {
    static func opens(_ line: Substring) -> Bool {
        let trimmed = line.drop { $0 == " " }
        return trimmed.hasPrefix("!!! ") || trimmed.hasPrefix("??? ") || trimmed.hasPrefix("???+ ") || trimmed.hasPrefix("=== ") || trimmed.hasPrefix("===! ") || trimmed.hasPrefix("===+ ")
    }

    static func indent(of line: Substring) -> Int {
        line.prefix { $0 == " " }.count
    }

    static func dedent(_ lines: [String]) -> ([String], Set<Int>) {
        var result = lines
        var markers = Set<Int>()
        // Open containers, by the column their marker starts at; bodies start 4 further in.
        var stack: [Int] = []
        var fence: (character: Character, length: Int)?
        for (index, line) in lines.enumerated() {
            var text = Substring(line)
            let blank = text.allSatisfy { $0 == " " || $0 == "\t" }
            if !blank {
                while let top = stack.last, indent(of: text) < top + 4 { stack.removeLast() }
            }
            let removable = min(stack.count * 4, blank ? indent(of: text) : stack.count * 4)
            if removable > 0 { text = text.dropFirst(removable) }
            result[index] = String(text)
            let trimmed = text.drop { $0 == " " }
            if let open = fence {
                let run = trimmed.prefix(while: { $0 == open.character }).count
                if trimmed.first == open.character, run >= open.length,
                   trimmed.drop(while: { $0 == open.character }).allSatisfy({ $0 == " " || $0 == "\t" }) {
                    fence = nil
                }
                continue
            }
            if let first = trimmed.first, first == "`" || first == "~" {
                let run = trimmed.prefix { $0 == first }.count
                if run >= 3 { fence = (first, run); continue }
            }
            if opens(text) {
                stack.append(indent(of: Substring(line)))
                markers.insert(index + 1)
                // The title line is not Markdown; what follows starts the body.
                result[index] = ""
            }
        }
        return (result, markers)
    }
}
