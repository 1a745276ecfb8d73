// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import Synchronization

/// What a resolved `:shortcode:` becomes (`pymdownx.emoji`), decided by the configured generator.
package enum Emoji: Sendable, Equatable {
    /// An image of the emoji (`to_svg`, `to_png`): `<img alt class src title />`.
    case image(source: String, alt: String, title: String?, className: String)
    /// An icon's SVG inlined in a span (Material's `to_svg` for `:material-…:` and the like).
    case icon(svg: String, className: String)
    /// The emoji's own characters (`to_alt`).
    case characters(String)
}

/// One entry of an emoji index: what pymdown-extensions' index files hold per shortcode.
package struct EmojiEntry: Sendable, Equatable, Decodable {
    /// The long name (`title: long`).
    package var name: String
    /// The code points joined by `-`, as image files are named (`1f44d`).
    package var unicode: String?
    /// The code points to insert as characters, with joiners and variation selectors.
    package var unicodeAlt: String?

    enum CodingKeys: String, CodingKey {
        case name, unicode
        case unicodeAlt = "unicode_alt"
    }

    package init(name: String, unicode: String?, unicodeAlt: String? = nil) {
        self.name = name
        self.unicode = unicode
        self.unicodeAlt = unicodeAlt
    }
}

/// The shortcodes a site can use: an emoji index plus, for Material's index, the icon sets
/// (`:material-check-all:` is `material/check-all.svg` under one of `iconRoots`).
///
/// Icons are looked up on first use and remembered, so that a build reads only the few
/// SVG files its pages name out of the thousands a set holds.
package final class EmojiCatalog: Sendable, Equatable {
    /// `twemoji`, `emojione` or `gemoji`: names the default image class and address.
    package let indexName: String
    /// The index's version (`v16.0.1`), part of the image address.
    package let version: String
    /// Folders of icon sets, searched in order; empty for an index without icons.
    package let iconRoots: [String]
    private let readIcon: @Sendable (String) -> String?
    private let icons = Mutex<[String: String?]>([:])
    /// The index is read on the first shortcode a page holds: most pages hold none, and
    /// reading the thousands of entries costs a small site a good share of its build.
    private let loadIndex: @Sendable () -> (emoji: [String: EmojiEntry], aliases: [String: String])
    private let index = Mutex<(emoji: [String: EmojiEntry], aliases: [String: String])?>(nil)

    /// A catalog whose entries `loadIndex` reads when first needed; `readIcon` returns the
    /// text of an SVG file, or `nil` when there is none.
    package init(
        indexName: String,
        version: String,
        iconRoots: [String] = [],
        readIcon: @escaping @Sendable (String) -> String? = { _ in nil },
        loadIndex: @escaping @Sendable () -> (emoji: [String: EmojiEntry], aliases: [String: String])
    ) {
        self.indexName = indexName
        self.version = version
        self.iconRoots = iconRoots
        self.readIcon = readIcon
        self.loadIndex = loadIndex
    }

    /// The entries, by shortcode with its colons.
    package var emoji: [String: EmojiEntry] { entries.emoji }
    /// Alternative shortcodes, such as `:+1:` for `:thumbsup:`.
    package var aliases: [String: String] { entries.aliases }

    private var entries: (emoji: [String: EmojiEntry], aliases: [String: String]) {
        index.withLock { loaded in
            if let loaded { return loaded }
            let read = loadIndex()
            loaded = read
            return read
        }
    }

    package static func == (lhs: EmojiCatalog, rhs: EmojiCatalog) -> Bool {
        lhs === rhs || (lhs.indexName == rhs.indexName && lhs.version == rhs.version && lhs.iconRoots == rhs.iconRoots)
    }

    /// The SVG of icon `name` (`material-check-all`, without colons), or `nil`.
    package func iconSVG(_ name: String) -> String? {
        if let known = icons.withLock({ $0[name] }) { return known }
        let parts = name.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        var found: String?
        for root in iconRoots {
            if let svg = Self.findIcon(parts, under: root, readIcon) {
                found = svg
                break
            }
        }
        icons.withLock { $0[name] = .some(found) }
        return found
    }

    /// Material names an icon by its path under a root with `/` turned into `-`; the dashes
    /// inside file names make that ambiguous, so every split of the name into folders is tried.
    private static func findIcon(_ parts: [String], under folder: String, _ readIcon: (String) -> String?) -> String? {
        guard !parts.isEmpty, !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else { return nil }
        if let svg = readIcon(folder + "/" + parts.joined(separator: "-") + ".svg") { return svg }
        for split in 1..<parts.count {
            let subfolder = folder + "/" + parts[..<split].joined(separator: "-")
            if let svg = findIcon(Array(parts[split...]), under: subfolder, readIcon) { return svg }
        }
        return nil
    }
}

/// How `pymdownx.emoji` is set up: the index and what each shortcode becomes.
package struct EmojiOptions: Sendable, Equatable {
    /// The generator functions of pymdown-extensions and Material.
    package enum Generator: String, Sendable, Equatable {
        /// `pymdownx.emoji.to_png`, the extension's default.
        case png
        /// `pymdownx.emoji.to_svg`.
        case svg
        /// `material.extensions.emoji.to_svg`: inline SVG for icons, else as `svg`.
        case materialSVG
        /// `pymdownx.emoji.to_alt`: the characters themselves.
        case alt
    }

    /// What the `title` attribute holds.
    package enum Title: String, Sendable, Equatable {
        case short, long, none
    }

    /// What the `alt` attribute holds.
    package enum Alt: String, Sendable, Equatable {
        case unicode
        case htmlEntity = "html_entity"
        case short
    }

    package var catalog: EmojiCatalog
    package var generator: Generator = .png
    package var title: Title = .short
    package var alt: Alt = .unicode
    package var removeVariationSelector = false
    /// An unknown shortcode is an error rather than a warning (`strict: true`).
    package var strict = false
    /// `options.classes`: the class of images and icon spans; the index name by default.
    package var className: String?
    /// `options.image_path`: where images are, instead of the index's public address.
    package var imagePath: String?

    package init(catalog: EmojiCatalog) {
        self.catalog = catalog
    }

    /// What `shortcode` (with its colons) becomes, or `nil` when the index does not know it.
    package func resolve(_ shortcode: String) -> Emoji? {
        let canonical = catalog.aliases[shortcode] ?? shortcode
        let classes = className ?? catalog.indexName
        guard let entry = catalog.emoji[canonical] else {
            guard generator == .materialSVG, let svg = catalog.iconSVG(String(shortcode.dropFirst().dropLast())) else { return nil }
            return .icon(svg: svg, className: classes)
        }
        var alternative = entry.unicodeAlt ?? entry.unicode
        if removeVariationSelector { alternative = alternative?.replacingOccurrences(of: "-fe0f", with: "") }
        let characters = alternative.map(Self.characters)
        let altText: String
        switch (alt, characters) {
        case (.unicode, let text?): altText = text
        // pymdown-extensions writes these as `&#x1f604;` references: the same characters.
        case (.htmlEntity, let text?): altText = text
        default: altText = shortcode
        }
        if generator == .alt { return .characters(altText) }
        let titleText: String? = switch title {
        case .short: shortcode
        case .long: entry.name
        case .none: nil
        }
        guard let unicode = entry.unicode else {
            // Only GitHub's own images (such as `:octocat:`) have no code points.
            return .image(source: (imagePath ?? Self.gitHubImages) + shortcode.dropFirst().dropLast() + ".png", alt: altText, title: titleText, className: classes)
        }
        let isSVG = generator != .png
        let folder = imagePath ?? defaultImageFolder(svg: isSVG)
        return .image(source: folder + unicode + (isSVG ? ".svg" : ".png"), alt: altText, title: titleText, className: classes)
    }

    private static let gitHubImages = "https://github.githubassets.com/images/icons/emoji/"

    /// The public addresses pymdown-extensions uses for each index's images.
    private func defaultImageFolder(svg: Bool) -> String {
        let version = catalog.version.hasPrefix("v") ? String(catalog.version.dropFirst()) : catalog.version
        switch catalog.indexName {
        case "twemoji": return "https://cdn.jsdelivr.net/gh/jdecked/twemoji@\(version)/assets/\(svg ? "svg" : "72x72")/"
        case "gemoji": return Self.gitHubImages + "unicode/"
        default: return "https://cdnjs.cloudflare.com/ajax/libs/emojione/\(version)/assets/\(svg ? "svg" : "png")/"
        }
    }

    private static func characters(_ codePoints: String) -> String {
        String(String.UnicodeScalarView(codePoints.split(separator: "-").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }))
    }
}

/// Finding `:shortcode:` in text as pymdown-extensions does: a colon, word characters, `+`
/// or `-`, a colon. A candidate the index lacks stays text, and the scan goes on after it.
enum EmojiShortcodes {
    /// `text` split into text and emoji; `unknown` receives each candidate that looks meant as
    /// a shortcode (a letter in it, and no letter or digit touching it) but is not one.
    static func split(_ text: String, options: EmojiOptions, unknown: (String) -> Void) -> [Inline] {
        guard text.utf8.contains(UInt8(ascii: ":")) else { return [.text(text)] }
        var result: [Inline] = []
        var pending = text.startIndex
        var index = text.startIndex
        while let open = text[index...].firstIndex(of: ":") {
            let nameStart = text.index(after: open)
            let name = text[nameStart...].prefix { $0 == "+" || $0 == "-" || $0 == "_" || $0.isLetter || $0.isNumber }
            guard !name.isEmpty, name.endIndex < text.endIndex, text[name.endIndex] == ":" else {
                index = nameStart
                continue
            }
            let close = text.index(after: name.endIndex)
            let shortcode = String(text[open..<close])
            if let emoji = options.resolve(shortcode) {
                if pending < open { result.append(.text(String(text[pending..<open]))) }
                result.append(.emoji(emoji, shortcode: shortcode))
                pending = close
            } else if name.contains(where: \.isLetter), !touchesWord(text, before: open, after: close) {
                unknown(shortcode)
            }
            index = close
        }
        guard !result.isEmpty else { return [.text(text)] }
        if pending < text.endIndex { result.append(.text(String(text[pending...]))) }
        return result
    }

    private static func touchesWord(_ text: String, before: String.Index, after: String.Index) -> Bool {
        let previous = before > text.startIndex ? text[text.index(before: before)] : " "
        let next = after < text.endIndex ? text[after] : " "
        return previous.isLetter || previous.isNumber || next.isLetter || next.isNumber
    }
}
