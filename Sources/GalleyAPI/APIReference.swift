// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyConfig
import GalleyDiagnostics
import GalleySources

/// What the reference pages need to know of the site.
package struct APISiteSettings: Sendable {
    /// `use_directory_urls`.
    package var useDirectoryURLs = true
    /// `repo_url`: where each symbol's "Source" link points, with ``sourceBranch``.
    package var repoURL: String?
    package var sourceBranch = "main"
    /// The project directory, absolute: source files inside it are named relative to it.
    package var projectDirectory = ""
    /// The configuration file, for lines that stand for no symbol.
    package var configFile = "mkdocs.yml"

    package init() {}

    /// The settings of `config`'s site; the branch of the source links is the one `edit_uri`
    /// names (`edit/main/docs/`), else `main`.
    package init(config: SiteConfig, projectDirectory: String) {
        useDirectoryURLs = config.useDirectoryURLs
        repoURL = config.repoURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        if let parts = config.editURI?.split(separator: "/"), let index = parts.firstIndex(where: { $0 == "edit" || $0 == "blob" }), index + 1 < parts.count {
            sourceBranch = String(parts[index + 1])
        }
        self.projectDirectory = projectDirectory
        configFile = config.configFile
    }

    /// `file` as diagnostics and source links name it: relative to the project when inside it.
    func shown(_ file: String) -> String {
        let base = projectDirectory.hasSuffix("/") ? projectDirectory : projectDirectory + "/"
        return !projectDirectory.isEmpty && file.hasPrefix(base) ? String(file.dropFirst(base.count)) : file
    }
}

/// A guide page that links a symbol, listed on the symbol's page.
package struct SymbolMention: Sendable, Equatable {
    package var page: String
    package var title: String

    package init(page: String, title: String) {
        self.page = page
        self.title = title
    }
}

/// The reference of a site's modules: which page shows each symbol, the table symbol links
/// resolve against, the nav section, and what is undocumented. Made in two steps, as the
/// guide's mentions of symbols are found with the table: ``layOut(_:config:settings:)``,
/// then ``writePages(mentions:)``.
package struct APIReference: Sendable {
    package let catalog: APICatalog
    package let config: APIConfig
    package let settings: APISiteSettings
    package private(set) var table = SymbolTable()
    /// Where each symbol is shown, by its identifier.
    package private(set) var targets: [String: SymbolTarget] = [:]
    package private(set) var pages: [GeneratedPage] = []
    /// The section of the nav that lists the pages.
    package private(set) var nav: NavEntry
    /// The symbols the reference shows, in page order.
    package private(set) var shown: [APISymbol] = []

    /// The symbols without a doc comment of their own.
    package var undocumented: [APISymbol] { shown.filter { !$0.isDocumented } }

    /// The page of each module and type, and the anchor of each member.
    package static func layOut(_ catalog: APICatalog, config: APIConfig, settings: APISiteSettings) -> APIReference {
        var reference = APIReference(catalog: catalog, config: config, settings: settings, nav: .section(title: config.navTitle, children: [], line: config.line))
        var navModules: [NavEntry] = []
        for module in catalog.modules {
            let modulePage = "\(config.path)/\(module)/index.md"
            reference.table.addModule(module, page: modulePage)
            var anchors = AnchorSet()
            var typeEntries: [NavEntry] = []
            for symbol in catalog.topLevel(in: module) {
                if symbol.kind.isType {
                    reference.layOutType(symbol, nav: &typeEntries)
                } else {
                    reference.place(symbol, page: modulePage, anchor: anchors.take(symbol.title))
                }
            }
            for (_, members) in catalog.extensions(in: module) {
                for member in members { reference.place(member, page: modulePage, anchor: anchors.take(member.title)) }
            }
            // The module's page first, as its overview; then its types by name, a nested type
            // right after its parent (`AnyWorkflow`, `AnyWorkflow.State`).
            let byName = typeEntries.sorted { Self.navTitle($0).lowercased() < Self.navTitle($1).lowercased() }
            navModules.append(.section(title: module, children: [.page(title: "Overview", path: modulePage, line: config.line)] + byName, line: config.line))
        }
        reference.nav = .section(title: config.navTitle, children: navModules, line: config.line)
        return reference
    }

    private static func navTitle(_ entry: NavEntry) -> String {
        if case .page(let title?, _, _) = entry { return title }
        return ""
    }

    /// Gives `type` a page of its own, its members anchors there, and its nested types pages.
    private mutating func layOutType(_ type: APISymbol, nav: inout [NavEntry]) {
        let page = "\(config.path)/\(type.module)/\(type.path.joined(separator: ".")).md"
        place(type, page: page, anchor: nil)
        table.setScope(type.path, forPage: page)
        nav.append(.page(title: type.path.joined(separator: "."), path: page, line: config.line))
        var anchors = AnchorSet()
        // Members another module adds are shown with that module, under its extensions.
        for member in catalog.members(of: type.id) where member.module == type.module {
            if member.kind.isType {
                layOutType(member, nav: &nav)
            } else {
                place(member, page: page, anchor: anchors.take(member.title))
            }
        }
    }

    private mutating func place(_ symbol: APISymbol, page: String, anchor: String?) {
        let target = SymbolTarget(symbolID: symbol.id, page: page, anchor: anchor, title: symbol.title)
        targets[symbol.id] = target
        table.add(symbol, at: target)
        shown.append(symbol)
    }

    /// The Markdown of every page; `mentions` lists, by symbol identifier, the pages that
    /// link the symbol.
    package mutating func writePages(mentions: [String: [SymbolMention]] = [:]) {
        var writer = APIPageWriter(reference: self, mentions: mentions)
        pages = writer.pages()
    }

    /// A diagnostic for each undocumented symbol, at its declaration, when `require_docs` asks.
    package func coverageDiagnostics() -> [Diagnostic] {
        let severity: Severity
        switch config.requireDocs {
        case .off: return []
        case .warn: severity = .warning
        case .error: severity = .error
        }
        return undocumented.map { symbol in
            let location = symbol.location.map { SourceLocation(file: settings.shown($0.file), line: $0.line, column: symbol.column) } ?? SourceLocation(file: settings.configFile, line: config.line)
            return Diagnostic(severity, at: location, "`\(symbol.module).\(symbol.path.joined(separator: "."))` has no doc comment; `galley.api.require_docs` asks every \(config.minimumAccessLevel.rawValue) symbol for one", code: APICodes.undocumented)
        }
    }
}

/// Section anchors of one page: readable, unique, and safe in a URL and a CSS selector.
struct AnchorSet {
    private var used: Set<String> = []

    /// `makeSink(of:)` → `makeSink-of`; an operator by its characters' names
    /// (`==(_:_:)` → `op-equals-equals`); a second `init(_:)` → `init-2`.
    mutating func take(_ title: String) -> String {
        let base = Self.slug(title)
        var anchor = base
        var number = 2
        while used.contains(anchor) {
            anchor = "\(base)-\(number)"
            number += 1
        }
        used.insert(anchor)
        return anchor
    }

    static func slug(_ title: String) -> String {
        let name = title.prefix { $0 != "(" }
        let arguments = title.dropFirst(name.count)
        var slug = ""
        if !name.isEmpty, name.allSatisfy({ !($0.isLetter || $0.isNumber || $0 == "_") }) {
            slug = "op-" + name.unicodeScalars.map { operatorNames[$0] ?? String($0.value, radix: 16) }.joined(separator: "-")
        } else {
            slug = String(name)
        }
        for part in arguments.split(whereSeparator: { !($0.isLetter || $0.isNumber) }) where part != "_" {
            slug += "-" + part
        }
        return slug.isEmpty ? "symbol" : slug
    }

    static let operatorNames: [Unicode.Scalar: String] = [
        "=": "equals", "!": "not", "<": "less", ">": "greater", "+": "plus", "-": "minus", "*": "times",
        "/": "slash", "%": "percent", "&": "and", "|": "or", "^": "caret", "~": "tilde", "?": "question", ".": "dot",
    ]
}
