import GalleyDiagnostics
import GalleyMarkdown

/// Front matter keys that do nothing in Galley are said to, at their line: a page that sets
/// `status: new` or `hide: [navigation]` for mkdocs-material must not lose it in silence.
enum FrontMatterKeys {
    /// Keys that take effect: the page's title and description, which parts it hides, and
    /// its snippet settings.
    static let honoured: Set<String> = ["title", "description", "hide", "snippets"]
    /// The `hide:` entries Galley's theme honours.
    static let hideable: Set<String> = ["toc"]

    static func check(_ metadata: PageMetadata, file: String, log: inout DiagnosticLog) {
        for (key, line) in metadata.keyLines.sorted(by: { $0.value < $1.value }) {
            let location = SourceLocation(file: file, line: line, column: 1)
            if key == "template" {
                log.warn(at: location, "`template:` names a Jinja template; Galley's theme has none, so the page is laid out as every other", code: "page.front_matter_key")
            } else if key == "hide" {
                for entry in metadata.hide where !hideable.contains(entry) {
                    log.warn(at: location, "`hide: \(entry)` has no effect in Galley's theme; only `toc` can be hidden", code: "page.front_matter_key")
                }
            } else if !honoured.contains(key) {
                log.warn(at: location, "the front matter key `\(key)` has no effect in Galley; it is ignored", code: "page.front_matter_key")
            }
        }
    }
}
