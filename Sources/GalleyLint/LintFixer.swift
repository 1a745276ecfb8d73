// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import GalleyFileSystem
import GalleyMarkdown
import GalleyMarkup
import GalleyPages
import GalleySources

/// Rewrites what mdl's rules flag where the fix cannot change what the page means: each
/// rule's fix is kept only if the file still renders to the same HTML.
package struct LintFixer: Sendable {
    package var linter: Linter
    /// How the site renders a page (its Markdown extensions): the rendering a fix must keep.
    package var rendering: MarkdownSettings

    package init(linter: Linter, rendering: MarkdownSettings = MarkdownSettings()) {
        self.linter = linter
        self.rendering = rendering
    }

    /// What fixing one file changed.
    package struct Change: Sendable {
        package var file: String
        package var rules: [String]
        /// A unified-style diff of the change.
        package var diff: String
    }

    /// Fixes `files` (writing them unless `write` is false) and returns what changed. A
    /// file keeps its line ends (CRLF stays CRLF), its mode, and its place: a symbolic link
    /// stays a link and its target is rewritten. A file whose lines end both ways is left as
    /// it is and named in `skipped`: which end a new or moved line should take is a guess.
    package func fix(files: [String], write: Bool, skipped: inout [String]) throws(DiagnosticError) -> [Change] {
        var changes: [Change] = []
        let project = SystemCalls.currentDirectory
        let stubs = LinkStubPolicy(project: project, directory: project)
        for file in files {
            guard FileManager.default.fileExists(atPath: file) else {
                throw DiagnosticError(at: SourceLocation(file: file), "no such file or directory", code: LintCodes.missingFile)
            }
            // A link stub is fixed where it points.
            let path = stubs.target(of: file) ?? file
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            let original = String(decoding: data, as: UTF8.self)
            let crlf = original.utf8.contains(0x0D) ? LineEnds(original) : .lf
            guard crlf != .mixed else {
                skipped.append(file)
                continue
            }
            // The rules and fixes read LF lines; a CRLF file is fixed as LF and written back
            // with CRLF on every line.
            let (fixedLF, rules) = fix(crlf == .crlf ? original.replacingOccurrences(of: "\r\n", with: "\n") : original)
            let fixed = crlf == .crlf ? fixedLF.replacingOccurrences(of: "\n", with: "\r\n") : fixedLF
            guard fixed != original else { continue }
            if write {
                do {
                    try SystemCalls.replaceUserFile(path, with: Array(fixed.utf8))
                } catch {
                    throw DiagnosticError(at: SourceLocation(file: file), "cannot write the fixed file: \(error)", code: LintCodes.fix)
                }
            }
            changes.append(Change(file: file, rules: rules, diff: LineDiff.unified(old: original, new: fixed, name: file)))
        }
        return changes
    }

    /// How a file's lines end.
    enum LineEnds {
        case lf, crlf, mixed

        init(_ text: String) {
            var sawLF = false, sawCRLF = false
            var previous: UInt8 = 0
            for byte in text.utf8 {
                if byte == 0x0A {
                    if previous == 0x0D { sawCRLF = true } else { sawLF = true }
                }
                previous = byte
            }
            self = sawCRLF ? (sawLF ? .mixed : .crlf) : .lf
        }
    }

    /// Fixes one text: returns the new text and the rules whose fixes were kept.
    package func fix(_ text: String) -> (String, [String]) {
        var current = text
        var applied: [String] = []
        let enabled = Set(linter.ruleList.map(\.id))
        // A fix can make a new block appear (a blank line turns paragraph text into a
        // header), so the passes repeat until nothing changes.
        for _ in 0..<4 {
            let start = current
            for (rule, transform) in Self.fixes where enabled.contains(rule) {
                let document = linter.document(current)
                guard linter.findings(in: document, file: "").contains(where: { $0.rule == rule }) else { continue }
                let parameters = linter.rules.first { $0.0.id == rule }?.1 ?? RuleParameters(values: [:])
                let candidate = transform(document, current, parameters)
                // `#Title` is a header to mdl and Python-Markdown alike; only cmark reads it as
                // text, so adding the space is the one fix meant to change the rendering.
                guard candidate != current else { continue }
                if rule == "MD018" || rule == "MD020" || render(candidate) == render(current) {
                    current = candidate
                    if !applied.contains(rule) { applied.append(rule) }
                } else if let partial = keepingRendering(of: current, changesFrom: candidate), partial != current {
                    // One of the rule's changes would change the page: the others are kept.
                    current = partial
                    if !applied.contains(rule) { applied.append(rule) }
                }
            }
            if current == start { break }
        }
        return (current, applied)
    }

    /// `text` with each of the changes that lead to `candidate` (each run of changed lines,
    /// tried last to first) kept where the page still renders as `text` does; nil when there
    /// are too many changes to try one by one.
    func keepingRendering(of text: String, changesFrom candidate: String) -> String? {
        let old = LineDiff.lines(text)
        // A run that rewrites lines one for one (trailing spaces, tabs) is tried line by line:
        // a changed code line next to a changed text line must not hold the text line back.
        var runs: [(old: Range<Int>, new: [Substring])] = []
        for run in LineDiff.changedRuns(old, LineDiff.lines(candidate)) {
            guard run.old.count == run.new.count, run.old.count > 1 else {
                runs.append(run)
                continue
            }
            for (line, replacement) in zip(run.old, run.new) {
                runs.append((old: line..<(line + 1), new: [replacement]))
            }
        }
        guard runs.count <= 64 else { return nil }
        let baseline = render(text)
        var kept = old
        for run in runs.reversed() {
            var trial = kept
            trial.replaceSubrange(run.old, with: run.new)
            if render(trial.joined()) == baseline { kept = trial }
        }
        return kept.joined()
    }

    /// The page as the site renders it, Python-Markdown's rules and the site's extensions
    /// included.
    func render(_ text: String) -> String {
        var log = DiagnosticLog()
        let document = MarkdownParser.parse(text, file: "", options: rendering.parsing, log: &log)
        var renderer = HTMLRenderer(settings: rendering)
        return renderer.render(document).string
    }

    typealias Fix = @Sendable (LintDocument, String, RuleParameters) -> String

    /// Fixes in the order they run; later ones see earlier ones' output.
    static let fixes: [(String, Fix)] = [
        ("MD010", { document, text, _ in
            editLines(text, document) { line, _, inCode in inCode ? line : expandTabs(line) }
        }),
        ("MD009", { document, text, _ in
            editLines(text, document) { line, next, inCode in
                guard !inCode else { return line }
                let trimmed = String(line.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
                let trailing = line.count - trimmed.count
                // Two or more spaces before more text are a line break, and the only way
                // Python-Markdown writes one (it prints a backslash before a line break), so
                // they stay; mdl's `br_spaces` accepts them.
                if trailing >= 2, !trimmed.isEmpty, let next, !next.trimmingRubySpace().isEmpty { return line }
                return trimmed
            }
        }),
        ("MD018", { document, text, _ in
            editHeaders(text, document) { line in
                let hashes = line.prefix { $0 == "#" }
                guard let next = line.dropFirst(hashes.count).first, next != " ", next != "\t" else { return line }
                return hashes + " " + line.dropFirst(hashes.count)
            }
        }),
        ("MD019", { document, text, _ in
            editHeaders(text, document) { line in
                let hashes = line.prefix { $0 == "#" }
                let rest = line.dropFirst(hashes.count)
                guard rest.prefix(2).count == 2, rest.prefix(2).allSatisfy({ $0 == " " || $0 == "\t" }) else { return line }
                return hashes + " " + rest.drop { $0 == " " || $0 == "\t" }
            }
        }),
        ("MD020", closedHeaderSpacing),
        ("MD021", closedHeaderSpacing),
        ("MD003", { document, text, parameters in
            let headers = document.tree.all(.header, nested: false)
            // A style written as a string is one no header can meet (see the rule): no fix.
            guard !headers.isEmpty, let style = parameters.symbol("style") else { return text }
            let target = headerStyleTarget(headers, document, style: style)
            var lines = LintSource.splitLines(text, rubyBreaks: false)
            var removed = Set<Int>()
            for index in headers {
                let node = document.tree.nodes[index]
                guard let wanted = target(node.level), document.headerStyle(index) != wanted else { continue }
                let number = node.line + document.source.offset
                let hashes = String(repeating: "#", count: node.level)
                if document.headerStyle(index) == .setext { removed.insert(number + 1) }
                switch wanted {
                case .setext:
                    lines[number - 1] = node.value + "\n" + String(repeating: node.level == 1 ? "=" : "-", count: max(3, node.value.count))
                case .atx:
                    lines[number - 1] = hashes + " " + node.value
                case .atxClosed:
                    lines[number - 1] = hashes + " " + node.value + " " + hashes
                }
            }
            return lines.enumerated().filter { !removed.contains($0.offset + 1) }.map(\.element).joined(separator: "\n")
        }),
        ("MD022", { document, text, _ in
            var lines = LintSource.splitLines(text, rubyBreaks: false)
            let offset = document.source.offset
            var insertBefore = Set<Int>(), insertAfter = Set<Int>()
            for index in document.tree.all(.header, nested: false) {
                let line = document.tree.nodes[index].line + offset
                let last = document.headerStyle(index) == .setext ? line + 1 : line
                if line > 1, !lines[line - 2].isEmpty { insertBefore.insert(line) }
                if last < lines.count, !lines[last].isEmpty { insertAfter.insert(last) }
            }
            // A `#` line inside a paragraph (mdl's parser reads it as the paragraph's text, and
            // the rule looks for it there; Python-Markdown makes it a header) is set apart too.
            for index in document.tree.all(.paragraph, nested: false) {
                let first = document.tree.nodes[index].line + offset
                var text: [UInt8] = []
                for child in document.tree.children(index, .text) { text += document.tree.nodes[child].value.utf8 }
                let paragraphLines = text.split(separator: 0x0A, omittingEmptySubsequences: false)
                for (position, line) in paragraphLines.enumerated() where position > 0 && line.first == UInt8(ascii: "#") {
                    let number = first + position
                    guard number <= lines.count, lines[number - 1].drop(while: { $0 == " " }).hasPrefix("#") else { continue }
                    insertBefore.insert(number)
                    if number < lines.count, !lines[number].isEmpty { insertAfter.insert(number) }
                }
            }
            return insertBlankLines(&lines, before: insertBefore, after: insertAfter)
        }),
        ("MD031", { document, text, _ in
            // Fences as the rule finds them, line by line (mdl's parser misses a fence that
            // follows text directly, which the rule still reports): a blank line before each
            // opening fence and after each closing one where there is none.
            var lines = LintSource.splitLines(text, rubyBreaks: false)
            let offset = document.source.offset
            var fence = FenceTracker()
            var before = Set<Int>(), after = Set<Int>()
            for index in lines.indices where index >= offset && fence.toggles(strippedBytes(lines[index])) {
                let number = index + 1
                if fence.inCode {
                    if index > 0, !lines[index - 1].isEmpty, !document.source.containerLines.contains(index - offset) { before.insert(number) }
                } else if index + 1 < lines.count, !lines[index + 1].isEmpty {
                    after.insert(number)
                }
            }
            return insertBlankLines(&lines, before: before, after: after)
        }),
        ("MD032", { document, text, _ in
            separate(document.tree.roots.filter { [.unorderedList, .orderedList].contains(document.tree.nodes[$0].kind) }, in: text, document)
        }),
        ("MD004", { document, text, parameters in
            var lines = LintSource.splitLines(text, rubyBreaks: false)
            let offset = document.source.offset
            let bullets = document.tree.all(.unorderedList).flatMap { document.tree.children($0, .item) }
            func marker(of bullet: Int) -> Character? { document.elementLine(bullet).drop(while: { $0 == " " }).first }
            // The marker the rule wants: the style's own, else the first bullet's (`consistent`),
            // else the first bullet's at the same level (`sublist`, as the rule reads it).
            let named: [String: Character] = ["asterisk": "*", "plus": "+", "dash": "-"]
            guard let style = parameters.symbol("style") else { return text }
            var byLevel: [Int: Character] = [:]
            for bullet in bullets {
                let wanted: Character?
                if let fixed = named[style] {
                    wanted = fixed
                } else if style == "sublist" {
                    let level = document.tree.nodes[bullet].depth
                    if byLevel[level] == nil { byLevel[level] = marker(of: bullet) }
                    wanted = byLevel[level]
                } else {
                    wanted = bullets.first.flatMap(marker(of:))
                }
                guard let wanted else { continue }
                let number = document.tree.nodes[bullet].line + offset
                var line = lines[number - 1]
                if let position = line.firstIndex(where: { $0 != " " }), "*+-".contains(line[position]) {
                    line.replaceSubrange(position...position, with: String(wanted))
                    lines[number - 1] = line
                }
            }
            return lines.joined(separator: "\n")
        }),
        ("MD012", { document, text, _ in
            let lines = LintSource.splitLines(text, rubyBreaks: false)
            let code = codeLines(document)
            var kept: [String] = []
            for (index, line) in lines.enumerated() {
                let blank = line.allSatisfy(\.isRubySpace)
                if blank, let previous = kept.last, previous.allSatisfy(\.isRubySpace), !code.contains(index + 1), index + 1 < lines.count { continue }
                kept.append(blank && !code.contains(index + 1) ? "" : line)
            }
            // Blank lines at the end of the file (after its last newline there is only the
            // empty rest): one newline ends it.
            while kept.count >= 3, kept[kept.count - 1].isEmpty, kept[kept.count - 2].isEmpty, !code.contains(kept.count - 1) { kept.removeLast() }
            return kept.joined(separator: "\n")
        }),
        ("MD047", { _, text, _ in
            var trimmed = text
            while trimmed.hasSuffix("\n\n") { trimmed.removeLast() }
            return trimmed.hasSuffix("\n") ? trimmed : trimmed + "\n"
        }),
    ]

    /// The style each header level should have under MD003's `style`. For `consistent` it
    /// is the style most headers use (the first header's on a tie), never setext when a
    /// header deeper than level 2 could not follow it: rewriting every `##` header to setext
    /// because the first header happened to be setext is not what a page's author meant.
    static func headerStyleTarget(_ headers: [Int], _ document: LintDocument, style: String) -> (Int) -> LintDocument.HeaderStyle? {
        switch style {
        case "atx": return { _ in .atx }
        case "atx_closed": return { _ in .atxClosed }
        case "setext": return { $0 <= 2 ? .setext : nil }
        case "setext_with_atx": return { $0 <= 2 ? .setext : .atx }
        default:
            let styles = headers.map { document.headerStyle($0) }
            let deep = headers.contains { document.tree.nodes[$0].level > 2 }
            var candidates: [LintDocument.HeaderStyle] = deep ? [.atx, .atxClosed] : [.atx, .atxClosed, .setext]
            if let first = styles.first, candidates.contains(first) { candidates.insert(first, at: 0) }
            func count(_ style: LintDocument.HeaderStyle) -> Int { styles.filter { $0 == style }.count }
            // The first candidate is the first header's style where it may be kept, so it wins a tie.
            var chosen = candidates[0]
            for candidate in candidates.dropFirst() where count(candidate) > count(chosen) { chosen = candidate }
            return { _ in chosen }
        }
    }

    /// One space inside each run of hashes of closed ATX headers (MD020 and MD021 alike).
    static let closedHeaderSpacing: Fix = { document, text, _ in
        editHeaders(text, document) { line in ClosedHeader(line)?.text ?? line }
    }

    /// A blank line before and after each of `blocks` where there is none.
    static func separate(_ blocks: [Int], in text: String, _ document: LintDocument) -> String {
        var lines = LintSource.splitLines(text, rubyBreaks: false)
        let offset = document.source.offset
        var before = Set<Int>(), after = Set<Int>()
        for index in blocks {
            let node = document.tree.nodes[index]
            if node.line + offset > 1, !lines[node.line + offset - 2].isEmpty { before.insert(node.line + offset) }
            if node.endLine + offset < lines.count, !lines[node.endLine + offset].isEmpty { after.insert(node.endLine + offset) }
        }
        return insertBlankLines(&lines, before: before, after: after)
    }

    /// Lines of the whole text (front matter included) inside code blocks.
    static func codeLines(_ document: LintDocument) -> Set<Int> {
        var lines = Set<Int>()
        for index in document.tree.all(.codeBlock) {
            let node = document.tree.nodes[index]
            lines.formUnion((node.line + document.source.offset)...(node.endLine + document.source.offset))
        }
        return lines
    }

    static func editLines(_ text: String, _ document: LintDocument, _ edit: (String, String?, Bool) -> String) -> String {
        var lines = LintSource.splitLines(text, rubyBreaks: false)
        let code = codeLines(document)
        let front = document.source.offset
        for index in lines.indices where index >= front {
            lines[index] = edit(lines[index], index + 1 < lines.count ? lines[index + 1] : nil, code.contains(index + 1))
        }
        return lines.joined(separator: "\n")
    }

    static func editHeaders(_ text: String, _ document: LintDocument, _ edit: (String) -> String) -> String {
        var lines = LintSource.splitLines(text, rubyBreaks: false)
        for index in document.tree.all(.header) where document.headerStyle(index) != .setext {
            let number = document.tree.nodes[index].line + document.source.offset
            lines[number - 1] = edit(lines[number - 1])
        }
        return lines.joined(separator: "\n")
    }

    static func insertBlankLines(_ lines: inout [String], before: Set<Int>, after: Set<Int>) -> String {
        var result: [String] = []
        for (index, line) in lines.enumerated() {
            let number = index + 1
            if before.contains(number), result.last?.isEmpty == false { result.append("") }
            result.append(line)
            if after.contains(number) { result.append("") }
        }
        return result.joined(separator: "\n")
    }

    static func expandTabs(_ line: String) -> String {
        var result = ""
        var column = 0
        for character in line {
            if character == "\t" {
                let width = 4 - column % 4
                result += String(repeating: " ", count: width)
                column += width
            } else {
                result.append(character)
                column += 1
            }
        }
        return result
    }
}

/// A closed ATX header line rewritten with one space inside each run of hashes.
struct ClosedHeader {
    var text: String

    init?(_ line: String) {
        let opening = line.prefix { $0 == "#" }
        guard !opening.isEmpty, line.count > opening.count, line.hasSuffix("#") else { return nil }
        var body = Substring(line.dropFirst(opening.count))
        var closing = 0
        while body.last == "#" {
            body = body.dropLast()
            closing += 1
        }
        guard body.last != "\\" else { return nil }
        let content = body.trimmingRubySpace()
        guard !content.isEmpty else { return nil }
        text = opening + " " + content + " " + String(repeating: "#", count: closing)
    }
}
