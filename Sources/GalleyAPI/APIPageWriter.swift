// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyMarkup
import GalleySources

/// Writes the Markdown of the reference pages: a page per module listing its types and
/// showing its other symbols, and a page per type showing its members grouped by kind, each
/// with its declaration, its documentation, what it relates to, and where it is written.
struct APIPageWriter {
    let reference: APIReference
    let mentions: [String: [SymbolMention]]
    private var catalog: APICatalog { reference.catalog }
    private var settings: APISiteSettings { reference.settings }

    /// The page being written and its lines.
    private var page = ""
    private var lines: [GeneratedLine] = []
    /// Where lines that stand for no comment line are reported.
    private var place = (file: "mkdocs.yml", line: 0)

    init(reference: APIReference, mentions: [String: [SymbolMention]]) {
        self.reference = reference
        self.mentions = mentions
    }

    mutating func pages() -> [GeneratedPage] {
        var pages: [GeneratedPage] = []
        for module in catalog.modules {
            pages.append(modulePage(module))
            for symbol in reference.shown where symbol.module == module && symbol.kind.isType {
                pages.append(typePage(symbol))
            }
        }
        return pages
    }

    // MARK: Pages

    private mutating func modulePage(_ module: String) -> GeneratedPage {
        start("\(reference.config.path)/\(module)/index.md", place: (settings.configFile, reference.config.line))
        add("# \(Self.escaped(module))")
        add("")
        let topLevel = catalog.topLevel(in: module)
        let types = topLevel.filter(\.kind.isType)
        let others = topLevel.count - types.count
        let extended = catalog.extensions(in: module)
        var parts = ["\(types.count) type\(types.count == 1 ? "" : "s")"]
        if others > 0 { parts.append("\(others) other top-level symbol\(others == 1 ? "" : "s")") }
        if !extended.isEmpty { parts.append("additions to \(extended.count) type\(extended.count == 1 ? "" : "s") of other modules") }
        add("The `\(module)` module: " + parts.joined(separator: ", ") + ".")
        add("")
        listTypes(types)
        showGroups(topLevel.filter { !$0.kind.isType }, level: 2)
        let extensions = catalog.extensions(in: module)
        if !extensions.isEmpty {
            add("## Extensions to other modules' types")
            add("")
            for (type, members) in extensions {
                // `Workflow.AnyWorkflow.State` → `AnyWorkflow.State`: the type without its module.
                let name = type.contains(".") ? String(type[type.index(after: type.firstIndex(of: ".")!)...]) : type
                let linked = catalog.symbols.values.first { "\($0.module).\($0.path.joined(separator: "."))" == type && reference.targets[$0.id] != nil }
                add("### " + (linked.map { "[`\(name)`](\(markdownLink(to: $0.id)))" } ?? "`\(name)`") + " { #extension-\(AnchorSet.slug(name)) }")
                add("")
                for member in members { showMember(member, level: 4) }
            }
        }
        return finish(scope: [])
    }

    private mutating func typePage(_ type: APISymbol) -> GeneratedPage {
        let target = reference.targets[type.id]!
        start(target.page, place: type.location.map { (settings.shown($0.file), $0.line) } ?? (settings.configFile, reference.config.line))
        add("# \(Self.escaped(type.path.joined(separator: ".")))")
        add("")
        add("\(type.kind.displayName) in [\(type.module)](\(relative(to: "\(reference.config.path)/\(type.module)/index.md")))")
        add("")
        showDeclaration(type)
        showDocumentation(type)
        showFacts(type)
        showRelationships(type)
        let all = catalog.members(of: type.id)
        let members = all.filter { $0.module == type.module }
        listTypes(members.filter(\.kind.isType))
        showGroups(members.filter { !$0.kind.isType }, level: 2)
        let added = all.filter { $0.module != type.module && reference.targets[$0.id] != nil }
        if !added.isEmpty {
            add("## Added by Other Modules")
            add("")
            for member in added { add("- [`\(member.title)`](\(markdownLink(to: member.id))) in `\(member.module)`", at: member) }
            add("")
        }
        showMentions(type)
        return finish(scope: type.path)
    }

    // MARK: Parts

    /// Types, grouped by kind, each a link to its page with the first sentence of its documentation.
    private mutating func listTypes(_ types: [APISymbol]) {
        for group in Self.grouped(types) {
            add("## \(group.title)")
            add("")
            for type in group.symbols.sorted(by: { $0.path.joined(separator: ".").lowercased() < $1.path.joined(separator: ".").lowercased() }) {
                let summary = DocComment.plainSummary(type.docComment)
                add("- [`\(type.path.joined(separator: "."))`](\(markdownLink(to: type.id)))" + (summary.isEmpty ? "" : ": " + summary), at: type)
            }
            add("")
        }
    }

    private mutating func showGroups(_ symbols: [APISymbol], level: Int) {
        for group in Self.grouped(symbols) {
            add(String(repeating: "#", count: level) + " " + group.title)
            add("")
            for symbol in group.symbols { showMember(symbol, level: level + 1) }
        }
    }

    private mutating func showMember(_ member: APISymbol, level: Int) {
        let anchor = reference.targets[member.id]?.anchor ?? AnchorSet.slug(member.title)
        place = member.location.map { (settings.shown($0.file), $0.line) } ?? place
        add(String(repeating: "#", count: level) + " `\(member.title)` { #\(anchor) }")
        add("")
        showDeclaration(member)
        showDocumentation(member)
        showFacts(member)
        showMentions(member)
    }

    private mutating func showDeclaration(_ symbol: APISymbol) {
        let page = self.page
        let reference = self.reference
        let html = DeclarationMarkup.html(symbol.declaration) { id in
            reference.targets[id].map { Self.url(of: $0, fromPage: page, settings: reference.settings) }
        }
        add(html.string, at: symbol)
        add("")
    }

    private mutating func showDocumentation(_ symbol: APISymbol) {
        guard symbol.isDocumented else { return }
        if symbol.docIsInherited {
            // Written for another declaration, maybe in another module whose symbols this
            // reference does not have: its first sentence, as plain text.
            add(DocComment.plainSummary(symbol.docComment), at: symbol)
            add("")
            return
        }
        let settings = self.settings
        let fallback = symbol.location.map { (settings.shown($0.file), $0.line) } ?? place
        lines += DocComment.markdown(symbol.docComment, fallback: fallback, name: settings.shown)
        add("")
    }

    /// Availability, the conditions the symbol holds under, what it implements, and its source.
    private mutating func showFacts(_ symbol: APISymbol) {
        var facts: [String] = []
        facts += symbol.availability.map { "Availability: \($0)." }
        // Constraints the declaration spells out in its `where` clause are not said twice.
        let spelled = symbol.declaration.contains { $0.kind == .keyword && $0.spelling == "where" }
        if !symbol.constraints.isEmpty, !spelled {
            facts.append("Generic constraints: " + symbol.constraints.map { "`\($0)`" }.joined(separator: ", ") + ".")
        }
        for (name, target) in catalog.targets(of: symbol.id, .requirementOf) {
            facts.append("Requirement of " + linked(name, target) + (catalog.sources(of: symbol.id, .defaultImplementationOf).isEmpty ? "." : "; a default implementation is provided."))
        }
        for (name, target) in catalog.targets(of: symbol.id, .defaultImplementationOf) {
            facts.append("Default implementation of " + linked(name, target) + ".")
        }
        for (name, target) in catalog.targets(of: symbol.id, .overrides) {
            facts.append("Overrides " + linked(name, target) + ".")
        }
        if let location = symbol.location, let repository = settings.repoURL {
            let file = settings.shown(location.file)
            if !file.hasPrefix("/") {
                facts.append("Source: [\(Self.escaped(file)):\(location.line)](\(repository)/blob/\(settings.sourceBranch)/\(file)#L\(location.line))")
            }
        }
        guard !facts.isEmpty else { return }
        for fact in facts {
            add(fact, at: symbol)
            add("")
        }
    }

    private mutating func showRelationships(_ type: APISymbol) {
        let parts: [(String, [String])] = [
            ("Inherits From", catalog.targets(of: type.id, .inheritsFrom).map { linked($0.name, $0.symbol) }),
            ("Conforms To", catalog.targets(of: type.id, .conformsTo).map { linked($0.name, $0.symbol) }),
            ("Inherited By", catalog.sources(of: type.id, .inheritsFrom).map { linked($0.title, $0) }),
            ("Conforming Types", catalog.sources(of: type.id, .conformsTo).map { linked($0.path.joined(separator: "."), $0) }),
        ].filter { !$0.1.isEmpty }
        guard !parts.isEmpty else { return }
        add("## Relationships")
        add("")
        for (title, items) in parts {
            add("### \(title)")
            add("")
            for item in items.sorted() { add("- " + item) }
            add("")
        }
    }

    private mutating func showMentions(_ symbol: APISymbol) {
        guard let pages = mentions[symbol.id], !pages.isEmpty else { return }
        add("Mentioned in: " + pages.map { "[\(Self.escaped($0.title))](\(relative(to: $0.page)))" }.joined(separator: ", ") + ".", at: symbol)
        add("")
    }

    // MARK: Links and lines

    private func linked(_ name: String, _ symbol: APISymbol?) -> String {
        guard let symbol, reference.targets[symbol.id] != nil else { return "`\(name)`" }
        return "[`\(name)`](\(markdownLink(to: symbol.id)))"
    }

    /// A Markdown link to the symbol's page (and section), relative to the page being written.
    private func markdownLink(to id: String) -> String {
        guard let target = reference.targets[id] else { return "" }
        return (target.page == page ? "" : relative(to: target.page)) + (target.anchor.map { "#" + $0 } ?? "")
    }

    /// The path of page `path` from the page being written, as a `.md` link.
    private func relative(to path: String) -> String {
        URLPath.relative(path, from: page)
    }

    /// The URL of `target` from the page at `page`, for raw HTML, which links are not rewritten in.
    static func url(of target: SymbolTarget, fromPage page: String, settings: APISiteSettings) -> String {
        let from = PageURL.locate(page, useDirectoryURLs: settings.useDirectoryURLs).url
        let to = PageURL.locate(target.page, useDirectoryURLs: settings.useDirectoryURLs).url
        let anchor = target.anchor.map { "#" + $0 } ?? ""
        return (target.page == page ? "" : URLPath.relative(to, from: from)) + anchor
    }

    private mutating func start(_ path: String, place: (String, Int)) {
        page = path
        lines = []
        self.place = place
    }

    private mutating func finish(scope: [String]) -> GeneratedPage {
        // No run of blank lines longer than one, nor any at the end.
        var kept: [GeneratedLine] = []
        for line in lines where !(line.text.isEmpty && (kept.last?.text.isEmpty ?? true)) { kept.append(line) }
        while kept.last?.text.isEmpty == true { kept.removeLast() }
        return GeneratedPage(path: page, lines: kept, scope: scope)
    }

    private mutating func add(_ text: String, at symbol: APISymbol? = nil) {
        let origin = symbol?.location.map { (settings.shown($0.file), $0.line) } ?? place
        lines.append(GeneratedLine(text, file: origin.0, line: origin.1))
    }

    /// Symbols by the group their kind is listed under, in the groups' order.
    static func grouped(_ symbols: [APISymbol]) -> [(title: String, symbols: [APISymbol])] {
        let groups = Dictionary(grouping: symbols) { $0.kind.group.order }
        return groups.keys.sorted().map { (groups[$0]![0].kind.group.title, groups[$0]!) }
    }

    /// `text` with the characters Markdown would read as markup escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\`*_{}[]<>#|!".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
