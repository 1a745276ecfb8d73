// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
import Testing

/// The Chinese pages of this repository's docs use the words of their glossary: a term the
/// glossary translates (`## 动作（Action） {#action}`) is not left in English in their prose.
/// Code, code spans, link targets and the glossary's own parentheses may name the English.
@Suite struct ChineseGlossaryTests {
    static let docs = Oracle.repository.appendingPathComponent("docs")

    /// English term → the glossary's Chinese, for the glossary's one-word terms.
    static func glossary() throws -> [String: String] {
        let text = try String(contentsOf: docs.appendingPathComponent("glossary.zh.md"), encoding: .utf8)
        var terms: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("## ") {
            guard let open = line.firstIndex(of: "（"), let close = line.firstIndex(of: "）") else { continue }
            let chinese = line[line.index(line.startIndex, offsetBy: 3)..<open]
            let english = line[line.index(after: open)..<close]
            if !english.contains(" ") { terms[String(english)] = String(chinese) }
        }
        return terms
    }

    /// Each line of prose: outside fences and indented code, with code spans, link targets
    /// and attribute braces removed.
    static func prose(_ text: String) -> [(line: Int, text: String)] {
        var result: [(Int, String)] = []
        var inFence = false
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { inFence.toggle(); continue }
            if inFence || line.hasPrefix("    ") { continue }
            let stripped = line.replacingOccurrences(of: #"`[^`]*`|\]\([^)]*\)|\{[^}]*\}|（[^）]*）"#, with: "", options: .regularExpression)
            result.append((index + 1, stripped))
        }
        return result
    }

    @Test func chinesePagesUseTheGlossarysWords() throws {
        let terms = try Self.glossary()
        #expect(terms["Action"] == "动作" && terms["State"] == "状态" && terms["Props"] == "属性", "\(terms)")
        let pages = FileManager.default.enumerator(atPath: Self.docs.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".zh.md") } ?? []
        #expect(pages.count >= 12, "the Chinese site has \(pages.count) translated pages")
        var found: [String] = []
        for page in pages.sorted() where page != "glossary.zh.md" {
            let text = try String(contentsOf: Self.docs.appendingPathComponent(page), encoding: .utf8)
            for (line, prose) in Self.prose(text) {
                for (english, chinese) in terms where ["Action", "State", "Props", "Rendering", "Output"].contains(english) {
                    if prose.range(of: "\\b\(english)s?\\b", options: [.regularExpression, .caseInsensitive]) != nil {
                        found.append("docs/\(page):\(line): `\(english)` where the glossary says 「\(chinese)」")
                    }
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
