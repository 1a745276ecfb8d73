// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import GalleyFileSystem

/// Rewrites the `output` fences of `expect` blocks with what the blocks really printed
/// (`galley check --update`).
package enum ExpectedOutputWriter {
    /// Applies `updates` to the pages under `docsDirectory`; returns the pages changed.
    ///
    /// Every fence is first checked to be where the build found it, in every page, and only
    /// then is anything written: a page changed since the build, or lines counted in some
    /// other text, fails the update with nothing overwritten.
    @discardableResult
    package static func apply(_ updates: [ExpectedOutputUpdate], docsDirectory: String) throws(DiagnosticError) -> [String] {
        var rewritten: [(page: String, path: String, text: String)] = []
        for (page, pageUpdates) in Dictionary(grouping: updates, by: \.page).sorted(by: { $0.key < $1.key }) {
            let path = docsDirectory + "/" + page
            guard let data = FileManager.default.contents(atPath: path) else {
                throw DiagnosticError(at: SourceLocation(file: page), "cannot read the page to update it", code: SnippetCodes.update)
            }
            var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            // One update per fence, from the bottom up, so earlier line numbers stay right.
            var seen = Set<Int>()
            let ordered = pageUpdates.sorted { $0.firstLine > $1.firstLine }.filter { seen.insert($0.firstLine).inserted }
            for update in ordered {
                guard Self.fenceIsAt(update, in: lines) else {
                    throw DiagnosticError(at: SourceLocation(file: page, line: update.firstLine), "the `output` block is not at this line any more; nothing was updated", code: SnippetCodes.update)
                }
            }
            for update in ordered {
                let indent = String(repeating: " ", count: update.indent)
                var output = Substring(update.output)
                if output.hasSuffix("\n") { output = output.dropLast() }
                let replacement = output.isEmpty ? [] : output.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : indent + $0 }
                lines.replaceSubrange((update.firstLine - 1)..<(update.endLine - 1), with: replacement)
            }
            rewritten.append((page, path, lines.joined(separator: "\n")))
        }
        for file in rewritten {
            do {
                try SystemCalls.replaceUserFile(file.path, with: Array(file.text.utf8))
            } catch {
                throw DiagnosticError(at: SourceLocation(file: file.page), "cannot write the page: \(error)", code: SnippetCodes.update)
            }
        }
        return rewritten.map(\.page)
    }

    /// Whether the line above `update`'s first opens an `output` fence and its end line closes
    /// one.
    static func fenceIsAt(_ update: ExpectedOutputUpdate, in lines: [String]) -> Bool {
        let opening = update.firstLine - 2, closing = update.endLine - 1
        guard opening >= 0, closing < lines.count, opening < closing else { return false }
        let open = lines[opening].trimmingCharacters(in: .whitespaces), close = lines[closing].trimmingCharacters(in: .whitespaces)
        return (open.hasPrefix("```") || open.hasPrefix("~~~")) && open.dropFirst(3).trimmingCharacters(in: CharacterSet(charactersIn: "`~ ")).hasPrefix("output")
            && (close.hasPrefix("```") || close.hasPrefix("~~~"))
    }
}
