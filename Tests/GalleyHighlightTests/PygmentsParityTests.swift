// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyHighlight
import GalleyOracle
import Testing

/// Galley's token classes against Pygments' own (from the venv `make test` sets up), on the
/// code blocks of the shared corpora and on the samples in `Samples/`: for each language, at
/// least 90 % of Pygments' tokens must get the same class. Names, plain text and white space
/// count as one class, as neither stylesheet colours them.
@Suite("Highlighting parity with Pygments")
struct PygmentsParityTests {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let repository = Oracle.repository

    struct Block: Codable {
        var language: String
        var code: String
    }

    /// Fenced code blocks of the corpora, by the language their fence names.
    static func corpusBlocks() -> [Block] {
        let corpus = SharedCorpus.directory
        var blocks: [Block] = []
        guard let files = FileManager.default.enumerator(atPath: corpus.path) else { return [] }
        while let file = files.nextObject() as? String {
            guard file.hasSuffix(".md"), file.contains("/docs/"), let text = try? String(contentsOf: corpus.appendingPathComponent(file), encoding: .utf8) else { continue }
            var language: String?
            var indent = 0
            var lines: [Substring] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.drop { $0 == " " }
                if let current = language {
                    if trimmed.hasPrefix("```") {
                        blocks.append(Block(language: current, code: lines.joined(separator: "\n") + "\n"))
                        language = nil
                    } else {
                        lines.append(line.dropFirst(min(indent, line.prefix { $0 == " " }.count)))
                    }
                } else if trimmed.hasPrefix("```") {
                    let name = trimmed.drop { $0 == "`" }.prefix { !$0.isWhitespace && $0 != "{" }
                    guard !name.isEmpty else { continue }
                    language = name.lowercased()
                    indent = line.count - trimmed.count
                    lines = []
                }
            }
        }
        return blocks
    }

    /// One sample file per language, named `NAME.LANGUAGE`.
    static func sampleBlocks() throws -> [Block] {
        let directory = tests.appendingPathComponent("Samples")
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted().map { name in
            Block(language: String(name.split(separator: ".").last ?? ""), code: try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
        }
    }

    static func pygments(_ blocks: [Block]) throws -> [[[String]]?] {
        try Oracle.run("tokens.py", blocks, as: [[[String]]?].self)
    }

    /// Classes that style alike: none, plain text, white space and plain names (`n`, and
    /// `nx`, Pygments' "other name", which no stylesheet colours apart from `n`).
    static func normalized(_ className: String?) -> String {
        guard let className, !["", "w", "n", "nx", "x"].contains(className) else { return "" }
        return className
    }

    /// Of Pygments' non-blank tokens, how many Galley gives the same class on every character.
    static func agreement(galley: [HighlightToken], pygments: [[String]], mismatches: inout [String: Int]) -> (same: Int, total: Int) {
        var classes: [String] = []
        for token in galley {
            classes += Array(repeating: normalized(token.className), count: token.text.unicodeScalars.count)
        }
        var position = 0
        var same = 0
        var total = 0
        for token in pygments {
            let length = token[0].unicodeScalars.count
            defer { position += length }
            guard !token[0].allSatisfy(\.isWhitespace) else { continue }
            total += 1
            let expected = normalized(token[1])
            if position + length <= classes.count, classes[position..<(position + length)].allSatisfy({ $0 == expected }) {
                same += 1
            } else {
                let ours = position < classes.count ? classes[position] : "?"
                mismatches["pygments \(expected.isEmpty ? "-" : expected) / galley \(ours.isEmpty ? "-" : ours): \(token[0].prefix(20))", default: 0] += 1
            }
        }
        return (same, total)
    }

    @Test func everyLanguageAgreesOnNineTokensInTen() throws {
        let blocks = Self.corpusBlocks() + (try Self.sampleBlocks())
        let expected = try Self.pygments(blocks)
        var byLanguage: [String: (same: Int, total: Int)] = [:]
        var mismatches: [String: [String: Int]] = [:]
        for (block, pygments) in zip(blocks, expected) {
            // Pygments has no lexer for some names (`gradle`); there is nothing to compare.
            guard let pygments else { continue }
            guard let galley = Highlighter.highlight(block.code, language: block.language) else {
                Issue.record("`\(block.language)` is not highlighted by Galley")
                continue
            }
            let counted = Self.agreement(galley: galley, pygments: pygments, mismatches: &mismatches[block.language, default: [:]])
            byLanguage[block.language, default: (0, 0)].same += counted.same
            byLanguage[block.language, default: (0, 0)].total += counted.total
        }
        for (language, counted) in byLanguage.sorted(by: { $0.key < $1.key }) {
            let share = Double(counted.same) / Double(max(counted.total, 1))
            print("highlighting parity \(language): \(counted.same)/\(counted.total) = \(Int(share * 100)) %")
            if ProcessInfo.processInfo.environment["GALLEY_PARITY_DETAIL"] != nil {
                for (mismatch, count) in (mismatches[language] ?? [:]).sorted(by: { $0.value > $1.value }).prefix(25) { print("  \(count)× \(mismatch)") }
            }
            #expect(share >= 0.9, "\(language): \(counted.same) of \(counted.total) tokens agree with Pygments")
        }
    }
}
