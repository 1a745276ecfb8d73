// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyMarkup
import GalleyPages

/// The theme's icons, drawn for Galley as inline SVG on a 24-unit grid, stroked in the
/// current text colour so they follow the palette.
enum Icon {
    case search, menu, close, sun, moon, automatic, edit, repository, external, previous, next, book, view

    /// The SVG element, hidden from assistive technology (its control carries the label).
    var svg: HTML {
        "<svg class=\"g-icon\" viewBox=\"0 0 24 24\" aria-hidden=\"true\" focusable=\"false\">\(body)</svg>"
    }

    private var body: HTML {
        switch self {
        case .search: "<circle cx=\"10.5\" cy=\"10.5\" r=\"6\"/><path d=\"M15 15l5.5 5.5\"/>"
        case .menu: "<path d=\"M4 7h16M4 12h16M4 17h16\"/>"
        case .close: "<path d=\"M6 6l12 12M18 6L6 18\"/>"
        case .sun: "<circle cx=\"12\" cy=\"12\" r=\"4\"/><path d=\"M12 2.5v2.5M12 19v2.5M2.5 12H5M19 12h2.5M5.3 5.3l1.8 1.8M16.9 16.9l1.8 1.8M5.3 18.7l1.8-1.8M16.9 7.1l1.8-1.8\"/>"
        case .moon: "<path d=\"M19.5 14.5A8 8 0 0 1 9.5 4.5a8 8 0 1 0 10 10z\"/>"
        case .automatic: "<circle cx=\"12\" cy=\"12\" r=\"8\"/><path d=\"M12 4a8 8 0 0 1 0 16z\" fill=\"currentColor\"/>"
        case .edit: "<path d=\"M4 20h4L19 9l-4-4L4 16z\"/><path d=\"M13.5 6.5l4 4\"/>"
        case .repository: "<circle cx=\"7\" cy=\"5.5\" r=\"2\"/><circle cx=\"7\" cy=\"18.5\" r=\"2\"/><circle cx=\"17\" cy=\"8.5\" r=\"2\"/><path d=\"M7 7.5v9M17 10.5c0 4-10 2.5-10 6\"/>"
        case .external: "<path d=\"M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5\"/>"
        case .previous: "<path d=\"M15 5l-7 7 7 7\"/>"
        case .view: "<path d=\"M2.5 12s3.5-6.5 9.5-6.5 9.5 6.5 9.5 6.5-3.5 6.5-9.5 6.5S2.5 12 2.5 12z\"/><circle cx=\"12\" cy=\"12\" r=\"3\"/>"
        case .book: "<path d=\"M3.5 5.5c3-1.2 5.8-1 8.5.8 2.7-1.8 5.5-2 8.5-.8v13c-3-1.2-5.8-1-8.5.8-2.7-1.8-5.5-2-8.5-.8z\"/><path d=\"M12 6.3v13\"/>"
        case .next: "<path d=\"M9 5l7 7-7 7\"/>"
        }
    }
}

/// The icon for an `extra.social` entry or `theme.icon.repo`, named as mkdocs-material names
/// them (`fontawesome/brands/github`). Brands are shown as a lettered badge with the brand's
/// name as its label: the theme carries no brand artwork.
struct BrandIcon {
    var name: String
    var badge: String

    private static let brands: [String: (String, String)] = [
        "github": ("GitHub", "GH"), "gitlab": ("GitLab", "GL"), "bitbucket": ("Bitbucket", "BB"),
        "git": ("Git", "git"), "twitter": ("Twitter", "t"), "x-twitter": ("X", "X"),
        "linkedin": ("LinkedIn", "in"), "mastodon": ("Mastodon", "M"), "youtube": ("YouTube", "YT"),
        "discord": ("Discord", "D"), "slack": ("Slack", "S"), "docker": ("Docker", "D"),
        "python": ("Python", "Py"), "npm": ("npm", "npm"), "facebook": ("Facebook", "f"),
        "instagram": ("Instagram", "IG"), "reddit": ("Reddit", "R"), "stack-overflow": ("Stack Overflow", "SO"),
        "medium": ("Medium", "M"), "dev": ("DEV", "DEV"), "telegram": ("Telegram", "T"),
        "bluesky": ("Bluesky", "B"), "rss": ("RSS", "RSS"), "swift": ("Swift", "S"),
    ]

    /// The brand behind an icon name: its last path part without `-alt`, `-square` or
    /// `-circle` (`fontawesome/brands/github-alt` → GitHub), or the link's host.
    init(icon: String?, link: String) {
        var key = icon.map { String($0.split(separator: "/").last ?? "") }?.lowercased() ?? ""
        for suffix in ["-alt", "-square", "-circle"] where key.hasSuffix(suffix) {
            key.removeLast(suffix.count)
        }
        if let (name, badge) = Self.brands[key] {
            self.name = name
            self.badge = badge
            return
        }
        let host = link.split(separator: "/").dropFirst(1).first.map(String.init) ?? link
        name = key.isEmpty ? host : key.capitalized
        badge = String((key.isEmpty ? host : key).prefix(1)).uppercased()
    }

    var svg: HTML {
        let size = badge.count >= 3 ? 7 : badge.count == 2 ? 9 : 12
        return "<svg class=\"g-icon g-brand\" viewBox=\"0 0 24 24\" aria-hidden=\"true\" focusable=\"false\">"
            + "<rect x=\"2.5\" y=\"2.5\" width=\"19\" height=\"19\" rx=\"5\"/>"
            + "<text x=\"12\" y=\"12\" dy=\".35em\" text-anchor=\"middle\" font-size=\"\(size)\">\(badge)</text></svg>"
    }
}
