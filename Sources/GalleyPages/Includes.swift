// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyMarkdown
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleySources

/// How `pymdownx.snippets` is set up in `mkdocs.yml`.
package struct IncludeSettings: Sendable, Equatable {
    /// Folders an include's path is looked up in, in order (`base_path`, `.` by default),
    /// absolute.
    package var basePaths: [String]
    /// A missing file is an error rather than a warning (`check_paths`).
    package var checkPaths = false
    /// Files included at the end of every page (`auto_append`), such as a glossary.
    package var autoAppend: [String] = []
    /// An include may not leave its base folder (`restrict_base_path`, on by default).
    package var restrictBasePath = true
    /// Line ranges and sections lose their common indentation (`dedent_subsections`).
    package var dedentSubsections = false
    /// The project and docs folders, absolute: included files are named from them.
    package var projectDirectory: String
    package var docsDirectory: String
    /// Where the extension is configured, for what `auto_append` names.
    package var configLocation: SourceLocation

    package init(basePaths: [String], projectDirectory: String, docsDirectory: String, configLocation: SourceLocation) {
        self.basePaths = basePaths
        self.projectDirectory = projectDirectory
        self.docsDirectory = docsDirectory
        self.configLocation = configLocation
    }

    /// The settings an entry of `markdown_extensions` gives, paths resolved against the
    /// project folder, where mkdocs runs.
    init(_ entry: MarkdownExtensionConfig, config: SiteConfig) {
        let project = SourceScanner.absolute(config.projectDirectory, relativeTo: FileManager.default.currentDirectoryPath)
        let bases = entry.options["base_path"].map { $0.list?.compactMap(\.string) ?? $0.string.map { [$0] } ?? [] } ?? ["."]
        self.init(
            basePaths: bases.map { PathName.absolute($0, relativeTo: project) },
            projectDirectory: project,
            docsDirectory: SourceScanner.absolute(config.docsDir, relativeTo: project),
            configLocation: SourceLocation(file: config.configFile, line: entry.line)
        )
        checkPaths = entry.options["check_paths"]?.bool ?? false
        autoAppend = entry.options["auto_append"]?.list?.compactMap(\.string) ?? []
        restrictBasePath = entry.options["restrict_base_path"]?.bool ?? true
        dedentSubsections = entry.options["dedent_subsections"]?.bool ?? false
    }
}

/// Where each line of a page with its includes expanded was written.
package struct LineOrigins: Sendable {
    /// By line of the expanded text (from 1): the file (as diagnostics name files) and line.
    var origins: [(file: String, line: Int)]
    /// By line, what to add to a column of the text to get the column where it was written;
    /// empty when columns are the same (includes keep their lines whole).
    var columnShifts: [Int] = []

    init(origins: [(file: String, line: Int)]) {
        self.origins = origins
    }

    /// The origins of a page made from other files' lines: each line's file, line and column shift.
    package init(lines: [(file: String, line: Int, columnShift: Int)]) {
        origins = lines.map { ($0.file, $0.line) }
        columnShifts = lines.map(\.columnShift)
    }

    private func shift(_ line: Int) -> Int {
        line >= 1 && line <= columnShifts.count ? columnShifts[line - 1] : 0
    }

    /// Where `line` (from 1) of the expanded text was written: the file, named as diagnostics
    /// name it, and its line; `nil` past the end.
    package func origin(ofLine line: Int) -> (file: String, line: Int)? {
        line >= 1 && line <= origins.count ? origins[line - 1] : nil
    }

    /// `diagnostic` moved to where its line was written, when it names a line of `page`.
    package func locate(_ diagnostic: Diagnostic, page: String) -> Diagnostic {
        let line = diagnostic.location.line
        guard diagnostic.location.file == page, line >= 1, line <= origins.count else { return diagnostic }
        var located = diagnostic
        located.location.file = origins[line - 1].file
        located.location.line = origins[line - 1].line
        if located.location.column > 0 { located.location.column = max(1, located.location.column + shift(line)) }
        return located
    }

    /// `results` with the text under executable blocks (compiler messages, traps) naming
    /// included lines where they were written: `index.md:10:14:` becomes
    /// `shared/point.md:4:14:`, as the terminal says. `prefix` is how the text may name the
    /// docs folder before the page (`docs/`).
    package func relocating(_ results: SnippetResults, page: String, prefix: String) -> SnippetResults {
        let names = [prefix + page, page]
        return results.mappingTexts { text in
            text.split(separator: "\n", omittingEmptySubsequences: false).map { relocate(line: $0, names: names) }.joined(separator: "\n")
        }
    }

    /// One line of a block's text, its leading `page:line` moved to where the line was written.
    private func relocate(line: Substring, names: [String]) -> String {
        for name in names where line.hasPrefix(name + ":") {
            let rest = line.dropFirst(name.count + 1)
            let digits = rest.prefix { $0.isNumber }
            guard let number = Int(digits), number >= 1, number <= origins.count, rest.dropFirst(digits.count).first == ":" else { continue }
            let origin = origins[number - 1]
            // The page's own lines keep the name the text gave the page.
            let file = origin.file == names.last ? name : origin.file
            var after = rest.dropFirst(digits.count)
            // `:col:` moves with the line when the line was moved sideways.
            let columnDigits = after.dropFirst().prefix { $0.isNumber }
            if shift(number) != 0, let column = Int(columnDigits), after.dropFirst(1 + columnDigits.count).first == ":" {
                after = ":\(max(1, column + shift(number)))" + after.dropFirst(1 + columnDigits.count)
            }
            return "\(file):\(origin.line)" + after
        }
        return String(line)
    }
}

/// `--8<--` includes (`pymdownx.snippets`), expanded before the page is parsed, following
/// the extension's rules: `--8<-- "file"` on a line of its own, or a block of paths between
/// two `--8<--` lines; `file:10:20` line ranges and `file:name` sections (between
/// `--8<-- [start:name]` and `--8<-- [end:name]`); includes inside included files; a
/// leading `;` escapes a marker. The included lines take the marker line's indentation.
///
/// Written here rather than run through Python: the pages are read before Galley's parser
/// sees them, and every included line keeps the file and line it came from, so a finding
/// inside an included file names that file.
struct IncludeExpander {
    let settings: IncludeSettings
    private(set) var diagnostics: [Diagnostic] = []
    /// Every file included, absolute: what a preview watches besides the docs.
    private(set) var included: Set<String> = []
    /// The files being included, innermost last, so a file that includes itself stops.
    private var stack: [String] = []

    init(settings: IncludeSettings) {
        self.settings = settings
    }

    private typealias Line = (text: Substring, file: String, number: Int)

    /// `source` of the page at `path` with every include expanded, and where each line of it
    /// was written; `nil` when the page has no include to expand.
    mutating func expand(_ source: String, path: String, absolutePath: String) -> (String, LineOrigins)? {
        guard source.containsBytes("8<-") || !settings.autoAppend.isEmpty else { return nil }
        var lines: [Line] = source.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, text in
            (text.last == "\r" ? text.dropLast() : text, path, index + 1)
        }
        if !settings.autoAppend.isEmpty {
            // As the extension does: a block of the files to append, after a blank line.
            let block = "\n\n-8<-\n" + settings.autoAppend.joined(separator: "\n\n") + "\n-8<-\n"
            let origin = settings.configLocation
            lines += block.split(separator: "\n", omittingEmptySubsequences: false).map { (Substring($0), origin.file, origin.line) }
        }
        let expanded = process(lines, file: absolutePath, isSection: false)
        let text = expanded.map(\.text).joined(separator: "\n")
        return (text, LineOrigins(origins: expanded.map { ($0.file, $0.number) }))
    }

    // MARK: Reading markers

    /// A marker line: its indentation, its escaping `;`s, and the quoted path of the inline
    /// form (`nil` for the block form's `--8<--` alone).
    private struct Marker {
        var indent: Substring
        var escapes: Int
        var path: Substring?
        /// The column (from 1) of the path's first character.
        var pathColumn: Int
    }

    private static func marker(_ text: Substring) -> Marker? {
        guard text.containsBytes("8<-") else { return nil }
        let indent = text.prefix { $0 == " " || $0 == "\t" }
        var rest = text.dropFirst(indent.count)
        let escapes = rest.prefix { $0 == ";" }.count
        rest = rest.dropFirst(escapes)
        let leading = rest.prefix { $0 == "-" }
        guard !leading.isEmpty, rest.dropFirst(leading.count).hasPrefix("8<") else { return nil }
        rest = rest.dropFirst(leading.count + 2)
        let trailing = rest.prefix { $0 == "-" }
        guard !trailing.isEmpty else { return nil }
        rest = rest.dropFirst(trailing.count)
        if rest.isEmpty { return Marker(indent: indent, escapes: escapes, path: nil, pathColumn: 0) }
        let spaces = rest.prefix { $0 == " " || $0 == "\t" }
        guard !spaces.isEmpty else { return nil }
        rest = rest.dropFirst(spaces.count)
        guard let quote = rest.first, quote == "\"" || quote == "'", rest.count >= 3, rest.last == quote else { return nil }
        let inner = rest.dropFirst().dropLast()
        let column = text.distance(from: text.startIndex, to: rest.startIndex) + 2
        return Marker(indent: indent, escapes: escapes, path: inner, pathColumn: column)
    }

    /// `--8<-- [start:name]` or `[end:name]` somewhere in the line: whether it starts, the
    /// name, and whether it is escaped.
    private static func sectionMarker(_ text: Substring) -> (isStart: Bool, name: Substring, escaped: Bool, range: Range<Substring.Index>)? {
        guard text.contains("8<-"), let open = text.range(of: "8<-") else { return nil }
        var start = open.lowerBound
        while start > text.startIndex, text[text.index(before: start)] == "-" { start = text.index(before: start) }
        guard start < open.lowerBound else { return nil }
        var rest = text[open.upperBound...].drop { $0 == "-" }
        let spaces = rest.prefix { $0 == " " || $0 == "\t" }
        guard !spaces.isEmpty else { return nil }
        rest = rest.dropFirst(spaces.count)
        guard rest.first == "[", let close = rest.firstIndex(of: "]") else { return nil }
        let inside = rest[rest.index(after: rest.startIndex)..<close].filter { $0 != " " && $0 != "\t" }
        let parts = inside.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "start" || parts[0].lowercased() == "end",
              let first = parts[1].first, first.isLetter,
              parts[1].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        else { return nil }
        let escaped = start > text.startIndex && text[text.index(before: start)] == ";"
        return (parts[0].lowercased() == "start", Substring(parts[1].lowercased()), escaped, start..<text.index(after: close))
    }

    // MARK: Expanding

    private mutating func process(_ lines: [Line], file: String, isSection: Bool) -> [Line] {
        stack.append(file)
        defer { stack.removeLast() }
        var result: [Line] = []
        var inBlock = false
        for line in lines {
            if let marker = Self.marker(line.text) {
                if marker.escapes > 0 {
                    // `;--8<--` is the marker as text, one `;` fewer.
                    var text = line.text
                    text.remove(at: text.index(text.startIndex, offsetBy: marker.indent.count))
                    result.append((text, line.file, line.number))
                    continue
                }
                if let path = marker.path {
                    if !inBlock { result += include(String(path), indent: marker.indent, at: line, column: marker.pathColumn) }
                } else {
                    inBlock.toggle()
                }
                continue
            }
            if inBlock {
                let indent = line.text.prefix { $0 == " " || $0 == "\t" }
                let path = line.text.dropFirst(indent.count).trimmingCharacters(in: .whitespaces)
                if path.isEmpty {
                    result.append(("", line.file, line.number))
                } else if !path.hasPrefix(";") {
                    result += include(path, indent: indent, at: line, column: indent.count + 1)
                }
                continue
            }
            if !isSection, let section = Self.sectionMarker(line.text) {
                if section.escaped {
                    var text = line.text
                    text.remove(at: text.index(before: section.range.lowerBound))
                    result.append((text, line.file, line.number))
                }
                continue
            }
            result.append(line)
        }
        return result
    }

    /// The lines `specifier` (`file`, `file:1:5,8:`, `file:name`) names, nested includes
    /// expanded, each indented by `indent`.
    private mutating func include(_ specifier: String, indent: Substring, at line: Line, column: Int) -> [Line] {
        let target = Self.parseTarget(specifier)
        let location = line.file == settings.configLocation.file ? settings.configLocation : SourceLocation(file: line.file, line: line.number, column: column)
        func problem(_ message: String, code: DiagnosticCode) {
            if settings.checkPaths {
                diagnostics.append(Diagnostic(.error, at: location, message, code: code))
            } else {
                diagnostics.append(Diagnostic(.warning, at: location, message, code: code))
            }
        }
        if target.path.lowercased().hasPrefix("http://") || target.path.lowercased().hasPrefix("https://") {
            problem("`\(target.path)` is an address: Galley builds without the network and does not download includes; save the file in the project and include it by path", code: PageCodes.includesUrl)
            return []
        }
        guard let file = resolve(target.path) else {
            let bases = settings.basePaths.map { PathName.relative($0, to: settings.projectDirectory).map { $0.isEmpty ? "." : $0 } ?? $0 }
            problem("the include `\(target.path)` is not a file under \(bases.count == 1 ? "the base path" : "any base path") (\(bases.joined(separator: ", "))); it is left out", code: PageCodes.includesNotFound)
            return []
        }
        guard !stack.contains(file) else {
            diagnostics.append(Diagnostic(.warning, at: location, "`\(target.path)` is already being included here (an include cycle); it is left out", code: PageCodes.includesCycle))
            return []
        }
        guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
            problem("the include `\(target.path)` cannot be read as UTF-8 text", code: PageCodes.includesUnreadable)
            return []
        }
        included.insert(file)
        let shown = shownName(file)
        var lines: [Line] = text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, text in
            (text.last == "\r" ? text.dropLast() : text, shown, index + 1)
        }
        if let ranges = target.ranges {
            lines = Self.select(ranges, from: lines)
            if settings.dedentSubsections { lines = Self.dedented(lines) }
        } else if let section = target.section {
            guard let found = Self.section(section, in: lines) else {
                problem("the include `\(target.path)` has no section `\(section)` (`--8<-- [start:\(section)]` … `[end:\(section)]`); it is left out", code: PageCodes.includesSectionNotFound)
                return []
            }
            lines = settings.dedentSubsections ? Self.dedented(found) : found
        }
        let nested = process(lines, file: file, isSection: target.section != nil)
        guard !indent.isEmpty else { return nested }
        return nested.map { (Substring(String(indent) + $0.text), $0.file, $0.number) }
    }

    /// A path under the first base folder that has it.
    private func resolve(_ path: String) -> String? {
        for base in settings.basePaths {
            guard let kind = SystemCalls.kind(base) else { continue }
            if kind == .directory {
                let candidate = PathName.absolute(path, relativeTo: base)
                if settings.restrictBasePath, !PathName.isInside(candidate, base) { continue }
                if SystemCalls.kind(candidate) == .file { return candidate }
            } else if PathName.lastComponent(base) == PathName.lastComponent(path), SystemCalls.kind(base) == .file {
                // A base path that is a file includes only itself.
                return base
            }
        }
        return nil
    }

    /// Files in the docs folder are named as pages are; others from the project folder.
    private func shownName(_ file: String) -> String {
        if let relative = PathName.relative(file, to: settings.docsDirectory) { return relative }
        return PathName.relative(file, to: settings.projectDirectory) ?? file
    }

    // MARK: Targets

    struct Target {
        var path: String
        /// `(start, end)` pairs from 1, either open.
        var ranges: [(Int?, Int?)]?
        var section: String?
    }

    /// Splits `file.md:1:5,8:` or `file.md:name` into the path and what of it to take.
    static func parseTarget(_ specifier: String) -> Target {
        let trimmed = specifier.trimmingCharacters(in: .whitespaces)
        var colon = trimmed.firstIndex(of: ":")
        while let index = colon {
            let rest = trimmed[trimmed.index(after: index)...]
            if let ranges = lineRanges(rest) {
                return Target(path: String(trimmed[..<index]), ranges: ranges, section: nil)
            }
            if let first = rest.first, first.isLetter, rest.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) {
                return Target(path: String(trimmed[..<index]), ranges: nil, section: rest.lowercased())
            }
            colon = trimmed[trimmed.index(after: index)...].firstIndex(of: ":")
        }
        return Target(path: trimmed, ranges: nil, section: nil)
    }

    /// `1:5,8:,:3` as ranges, or `nil` when the text is not only line ranges.
    private static func lineRanges(_ text: Substring) -> [(Int?, Int?)]? {
        var ranges: [(Int?, Int?)] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = item.split(separator: ":", omittingEmptySubsequences: false)
            guard bounds.count <= 2, bounds.allSatisfy({ $0.isEmpty || Int($0) != nil }) else { return nil }
            ranges.append((bounds.first.flatMap { Int($0) }, bounds.count > 1 ? Int(bounds[1]) : nil))
        }
        return ranges.isEmpty ? nil : ranges
    }

    /// The lines each range names, as Python slices them: negative numbers count from the end.
    private static func select(_ ranges: [(Int?, Int?)], from lines: [Line]) -> [Line] {
        let total = lines.count
        var selected: [Line] = []
        for (start, end) in ranges {
            var from = start.map { $0 < 0 ? max(0, total + $0) : max(0, $0 - 1) } ?? 0
            var to = end.map { $0 < 0 ? max(0, total + 1 + $0) : $0 } ?? total
            from = min(from, total)
            to = min(max(to, from), total)
            selected += lines[from..<to]
        }
        return selected
    }

    private static func section(_ name: String, in lines: [Line]) -> [Line]? {
        var found: [Line] = []
        var inside = false
        var started = false
        for line in lines {
            if let marker = sectionMarker(line.text), !marker.escaped {
                if marker.name == name {
                    if marker.isStart {
                        inside = true
                        started = true
                        continue
                    }
                    if inside { break }
                    break
                }
                if inside { continue }
            }
            if inside { found.append(line) }
        }
        return started ? found : nil
    }

    private static func dedented(_ lines: [Line]) -> [Line] {
        let indents = lines.filter { !$0.text.allSatisfy(\.isWhitespace) }.map { $0.text.prefix { $0 == " " || $0 == "\t" }.count }
        guard let common = indents.min(), common > 0 else { return lines }
        return lines.map { line in
            let leading = line.text.prefix { $0 == " " || $0 == "\t" }.count
            return (line.text.dropFirst(min(common, leading)), line.file, line.number)
        }
    }
}
