// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyFileSystem
import GalleyMarkup
import GalleyPages

/// The icons the configuration names for the theme (`theme.icon.repo`, `extra.social`'s
/// `icon`), as mkdocs-material names them (`fontawesome/brands/github`): read from the
/// site's `custom_dir/.icons` first, then from the icon sets mkdocs-material ships when it is
/// installed. Nothing is bundled; an icon found nowhere is drawn as a lettered badge.
struct ThemeIcons: Sendable {
    /// Each icon found, as inline SVG that takes the text colour.
    private var found: [String: String] = [:]

    init(config: SiteConfig, packages: @autoclosure () -> PythonPackages) {
        // The tags plugin's icons too (`theme.icon.tag.<identifier>`).
        let tagIcons = config.theme.icons.filter { $0.key.hasPrefix("tag.") }.map(\.value)
        // And the feedback widget's (`extra.analytics.feedback.ratings`).
        let ratingIcons = (config.extra["analytics"]?["feedback"]?["ratings"]?.list ?? []).compactMap { $0["icon"]?.string }
        let names = Set([config.theme.icons["repo"]].compactMap { $0 } + PageFooter.socialLinks(config.extra).compactMap(\.icon) + tagIcons + ratingIcons)
        guard !names.isEmpty else { return }
        var roots: [String] = []
        if let custom = config.theme.customDir {
            roots.append(PathName.join(PathName.absolute(custom, relativeTo: config.projectDirectory), ".icons"))
        }
        if let material = packages().find("material/templates/.icons") { roots.append(material) }
        for name in names where !name.contains("..") {
            for root in roots {
                guard let svg = try? String(contentsOfFile: PathName.join(root, name + ".svg"), encoding: .utf8), let open = svg.range(of: "<svg") else { continue }
                // The icon's own markup, made decorative and coloured like the text around it.
                found[name] = "<svg class=\"g-icon g-brand-icon\" aria-hidden=\"true\" focusable=\"false\"" + Self.droppingTrailingWhitespace(svg[open.upperBound...])
                break
            }
        }
    }

    /// `text` without the white space (a file's last line break) at its end. Scanned back
    /// from the end by byte: the Characters of a whole icon file, reversed, cost milliseconds.
    static func droppingTrailingWhitespace(_ text: Substring) -> String {
        let bytes = text.utf8
        var end = bytes.endIndex
        while end != bytes.startIndex, [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C].contains(bytes[bytes.index(before: end)]) {
            end = bytes.index(before: end)
        }
        return String(text[..<end])
    }

    /// The icon called `name`, when one was found.
    func svg(_ name: String?) -> HTML? {
        // An icon file is SVG markup from the site's own theme folder or from mkdocs-material.
        name.flatMap { found[$0] }.map(HTML.init(trusted:))
    }
}
