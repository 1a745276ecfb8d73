// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyHighlight
import GalleyMarkup

/// A declaration as a highlighted code block whose type names link to their pages.
enum DeclarationMarkup {
    /// One line of HTML (newlines as character references), so that it is one HTML block of
    /// the page whatever the declaration's length. `link` gives the URL of a symbol's page
    /// from this page, when it has one.
    static func html(_ fragments: [DeclarationFragment], link: (String) -> String?) -> HTML {
        let code = fragments.map(\.spelling).joined()
        // The byte ranges of the type names that link somewhere.
        var links: [Range<Int>: String] = [:]
        var offset = 0
        for fragment in fragments {
            let length = fragment.spelling.utf8.count
            if let target = fragment.target, let url = link(target) { links[offset..<(offset + length)] = url }
            offset += length
        }
        var html: HTML = "<div class=\"highlight galley-declaration\"><pre><span></span><code>"
        offset = 0
        for token in Highlighter.highlight(code, language: "swift") ?? [HighlightToken(code)] {
            let range = offset..<(offset + token.text.utf8.count)
            offset = range.upperBound
            var piece: HTML = token.className.map { "<span class=\"\($0)\">\(token.text)</span>" } ?? "\(token.text)"
            if let url = links[range] { piece = "<a href=\"\(url)\">\(piece)</a>" }
            html += piece
        }
        html += "</code></pre></div>"
        return HTML(trusted: html.string.replacingOccurrences(of: "\n", with: "&#10;"))
    }
}
