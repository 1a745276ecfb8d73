// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The filters mkdocs adds to its theme templates' environment: `url` (a path in the site,
/// made relative to the page) and `script_tag` (an `extra_javascript` entry as a `<script>`).
package enum MkDocsFilters {
    package static let all: [String: TemplateFilter] = [
        "url": { value, _, context in .string(url(try context.text(value), context)) },
        "script_tag": { value, _, context in
            var path = value.stringValue ?? ""
            var attributes = ""
            if case .dict(let map) = value {
                path = map["path"]?.stringValue ?? ""
                if let type = map["type"]?.stringValue, !type.isEmpty { attributes += " type=\"\(TemplateFilters.escapeHTML(type))\"" }
                if map["defer"]?.isTrue == true { attributes += " defer" }
                if map["async"]?.isTrue == true { attributes += " async" }
            }
            return .markup("<script src=\"\(TemplateFilters.escapeHTML(url(path, context)))\"\(attributes)></script>")
        },
    ]

    /// mkdocs' `normalize_url`: a URL with a scheme, or starting with `/` or `#`, as it is;
    /// else relative to the page's URL, or joined to `base_url` where there is no page (or
    /// `base_url` is absolute, as on the 404 page).
    static func url(_ path: String, _ context: TemplateFilterContext) -> String {
        let path = path.isEmpty ? "." : path.replacingOccurrences(of: "\\", with: "/")
        let scheme = path.prefix { $0.isLetter || $0.isNumber || "+-.".contains($0) }
        if path.hasPrefix("/") || path.hasPrefix("#") || path.hasPrefix("//") || (!scheme.isEmpty && path.dropFirst(scheme.count).first == ":" && scheme.first!.isLetter) {
            return path
        }
        let base = context.lookup("base_url")?.stringValue ?? "."
        guard !base.hasPrefix("/"), case .dict(let page)? = context.lookup("page"), let pageURL = page["url"]?.stringValue else {
            return base.hasSuffix("/") ? base + path : base + "/" + path
        }
        // How many levels the path climbs above its start (`../x`), kept in front.
        var climbs = 0
        for part in normalized(path + "/", keepingClimbs: true) {
            guard part == ".." else { break }
            climbs += 1
        }
        return String(repeating: "../", count: climbs) + relative(path, to: pageURL)
    }

    /// mkdocs' `get_relative_url`.
    static func relative(_ url: String, to other: String) -> String {
        var other = other
        if let slash = other.lastIndex(of: "/") {
            if other[other.index(after: slash)...].contains(".") { other = String(other[..<slash]) }
        } else if other.contains(".") {
            other = ""
        }
        let otherParts = normalized(other, keepingClimbs: false)
        let parts = normalized(url, keepingClimbs: false)
        var common = 0
        for (a, b) in zip(otherParts, parts) {
            guard a == b else { break }
            common += 1
        }
        let relative = (Array(repeating: "..", count: otherParts.count - common) + parts.dropFirst(common)).joined(separator: "/")
        let result = relative.isEmpty ? "." : relative
        return url.hasSuffix("/") ? result + "/" : result
    }

    /// A path's parts with `.` and `..` resolved (`..` above the start dropped, or kept with
    /// `keepingClimbs`).
    private static func normalized(_ path: String, keepingClimbs: Bool) -> [String] {
        var parts: [String] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." {
                if let last = parts.last, last != ".." { parts.removeLast() } else if keepingClimbs { parts.append("..") }
            } else {
                parts.append(String(part))
            }
        }
        return parts
    }
}
