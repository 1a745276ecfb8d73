// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GalleyMarkup
import Testing

/// The escapes every stage writes markup, scripts and reports through.
@Suite struct MarkupTextTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("a < b && \"c\" > d", "a &lt; b &amp;&amp; &quot;c&quot; &gt; d"),
        ("it's fine", "it's fine"),
        ("&amp; stays text", "&amp;amp; stays text"),
        ("naïve — 日本 <b>", "naïve — 日本 &lt;b&gt;"),
        ("", ""),
    ])
    func escapeCoversContentAndQuotedAttributes(text: String, escaped: String) {
        #expect(MarkupText.escape(text) == escaped)
    }

    @Test func textWithoutMarkupIsReturnedAsItIs() {
        let text = String(repeating: "words and more words ", count: 100)
        #expect(MarkupText.escape(text) == text)
    }

    @Test(arguments: [
        ("&para;", "&para;"),
        ("&#182;", "&#182;"),
        ("&#xB6;", "&#xB6;"),
        ("&", "&amp;"),
        ("& x;", "&amp; x;"),
        ("&#;", "&amp;#;"),
        ("&#xZZ;", "&amp;#xZZ;"),
        ("<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;"),
        ("\"quoted\"", "\"quoted\""),
    ])
    func referencesAreKeptButMarkupIsNot(text: String, escaped: String) {
        #expect(MarkupText.escapeKeepingReferences(text) == escaped)
    }

    @Test func xmlLosesOnlyWhatXMLCannotHold() throws {
        let text = "a<b & \"c\"\u{1B}[0m\ttab\nline\r\u{0}end"
        let escaped = MarkupText.escapeForXML(text)
        #expect(escaped == "a&lt;b &amp; &quot;c&quot;\u{FFFD}[0m\ttab\nline\r\u{FFFD}end")
        // The result is well-formed XML that reads back as the text, less the two controls.
        let document = try XMLDocument(xmlString: "<r a=\"\(escaped)\">\(escaped)</r>")
        #expect(document.rootElement()?.stringValue == "a<b & \"c\"\u{FFFD}[0m\ttab\nline\n\u{FFFD}end")
    }

    /// Scripts read the literal back as the text: checked by JSON's own reader, which a
    /// script's string literal grammar contains.
    @Test(arguments: ["</script><!--", "a&b", "say \"hi\"\\", "line\u{2028}separator\u{2029}", "\u{1}\u{1F}", "日本"])
    func scriptStringsReadBackAsTheirText(text: String) throws {
        let literal = MarkupText.scriptString(text)
        #expect(!literal.contains("<") && !literal.contains(">") && !literal.contains("&"))
        let decoded = try JSONSerialization.jsonObject(with: Data(literal.utf8), options: .fragmentsAllowed) as? String
        #expect(decoded == text)
    }
}

/// JSON string literals, compared with Foundation's encoder: the quoting every stage shares
/// (the search files, the theme's data attributes and scripts, `galley lint --json`).
@Suite struct JSONTextTests {
    static let strings = [
        "", "plain", "quote \" and backslash \\", "slash / stays", "tab\tnew\nline\rreturn", "\u{8}\u{c}",
        "\u{0}\u{1}\u{1f}", "\u{7f} del", "中文 and emoji 🧭", "line\u{2028}separator", "<script>&</script>",
    ]

    @Test func quotesStringsAsJSONEncoderDoes() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        for string in Self.strings {
            #expect(JSONText.quoted(string) == String(decoding: try encoder.encode(string), as: UTF8.self))
        }
        #expect(JSONText.array(Self.strings) == String(decoding: try encoder.encode(Self.strings), as: UTF8.self))
        #expect(JSONText.array([]) == "[]")
    }
}
