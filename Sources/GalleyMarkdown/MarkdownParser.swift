import GalleyDiagnostics

/// Turns a Markdown page into a typed ``Document``: cmark-gfm for CommonMark and GFM, and
/// this module for the mkdocs and pymdown extensions around it.
public enum MarkdownParser {
    /// Parses `source`. Problems (such as invalid front matter) are recorded in `log`
    /// against `file`; parsing itself never fails, as Markdown has no syntax errors.
    public static func parse(
        _ source: String,
        file: String,
        options: MarkdownOptions = MarkdownOptions(),
        log: inout DiagnosticLog
    ) -> Document {
        let lines = SourceLine.split(source)
        var (metadata, body) = FrontMatter.split(lines, file: file, meta: options.meta, log: &log)
        body = DuplicateReferences.keepLast(body)
        var abbreviations: [String: String] = [:]
        if options.abbreviations {
            (abbreviations, body) = Abbreviations.extract(body)
        }
        var scanner = BlockScanner(options: options, allLines: body)
        var blocks = scanner.blocks(body, columnOffset: 0)
        for line in scanner.tooDeep {
            log.error(
                at: SourceLocation(file: file, line: line, column: 1),
                "containers (admonitions, tabs, `markdown` HTML blocks) are nested more than \(BlockScanner.maximumDepth) deep here; the deeper ones are left out",
                code: "page.nesting"
            )
        }
        if options.attrList {
            blocks = HeadingAttributes.apply(blocks)
        }
        let inline = InlineExtensions(options: options, abbreviations: abbreviations)
        blocks = inline.apply(blocks)
        let footnotes = scanner.footnotes.map { FootnoteDefinition(label: $0.label, blocks: inline.apply($0.blocks)) }
        return Document(metadata: metadata, blocks: blocks, footnotes: footnotes)
    }
}
