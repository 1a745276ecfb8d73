// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyMarkup
import Testing

@Suite("Typed HTML")
struct HTMLTests {
    @Test func interpolatedTextIsEscapedAndHTMLIsKept() {
        let title = "Fish & <Chips>"
        let url = "a?x=\"1\"&y=2"
        let link: HTML = "<a href=\"\(url)\">\(title)</a>"
        #expect(link.string == "<a href=\"a?x=&quot;1&quot;&amp;y=2\">Fish &amp; &lt;Chips&gt;</a>")
        let item: HTML = "<li>\(link)</li>"
        #expect(item.string == "<li>" + link.string + "</li>")
        #expect(([link, link] as [HTML]).joined(separator: "\n").string == link.string + "\n" + link.string)
        #expect(HTML(trusted: "<b>x</b>").string == "<b>x</b>")
    }

    @Test func scriptStringsCannotCloseTheirElement() {
        #expect(MarkupText.scriptString("a&b") == "\"a\\u0026b\"")
        #expect(MarkupText.scriptString("</script><!--") == "\"\\u003c/script\\u003e\\u003c!--\"")
        #expect(MarkupText.scriptString("say \"hi\"\\\n\u{2028}") == "\"say \\\"hi\\\"\\\\\\n\\u2028\"")
        let script: HTML = "<script>go(\(script: "x&y"))</script>"
        #expect(script.string == "<script>go(\"x\\u0026y\")</script>")
    }
}
