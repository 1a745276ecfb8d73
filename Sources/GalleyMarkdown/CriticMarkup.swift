// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// What `pymdownx.critic` does with the edits it finds (its `mode` option).
package enum CriticMode: String, Sendable, Equatable {
    /// Shows each edit: insertions, deletions, marks and comments as HTML.
    case view
    /// Keeps the inserted and new text, drops the rest.
    case accept
    /// Keeps the deleted and old text, drops the rest.
    case reject
}

/// CriticMarkup (`pymdownx.critic`): `{++inserted++}`, `{--deleted--}`, `{~~old~>new~~}`,
/// `{==marked==}` and `{>>comment<<}`, found in the page's text before any other parsing,
/// as the extension does.
///
/// `accept` and `reject` rewrite the text. `view` shows every edit: each mark becomes a
/// ``Placeholders`` entry in the text, the page is parsed as usual (so the Markdown inside an
/// edit still renders), and the placeholders become raw HTML in the typed tree. A paragraph
/// holding nothing but placeholders stands for a whole-block edit and becomes the tags
/// themselves with the class `block`.
struct CriticMarkup {
    typealias Mode = CriticMode

    private enum Kind: String, CaseIterable {
        case insert = "++", delete = "--", mark = "==", comment = ">>", substitute = "~~"

        var closer: String {
            switch self {
            case .insert: "++}"
            case .delete: "--}"
            case .mark: "==}"
            case .comment: "<<}"
            case .substitute: "~~}"
            }
        }
    }

    /// Where view mode keeps the HTML of each edit.
    let placeholders: Placeholders

    /// `source` with every mark applied as `mode` says.
    func preprocess(_ source: String, mode: Mode) -> String {
        guard source.contains("{") else { return source }
        var result = ""
        var last = source.startIndex
        for mark in Self.marks(in: source) {
            result += source[last..<mark.range.lowerBound]
            let original = String(source[mark.range])
            switch mode {
            case .view: result += view(mark.kind, mark.text, mark.replacement, original: original)
            case .accept, .reject: result += Self.decided(mark.kind, mark.text, mark.replacement, accept: mode == .accept)
            }
            last = mark.range.upperBound
        }
        result += source[last...]
        return result
    }

    /// Marks open with `{` and a two-character kind and close at the first closer of that
    /// kind (a substitution at the first `~>` and the first `~~}` after it); they do not
    /// nest. A kind whose closer is missing once can't close later, so it is not searched again.
    private static func marks(in text: String) -> [(range: Range<String.Index>, kind: Kind, text: String, replacement: String?)] {
        var found: [(Range<String.Index>, Kind, String, String?)] = []
        var dead: Set<String> = []
        var position = text.startIndex
        while let start = text[position...].firstIndex(of: "{") {
            let kindStart = text.index(after: start)
            guard let kindEnd = text.index(kindStart, offsetBy: 2, limitedBy: text.endIndex),
                  let kind = Kind(rawValue: String(text[kindStart..<kindEnd]))
            else {
                position = kindStart
                continue
            }
            position = kindEnd
            guard !dead.contains(kind.rawValue) else { continue }
            var mark: (Range<String.Index>, Kind, String, String?)?
            if kind == .substitute {
                if let middle = text.range(of: "~>", range: kindEnd..<text.endIndex),
                   let closer = text.range(of: kind.closer, range: middle.upperBound..<text.endIndex)
                {
                    mark = (start..<closer.upperBound, kind, String(text[kindEnd..<middle.lowerBound]), String(text[middle.upperBound..<closer.lowerBound]))
                }
            } else if let closer = text.range(of: kind.closer, range: kindEnd..<text.endIndex) {
                mark = (start..<closer.upperBound, kind, String(text[kindEnd..<closer.lowerBound]), nil)
            }
            guard let mark else {
                dead.insert(kind.rawValue)
                if dead.count == Kind.allCases.count { break }
                continue
            }
            found.append(mark)
            position = mark.0.upperBound
        }
        return found
    }

    private static func decided(_ kind: Kind, _ text: String, _ replacement: String?, accept: Bool) -> String {
        switch kind {
        case .insert: accept ? text : ""
        case .delete: accept ? "" : text
        case .mark: text
        case .comment: ""
        case .substitute: accept ? replacement ?? "" : text
        }
    }

    private func view(_ kind: Kind, _ text: String, _ replacement: String?, original: String) -> String {
        switch kind {
        case .insert:
            return inserted(text, opener: "{++", closer: "++}")
        case .delete:
            return deleted(text, opener: "{--", closer: "--}")
        case .mark:
            return placeholder("<mark class=\"critic\">", "{==") + text + placeholder("</mark>", "==}")
        case .comment:
            return placeholder("<span class=\"critic comment\">" + Placeholders.escaped(text, joiningLines: true) + "</span>", original)
        case .substitute:
            return deleted(text, opener: "{~~", closer: "~>") + inserted(replacement ?? "", opener: "", closer: "~~}")
        }
    }

    private func inserted(_ text: String, opener: String, closer: String) -> String {
        if Self.isOnlyBlankLines(text) { return "\n\n" + placeholder("<ins class=\"critic break\">&nbsp;</ins>", opener + text + closer) + "\n\n" }
        return placeholder("<ins class=\"critic\">", opener) + text + placeholder("</ins>", closer)
    }

    private func deleted(_ text: String, opener: String, closer: String) -> String {
        if Self.isOnlyBlankLines(text) { return placeholder("<del class=\"critic break\">&nbsp;</del>", opener + text + closer) }
        return placeholder("<del class=\"critic\">", opener) + text + placeholder("</del>", closer)
    }

    /// A placeholder for `html`; `written` is the part of the mark it replaces, shown in code.
    /// Alone in a paragraph, an edit's tags mark whole blocks and get the class `block`.
    private func placeholder(_ html: String, _ written: String) -> String {
        placeholders.store(html, written: written, alone: .block(Self.asBlock(html)), inRawHTML: true)
    }

    private static func asBlock(_ tag: String) -> String {
        guard !tag.contains(" break\""), tag.hasPrefix("<ins class=\"critic") || tag.hasPrefix("<del class=\"critic") || tag.hasPrefix("<mark class=\"critic"),
              let quote = tag.range(of: "\">")
        else { return tag }
        return tag[..<quote.lowerBound] + " block" + tag[quote.lowerBound...]
    }

    private static func isOnlyBlankLines(_ text: String) -> Bool {
        text.count >= 2 && text.allSatisfy { $0 == "\n" || $0 == "\r\n" }
    }
}
