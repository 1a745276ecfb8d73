// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// One element of the tree kramdown builds, as mdl's parser (kramdown 2.4 with GitHub-style
/// fences) builds it: the types, locations and text values mdl's rules read.
///
/// mdl's findings are computed on this tree, not on a CommonMark one, and the two differ
/// wherever kramdown starts or ends a block differently. No Swift package reads Markdown as
/// kramdown does, so the reader in this folder follows kramdown's block and span rules
/// itself; each rule is noted where it is applied.
final class KramdownElement {
    enum Kind: Equatable {
        case root, blank, paragraph, header, codeBlock, blockquote, unorderedList, orderedList, item
        case definitionList, definitionTerm, definition, rule, html, comment, processingInstruction
        /// `rawText` is text still to be read for spans (kramdown's `:raw_text`); `rawOutput`
        /// is kept as it is and is not text (its `:raw`: a script's or style's body, a
        /// `nomarkdown` extension's).
        case table, tableRow, tableCell, math, endOfBlock, rawText, rawOutput, text
        case codeSpan, emphasis, strong, link, image, lineBreak, smartQuote, entity, typographicSymbol, footnote
    }

    /// What an end-of-block marker stands for: kramdown keeps link, abbreviation and
    /// footnote definitions and attribute lists as such markers.
    enum Marker: Equatable {
        case plain, linkDefinition, abbreviationDefinition, footnoteDefinition, attributeDefinition, attributeList, extensionOptions
    }

    /// How the content of an HTML element is read.
    enum ContentModel: Equatable {
        case raw, span, block
    }

    var kind: Kind
    var value: [UInt8]
    /// The line kramdown records; `nil` where it records none (table cells).
    var location: Int?
    var children: [KramdownElement] = []
    var level = 0
    var name = ""
    var marker = Marker.plain
    var contentModel = ContentModel.raw
    var fenced = false
    var language: String?

    init(_ kind: Kind, value: [UInt8] = [], location: Int?) {
        self.kind = kind
        self.value = value
        self.location = location
    }

    var text: String { String(decoding: value, as: UTF8.self) }

    /// kramdown's `add_text`: `text` joins the last child if that is of `kind`, or becomes
    /// a new child at the line of the child before it (or of this element).
    func appendText<Bytes: Collection<UInt8>>(_ text: Bytes, kind: Kind) {
        if let last = children.last, last.kind == kind {
            last.value += text
        } else if !text.isEmpty {
            children.append(KramdownElement(kind, value: Array(text), location: children.last?.location ?? location))
        }
    }
}
