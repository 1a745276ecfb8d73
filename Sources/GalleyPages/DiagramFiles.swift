// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import GalleyDiagrams
import GalleyMarkdown
import GalleySources

/// `.seq` files shown by an image link: a paragraph that is only `![alt](file.seq)` becomes
/// the diagram's source, as a ```` ```seq ```` fence would be, so every later stage (the
/// snippet checks, drawing, search) treats both alike.
///
/// This happens while the page is parsed, as includes do, because the file is part of the
/// page's source: the page depends on it, and its errors name the file.
enum DiagramFiles {
    /// The option that names the file a diagram's code was read from, relative to the docs.
    static let sourceOption = "source"

    static func inline(_ document: inout Document, file: PageFile, log: inout DiagnosticLog, included: inout Set<String>) {
        func transform(_ blocks: [Block]) -> [Block] {
            blocks.map { block in
                guard case .paragraph(let inlines, let line, _) = block else { return block.mappingChildren(transform) }
                // Most paragraphs hold no diagram image; they are passed over before their text is trimmed.
                guard inlines.contains(where: { if case .image(let source, _, _) = $0 { isDiagramFile(source) } else { false } }) else { return block }
                let content = inlines.filter { if case .text(let text) = $0 { !text.trimmingWhitespace().isEmpty } else { true } }
                if content.count == 1, case .image(let source, let title, let alt) = content[0], isDiagramFile(source) {
                    return diagram(source: source, title: title.isEmpty ? alt.plainText : title, line: line) ?? block
                }
                for inline in inlines {
                    if case .image(let source, _, _) = inline, isDiagramFile(source) {
                        log.warn(at: SourceLocation(file: file.path, line: line), "the diagram `\(source)` is drawn only when its image link is a paragraph of its own; here it is left as an image", code: DiagramCodes.notAlone)
                    }
                }
                return block
            }
        }
        func diagram(source: String, title: String, line: Int) -> Block? {
            let decoded = URLPath.decode(source)
            let relative = decoded.hasPrefix("/") ? URLPath.normalize(String(decoded.dropFirst())) : URLPath.normalize(URLPath.directory(of: file.path) + decoded)
            let pageFolder = URL(fileURLWithPath: file.absolutePath).deletingLastPathComponent()
            let absolute: String
            if decoded.hasPrefix("/") {
                // From the docs folder: the page's folder, as many levels up as the page is deep.
                let depth = file.path.split(separator: "/").count - 1
                var docs = pageFolder
                for _ in 0..<depth { docs.deleteLastPathComponent() }
                absolute = docs.appendingPathComponent(String(decoded.dropFirst())).standardizedFileURL.path
            } else {
                absolute = pageFolder.appendingPathComponent(decoded).standardizedFileURL.path
            }
            guard let relative, let data = FileManager.default.contents(atPath: absolute) else {
                log.error(at: SourceLocation(file: file.path, line: line), "the diagram `\(source)` cannot be read: expected a `.seq` file at that path, relative to this page", code: DiagramCodes.missingFile)
                return nil
            }
            guard let text = String(validating: data, as: UTF8.self) else {
                log.error(at: SourceLocation(file: relative), "the diagram is not valid UTF-8; save it as UTF-8", code: DiagramCodes.missingFile)
                return nil
            }
            included.insert(absolute)
            var options = [sourceOption: relative]
            if !title.isEmpty { options["title"] = title }
            // It stands at the image link's line; its own lines are the file's (`DiagramStage`).
            return .code(CodeBlock(language: DiagramLanguage.webSequence.rawValue, options: options, code: text, firstCodeLine: line, column: 1))
        }
        document.blocks = transform(document.blocks)
    }

    static func isDiagramFile(_ source: String) -> Bool {
        let path = source.split(separator: "#", maxSplits: 1).first.map(String.init) ?? source
        return path.lowercased().hasSuffix(".seq") && !path.contains("://")
    }
}
