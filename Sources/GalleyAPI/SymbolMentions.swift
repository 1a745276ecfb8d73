// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The symbol links a guide page writes, found in its Markdown before any page is parsed, so
/// that each symbol's page can list the pages that mention it.
package enum SymbolMentions {
    /// The paths of the page's symbol links (``` ``Workflow`` ```, `[Workflow][]`,
    /// `[text][Workflow]`), outside fenced code, each once, in order.
    package static func links(in source: String) -> [String] {
        var found: [String] = []
        var fence: Substring?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix { $0 == trimmed.first }
                continue
            }
            found += doubleBackquoted(line) + autorefs(line)
        }
        var seen = Set<String>()
        return found.filter { seen.insert($0).inserted }
    }

    private static func doubleBackquoted(_ line: Substring) -> [String] {
        var found: [String] = []
        var rest = line
        while let open = rest.range(of: "``") {
            guard let close = rest[open.upperBound...].range(of: "``") else { break }
            let inner = rest[open.upperBound..<close.lowerBound]
            if !inner.isEmpty, !inner.contains(where: { $0 == " " || $0 == "`" }) { found.append(String(inner)) }
            rest = rest[close.upperBound...]
        }
        return found
    }

    private static func autorefs(_ line: Substring) -> [String] {
        var found: [String] = []
        var rest = line
        while let middle = rest.range(of: "][") {
            guard let close = rest[middle.upperBound...].firstIndex(of: "]") else { break }
            let path = rest[middle.upperBound..<close]
            let open = rest[..<middle.lowerBound].lastIndex(of: "[")
            let shown = open.map { rest[rest.index(after: $0)..<middle.lowerBound] } ?? ""
            let target = path.isEmpty ? shown : path
            // `](` right after would make it an ordinary link.
            let next = rest.index(after: close)
            let isReference = next >= rest.endIndex || rest[next] != "("
            if isReference, !target.isEmpty, !target.contains(where: { $0.isWhitespace || $0 == "`" || $0 == "[" }) { found.append(String(target)) }
            rest = rest[next...]
        }
        return found
    }

    /// A page's title as a list of pages shows it: `title:` in its front matter, its first
    /// `# ` heading, else its file name.
    package static func title(of source: String, path: String) -> String {
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false)[...]
        if lines.first == "---" {
            lines = lines.dropFirst()
            while let line = lines.first, line != "---" {
                if line.hasPrefix("title:") {
                    return line.dropFirst(6).trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
                }
                lines = lines.dropFirst()
            }
        }
        if let heading = lines.first(where: { $0.hasPrefix("# ") }) {
            return heading.dropFirst(2).trimmingCharacters(in: .whitespaces)
        }
        let name = path.split(separator: "/").last.map { String($0.dropLast(3)) } ?? path
        return name.replacingOccurrences(of: "-", with: " ").capitalized
    }
}
