// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyAPI
import GalleyConfig
import GalleyDiagnostics
import GalleyMarkdown
import GalleySources

/// Rewrites a page's links to the URLs they will have in the site and checks each one:
/// `.md` links and files as mkdocs does, and, beyond mkdocs, links without an extension
/// (`../ui-concepts`, `../glossary#props`) by the URL a browser would resolve them to.
package struct LinkResolver {
    let page: PageFile
    let index: SiteIndex
    let validation: ValidationConfig
    let source: String
    /// The API reference's symbols, which symbol links name; `nil` without one.
    let symbols: SymbolTable?
    /// Split only when a diagnostic needs a column: most pages report none.
    lazy var sourceLines: [Substring] = source.linesAtNewlineBytes()
    var log = DiagnosticLog()

    /// A resolver for links on `page`, whose Markdown is `source`.
    package init(page: PageFile, index: SiteIndex, validation: ValidationConfig, source: String, symbols: SymbolTable? = nil) {
        self.page = page
        self.index = index
        self.validation = validation
        self.source = source
        self.symbols = symbols
    }

    /// Rewrites the links of `document`; the diagnostics are returned alongside.
    package mutating func resolve(_ document: Document) -> (Document, [Diagnostic]) {
        var document = document
        document.blocks = document.blocks.map { resolve($0, line: 0) }
        document.footnotes = document.footnotes.map { FootnoteDefinition(label: $0.label, blocks: $0.blocks.map { resolve($0, line: 0) }) }
        return (document, log.diagnostics)
    }

    /// Links in `block`, located from the block's own line, else from the enclosing one's.
    private mutating func resolve(_ block: Block, line: Int) -> Block {
        let own = block.sourceLine ?? line
        return block
            .mappingInlines { resolve($0, line: own) }
            .mappingChildren { $0.map { resolve($0, line: own) } }
    }

    private mutating func resolve(_ inlines: [Inline], line: Int) -> [Inline] {
        inlines.map { inline in
            switch inline {
            case .link(let destination, let title, let content):
                return .link(destination: rewrite(destination, line: line), title: title, content: resolve(content, line: line))
            case .image(let source, let title, let alt):
                return .image(source: rewrite(source, line: line), title: title, alt: alt)
            case .emphasis(let content): return .emphasis(resolve(content, line: line))
            case .strong(let content): return .strong(resolve(content, line: line))
            case .strikethrough(let content): return .strikethrough(resolve(content, line: line))
            case .inserted(let content): return .inserted(resolve(content, line: line))
            case .marked(let content): return .marked(resolve(content, line: line))
            case .attributed(let element, let attributes): return .attributed(resolve([element], line: line)[0], attributes)
            case .symbolLink(let path, let content): return resolveSymbol(path, content: content, line: line)
            default: return inline
            }
        }
    }

    /// A symbol link as a link to the symbol's page and section; one that names no symbol, or
    /// several on different pages, is an error at its place with the names it may mean.
    private mutating func resolveSymbol(_ path: String, content: [Inline]?, line: Int) -> Inline {
        // Without a reference (its extraction failed, and said so) the link stays as written.
        guard let symbols else { return .symbolLink(path: path, content: content) }
        switch symbols.resolve(path, fromPage: page.path) {
        case .found(let target):
            guard let targetPage = index.tree.page(at: target.page) else { return .code(path) }
            let url = (targetPage.path == page.path ? "" : URLPath.relative(targetPage.url, from: page.url)) + (target.anchor.map { "#" + $0 } ?? "")
            return .link(destination: url.isEmpty ? "./" : url, title: "", content: content ?? [.code(target.title)])
        case .ambiguous(let candidates):
            log.report(Diagnostic(.error, at: locate(path, from: line), "the symbol link `\(path)` names \(candidates.count) symbols; say which with one of " + candidates.map { "``\($0)``" }.joined(separator: ", "), code: APICodes.ambiguousLink))
        case .notFound(let closest):
            let hint = closest.isEmpty ? "no documented symbol has a name near it" : "did you mean " + closest.map { "``\($0)``" }.joined(separator: ", ") + "?"
            log.report(Diagnostic(.error, at: locate(path, from: line), "the symbol link `\(path)` names no symbol of the API reference; \(hint)", code: APICodes.unresolvedLink))
        }
        return .symbolLink(path: path, content: content)
    }

    /// The site URL a link on this page should point to, reporting what is wrong with it.
    mutating func rewrite(_ destination: String, line: Int) -> String {
        guard !destination.isEmpty else { return destination }
        if destination.hasPrefix("#") {
            checkAnchor(String(destination.dropFirst()), in: page, link: destination, line: line)
            return destination
        }
        if Self.hasScheme(destination) || destination.hasPrefix("//") {
            return destination
        }
        if destination.hasPrefix("/") {
            report(ConfigCodes.linksAbsoluteLinks, link: destination, line: line, "the link `\(destination)` is absolute; it only works when the site is served at the domain root")
            return destination
        }
        var path = destination
        var fragment: String?
        if let hash = path.firstIndex(of: "#") {
            fragment = String(path[path.index(after: hash)...])
            path = String(path[..<hash])
        }
        if let query = path.firstIndex(of: "?") { path = String(path[..<query]) }
        // `page.md/#anchor` is a common slip that mkdocs forgives: the slash is dropped.
        if path.hasSuffix(".md/") { path.removeLast() }
        path = URLPath.decode(path)
        let suffix = fragment.map { "#" + $0 } ?? ""

        let sourcePath = URLPath.normalize(URLPath.directory(of: page.path) + path)
        if path.hasSuffix(".md") {
            guard let sourcePath, let target = index.tree.page(at: sourcePath) else {
                report(ConfigCodes.linksNotFound, link: destination, line: line, "the link `\(destination)` points to `\(sourcePath ?? path)`, which is not a page of the site")
                return destination
            }
            if let fragment { checkAnchor(fragment, in: target, link: destination, line: line) }
            return URLPath.relative(target.url, from: page.url) + suffix
        }
        if let sourcePath, index.hasAsset(sourcePath) {
            return URLPath.relative(index.assetURL(sourcePath), from: page.url) + suffix
        }
        if path.isEmpty { return destination }
        // Not a file of the docs: check the URL a browser would load from this page.
        guard let resolvedURL = URLPath.normalize(URLPath.base(ofURL: page.url) + path) else {
            report(ConfigCodes.linksNotFound, link: destination, line: line, "the link `\(destination)` climbs above the site root")
            return destination
        }
        if let target = index.page(forURL: resolvedURL) {
            report(ConfigCodes.linksUnrecognizedLinks, link: destination, line: line, "the link `\(destination)` is left as is; it reaches the page `\(target.path)` by its URL")
            if let fragment { checkAnchor(fragment, in: target, link: destination, line: line) }
            return destination
        }
        if index.hasAsset(servedAt: resolvedURL) { return destination }
        report(
            ConfigCodes.linksNotFound,
            link: destination,
            line: line,
            "the link `\(destination)` resolves to `/\(resolvedURL)`, which no page or file of the site provides"
        )
        return destination
    }

    private mutating func checkAnchor(_ anchor: String, in target: PageFile, link: String, line: Int) {
        guard !anchor.isEmpty, let ids = index.anchors[target.path], !ids.contains(URLPath.decode(anchor)) else { return }
        let where_ = target.path == page.path ? "this page" : "`\(target.path)`"
        report(ConfigCodes.linksAnchors, link: link, line: line, "the link `\(link)` points to the anchor `#\(anchor)`, which \(where_) does not define")
    }

    /// Reports `message` at the place of `link` in the source, searching from `line`.
    private mutating func report(_ check: DiagnosticCode, link: String, line: Int, _ message: String) {
        guard let severity = validation.level(check) else { return }
        log.report(Diagnostic(severity, at: locate(link, from: line), message, code: check))
    }

    /// The line and column of `destination` in the source, searching from the block's line.
    private mutating func locate(_ destination: String, from line: Int) -> SourceLocation {
        let start = max(line, 1)
        for number in start...max(start, sourceLines.count) where number <= sourceLines.count {
            let text = sourceLines[number - 1]
            if let range = text.utf8Range(of: "(" + destination) ?? text.utf8Range(of: "]: " + destination) ?? text.utf8Range(of: destination) {
                let offset = text.distance(from: text.startIndex, to: range.lowerBound)
                let column = text.hasPrefix(String(text[range])) ? offset + 1 : offset + (text[range].first == "(" ? 2 : 1)
                return SourceLocation(file: page.path, line: number, column: text[range].hasPrefix("]: ") ? offset + 4 : column)
            }
            if number > start + 40 { break }
        }
        return SourceLocation(file: page.path, line: line)
    }

    static func hasScheme(_ link: String) -> Bool {
        guard let colon = link.firstIndex(of: ":") else { return false }
        let scheme = link[..<colon]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
            && scheme.first!.isLetter
    }
}
