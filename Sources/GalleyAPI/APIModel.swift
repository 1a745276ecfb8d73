// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import SymbolKit

/// One piece of a declaration as the compiler spelled it.
package struct DeclarationFragment: Sendable, Equatable {
    package enum Kind: String, Sendable {
        case keyword, attribute, number, string, identifier, typeIdentifier, genericParameter, internalParam, externalParam, text
    }

    package var kind: Kind
    package var spelling: String
    /// The symbol a type name refers to, when the compiler knows it.
    package var target: String?
}

/// One line of a doc comment and where it was written.
package struct DocLine: Sendable, Equatable {
    package var text: String
    /// The source file, absolute, when the comment has a location.
    package var file: String?
    /// From 1.
    package var line: Int
    /// The column (from 1) of the line's first character.
    package var column: Int
}

/// A documented symbol of a module, as the reference shows it.
package struct APISymbol: Sendable {
    package var id: String
    /// The module whose graph declares it.
    package var module: String
    /// The compiler's kind, its language prefix dropped (`method`).
    package var kind: SymbolKind
    /// Its path in its module (`RenderContext`, `makeSink(of:)`).
    package var path: [String]
    package var title: String
    package var declaration: [DeclarationFragment]
    package var docComment: [DocLine]
    /// The doc comment is a protocol requirement's or a superclass member's, which the
    /// symbol shows as its own (Swift's rule), written elsewhere, maybe in another module.
    package var docIsInherited = false
    /// Where it is declared: the file (absolute), line and column (from 1).
    package var location: (file: String, line: Int)?
    package var column = 1
    package var accessLevel: String
    /// `where` clauses and conformances the compiler lists for its generics.
    package var constraints: [String]
    /// Availability, one line per platform or condition (`Deprecated: use x`).
    package var availability: [String]
    /// For a member of another module's type: that module.
    package var extendedModule: String?

    /// Whether it has a doc comment of its own.
    package var isDocumented: Bool { docComment.contains { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty } }
    /// `RenderContext/makeSink(of:)`, the form symbol links write.
    package var linkPath: String { path.joined(separator: "/") }
}

/// A symbol's kind, and the group of a page it is listed under.
package struct SymbolKind: Sendable, Hashable {
    package var identifier: String

    /// Kinds that get a page of their own.
    package var isType: Bool {
        ["protocol", "struct", "class", "enum", "actor", "typealias"].contains(identifier)
    }

    /// The heading of the group the symbol is listed under, and the groups' order.
    package var group: (order: Int, title: String) {
        switch identifier {
        case "protocol": (0, "Protocols")
        case "struct": (1, "Structures")
        case "class": (2, "Classes")
        case "actor": (3, "Actors")
        case "enum": (4, "Enumerations")
        case "typealias": (5, "Type Aliases")
        case "associatedtype": (6, "Associated Types")
        case "enum.case": (7, "Enumeration Cases")
        case "init": (8, "Initializers")
        case "deinit": (9, "Deinitializers")
        case "property", "var": (10, "Instance Properties")
        case "method": (11, "Instance Methods")
        case "subscript": (12, "Subscripts")
        case "type.property": (13, "Type Properties")
        case "type.method": (14, "Type Methods")
        case "type.subscript": (15, "Type Subscripts")
        case "func": (16, "Functions")
        case "func.op": (17, "Operators")
        case "macro": (18, "Macros")
        default: (19, "Other Symbols")
        }
    }

    /// The singular name a page's title line shows (`Structure`).
    package var displayName: String {
        switch identifier {
        case "protocol": "Protocol"
        case "struct": "Structure"
        case "class": "Class"
        case "actor": "Actor"
        case "enum": "Enumeration"
        case "typealias": "Type Alias"
        default: "Symbol"
        }
    }
}

/// What the compiler says relates two symbols.
package struct SymbolRelation: Sendable, Hashable {
    package enum Kind: String, Sendable {
        case memberOf, conformsTo, inheritsFrom, defaultImplementationOf, requirementOf, optionalRequirementOf, overrides

        /// Whether the source is shown among the target's members: a protocol's requirements
        /// (associated types among them) are its members too.
        var isMembership: Bool { self == .memberOf || self == .requirementOf || self == .optionalRequirementOf }
    }

    package var kind: Kind
    package var source: String
    package var target: String
    /// The target's name when it is outside the graphs read (`Swift.Sendable`).
    package var targetName: String?
}

/// Every symbol of the modules a site documents, and how they relate.
package struct APICatalog: Sendable {
    /// The modules, in the configuration's order.
    package var modules: [String]
    package var symbols: [String: APISymbol] = [:]
    package private(set) var relations: [SymbolRelation] = []
    /// The relations by their source and by their target, so that a page's lookups cost
    /// what the symbol has, not what the whole graph has.
    private var bySource: [String: [SymbolRelation]] = [:]
    private var byTarget: [String: [SymbolRelation]] = [:]

    package init(modules: [String]) {
        self.modules = modules
    }

    /// Reads the symbol graph files the compiler wrote. A file that cannot be read is an error
    /// at its path.
    package static func load(files: [String], modules: [String]) throws(DiagnosticError) -> APICatalog {
        var catalog = APICatalog(modules: modules)
        let decoder = JSONDecoder()
        for file in files {
            let graph: SymbolGraph
            do {
                graph = try decoder.decode(SymbolGraph.self, from: Data(contentsOf: URL(fileURLWithPath: file)))
            } catch {
                throw DiagnosticError(at: SourceLocation(file: file), "cannot read the symbol graph: \(error)", code: APICodes.extract)
            }
            catalog.add(graph)
        }
        return catalog
    }

    mutating func add(_ graph: SymbolGraph) {
        let module = graph.module.name
        for symbol in graph.symbols.values {
            symbols[symbol.identifier.precise] = APISymbol(symbol, module: module)
        }
        for relationship in graph.relationships {
            guard let kind = SymbolRelation.Kind(rawValue: relationship.kind.rawValue) else { continue }
            let relation = SymbolRelation(kind: kind, source: relationship.source, target: relationship.target, targetName: relationship.targetFallback)
            relations.append(relation)
            bySource[relation.source, default: []].append(relation)
            byTarget[relation.target, default: []].append(relation)
        }
    }

    /// The direct members of `id`, in source order where known, else by name.
    package func members(of id: String) -> [APISymbol] {
        var seen = Set<String>()
        return (byTarget[id] ?? []).filter { $0.kind.isMembership && seen.insert($0.source).inserted }
            .compactMap { symbols[$0.source] }.sorted(by: APISymbol.sourceOrder)
    }

    /// The symbols of `module` that are not members of another: its top-level declarations.
    package func topLevel(in module: String) -> [APISymbol] {
        let members = Set(relations.filter(\.kind.isMembership).map(\.source))
        return symbols.values.filter { $0.module == module && !members.contains($0.id) && $0.extendedModule == nil }.sorted(by: APISymbol.sourceOrder)
    }

    /// The members `module` adds to types of other modules, by the extended type's name.
    package func extensions(in module: String) -> [(type: String, members: [APISymbol])] {
        var byType: [String: [APISymbol]] = [:]
        for relation in relations where relation.kind == .memberOf {
            guard let member = symbols[relation.source], member.module == module else { continue }
            let parent = symbols[relation.target]
            guard parent == nil || parent!.module != module else { continue }
            let name = parent.map { "\($0.module).\($0.path.joined(separator: "."))" } ?? relation.targetName ?? relation.target
            byType[name, default: []].append(member)
        }
        return byType.keys.sorted().map { ($0, byType[$0]!.sorted(by: APISymbol.sourceOrder)) }
    }

    /// What `relation` of `id` points to (its protocols for `conformsTo`), as names with the
    /// symbol when it is documented.
    package func targets(of id: String, _ kind: SymbolRelation.Kind) -> [(name: String, symbol: APISymbol?)] {
        (bySource[id] ?? []).filter { $0.kind == kind }.map { relation in
            let symbol = symbols[relation.target]
            return (symbol?.title ?? Self.shortName(relation.targetName ?? relation.target), symbol)
        }
    }

    /// What points at `id` by `relation` (its conforming types for `conformsTo`).
    package func sources(of id: String, _ kind: SymbolRelation.Kind) -> [APISymbol] {
        (byTarget[id] ?? []).filter { $0.kind == kind }.compactMap { symbols[$0.source] }.sorted(by: APISymbol.sourceOrder)
    }

    /// `Swift.Sendable` → `Sendable`.
    static func shortName(_ qualified: String) -> String {
        qualified.split(separator: ".").last.map(String.init) ?? qualified
    }
}

extension APISymbol {
    init(_ symbol: SymbolGraph.Symbol, module: String) {
        id = symbol.identifier.precise
        self.module = module
        kind = SymbolKind(identifier: symbol.kind.identifier.identifier)
        path = symbol.pathComponents
        title = symbol.names.title
        let fragments = symbol[mixin: SymbolGraph.Symbol.DeclarationFragments.self]?.declarationFragments ?? []
        declaration = fragments.map {
            DeclarationFragment(kind: DeclarationFragment.Kind(rawValue: $0.kind.rawValue) ?? .text, spelling: $0.spelling, target: $0.preciseIdentifier)
        }
        let commentFile = symbol.docComment?.url?.path
        docComment = (symbol.docComment?.lines ?? []).map { line in
            DocLine(text: line.text, file: commentFile, line: (line.range?.start.line ?? -1) + 1, column: (line.range?.start.character ?? 0) + 1)
        }
        if let comment = symbol.docComment {
            docIsInherited = comment.lines.allSatisfy { $0.range == nil } || comment.moduleName.map { $0 != module } == true
        }
        if let place = symbol[mixin: SymbolGraph.Symbol.Location.self], let url = place.url {
            location = (url.path, place.position.line + 1)
            column = place.position.character + 1
        }
        accessLevel = symbol.accessLevel.rawValue
        constraints = (symbol[mixin: SymbolGraph.Symbol.Swift.Generics.self]?.constraints ?? []).map(Self.describe)
        availability = (symbol[mixin: SymbolGraph.Symbol.Availability.self]?.availability ?? []).compactMap(Self.describe)
        extendedModule = symbol[mixin: SymbolGraph.Symbol.Swift.Extension.self]?.extendedModule
    }

    static func describe(_ constraint: SymbolGraph.Symbol.Swift.GenericConstraint) -> String {
        switch constraint.kind {
        case .conformance, .superclass: "\(constraint.leftTypeName): \(constraint.rightTypeName)"
        case .sameType: "\(constraint.leftTypeName) == \(constraint.rightTypeName)"
        }
    }

    static func describe(_ item: SymbolGraph.Symbol.Availability.AvailabilityItem) -> String? {
        let domain = item.domain?.rawValue ?? "*"
        var parts: [String] = []
        if let introduced = item.introducedVersion { parts.append("\(domain) \(introduced)+") }
        if item.isUnconditionallyDeprecated || item.deprecatedVersion != nil {
            parts.append("Deprecated" + (item.deprecatedVersion.map { " in \(domain) \($0)" } ?? ""))
        }
        if item.isUnconditionallyUnavailable { parts.append("Unavailable") }
        if let renamed = item.renamed { parts.append("renamed to `\(renamed)`") }
        if let message = item.message { parts.append(message) }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// Source order within a file, files by name, then symbols without a place by name.
    static func sourceOrder(_ a: APISymbol, _ b: APISymbol) -> Bool {
        switch (a.location, b.location) {
        case let (x?, y?): (x.file, x.line, a.title) < (y.file, y.line, b.title)
        case (.some, nil): true
        case (nil, .some): false
        case (nil, nil): a.title < b.title
        }
    }
}
