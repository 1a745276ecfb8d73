// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics

/// Turns a Markdown page into a typed ``Document``: cmark-gfm for CommonMark and GFM, and
/// this module for the mkdocs and pymdown extensions around it.
package enum MarkdownParser {
    /// Parses `source`. Problems (such as invalid front matter) are recorded in `log`
    /// against `file`; parsing itself never fails, as Markdown has no syntax errors.
    package static func parse(
        _ source: String,
        file: String,
        options: MarkdownOptions = MarkdownOptions(),
        log: inout DiagnosticLog
    ) -> Document {
        let placeholders = Placeholders()
        let critic = CriticMarkup(placeholders: placeholders)
        let lines = SourceLine.split(options.critic.map { critic.preprocess(source, mode: $0) } ?? source)
        var (metadata, body) = FrontMatter.split(lines, file: file, meta: options.meta, log: &log)
        body = DuplicateReferences.keepLast(body)
        var abbreviations: [String: String] = [:]
        if options.abbreviations {
            (abbreviations, body) = Abbreviations.extract(body)
        }
        var scanner = BlockScanner(options: options, allLines: body, placeholders: placeholders)
        var blocks = scanner.blocks(body, columnOffset: 0)
        for tooDeep in scanner.tooDeep {
            log.error(
                at: SourceLocation(file: file, line: tooDeep.line, column: 1),
                "\(tooDeep.kind.description) are nested more than \(BlockScanner.maximumDepth) deep here; the deeper ones are left out",
                code: MarkdownCodes.nesting
            )
        }
        if options.attrList {
            blocks = HeadingAttributes.apply(blocks)
        }
        if !options.saneLists {
            blocks = numberingFromOne(blocks)
        }
        let inline = InlineExtensions(options: options, abbreviations: abbreviations)
        blocks = inline.apply(blocks)
        blocks = placeholders.restore(blocks)
        let footnotes = scanner.footnotes.map { FootnoteDefinition(label: $0.label, blocks: placeholders.restore(inline.apply($0.blocks))) }
        if let emoji = options.emoji {
            reportUnknown(inline.unknownShortcodes.found, strict: emoji.strict, lines: body, file: file, log: &log)
        }
        return Document(metadata: metadata, blocks: blocks, footnotes: footnotes)
    }

    /// Without `sane_lists`, Python-Markdown ignores the number an ordered list starts at.
    private static func numberingFromOne(_ blocks: [Block]) -> [Block] {
        blocks.map { block in
            var block = block.mappingChildren(numberingFromOne)
            if case .list(var list) = block, list.isOrdered, list.start != 1 {
                list.start = 1
                block = .list(list)
            }
            return block
        }
    }

    /// Each `:shortcode:` the index lacks, at the first place it is written on or after the
    /// line of its block. pymdown-extensions leaves it as text; `strict` makes it an error.
    private static func reportUnknown(_ found: [(shortcode: String, line: Int)], strict: Bool, lines: [SourceLine], file: String, log: inout DiagnosticLog) {
        var searchFrom: [String: (line: Int, offset: Int)] = [:]
        for (shortcode, blockLine) in found {
            var location = SourceLocation(file: file, line: blockLine, column: 1)
            let start = lines.firstIndex { $0.number >= blockLine } ?? lines.endIndex
            var previous = searchFrom[shortcode] ?? (0, 0)
            for line in lines[start...] where line.number >= previous.line {
                let text = line.text
                let from = line.number == previous.line ? previous.offset : 0
                guard from <= text.count else { continue }
                if let range = text[text.index(text.startIndex, offsetBy: from)...].range(of: shortcode) {
                    let offset = text.distance(from: text.startIndex, to: range.lowerBound)
                    location = SourceLocation(file: file, line: line.number, column: offset + 1)
                    previous = (line.number, offset + shortcode.count)
                    break
                }
            }
            searchFrom[shortcode] = previous
            let message = "`\(shortcode)` is not an emoji or icon the configured index knows; it stays as written"
            if strict {
                log.error(at: location, message, code: MarkdownCodes.unknownEmoji)
            } else {
                log.warn(at: location, message, code: MarkdownCodes.unknownEmoji)
            }
        }
    }
}
