// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// kramdown's remaining block parsers: math, tables, footnote, link and abbreviation
/// definitions, extensions and attribute lists. Definitions leave an end-of-block marker
/// in the tree and nothing the rules see.
extension KramdownParser {
    /// `$$ … $$` standing alone between block boundaries.
    func parseBlockMath() -> Bool {
        let bytes = src.bytes
        let start = src.position
        let open = start + src.spaces(start)
        guard RubyBytes.startsWith(bytes, open, "$$"), afterBlockBoundary else { return false }
        var close = open + 2
        while close + 1 < bytes.count, !(bytes[close] == 0x24 && bytes[close + 1] == 0x24) { close += 1 }
        guard close + 1 < bytes.count else { return false }
        var end = close + 2
        var probe = end
        while probe < bytes.count, RubyBytes.isSpace(bytes[probe]), bytes[probe] != 0x0A { probe += 1 }
        if probe < bytes.count, bytes[probe] == 0x0A { end = probe + 1 }
        guard beforeBlockBoundary(end) else { return false }
        tree.children.append(newBlock(.math, value: Array(bytes[(open + 2)..<close]), location: src.line(at: start)))
        src.position = end
        return true
    }

    /// `TABLE_PIPE_CHECK` on the line at `at`: a `|` first, or after a character that is not a backslash.
    func hasTablePipe(_ at: Int) -> Bool {
        let bytes = src.bytes
        if src.byte(at) == 0x7C { return true }
        // `.*?[^\\\n]\|` stays on its line: a blank line has no pipe, whatever follows it.
        guard let first = src.byte(at), first != 0x0A else { return false }
        var index = at + 1
        while index < bytes.count, bytes[index] != 0x0A {
            if bytes[index] == 0x7C, bytes[index - 1] != 0x5C { return true }
            index += 1
        }
        return false
    }

    private func isTableSeparator(_ at: Int, _ marker: UInt8) -> Bool {
        let content = src.lineContent(at)
        let allowed: Set<UInt8> = [0x2B, 0x7C, 0x3A, 0x20, 0x09, marker]
        return content.contains(marker) && content.allSatisfy { allowed.contains($0) } && src.lineEnd(at) <= src.bytes.count
    }

    /// A table: lines with pipes after a block boundary, at least one body row, and a block
    /// boundary after it.
    func parseTable() -> Bool {
        let start = src.position
        let first = start + src.spaces(start)
        guard let byte = src.byte(first), !RubyBytes.isSpace(byte), hasTablePipe(first), afterBlockBoundary else { return false }
        let location = src.lineNumber
        var at = start
        var rows: [[UInt8]] = []
        var containers: [(kind: String, rows: [[UInt8]])] = []
        var hasFooter = false
        var aligned = false
        func addContainer(_ kind: String, force: Bool) {
            if !hasFooter || kind != "tbody" || force {
                containers.append((kind, rows))
                rows = []
            }
        }
        // A separator line first is skipped.
        if isTableSeparator(at, 0x2D) { at = src.lineEnd(at) }
        while at < src.bytes.count, hasTablePipe(at) {
            if isTableSeparator(at, 0x2D) {
                if rows.isEmpty {
                } else if !aligned && !hasFooter {
                    addContainer("thead", force: false)
                    aligned = true
                } else {
                    addContainer("tbody", force: false)
                }
            } else if isTableSeparator(at, 0x3D) {
                if !rows.isEmpty { addContainer("tbody", force: true) }
                hasFooter = true
            } else {
                rows.append(Array(RubyBytes.rstrip(src.lineContent(at))))
            }
            at = src.lineEnd(at)
        }
        guard beforeBlockBoundary(at) else { return false }
        // kramdown then reads the lines for code spans: a `|` inside one does not make a
        // table line, and without a pipe outside code the lines are no table.
        guard Self.hasPipeOutsideCode(Array(src.bytes[start..<max(start, at - 1)])) else { return false }
        if !rows.isEmpty { addContainer(hasFooter ? "tfoot" : "tbody", force: false) }
        guard containers.contains(where: { $0.kind == "tbody" }) else { return false }
        let table = newBlock(.table, location: location)
        table.value = Array(src.bytes[start..<at])
        for container in containers {
            for row in container.rows {
                let element = KramdownElement(.tableRow, location: nil)
                var cells = Self.cells(row)
                if row.drop(while: RubyBytes.isSpace).first == 0x7C, cells.first.map({ RubyBytes.rstrip(RubyBytes.lstrip($0[...])).isEmpty }) == true { cells.removeFirst() }
                if cells.last.map({ RubyBytes.rstrip(RubyBytes.lstrip($0[...])).isEmpty }) == true { cells.removeLast() }
                for cell in cells {
                    let element2 = KramdownElement(.tableCell, location: nil)
                    element2.children.append(KramdownElement(.rawText, value: Array(RubyBytes.rstrip(RubyBytes.lstrip(cell[...]))), location: nil))
                    element.children.append(element2)
                }
                table.children.append(element)
            }
        }
        src.position = at
        tree.children.append(table)
        return true
    }

    /// Where the run of exactly `run` backticks that closes a code span starts, from `from`
    /// on (a longer or shorter run is part of the code); nil when none does.
    static func closingBackticks(_ bytes: ArraySlice<UInt8>, from: Int, run: Int) -> Int? {
        var close = from
        while close < bytes.endIndex {
            guard bytes[close] == 0x60 else { close += 1; continue }
            let closeRun = bytes[close...].prefix { $0 == 0x60 }.count
            if closeRun == run { return close }
            close += closeRun
        }
        return nil
    }

    /// kramdown's check after a table's lines are read (`pipe_on_line`): the lines are cut
    /// into code spans, HTML span elements and text as its code-span and span-HTML parsers
    /// cut them, and the walk over those pieces must end with a pipe outside code on the line
    /// it reached. An HTML element counts by its tag's name; what it holds is not looked at.
    static func hasPipeOutsideCode(_ text: [UInt8]) -> Bool {
        /// `^(?:\||.*?[^\\\n]\|)`: a pipe first, or one after a character that is not a
        /// backslash.
        func pipeCheck(_ line: ArraySlice<UInt8>) -> Bool {
            if line.first == 0x7C { return true }
            var previous: UInt8?
            for byte in line {
                if byte == 0x7C, let previous, previous != 0x5C { return true }
                previous = byte
            }
            return false
        }
        /// Ruby's `split("\n")`: trailing empty pieces dropped.
        func lines(_ piece: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
            var parts = piece.split(separator: 0x0A, omittingEmptySubsequences: false)
            while parts.last?.isEmpty == true { parts.removeLast() }
            return parts
        }
        let pieces = KramdownSpans.tablePieces(text).map { piece in
            (code: piece.kind == .codeSpan, value: piece.kind == .html ? Array(piece.name.utf8)[...] : piece.value[...])
        }
        var pipeOnLine = false
        for piece in pieces {
            let parts = lines(piece.value)
            if piece.code {
                if parts.count > 2 || (parts.count == 2 && !pipeOnLine) { break }
                if parts.count == 2 { pipeOnLine = false }
            } else {
                if parts.count > 1, !pipeOnLine, !(parts.first.map(pipeCheck) ?? false) { break }
                pipeOnLine = (parts.count > 1 ? false : pipeOnLine) || (parts.last.map(pipeCheck) ?? false)
            }
        }
        return pipeOnLine
    }

    /// A row's cells: split at pipes that are not escaped and not inside a code span.
    private static func cells(_ row: [UInt8]) -> [[UInt8]] {
        var cells: [[UInt8]] = [[]]
        var index = 0
        while index < row.count {
            let byte = row[index]
            if byte == 0x60 {
                let run = row[index...].prefix { $0 == 0x60 }.count
                if let found = closingBackticks(row[...], from: index + run, run: run) {
                    cells[cells.count - 1] += row[index..<(found + run)]
                    index = found + run
                    continue
                }
                cells[cells.count - 1] += row[index..<(index + run)]
                index += run
                continue
            }
            if byte == 0x5C, index + 1 < row.count, row[index + 1] == 0x7C {
                cells[cells.count - 1].append(0x7C)
                index += 2
                continue
            }
            if byte == 0x7C {
                cells.append([])
            } else {
                cells[cells.count - 1].append(byte)
            }
            index += 1
        }
        return cells
    }

    /// `[^id]:` and the indented lines after it; kept out of the document tree.
    func parseFootnoteDefinition() -> Bool {
        let bytes = src.bytes
        let start = src.position
        let open = start + src.spaces(start)
        guard RubyBytes.startsWith(bytes, open, "[^") else { return false }
        var close = open + 2
        guard close < bytes.count, RubyBytes.isWord(bytes[close]) else { return false }
        while close < bytes.count, RubyBytes.isWord(bytes[close]) || bytes[close] == 0x2D { close += 1 }
        guard RubyBytes.startsWith(bytes, close, "]:") else { return false }
        let name = String(decoding: bytes[(open + 2)..<close], as: UTF8.self)
        let firstEnd = src.lineEnd(start)
        let end = indentedCodeEnd(firstEnd)
        src.position = end
        tree.children.append(marker(.footnoteDefinition))
        footnotes.insert(name)
        return true
    }

    private func marker(_ kind: KramdownElement.Marker) -> KramdownElement {
        let element = newBlock(.endOfBlock, location: nil)
        element.marker = kind
        return element
    }

    /// `[id]: url "title"`, the title perhaps on the next line.
    func parseLinkDefinition() -> Bool {
        let bytes = src.bytes
        let start = src.position
        let open = start + src.spaces(start)
        guard src.byte(open) == 0x5B else { return false }
        var close = open + 1
        while close < bytes.count, bytes[close] != 0x5D, bytes[close] != 0x0A { close += 1 }
        guard close > open + 1, RubyBytes.startsWith(bytes, close, "]:") else { return false }
        var urlStart = close + 2
        while let byte = src.byte(urlStart), RubyBytes.isBlank(byte) { urlStart += 1 }
        let lineEnd = src.lineEnd(start)
        guard bytes[lineEnd - 1] == 0x0A else { return false }
        let content = Array(bytes[urlStart..<(lineEnd - 1)])
        var end: Int?
        var url: [UInt8] = []
        if content.first == 0x3C, let angle = content.firstIndex(of: 0x3E) {
            url = Array(content[1..<angle])
            let rest = content[(angle + 1)...]
            if let titleEnd = Self.titleEnd(rest), titleEnd == rest.endIndex {
                end = lineEnd
            } else if rest.allSatisfy(RubyBytes.isBlank) {
                end = Self.titleOnNextLine(bytes, lineEnd, src) ?? lineEnd
            }
        } else {
            // The shortest URL after which a title or the line's end follows.
            for split in 1...max(content.count, 1) where split <= content.count {
                let candidate = content[0..<split]
                guard candidate.contains(where: { !RubyBytes.isSpace($0) }) else { continue }
                let rest = content[split...]
                if let titleEnd = Self.titleEnd(rest), titleEnd == rest.endIndex, rest.first.map(RubyBytes.isBlank) == true {
                    url = Array(candidate)
                    end = lineEnd
                    break
                }
                if rest.allSatisfy(RubyBytes.isBlank) {
                    url = Array(candidate)
                    end = Self.titleOnNextLine(bytes, lineEnd, src) ?? lineEnd
                    break
                }
            }
        }
        guard let end else { return false }
        // A URL with space before a quote is not a definition.
        for index in url.indices.dropFirst() where (url[index] == 0x22 || url[index] == 0x27) && RubyBytes.isBlank(url[index - 1]) { return false }
        let id = String(decoding: bytes[(open + 1)..<close], as: UTF8.self)
        linkDefinitions.insert(Self.normalizedLinkID(id))
        src.position = end
        tree.children.append(marker(.linkDefinition))
        return true
    }

    /// `normalize_link_id`: runs of space as one, lowercased.
    static func normalizedLinkID(_ id: String) -> String {
        id.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ").lowercased()
            + (id.last?.isWhitespace == true ? " " : "")
    }

    /// The end of `[ \t]+"title"[ \t]*` at the start of `rest` (or a single-quoted title).
    private static func titleEnd(_ rest: ArraySlice<UInt8>) -> Int? {
        var index = rest.startIndex
        while index < rest.endIndex, RubyBytes.isBlank(rest[index]) { index += 1 }
        guard index < rest.endIndex, rest[index] == 0x22 || rest[index] == 0x27 else { return nil }
        let quote = rest[index]
        var last = rest.endIndex
        while last > index, RubyBytes.isBlank(rest[last - 1]) { last -= 1 }
        guard last - 1 > index + 1, rest[last - 1] == quote else { return nil }
        return rest.endIndex
    }

    private static func titleOnNextLine(_ bytes: [UInt8], _ lineStart: Int, _ src: KramdownScanner) -> Int? {
        guard lineStart < bytes.count else { return nil }
        let next = src.lineContent(lineStart)
        guard let titleEnd = titleEnd(next), titleEnd == next.endIndex else { return nil }
        return src.lineEnd(lineStart)
    }

    /// `*[abbr]: text`.
    func parseAbbreviationDefinition() -> Bool {
        let bytes = src.bytes
        let start = src.position
        let open = start + src.spaces(start)
        guard RubyBytes.startsWith(bytes, open, "*[") else { return false }
        var close = open + 3
        while close < bytes.count, bytes[close] != 0x0A {
            if RubyBytes.startsWith(bytes, close, "]:") { break }
            close += 1
        }
        guard RubyBytes.startsWith(bytes, close, "]:") else { return false }
        src.position = src.lineEnd(start)
        tree.children.append(marker(.abbreviationDefinition))
        return true
    }

    /// `{:id: …}` definitions, `{::name}` extensions and `{: …}` attribute lists.
    func parseBlockExtension() -> Bool {
        let bytes = src.bytes
        let start = src.position
        let open = start + src.spaces(start)
        guard RubyBytes.startsWith(bytes, open, "{:") else { return false }
        let lineEnd = src.lineEnd(start)
        let content = RubyBytes.rstrip(bytes[open..<lineEnd])
        if RubyBytes.startsWith(bytes, open, "{::") || RubyBytes.startsWith(bytes, open, "{:/") {
            // `parse_extension_start_tag`: a stop tag with no start, an unknown name or a start
            // without its stop is not an extension (kramdown warns and reads the line as text).
            guard content.last == 0x7D, !RubyBytes.startsWith(bytes, open, "{:/") else { return false }
            let name = String(decoding: bytes[(open + 3)...].prefix { RubyBytes.isWord($0) }, as: UTF8.self)
            guard ["comment", "nomarkdown", "options"].contains(name) else { return false }
            let location = src.lineNumber
            /// What kramdown adds: a comment, raw output, or (for options) an end-of-block mark
            /// that is no block boundary.
            func add(_ body: [UInt8]?) {
                if name == "options" {
                    tree.children.append(marker(.extensionOptions))
                } else if let body {
                    tree.children.append(newBlock(name == "comment" ? .comment : .rawOutput, value: body, location: location))
                }
            }
            if content.dropLast().last == 0x2F {
                src.position = lineEnd
                add(nil)
                return true
            }
            // The body, up to `{:/name}` or `{:/}` alone on a line (after at most three spaces).
            var line = lineEnd
            while line < bytes.count {
                let stripped = RubyBytes.rstrip(src.lineContent(line).dropFirst(min(src.spaces(line), 3)))
                if stripped.elementsEqual(Array("{:/\(name)}".utf8)) || stripped.elementsEqual(Array("{:/}".utf8)) {
                    src.position = src.lineEnd(line)
                    add(Array(bytes[lineEnd..<line]))
                    return true
                }
                line = src.lineEnd(line)
            }
            return false
        }
        // `{:name: …}`: an attribute definition.
        var index = open + 2
        if index < bytes.count, RubyBytes.isWord(bytes[index]) {
            while index < bytes.count, RubyBytes.isWord(bytes[index]) || bytes[index] == 0x2D { index += 1 }
            if src.byte(index) == 0x3A, content.last == 0x7D {
                src.position = lineEnd
                tree.children.append(marker(.attributeDefinition))
                return true
            }
        }
        guard let end = attributeListEnd(start) else { return false }
        src.position = end
        if let last = tree.children.last, last.kind != .blank,
           last.kind != .endOfBlock || [.linkDefinition, .abbreviationDefinition, .footnoteDefinition].contains(last.marker) {
            if !isAttributeList(end) { tree.children.append(marker(.attributeList)) }
        } else {
            pendingAttributes = true
        }
        return true
    }
}
