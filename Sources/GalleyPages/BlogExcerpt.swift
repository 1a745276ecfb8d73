// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyMarkdown
import GalleyMarkup
import GalleyFileSystem
import GalleySources

/// A post's excerpt as a view shows it: the post up to the excerpt separator, its title
/// first (from front matter, when the post has no `# title`), every heading one level down
/// and linking to its place in the post — the first to the post itself. The excerpt is
/// rendered as the post is, its links resolved from the post's file and written relative
/// to the view that shows it.
package enum BlogExcerpt {
    /// The excerpt of `post` as a page at `view`'s URL, and whether the post goes on past it.
    package static func page(of post: ParsedPage, title: String, separator: String, on view: PageFile) -> (page: ParsedPage, more: Bool) {
        var page = post
        page.file.url = view.url
        page.file.destination = view.destination
        var blocks = post.document.blocks
        var more = false
        if let cut = blocks.firstIndex(where: { block in
            if case .html(let markup) = block { return markup.contains(separator) }
            return false
        }) {
            more = true
            blocks = Array(blocks[..<cut])
        }
        let hasTitle = blocks.contains { block in
            if case .heading(let heading) = block { return heading.level == 1 }
            return false
        }
        if !hasTitle {
            blocks.insert(.heading(Heading(level: 1, content: [.text(title)], id: Slug.slugify(title), line: 0)), at: 0)
        }
        let file = PathName.lastComponent(post.file.path)
        var first = true
        page.document.blocks = blocks.map { block in
            guard case .heading(var heading) = block else { return block }
            heading.level = min(6, heading.level + 1)
            heading.content = [.link(destination: first ? file : file + "#" + heading.id, title: "", content: heading.content)]
            first = false
            return .heading(heading)
        }
        // Footnotes are the post's end, past any excerpt.
        page.document.footnotes = []
        return (page, more)
    }
}

/// Minutes to read a page, as mkdocs-material's blog counts them: the words of its text
/// outside scripts, styles, SVG and objects at `wordsPerMinute`, plus 12 seconds for the
/// first image, 11 for the second, down to 3 seconds for each from the tenth on.
package enum ReadTime {
    package static func minutes(html: String, wordsPerMinute: Int) -> Int {
        let (text, images) = readableText(html)
        // Python's `len(re.split(r"\W+", text))`: one more than the runs of non-word characters.
        var pieces = 1
        var inGap = false
        for scalar in text.unicodeScalars {
            let isWord: Bool
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber, .letterNumber, .otherNumber: isWord = true
            default: isWord = scalar == "_"
            }
            if !isWord && !inGap { pieces += 1 }
            inGap = !isWord
        }
        var seconds = Int((Double(pieces) / Double(max(1, wordsPerMinute)) * 60).rounded(.up))
        var delta = 12
        for _ in 0..<images {
            seconds += delta
            if delta > 3 { delta -= 1 }
        }
        return Int((Double(seconds) / 60).rounded(.up))
    }

    /// Elements that have no end tag.
    private static let void: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"]
    /// Elements whose text is not read.
    private static let skipped: Set<String> = ["object", "script", "style", "svg"]

    /// The text of `html` outside skipped elements, character references decoded, and the
    /// number of images.
    static func readableText(_ html: String) -> (text: String, images: Int) {
        var text = ""
        var images = 0
        var open: [String] = []
        var skipping = 0
        var rest = html[...]
        while let lt = rest.firstIndex(of: "<") {
            if skipping == 0 { text += HTMLEntities.unescape(String(rest[..<lt])) }
            rest = rest[lt...]
            if rest.hasPrefix("<!--") {
                rest = rest.range(of: "-->").map { rest[$0.upperBound...] } ?? rest[rest.endIndex...]
                continue
            }
            guard let gt = rest.firstIndex(of: ">") else { break }
            let tag = rest[rest.index(after: lt)..<gt]
            rest = rest[rest.index(after: gt)...]
            let closing = tag.hasPrefix("/")
            let name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber || $0 == "-" }.lowercased()
            guard !name.isEmpty else { continue }
            if closing {
                if open.last == name {
                    open.removeLast()
                    if skipped.contains(name) { skipping -= 1 }
                }
            } else {
                if name == "img" { images += 1 }
                // `<path/>` opens and closes at once, as Python's parser reads it.
                if !void.contains(name), !tag.hasSuffix("/") {
                    open.append(name)
                    if skipped.contains(name) { skipping += 1 }
                }
            }
        }
        if skipping == 0 { text += HTMLEntities.unescape(String(rest)) }
        return (text, images)
    }
}
