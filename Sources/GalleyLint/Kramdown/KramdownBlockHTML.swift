// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// kramdown's block-level HTML: a tag that is not a span element starts an element whose
/// content is kept raw (mdl leaves `parse_block_html` off) unless `markdown="1"` (or
/// `"block"`, `"span"`) asks for Markdown. Tags nested in raw content are elements too,
/// each at its own line, which is why mdl reports MD033 once per nested tag.
extension KramdownParser {
    func parseBlockHTML() -> Bool {
        let bytes = src.bytes
        let start = src.position
        let line = src.lineNumber
        if let end = KramdownHTML.comment(bytes, at: start) {
            tree.children.append(KramdownElement(.comment, value: Array(bytes[start..<end]), location: line))
            src.position = end
            skipTrailingWhitespace()
            return true
        }
        let tagStart = start + src.spaces(start)
        if let tag = KramdownHTML.tag(bytes, at: tagStart), !KramdownHTML.spanElements.contains(tag.name.lowercased()) {
            src.position = tag.end
            handleStartTag(tag, line: line)
            return true
        }
        if let closing = KramdownHTML.closingTag(bytes, at: tagStart), !KramdownHTML.spanElements.contains(closing.name.lowercased()) {
            guard tree.kind == .html, tree.name == closing.name.lowercased() else { return false }
            src.position = closing.end
            requestStop()
            return true
        }
        return false
    }

    /// `TRAILING_WHITESPACE`: spaces and tabs up to a newline.
    func skipTrailingWhitespace() {
        var index = src.position
        while let byte = src.byte(index), RubyBytes.isBlank(byte) { index += 1 }
        if src.byte(index) == 0x0A { src.position = index + 1 }
    }

    /// `handle_html_start_tag` with kramdown's `handle_kramdown_html_tag`.
    func handleStartTag(_ tag: KramdownHTML.Tag, line: Int) {
        let name = KramdownHTML.isKnown(tag.name.lowercased()) ? tag.name.lowercased() : tag.name
        let element = KramdownElement(.html, location: line)
        element.name = name
        pendingAttributes = false
        tree.children.append(element)
        let closed = tag.selfClosing || KramdownHTML.withoutBody.contains(name)
        if name == "script" || name == "style" {
            // Raw to the closing tag, whatever it holds: kramdown adds it as raw text, which
            // the rules that read text (a bare URL, emphasis) do not look at.
            let body = src.position
            if let close = findClosingTag(name, from: body) {
                addText(Array(src.bytes[body..<close.start]), to: element, kind: .rawOutput)
                src.position = close.end
            } else {
                addText(Array(src.bytes[body...]), to: element, kind: .rawOutput)
                src.position = src.bytes.count
            }
            element.contentModel = .raw
            return
        }
        var model: KramdownElement.ContentModel = .raw
        switch tag.attributes["markdown"] {
        case "0": model = .raw
        case "1": model = KramdownHTML.contentModel(name)
        case "span": model = .span
        case "block": model = .block
        default: break
        }
        element.contentModel = model
        if model == .block { skipTrailingWhitespace() }
        guard !closed else { return }
        switch model {
        case .block:
            parseBlocks(element)
        case .span:
            let body = src.position
            if let close = findClosingTag(name, from: body) {
                addText(Array(src.bytes[body..<close.start]), to: element, kind: .rawText)
                src.position = close.end
            } else {
                addText(Array(src.bytes[body...]), to: element, kind: .rawText)
                src.position = src.bytes.count
            }
        case .raw:
            parseRawHTML(element)
        }
        if !(tree.kind == .html && tree.contentModel == .raw) { skipTrailingWhitespace() }
    }

    /// `</name\s*>`, case-insensitively, from `offset` on.
    func findClosingTag(_ name: String, from offset: Int) -> (start: Int, end: Int)? {
        let bytes = src.bytes
        var index = offset
        while index + 1 < bytes.count {
            if bytes[index] == 0x3C, bytes[index + 1] == 0x2F, let closing = KramdownHTML.closingTag(bytes, at: index),
               closing.name.lowercased() == name.lowercased() {
                return (index, closing.end)
            }
            index += 1
        }
        return nil
    }

    /// `parse_raw_html`: text and nested tags up to the element's closing tag.
    func parseRawHTML(_ element: KramdownElement) {
        let saved = tree
        tree = element
        defer { tree = saved }
        let bytes = src.bytes
        while !src.atEnd {
            // `(?=<(name|/|!--|\?))`.
            var index = src.position
            while index < bytes.count {
                if bytes[index] == 0x3C, let next = src.byte(index + 1),
                   next == 0x2F || next == 0x3F || RubyBytes.startsWith(bytes, index + 1, "!--") || KramdownHTML.nameLength(bytes, index + 1) > 0 {
                    break
                }
                index += 1
            }
            if index >= bytes.count {
                addText(Array(bytes[src.position...]), to: element, kind: .text)
                src.position = bytes.count
                return
            }
            addText(Array(bytes[src.position..<index]), to: element, kind: .text)
            src.position = index
            let line = src.lineNumber
            if let end = KramdownHTML.comment(bytes, at: index) {
                element.children.append(KramdownElement(.comment, value: Array(bytes[index..<end]), location: line))
                src.position = end
            } else if let end = KramdownHTML.instruction(bytes, at: index) {
                element.children.append(KramdownElement(.processingInstruction, value: Array(bytes[index..<end]), location: line))
                src.position = end
            } else if let tag = KramdownHTML.tag(bytes, at: index) {
                src.position = tag.end
                handleStartTag(tag, line: line)
            } else if let closing = KramdownHTML.closingTag(bytes, at: index) {
                src.position = closing.end
                let name = KramdownHTML.isKnown(element.name) ? closing.name.lowercased() : closing.name
                if element.name == name { return }
                addText(Array(bytes[index..<closing.end]), to: element, kind: .text)
            } else {
                addText([bytes[index]], to: element, kind: .text)
                src.position = index + 1
            }
        }
    }
}
