// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyDiagnostics
import Yams

/// Reads YAML front matter (`---` … `---`) or, with `meta`, `Key: value` header lines.
enum FrontMatter {
    /// The metadata and the lines that follow it.
    static func split(
        _ lines: [SourceLine],
        file: String,
        meta: Bool,
        log: inout DiagnosticLog
    ) -> (PageMetadata, [SourceLine]) {
        if let first = lines.first, first.text.trimmingWhitespace() == "---",
           let end = lines.dropFirst().firstIndex(where: { ["---", "..."].contains($0.text.trimmingWhitespace()) })
        {
            let yaml = lines[1..<end].map(\.text).joined(separator: "\n")
            let metadata = parseYAML(yaml, file: file, firstLine: 2, lineCount: end + 1, log: &log)
            return (metadata, Array(lines[(end + 1)...]))
        }
        if meta {
            return metaHeader(lines)
        }
        return (PageMetadata(), lines)
    }

    private static func parseYAML(_ yaml: String, file: String, firstLine: Int, lineCount: Int, log: inout DiagnosticLog) -> PageMetadata {
        var metadata = PageMetadata(lineCount: lineCount)
        let node: Node?
        do {
            node = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            var line = firstLine
            var column = 0
            if case .scanner(_, _, let mark, _) = error {
                line = firstLine + mark.line - 1
                column = mark.column
            } else if case .parser(_, _, let mark, _) = error {
                line = firstLine + mark.line - 1
                column = mark.column
            }
            log.error(at: SourceLocation(file: file, line: line, column: column), "invalid YAML front matter: \(error)", code: MarkdownCodes.frontMatter)
            return metadata
        } catch {
            log.error(at: SourceLocation(file: file, line: firstLine), "invalid YAML front matter: \(error)", code: MarkdownCodes.frontMatter)
            return metadata
        }
        guard let mapping = node?.mapping else { return metadata }
        for (key, value) in mapping {
            guard let name = key.string else { continue }
            metadata.keyLines[name] = firstLine + (key.mark?.line ?? 1) - 1
            switch value {
            case .scalar(let scalar):
                metadata.values[name] = scalar.string
            case .sequence(let sequence):
                let items = sequence.compactMap(\.string)
                metadata.values[name] = items.joined(separator: ", ")
                metadata.lists[name] = items
                if name == "hide" { metadata.hide = items }
            case .mapping(let mapping):
                // One level of nesting, as `name.key`: enough for sections such as `snippets:`.
                for (innerKey, innerValue) in mapping {
                    if let inner = innerKey.string, let text = innerValue.string {
                        metadata.values["\(name).\(inner)"] = text
                    }
                }
            default:
                break
            }
        }
        metadata.title = metadata.values["title"]
        metadata.description = metadata.values["description"]
        metadata.template = metadata.values["template"]
        return metadata
    }

    /// Python-Markdown's `meta`: `Key: value` lines at the very top, ended by a blank line.
    private static func metaHeader(_ lines: [SourceLine]) -> (PageMetadata, [SourceLine]) {
        var metadata = PageMetadata()
        var index = 0
        var lastKey: String?
        while index < lines.count {
            let text = lines[index].text
            if lines[index].isBlank { break }
            if let colon = text.firstIndex(of: ":"), lines[index].indent == 0,
               text[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
            {
                let key = text[..<colon].lowercased()
                metadata.values[key] = text[text.index(after: colon)...].trimmingWhitespace()
                metadata.keyLines[key] = lines[index].number
                lastKey = key
            } else if lines[index].indent >= 4, let key = lastKey {
                metadata.values[key, default: ""] += " " + text.trimmingWhitespace()
            } else {
                break
            }
            index += 1
        }
        guard index > 0, index == lines.count || lines[index].isBlank else { return (PageMetadata(), lines) }
        metadata.title = metadata.values["title"]
        metadata.description = metadata.values["description"]
        metadata.template = metadata.values["template"]
        metadata.lineCount = index
        return (metadata, Array(lines[index...]))
    }
}
