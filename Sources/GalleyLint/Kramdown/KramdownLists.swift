// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// kramdown's lists and definition lists: an item takes the lines indented to its content,
/// and, until a blank line, any lazy line with text; the content is then read as blocks.
extension KramdownParser {
    enum ListType {
        case unordered, ordered, definition
    }

    /// The item patterns that depend on an item's content indentation.
    struct ItemPatterns {
        let indentation: Int

        /// `content_re`: indented to the content (tabs or four spaces per four columns), with text.
        func isContent(_ bytes: [UInt8], _ at: Int) -> Bool {
            func units(_ count: Int, from start: Int) -> Int? {
                var index = start
                for _ in 0..<count {
                    if index < bytes.count, bytes[index] == 0x09 { index += 1 } else if RubyBytes.startsWith(bytes, index, "    ") { index += 4 } else { return nil }
                }
                return index
            }
            var afterIndent: Int?
            if let index = units(indentation / 4, from: at) {
                var spaces = 0
                while spaces < indentation % 4, index + spaces < bytes.count, bytes[index + spaces] == 0x20 { spaces += 1 }
                if spaces == indentation % 4 { afterIndent = index + spaces }
            }
            if afterIndent == nil { afterIndent = units(indentation / 4 + 1, from: at) }
            guard let afterIndent else { return false }
            return RubyBytes.lineHasText(bytes, from: afterIndent)
        }
    }

    /// A list item's start at `at`: the marker (with its leading spaces) and the rest of the
    /// line, for markers indented at most `indentLimit` spaces.
    func listStart(_ at: Int, indentLimit: Int, type: ListType? = nil) -> (type: ListType, markerEnd: Int)? {
        let bytes = src.bytes
        let start = at + src.spaces(at, limit: indentLimit)
        guard let first = src.byte(start) else { return nil }
        var markerEnd: Int
        var found: ListType
        if first == 0x2B || first == 0x2A || first == 0x2D {
            found = .unordered
            markerEnd = start + 1
        } else if RubyBytes.isDigit(first) {
            markerEnd = start
            while markerEnd < bytes.count, RubyBytes.isDigit(bytes[markerEnd]) { markerEnd += 1 }
            guard src.byte(markerEnd) == 0x2E else { return nil }
            markerEnd += 1
            found = .ordered
        } else {
            return nil
        }
        // `PATTERN_TAIL`: a tab, `|` or space next.
        guard let next = src.byte(markerEnd), next == 0x09 || next == 0x7C || next == 0x20 else { return nil }
        if let type, type != found { return nil }
        return (found, markerEnd)
    }

    /// `parse_first_list_line`: the item's first line without its marker, and the
    /// indentation its content has.
    private func firstItemLine(markerWidth: Int, content: [UInt8]) -> ([UInt8], Int) {
        var indentation = markerWidth
        var content = content
        if isOnlyAttributeList(content) {
            indentation = 4
        } else {
            // Tabs among the leading spaces become spaces to the next multiple of four.
            while true {
                let spaces = content.prefix { $0 == 0x20 }.count
                guard spaces < content.count, content[spaces] == 0x09 else { break }
                let tabs = content[spaces...].prefix { $0 == 0x09 }.count
                let column = spaces + indentation
                let replacement = [UInt8](repeating: 0x20, count: 4 - column % 4 + (tabs - 1) * 4)
                content.replaceSubrange(spaces..<(spaces + tabs), with: replacement)
            }
            indentation += content.prefix { $0 == 0x20 }.count
        }
        let leading = content.prefix { RubyBytes.isSpace($0) }.count
        return (Array(content.dropFirst(leading)), indentation)
    }

    /// `LIST_ITEM_IAL_CHECK`: nothing but space (or an attribute list) after the marker.
    private func isOnlyAttributeList(_ content: [UInt8]) -> Bool {
        var rest = content[...]
        let leading = rest.prefix { RubyBytes.isSpace($0) && $0 != 0x0A }.count
        rest = rest.dropFirst(leading)
        if RubyBytes.startsWith(Array(rest), 0, "{:"), let close = rest.firstIndex(of: 0x7D) {
            rest = rest[(close + 1)...]
        }
        return rest.allSatisfy(RubyBytes.isSpace)
    }

    /// The marker pattern for the items after the first (`fetch_pattern`).
    private func markerIndentLimit(_ indentation: Int) -> Int {
        switch indentation {
        case 1: 0
        case 2: 1
        case 3: 2
        default: 3
        }
    }

    /// `lazy_re`: a line with text that does not open with an attribute list or an HTML tag.
    private func isLazyItemLine(_ at: Int, indentation: Int) -> Bool {
        guard RubyBytes.lineHasText(src.bytes, from: at) else { return false }
        let start = at + src.spaces(at, limit: min(indentation, 3))
        if attributeListEnd(start) != nil && src.spaces(at) <= min(indentation, 3) { return false }
        return !KramdownHTML.startsLazyEnd(src.bytes, start)
    }

    func parseList() -> Bool {
        guard let (type, _) = listStart(src.position, indentLimit: 3) else { return false }
        let list = newBlock(type == .unordered ? .unorderedList : .orderedList, location: src.lineNumber)
        var items: [(element: KramdownElement, chunks: [[UInt8]])] = []
        var patterns: ItemPatterns?
        var markerLimit = 3
        var endOfBlockFound = false
        var nestedListFound = false
        var lastIsBlank = false
        while !src.atEnd {
            let at = src.position
            let lineEnd = src.lineEnd(at)
            if lastIsBlank, isRule(at) { break }
            if isEndOfBlockMark(at) {
                src.position = lineEnd
                endOfBlockFound = true
                break
            }
            if let start = listStart(at, indentLimit: markerLimit, type: type) {
                let item = KramdownElement(.item, location: src.lineNumber)
                let (content, indentation) = firstItemLine(markerWidth: start.markerEnd - at, content: Array(src.bytes[start.markerEnd..<lineEnd]))
                patterns = ItemPatterns(indentation: indentation)
                markerLimit = markerIndentLimit(indentation)
                nestedListFound = startsList(content)
                lastIsBlank = false
                items.append((item, [content]))
                src.position = lineEnd
                continue
            }
            if let patterns, !items.isEmpty, patterns.isContent(src.bytes, at) || (!lastIsBlank && isLazyItemLine(at, indentation: patterns.indentation)) {
                var (line, indented) = itemLine(at, lineEnd, indentation: patterns.indentation)
                if !nestedListFound, indented, startsList(line) {
                    items[items.count - 1].chunks.append([])
                    nestedListFound = true
                } else if nestedListFound, !indented, startsList(line) {
                    line = [UInt8](repeating: 0x20, count: patterns.indentation + 4) + line
                }
                items[items.count - 1].chunks[items[items.count - 1].chunks.count - 1] += line
                lastIsBlank = false
                src.position = lineEnd
                continue
            }
            if !items.isEmpty, isBlankLine(at) {
                let end = blankLinesEnd(at)
                nestedListFound = true
                lastIsBlank = true
                items[items.count - 1].chunks[items[items.count - 1].chunks.count - 1] += src.bytes[at..<end]
                src.position = end
                continue
            }
            break
        }
        tree.children.append(list)
        var trailingBlank: KramdownElement?
        for (item, chunks) in items {
            list.children.append(item)
            let holder = KramdownElement(.root, location: item.location)
            var location = item.location ?? 1
            for chunk in chunks {
                let scanner = KramdownScanner(chunk, startLine: location)
                parseBlocks(holder, source: scanner)
                location = scanner.lineNumber
            }
            item.children = holder.children
            guard let last = item.children.last else { continue }
            trailingBlank = last.kind == .blank ? item.children.removeLast() : nil
        }
        if let trailingBlank, !endOfBlockFound { tree.children.append(trailingBlank) }
        return true
    }

    /// A line taken into an item: leading tabs as four spaces each, then the item's
    /// indentation taken off when the line has it (and whether it had).
    private func itemLine(_ at: Int, _ lineEnd: Int, indentation: Int) -> ([UInt8], Bool) {
        var line = Array(src.bytes[at..<lineEnd])
        let tabs = line.prefix { $0 == 0x09 }.count
        if tabs > 0 { line.replaceSubrange(0..<tabs, with: [UInt8](repeating: 0x20, count: 4 * tabs)) }
        let indented = line.prefix(indentation).count == indentation && line.prefix(indentation).allSatisfy { $0 == 0x20 }
        if indented { line.removeFirst(indentation) }
        return (line, indented)
    }

    /// `=~ LIST_START`: a line that starts a list item.
    private func startsList(_ line: [UInt8]) -> Bool {
        let scanner = KramdownScanner(line, startLine: 1)
        let saved = src
        src = scanner
        defer { src = saved }
        return listStart(0, indentLimit: 3) != nil
    }

    /// A definition list: the paragraph before becomes its terms, and each `:` line starts
    /// a definition read as a list item is.
    func parseDefinitionList() -> Bool {
        let children = tree.children
        guard let last = children.last else { return false }
        if children.count == 1, last.kind != .paragraph { return false }
        if children.count >= 2, last.kind != .paragraph,
           last.kind != .blank || last.value != [0x0A] || children[children.count - 2].kind != .paragraph { return false }
        var paragraph = tree.children.removeLast()
        if paragraph.kind == .blank { paragraph = tree.children.removeLast() }
        let list = newBlock(.definitionList, location: paragraph.location)
        let termText = paragraph.children.first?.value ?? []
        for term in termText.split(separator: 0x0A) {
            let element = KramdownElement(.definitionTerm, location: src.lineNumber)
            element.children.append(KramdownElement(.rawText, value: Array(term), location: nil))
            list.children.append(element)
        }
        var definitions: [(KramdownElement, [UInt8])] = []
        var patterns: ItemPatterns?
        var markerLimit = 3
        var lastIsBlank = false
        while !src.atEnd {
            let at = src.position
            let lineEnd = src.lineEnd(at)
            if let markerEnd = definitionListStart(at), markerEnd - at - 1 <= markerLimit {
                let item = KramdownElement(.definition, location: src.lineNumber)
                let (content, indentation) = firstItemLine(markerWidth: markerEnd - at, content: Array(src.bytes[markerEnd..<lineEnd]))
                patterns = ItemPatterns(indentation: indentation)
                markerLimit = markerIndentLimit(indentation)
                definitions.append((item, content))
                lastIsBlank = false
                src.position = lineEnd
                continue
            }
            if isEndOfBlockMark(at) { break }
            if let patterns, !definitions.isEmpty, patterns.isContent(src.bytes, at) || (!lastIsBlank && isLazyItemLine(at, indentation: patterns.indentation)) {
                let (line, _) = itemLine(at, lineEnd, indentation: patterns.indentation)
                definitions[definitions.count - 1].1 += line
                lastIsBlank = false
                src.position = lineEnd
                continue
            }
            if !definitions.isEmpty, isBlankLine(at) {
                let end = blankLinesEnd(at)
                definitions[definitions.count - 1].1 += src.bytes[at..<end]
                lastIsBlank = true
                src.position = end
                continue
            }
            break
        }
        var trailingBlank: KramdownElement?
        for (item, content) in definitions {
            list.children.append(item)
            parseBlocks(item, source: KramdownScanner(content, startLine: item.location ?? 1))
            guard let last = item.children.last else { continue }
            trailingBlank = last.kind == .blank ? item.children.removeLast() : nil
        }
        if let previous = tree.children.last, previous.kind == .definitionList {
            previous.children += list.children
        } else if tree.children.count >= 2, tree.children[tree.children.count - 1].kind == .blank,
                  tree.children[tree.children.count - 2].kind == .definitionList {
            tree.children.removeLast()
            tree.children[tree.children.count - 1].children += list.children
        } else {
            tree.children.append(list)
        }
        if let trailingBlank { tree.children.append(trailingBlank) }
        return true
    }
}
