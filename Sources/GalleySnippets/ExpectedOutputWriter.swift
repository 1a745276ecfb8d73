import Foundation
import GalleyDiagnostics

/// Rewrites the `output` fences of `expect` blocks with what the blocks really printed
/// (`galley check --update`).
public enum ExpectedOutputWriter {
    /// Applies `updates` to the pages under `docsDirectory`; returns the pages changed.
    @discardableResult
    public static func apply(_ updates: [ExpectedOutputUpdate], docsDirectory: String) throws(DiagnosticError) -> [String] {
        var changed: [String] = []
        for (page, pageUpdates) in Dictionary(grouping: updates, by: \.page).sorted(by: { $0.key < $1.key }) {
            let path = docsDirectory + "/" + page
            guard let data = FileManager.default.contents(atPath: path) else {
                throw DiagnosticError(at: SourceLocation(file: page), "cannot read the page to update it", code: "snippets.update")
            }
            var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            // From the bottom up, so earlier line numbers stay right.
            for update in pageUpdates.sorted(by: { $0.firstLine > $1.firstLine }) {
                let indent = String(repeating: " ", count: update.indent)
                var output = Substring(update.output)
                if output.hasSuffix("\n") { output = output.dropLast() }
                let replacement = output.isEmpty ? [] : output.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : indent + $0 }
                let first = update.firstLine - 1
                let end = min(update.endLine - 1, lines.count)
                guard first >= 0, first <= end else { continue }
                lines.replaceSubrange(first..<end, with: replacement)
            }
            do {
                try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                throw DiagnosticError(at: SourceLocation(file: page), "cannot write the page: \(error)", code: "snippets.update")
            }
            changed.append(page)
        }
        return changed
    }
}
