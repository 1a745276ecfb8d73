// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// kramdown's block parser: at each position its block parsers are tried in a fixed order
/// and the first that accepts the text builds the element. Where kramdown differs from
/// CommonMark is kept: a header, setext header or table needs a block boundary (a blank
/// line, an end-of-block mark or an attribute list) before it; a paragraph takes every
/// following line up to a blank line or an HTML tag; a list item takes lazy lines; an
/// indented code block takes lazy lines; a fence's info string is one word.
final class KramdownParser {
    var linkDefinitions = Set<String>()
    var footnotes = Set<String>()
    var src: KramdownScanner
    var tree: KramdownElement
    /// A block attribute list waiting for the next block (`@block_ial`): it makes a block
    /// boundary, and the next block takes it. The attributes themselves matter to no rule.
    var pendingAttributes = false
    private var stopRequested = false

    /// Ends the innermost `parseBlocks` after the current parser (kramdown throws `:stop_block_parsing`).
    func requestStop() {
        stopRequested = true
    }

    /// Whether a fence's info string may hold more than one word, as pymdown's fences
    /// allow (`kotlin title="x.kt"`): on in mkdocs mode only, since kramdown reads such a
    /// line as text.
    let fenceInfoWithAttributes: Bool

    init(_ text: [UInt8], fenceInfoWithAttributes: Bool = false) {
        self.fenceInfoWithAttributes = fenceInfoWithAttributes
        src = KramdownScanner(Self.adapt(text), startLine: 1)
        tree = KramdownElement(.root, location: 1)
    }

    /// kramdown's `adapt_source`: line ends made `\n`, one final newline.
    static func adapt(_ text: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.count + 1)
        var index = 0
        while index < text.count {
            if text[index] == 0x0D {
                result.append(0x0A)
                if index + 1 < text.count, text[index + 1] == 0x0A { index += 1 }
            } else {
                result.append(text[index])
            }
            index += 1
        }
        if result.last == 0x0A { result.removeLast() }
        result.append(0x0A)
        return result
    }

    /// The whole document.
    func parse() -> KramdownElement {
        let root = tree
        _ = parseBlocks(root)
        KramdownSpans(linkDefinitions: linkDefinitions, footnotes: footnotes).update(root)
        return root
    }

    /// Parses blocks into `element` from `source` (or, without one, from the current
    /// scanner on); true when an HTML closing tag for `element` stopped it.
    @discardableResult
    func parseBlocks(_ element: KramdownElement, source: KramdownScanner? = nil) -> Bool {
        let saved = (tree, src, pendingAttributes)
        tree = element
        pendingAttributes = false
        if let source { src = source }
        var stopped = false
        while !src.atEnd {
            if !parseOneBlock() {
                // No parser took the line: kramdown adds it as text.
                let end = src.lineEnd(src.position)
                addText(Array(src.bytes[src.position..<end]), to: tree, kind: .rawText)
                src.position = end
            }
            if stopRequested {
                stopRequested = false
                stopped = true
                break
            }
        }
        let scanner = src
        (tree, src, pendingAttributes) = saved
        if source == nil { src = scanner }
        return stopped
    }

    private func parseOneBlock() -> Bool {
        let at = src.position
        let bytes = src.bytes
        let first = bytes[at]
        if isBlankLine(at) { return parseBlankLines() }
        if first == 0x09 || RubyBytes.startsWith(bytes, at, "    ") { return parseIndentedCode() }
        let indent = src.spaces(at)
        let marker = src.byte(at + indent) ?? 0
        if (marker == 0x60 || marker == 0x7E), parseFence() { return true }
        if marker == 0x3E { return parseBlockquote() }
        if first == 0x23, parseATXHeader() { return true }
        if (marker == 0x2A || marker == 0x2D || marker == 0x5F), parseRule() { return true }
        if listStart(at, indentLimit: 3) != nil { return parseList() }
        if marker == 0x3A, definitionListStart(at) != nil, parseDefinitionList() { return true }
        if marker == 0x3C, parseBlockHTML() { return true }
        if parseSetextHeader() { return true }
        if marker == 0x24, parseBlockMath() { return true }
        if parseTable() { return true }
        if marker == 0x5B, parseFootnoteDefinition() { return true }
        if marker == 0x5B, parseLinkDefinition() { return true }
        if marker == 0x2A, parseAbbreviationDefinition() { return true }
        if marker == 0x7B, parseBlockExtension() { return true }
        if first == 0x5E, parseEndOfBlockMark() { return true }
        return parseParagraph()
    }

    // MARK: - Shared tests

    func addText(_ text: [UInt8], to element: KramdownElement, kind: KramdownElement.Kind) {
        element.appendText(text, kind: kind)
    }

    func newBlock(_ kind: KramdownElement.Kind, value: [UInt8] = [], location: Int?) -> KramdownElement {
        pendingAttributes = false
        return KramdownElement(kind, value: value, location: location)
    }

    /// `after_block_boundary?`.
    var afterBlockBoundary: Bool {
        guard let last = tree.children.last else { return true }
        return last.kind == .blank || (last.kind == .endOfBlock && last.marker == .plain) || pendingAttributes
    }

    /// `before_block_boundary?`: a blank line, an end-of-block mark, an attribute list or the end.
    func beforeBlockBoundary(_ at: Int) -> Bool {
        isBlankLine(at) || isEndOfBlockMark(at) || isAttributeList(at) || src.isEnd(at)
    }

    /// `^\s*\n`.
    func isBlankLine(_ at: Int) -> Bool {
        var index = at
        let bytes = src.bytes
        while index < bytes.count, bytes[index] != 0x0A {
            guard RubyBytes.isSpace(bytes[index]) else { return false }
            index += 1
        }
        return index < bytes.count
    }

    /// The end of the blank lines from `at` (`BLANK_LINE`'s repetition).
    func blankLinesEnd(_ at: Int) -> Int {
        var end = at
        while end < src.bytes.count, isBlankLine(end) { end = src.lineEnd(end) }
        return end
    }

    /// `^\^\s*?\n`.
    func isEndOfBlockMark(_ at: Int) -> Bool {
        src.byte(at) == 0x5E && isBlankLine(at + 1)
    }

    /// `IAL_BLOCK_START`: `{:` (not `{::` or `{:/`), any text, `}`, then only space.
    func isAttributeList(_ at: Int) -> Bool {
        attributeListEnd(at) != nil
    }

    func attributeListEnd(_ at: Int) -> Int? {
        let bytes = src.bytes
        let start = at + src.spaces(at)
        guard RubyBytes.startsWith(bytes, start, "{:"), let next = src.byte(start + 2), next != 0x3A, next != 0x2F else { return nil }
        var index = start + 2
        var sawText = false
        while index < bytes.count, bytes[index] != 0x0A {
            if bytes[index] == 0x5C, src.byte(index + 1) == 0x7D { index += 2; sawText = true; continue }
            if bytes[index] == 0x7D {
                guard sawText, isBlankLine(index + 1) else { return nil }
                return src.lineEnd(index + 1)
            }
            sawText = true
            index += 1
        }
        return nil
    }

    /// `LAZY_END`: what ends a paragraph, a block quote and a lazy line.
    func isLazyEnd(_ at: Int) -> Bool {
        if isBlankLine(at) || isAttributeList(at) || isEndOfBlockMark(at) || src.isEnd(at) { return true }
        return KramdownHTML.startsLazyEnd(src.bytes, at + src.spaces(at))
    }

    // MARK: - Blank lines, code, quotes, headers, rules

    private func parseBlankLines() -> Bool {
        let start = src.position
        let end = blankLinesEnd(start)
        let text = Array(src.bytes[start..<end])
        src.position = end
        if let last = tree.children.last, last.kind == .blank {
            last.value += text
        } else {
            tree.children.append(newBlock(.blank, value: text, location: src.line(at: start)))
        }
        return true
    }

    /// `INDENT[ \t]*\S.*\n`: indented by a tab or four spaces, with text.
    private func isIndentedText(_ at: Int) -> Bool {
        let bytes = src.bytes
        guard at < bytes.count else { return false }
        let afterIndent: Int
        if bytes[at] == 0x09 { afterIndent = at + 1 } else if RubyBytes.startsWith(bytes, at, "    ") { afterIndent = at + 4 } else { return false }
        return RubyBytes.lineHasText(bytes, from: afterIndent)
    }

    /// A lazy line of an indented code block: any line with text that is not an attribute
    /// list, an end-of-block mark or an HTML tag.
    private func isLazyCodeLine(_ at: Int) -> Bool {
        guard at < src.bytes.count, RubyBytes.lineHasText(src.bytes, from: at) else { return false }
        if isAttributeList(at) || isEndOfBlockMark(at) { return false }
        return !KramdownHTML.startsLazyEnd(src.bytes, at + src.spaces(at))
    }

    /// The end of kramdown's `CODEBLOCK_MATCH` from `start`.
    func indentedCodeEnd(_ start: Int) -> Int {
        var end = start
        while true {
            var at = blankLinesEnd(end)
            guard isIndentedText(at) else { break }
            while isIndentedText(at) { at = src.lineEnd(at) }
            while isLazyCodeLine(at) { at = src.lineEnd(at) }
            end = at
        }
        return end
    }

    private func parseIndentedCode() -> Bool {
        let start = src.position
        let end = indentedCodeEnd(start)
        guard end > start else { return false }
        var data = Array(src.bytes[start..<end])
        // A lazy line joins the line before it.
        var joined: [UInt8] = []
        joined.reserveCapacity(data.count)
        var index = 0
        while index < data.count {
            if data[index] == 0x0A {
                var probe = index + 1
                var spaces = 0
                while spaces < 3, probe < data.count, data[probe] == 0x20 { probe += 1; spaces += 1 }
                if probe < data.count, !RubyBytes.isSpace(data[probe]) {
                    joined.append(0x20)
                    joined += data[(index + 1)...probe]
                    index = probe + 1
                    continue
                }
            }
            joined.append(data[index])
            index += 1
        }
        data = Self.removingIndent(joined)
        src.position = end
        let element = newBlock(.codeBlock, value: data, location: src.line(at: start))
        tree.children.append(element)
        return true
    }

    /// `gsub(INDENT, '')`: one tab or four spaces off the start of every line.
    static func removingIndent(_ data: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(data.count)
        var atLineStart = true
        var index = 0
        while index < data.count {
            if atLineStart {
                if data[index] == 0x09 {
                    index += 1
                } else if RubyBytes.startsWith(data, index, "    ") {
                    index += 4
                }
                atLineStart = false
                continue
            }
            result.append(data[index])
            if data[index] == 0x0A { atLineStart = true }
            index += 1
        }
        return result
    }

    /// mdl's fence (GitHub's, in kramdown's form): up to three spaces, three or more
    /// backticks or tildes, at most one word of info, and a closing run at least as long,
    /// however far on. A shorter opening run is tried when the longer finds no close, as
    /// the pattern backtracks.
    private func parseFence() -> Bool {
        let bytes = src.bytes
        let start = src.position
        let runStart = start + src.spaces(start)
        var run = 0
        while runStart + run < bytes.count, bytes[runStart + run] == 0x60 || bytes[runStart + run] == 0x7E { run += 1 }
        guard run >= 3 else { return false }
        let lineEnd = src.lineEnd(start)
        guard lineEnd <= bytes.count, bytes[lineEnd - 1] == 0x0A else { return false }
        for length in stride(from: run, through: 3, by: -1) {
            let opening = Array(bytes[runStart..<(runStart + length)])
            let last = opening[length - 1]
            // The rest of the line: space, at most one word, space.
            let rest = bytes[(runStart + length)..<(lineEnd - 1)]
            let words = rest.split(whereSeparator: RubyBytes.isSpace)
            guard words.count <= 1 || fenceInfoWithAttributes else { continue }
            var line = lineEnd
            while line < bytes.count {
                let content = line + src.spaces(line)
                if RubyBytes.startsWith(bytes, content, String(decoding: opening, as: UTF8.self)) {
                    var index = content + length
                    while index < bytes.count, bytes[index] == last { index += 1 }
                    if isBlankLine(index) {
                        let element = newBlock(.codeBlock, value: Array(bytes[lineEnd..<line]), location: src.line(at: start))
                        element.fenced = true
                        if let word = words.first { element.language = String(decoding: word, as: UTF8.self) }
                        src.position = src.lineEnd(index)
                        tree.children.append(element)
                        return true
                    }
                }
                line = src.lineEnd(line)
            }
        }
        return false
    }

    private func parseBlockquote() -> Bool {
        let start = src.position
        var end = src.lineEnd(start)
        while !isLazyEnd(end) { end = src.lineEnd(end) }
        // `gsub(BLOCKQUOTE_START, '')` on every line.
        var content: [UInt8] = []
        var line = start
        while line < end {
            let lineEnd = src.lineEnd(line)
            var from = line + src.spaces(line)
            if src.byte(from) == 0x3E {
                from += 1
                if src.byte(from) == 0x20 { from += 1 }
            } else {
                from = line
            }
            content += src.bytes[from..<lineEnd]
            line = lineEnd
        }
        let location = src.line(at: start)
        src.position = end
        let element = newBlock(.blockquote, location: location)
        tree.children.append(element)
        parseBlocks(element, source: KramdownScanner(content, startLine: location))
        return true
    }

    /// A header's text: trailing space gone, then an `{#id}` at the end.
    private func headerContents(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var text = RubyBytes.rstrip(bytes)
        // `[\t ]{#name}\z`.
        if text.last == 0x7D, let open = text.lastIndex(of: 0x7B), open > text.startIndex,
           RubyBytes.isBlank(text[open - 1]), open + 2 < text.endIndex, text[open + 1] == 0x23 {
            let name = text[(open + 2)..<(text.endIndex - 1)]
            if let first = name.first, RubyBytes.isAlpha(first) || first == 0x5F || first == 0x3A,
               name.allSatisfy({ RubyBytes.isAlnum($0) || $0 == 0x2D || $0 == 0x2E || $0 == 0x5F || $0 == 0x3A }) {
                text = RubyBytes.rstrip(text[text.startIndex..<(open - 1)])
            }
        }
        return text
    }

    private func parseATXHeader() -> Bool {
        guard afterBlockBoundary else { return false }
        let bytes = src.bytes
        let start = src.position
        var hashes = 0
        while hashes < 6, src.byte(start + hashes) == 0x23 { hashes += 1 }
        var contentStart = start + hashes
        while let byte = src.byte(contentStart), RubyBytes.isBlank(byte) { contentStart += 1 }
        guard contentStart < bytes.count else { return false }
        // `[^ \t].*\n`: the first character may be the newline itself, and then the
        // contents run on to the next line's end.
        var end = src.lineEnd(contentStart)
        if bytes[contentStart] == 0x0A {
            guard contentStart + 1 < bytes.count else { return false }
            end = src.lineEnd(contentStart + 1)
        }
        guard bytes[end - 1] == 0x0A else { return false }
        var text = headerContents(bytes[contentStart..<(end - 1)])
        // A closing run of `#` not after a backslash.
        var closing = text.endIndex
        while closing > text.startIndex, text[closing - 1] == 0x23 { closing -= 1 }
        if closing < text.endIndex, closing == text.startIndex || text[closing - 1] != 0x5C {
            text = RubyBytes.rstrip(text[text.startIndex..<closing])
        }
        guard !text.isEmpty else { return false }
        addHeader(level: hashes, text: Array(text), end: end)
        return true
    }

    private func addHeader(level: Int, text: [UInt8], end: Int) {
        let element = newBlock(.header, location: src.lineNumber)
        element.level = level
        element.value = text
        src.position = end
        element.children.append(KramdownElement(.rawText, value: text, location: element.location))
        tree.children.append(element)
    }

    private func parseSetextHeader() -> Bool {
        let bytes = src.bytes
        let start = src.position
        let contentStart = start + src.spaces(start)
        guard let first = src.byte(contentStart), !RubyBytes.isBlank(first) else { return false }
        var contentEnd = src.lineEnd(contentStart)
        if first == 0x0A { contentEnd = src.lineEnd(contentStart + 1) }
        guard contentEnd < bytes.count, bytes[contentEnd - 1] == 0x0A else { return false }
        let underline = bytes[contentEnd]
        guard underline == 0x2D || underline == 0x3D else { return false }
        var index = contentEnd + 1
        while index < bytes.count, bytes[index] == 0x2D || bytes[index] == 0x3D { index += 1 }
        while index < bytes.count, RubyBytes.isSpace(bytes[index]), bytes[index] != 0x0A { index += 1 }
        guard index < bytes.count, bytes[index] == 0x0A else { return false }
        guard afterBlockBoundary else { return false }
        let text = headerContents(bytes[contentStart..<(contentEnd - 1)])
        guard !text.isEmpty else { return false }
        addHeader(level: underline == 0x2D ? 2 : 1, text: Array(text), end: index + 1)
        return true
    }

    /// `HR_START`: three or more of one of `*`, `-`, `_`, with only spaces and tabs besides.
    func isRule(_ at: Int) -> Bool {
        let start = at + src.spaces(at)
        guard let character = src.byte(start), character == 0x2A || character == 0x2D || character == 0x5F else { return false }
        var count = 0
        var index = start
        while let byte = src.byte(index), byte != 0x0A {
            if byte == character { count += 1 } else if !RubyBytes.isBlank(byte) { return false }
            index += 1
        }
        return count >= 3 && index < src.bytes.count
    }

    private func parseRule() -> Bool {
        guard isRule(src.position) else { return false }
        tree.children.append(newBlock(.rule, location: src.lineNumber))
        src.position = src.lineEnd(src.position)
        return true
    }

    private func parseEndOfBlockMark() -> Bool {
        guard isEndOfBlockMark(src.position) else { return false }
        src.position = src.lineEnd(src.position)
        tree.children.append(newBlock(.endOfBlock, location: nil))
        return true
    }

    // MARK: - Paragraphs

    /// `DEFINITION_LIST_START`: up to three spaces, `:`, then a tab, space or `|`.
    func definitionListStart(_ at: Int) -> Int? {
        let start = at + src.spaces(at)
        guard src.byte(start) == 0x3A, let next = src.byte(start + 1), next == 0x09 || next == 0x20 || next == 0x7C else { return nil }
        return start + 1
    }

    private func parseParagraph() -> Bool {
        let start = src.position
        let contentStart = start + src.spaces(start)
        guard let first = src.byte(contentStart), !RubyBytes.isBlank(first) else { return false }
        let location = src.lineNumber
        var end = src.lineEnd(start)
        while !isLazyEnd(end), definitionListStart(end) == nil { end = src.lineEnd(end) }
        let result = RubyBytes.rstrip(src.bytes[start..<end])
        src.position = end
        if let last = tree.children.last, last.kind == .paragraph {
            if let text = last.children.last, text.kind == .rawText {
                let joiner: [UInt8] = start >= 3 && src.bytes[(start - 3)..<start].elementsEqual([0x20, 0x20, 0x0A]) ? [0x20, 0x20, 0x0A] : [0x0A]
                text.value += joiner + result
            } else {
                addText(Array(result), to: last, kind: .rawText)
            }
        } else {
            let paragraph = newBlock(.paragraph, location: location)
            tree.children.append(paragraph)
            addText(Array(RubyBytes.lstrip(result)), to: paragraph, kind: .rawText)
        }
        return true
    }
}
