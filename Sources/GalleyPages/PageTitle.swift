// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyMarkdown
import GalleySources

/// A page's title as mkdocs derives it: front matter, else the first level-1 heading, else
/// the file name.
package enum PageTitle {
    package static func derive(metadata: PageMetadata, blocks: [Block], path: String) -> String {
        if let title = metadata.title, !title.isEmpty { return title }
        for block in blocks {
            if case .heading(let heading) = block, heading.level == 1 {
                return TableOfContents.headingText(heading.content)
            }
        }
        return fromFileName(path)
    }

    /// The title a page has before it is parsed, as mkdocs knows it when plugins see the
    /// page's Markdown: the title `nav` gives it, else front matter's `title:`, else the
    /// first `# heading` line, else the file name.
    static func beforeParsing(_ source: String, path: String, navTitle: String?) -> String {
        if let navTitle { return navTitle }
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false)[...]
        if lines.first?.trimmingCharacters(in: .whitespaces) == "---" {
            lines = lines.dropFirst()
            while let line = lines.first, line.trimmingCharacters(in: .whitespaces) != "---" {
                if line.hasPrefix("title:") {
                    let value = line.dropFirst(6).trimmingCharacters(in: .whitespaces)
                    return value.count >= 2 && (value.first == "\"" || value.first == "'") && value.last == value.first ? String(value.dropFirst().dropLast()) : value
                }
                lines = lines.dropFirst()
            }
        }
        var inFence = false
        for line in lines {
            if line.hasPrefix("```") || line.hasPrefix("~~~") { inFence.toggle() }
            if !inFence, line.hasPrefix("# ") {
                return line.dropFirst(2).trimmingCharacters(in: .whitespaces).replacingOccurrences(of: #"\s+#+$"#, with: "", options: .regularExpression)
            }
        }
        return fromFileName(path)
    }

    /// `getting-started.md` → `Getting started`; an index page takes its folder's name, and
    /// the home page is `Home`.
    package static func fromFileName(_ path: String) -> String {
        var components = path.split(separator: "/").map(String.init)
        var name = String(components.removeLast().split(separator: ".").first ?? "")
        if name == "index" || name == "README" {
            guard let folder = components.last else { return "Home" }
            name = folder
        }
        let spaced = name.replacingAll(["-", "_"], with: " ")
        // Like Python's str.capitalize(), applied only to names written all in lowercase.
        guard spaced == spaced.lowercased(), let first = spaced.first else { return spaced }
        return first.uppercased() + spaced.dropFirst()
    }
}

extension String {
    func replacingAll(_ characters: Set<Character>, with replacement: Character) -> String {
        String(map { characters.contains($0) ? replacement : $0 })
    }
}
