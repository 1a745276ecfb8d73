// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// kramdown's HTML tag grammar and element classes (its `Html::Constants`), as matchers on
/// bytes.
enum KramdownHTML {
    static let spanElements: Set<String> = ["a", "abbr", "acronym", "b", "big", "bdo", "br", "button", "cite", "code", "del", "dfn", "em", "i", "img", "input",
                                            "ins", "kbd", "label", "mark", "option", "q", "rb", "rbc", "rp", "rt", "rtc", "ruby", "samp", "select", "small",
                                            "span", "strong", "sub", "sup", "tt", "u", "var"]
    static let blockElements: Set<String> = ["address", "article", "aside", "applet", "body", "blockquote", "caption", "col", "colgroup", "dd", "div", "dl",
                                             "dt", "fieldset", "figcaption", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr",
                                             "html", "head", "iframe", "legend", "menu", "li", "main", "map", "nav", "ol", "optgroup", "p", "pre", "section",
                                             "summary", "table", "tbody", "td", "th", "thead", "tfoot", "tr", "ul"]
    static let withoutBody: Set<String> = ["area", "base", "br", "col", "command", "embed", "hr", "img", "input", "keygen", "link", "meta", "param",
                                           "source", "track", "wbr"]
    static let blockContent: Set<String> = ["address", "applet", "article", "aside", "blockquote", "body", "dd", "details", "div", "dl", "fieldset",
                                            "figure", "figcaption", "footer", "form", "header", "hgroup", "iframe", "li", "main", "map", "menu", "nav",
                                            "noscript", "object", "section", "summary", "td"]
    static let spanContent: Set<String> = ["a", "abbr", "acronym", "b", "bdo", "big", "button", "cite", "caption", "del", "dfn", "dt", "em", "h1", "h2",
                                           "h3", "h4", "h5", "h6", "i", "ins", "label", "legend", "optgroup", "p", "q", "rb", "rbc", "rp", "rt", "rtc",
                                           "ruby", "select", "small", "span", "strong", "sub", "sup", "th", "tt"]
    static let rawContent: Set<String> = ["script", "style", "math", "option", "textarea", "pre", "code", "kbd", "samp", "var"]
    /// Span elements plus `script`: a tag of any other name ends a lazy paragraph line.
    static let lazyEndExceptions: Set<String> = spanElements.union(["script"])

    static func isKnown(_ name: String) -> Bool {
        spanElements.contains(name) || blockElements.contains(name) || withoutBody.contains(name) || blockContent.contains(name)
            || spanContent.contains(name) || rawContent.contains(name)
    }

    static func contentModel(_ name: String) -> KramdownElement.ContentModel {
        if blockContent.contains(name) { return .block }
        if spanContent.contains(name) { return .span }
        return .raw
    }

    /// REXML's `UNAME_STR`: an optional prefix and a name, from a letter or `_`.
    static func nameLength(_ bytes: [UInt8], _ offset: Int) -> Int {
        // A character of a name and its length in bytes: ASCII letters, digits and `-._`,
        // or a non-ASCII letter or digit (a control character such as U+0085 ends the name).
        func nameCharacter(_ at: Int, first: Bool) -> Int {
            guard at < bytes.count else { return 0 }
            let byte = bytes[at]
            if byte < 0x80 {
                if RubyBytes.isAlpha(byte) || byte == 0x5F { return 1 }
                return !first && (RubyBytes.isDigit(byte) || byte == 0x2D || byte == 0x2E) ? 1 : 0
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            guard at + length <= bytes.count, let scalar = String(decoding: bytes[at..<(at + length)], as: UTF8.self).unicodeScalars.first else { return 0 }
            let letter = scalar.properties.isAlphabetic || (!first && scalar.properties.numericType != nil)
            return letter ? length : 0
        }
        func ncname(_ start: Int) -> Int {
            var end = start
            var length = nameCharacter(end, first: true)
            while length > 0 {
                end += length
                length = nameCharacter(end, first: false)
            }
            return end - start
        }
        let first = ncname(offset)
        guard first > 0 else { return 0 }
        if offset + first < bytes.count, bytes[offset + first] == 0x3A {
            let second = ncname(offset + first + 1)
            if second > 0 { return first + 1 + second }
        }
        return first
    }

    struct Tag {
        var name: String
        var attributes: [String: String]
        var selfClosing: Bool
        var end: Int
    }

    /// `HTML_TAG_RE` at `offset` (which holds `<`): a name, attributes whose values are a
    /// word or quoted, an optional `/`, and `>`, across lines if need be.
    static func tag(_ bytes: [UInt8], at offset: Int) -> Tag? {
        guard offset < bytes.count, bytes[offset] == 0x3C else { return nil }
        let nameLength = nameLength(bytes, offset + 1)
        guard nameLength > 0 else { return nil }
        let name = String(decoding: bytes[(offset + 1)..<(offset + 1 + nameLength)], as: UTF8.self)
        var index = offset + 1 + nameLength
        var attributes: [String: String] = [:]
        func skipSpace(_ from: Int) -> Int {
            var at = from
            while at < bytes.count, RubyBytes.isSpace(bytes[at]) { at += 1 }
            return at
        }
        // Each attribute is matched once, as the pattern's atomic group matches it.
        while true {
            let afterSpace = skipSpace(index)
            guard afterSpace > index else { break }
            let attributeLength = self.nameLength(bytes, afterSpace)
            guard attributeLength > 0 else { break }
            let attribute = String(decoding: bytes[afterSpace..<(afterSpace + attributeLength)], as: UTF8.self).lowercased()
            var end = afterSpace + attributeLength
            var value = ""
            let equals = skipSpace(end)
            if equals < bytes.count, bytes[equals] == 0x3D {
                let valueStart = skipSpace(equals + 1)
                if valueStart < bytes.count, bytes[valueStart] == 0x22 || bytes[valueStart] == 0x27 {
                    var close = valueStart + 1
                    while close < bytes.count, bytes[close] != bytes[valueStart] { close += 1 }
                    if close < bytes.count {
                        value = String(decoding: bytes[(valueStart + 1)..<close], as: UTF8.self)
                        end = close + 1
                    }
                } else {
                    var wordEnd = valueStart
                    while wordEnd < bytes.count, RubyBytes.isWord(bytes[wordEnd]) { wordEnd += 1 }
                    if wordEnd > valueStart {
                        value = String(decoding: bytes[valueStart..<wordEnd], as: UTF8.self)
                        end = wordEnd
                    }
                }
            }
            attributes[attribute] = value
            index = end
        }
        index = skipSpace(index)
        var selfClosing = false
        if index < bytes.count, bytes[index] == 0x2F {
            selfClosing = true
            index += 1
        }
        guard index < bytes.count, bytes[index] == 0x3E else { return nil }
        return Tag(name: name, attributes: attributes, selfClosing: selfClosing, end: index + 1)
    }

    /// `HTML_TAG_CLOSE_RE` at `offset`: `</name` and `>`, with space before `>`; the name and the end.
    static func closingTag(_ bytes: [UInt8], at offset: Int) -> (name: String, end: Int)? {
        guard RubyBytes.startsWith(bytes, offset, "</") else { return nil }
        let length = nameLength(bytes, offset + 2)
        guard length > 0 else { return nil }
        var index = offset + 2 + length
        while index < bytes.count, RubyBytes.isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == 0x3E else { return nil }
        return (String(decoding: bytes[(offset + 2)..<(offset + 2 + length)], as: UTF8.self), index + 1)
    }

    /// `<!--(.*?)-->` at `offset`: its end.
    static func comment(_ bytes: [UInt8], at offset: Int) -> Int? {
        guard RubyBytes.startsWith(bytes, offset, "<!--") else { return nil }
        var index = offset + 4
        while index + 2 < bytes.count {
            if bytes[index] == 0x2D, bytes[index + 1] == 0x2D, bytes[index + 2] == 0x3E { return index + 3 }
            index += 1
        }
        return nil
    }

    /// `<\?(.*?)\?>` at `offset`: its end.
    static func instruction(_ bytes: [UInt8], at offset: Int) -> Int? {
        guard RubyBytes.startsWith(bytes, offset, "<?") else { return nil }
        var index = offset + 2
        while index + 1 < bytes.count {
            if bytes[index] == 0x3F, bytes[index + 1] == 0x3E { return index + 2 }
            index += 1
        }
        return nil
    }

    /// The name after `<` (or `</`) at `offset`, if it is not one of `exceptions` (a whole
    /// word): kramdown's lazy-end test for HTML.
    static func startsLazyEnd(_ bytes: [UInt8], _ offset: Int) -> Bool {
        guard offset < bytes.count, bytes[offset] == 0x3C else { return false }
        var nameStart = offset + 1
        let closing = nameStart < bytes.count && bytes[nameStart] == 0x2F
        if closing { nameStart += 1 }
        let length = nameLength(bytes, nameStart)
        guard length > 0 else { return false }
        // `(?!(?:a|abbr|…)\b)`: an excepted name followed by a word boundary.
        for exception in lazyEndExceptions where RubyBytes.startsWith(bytes, nameStart, exception) {
            let after = nameStart + exception.utf8.count
            if after >= bytes.count || !RubyBytes.isWord(bytes[after]) { return false }
        }
        if closing {
            var index = nameStart + length
            while index < bytes.count, RubyBytes.isSpace(bytes[index]) { index += 1 }
            return index < bytes.count && bytes[index] == 0x3E
        }
        return true
    }
}
