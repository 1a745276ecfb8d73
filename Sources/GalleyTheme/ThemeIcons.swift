// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleyMarkup
import GalleyPages

/// The icons the configuration names for the theme (`theme.icon.repo`, `extra.social`'s
/// `icon`), as mkdocs-material names them (`fontawesome/brands/github`): read from the
/// site's `custom_dir/.icons` first, then from the icon sets mkdocs-material ships when it is
/// installed, else from the copy of Material's icon sets Galley's own build fetched (see
/// ``PythonPackages/bundledFolders(executable:)``). An icon found nowhere is drawn as a
/// lettered badge, and ``missing(config:packages:)`` names it for a warning.
struct ThemeIcons: Sendable {
    /// Each icon found, as inline SVG that takes the text colour.
    private var found: [String: String] = [:]

    init(config: SiteConfig, packages: @autoclosure () -> PythonPackages) {
        let names = Set(Self.names(config).map(\.name))
        guard !names.isEmpty else { return }
        let roots = Self.roots(config, packages: packages())
        for name in names where !name.contains("..") {
            for root in roots {
                guard let svg = try? String(contentsOfFile: PathName.join(root, name + ".svg"), encoding: .utf8), let open = svg.range(of: "<svg") else { continue }
                // The icon's own markup, made decorative and coloured like the text around it.
                found[name] = "<svg class=\"g-icon g-brand-icon\" aria-hidden=\"true\" focusable=\"false\"" + Self.droppingTrailingWhitespace(svg[open.upperBound...])
                break
            }
        }
    }

    /// The icons the configuration names, each with the line of `mkdocs.yml` naming it (0
    /// where the reader keeps none): `theme.icon.repo` and the tags plugin's
    /// `theme.icon.tag.<identifier>`, and every `icon` under `extra` (`extra.social`, the
    /// feedback widget's ratings).
    private static func names(_ config: SiteConfig) -> [(name: String, line: Int)] {
        var names = config.theme.icons.filter { $0.key == "repo" || $0.key.hasPrefix("tag.") }.map { (name: $0.value, line: 0) }
        func walk(_ value: ConfigValue) {
            // `.list` would make a scalar a list of itself; only real lists are walked.
            if case .list(let items) = value { items.forEach(walk) }
            for entry in value.entries ?? [] {
                if entry.key == "icon", let name = entry.value.string { names.append((name, entry.line)) } else { walk(entry.value) }
            }
        }
        for key in ["social", "analytics"] { config.extra[key].map(walk) }
        return names.sorted { ($0.line, $0.name) < ($1.line, $1.name) }
    }

    /// The folders icons are looked up in, in order.
    private static func roots(_ config: SiteConfig, packages: PythonPackages) -> [String] {
        var roots: [String] = []
        if let custom = config.theme.customDir {
            roots.append(PathName.join(PathName.absolute(custom, relativeTo: config.projectDirectory), ".icons"))
        }
        if let material = packages.find("material/templates/.icons") { roots.append(material) }
        return roots
    }

    /// The icons the configuration names that no icon folder has, with their lines: each is
    /// drawn as a lettered badge, which a site should not get without being told.
    static func missing(config: SiteConfig, packages: PythonPackages) -> [(name: String, line: Int)] {
        let roots = roots(config, packages: packages)
        return names(config).filter { icon in
            icon.name.contains("..") || !roots.contains { SystemCalls.kind(PathName.join($0, icon.name + ".svg")) != nil }
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

/// The build's check of the icons the configuration names, run once before pages are laid out.
package enum ThemeIconCheck {
    /// A warning at each `mkdocs.yml` line naming an icon no icon set has.
    package static func run(config: SiteConfig, log: inout DiagnosticLog) {
        let packages = PythonPackages.onThisMachine(projectDirectory: PathName.absolute(config.projectDirectory, relativeTo: SystemCalls.currentDirectory))
        for icon in ThemeIcons.missing(config: config, packages: packages) {
            log.warn(at: SourceLocation(file: config.configFile, line: icon.line),
                     "the icon `\(icon.name)` is in none of the icon sets (`custom_dir/.icons`, mkdocs-material's, or the copy Galley ships); a lettered badge stands in",
                     code: ThemeCodes.icon)
        }
    }
}
