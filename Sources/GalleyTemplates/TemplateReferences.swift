// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0

/// What a template reads from outside itself, found from its syntax before it renders: the
/// names it uses that nothing in it defines, and the templates it names literally.
package struct TemplateReferences: Sendable {
    /// Each name the template reads but never sets, with its first place.
    package var unboundNames: [(name: String, place: TemplatePlace)] = []
    /// Each template named by `include`, `import`, `from` or `extends` as a string literal.
    package var templates: [(name: String, place: TemplatePlace)] = []
}

extension TemplateEngine {
    /// What the template called `name` reads from outside itself; `nil` when it can't be read.
    package func references(of name: String) -> TemplateReferences? {
        guard let template = try? parsed(name) else { return nil }
        return references(of: template)
    }

    /// What `source` reads from outside itself; `nil` when it can't be read.
    package func references(ofSource source: String, name: String) -> TemplateReferences? {
        guard let template = try? parse(source, name: name) else { return nil }
        return references(of: template)
    }

    private func references(of template: ParsedTemplate) -> TemplateReferences {
        var walker = ReferenceWalker()
        walker.walk(template.nodes)
        for block in template.blocks.values { walker.walk(block.body) }
        var references = TemplateReferences()
        var seen: Set<String> = []
        for (name, place) in walker.reads where !walker.bound.contains(name) && globalScope.lookup(name) == nil && seen.insert(name).inserted {
            references.unboundNames.append((name, place))
        }
        references.templates = walker.templates
        return references
    }
}

/// Walks a template's nodes, noting every name set and every name read.
private struct ReferenceWalker {
    /// Names Jinja defines inside templates.
    var bound: Set<String> = ["loop", "self", "super", "caller", "varargs", "kwargs"]
    var reads: [(String, TemplatePlace)] = []
    var templates: [(String, TemplatePlace)] = []

    mutating func walk(_ nodes: [TemplateNode]) {
        for node in nodes { walk(node) }
    }

    private mutating func bind(_ target: TemplateTarget) {
        switch target {
        case .name(let name): bound.insert(name)
        case .tuple(let targets): for inner in targets { bind(inner) }
        case .attribute(let name, _, let place): reads.append((name, place))
        }
    }

    private mutating func template(_ expression: TemplateExpression, _ place: TemplatePlace) {
        if case .literal(.string(let name)) = expression { templates.append((name, place)) }
        read(expression)
    }

    private mutating func walk(_ node: TemplateNode) {
        switch node {
        case .text, .block: return
        case .output(let expression, _): read(expression)
        case .conditional(let branches, let otherwise):
            for (condition, body) in branches {
                read(condition)
                walk(body)
            }
            walk(otherwise)
        case .loop(let loop):
            bind(loop.target)
            read(loop.iterable)
            if let condition = loop.condition { read(condition) }
            walk(loop.body)
            walk(loop.otherwise)
        case .set(let target, let expression, _):
            bind(target)
            read(expression)
        case .setBlock(let target, let filter, let body, _):
            bind(target)
            if let filter { read(filter) }
            walk(body)
        case .macro(let macro):
            bound.insert(macro.name)
            walk(macro)
        case .callBlock(let caller, let call, _):
            walk(caller)
            read(call)
        case .filterBlock(let filter, let body):
            read(filter)
            walk(body)
        case .with(let assignments, let body):
            for (target, expression) in assignments {
                bind(target)
                read(expression)
            }
            walk(body)
        case .extends(let expression, let place), .include(let expression, _, _, let place): template(expression, place)
        case .importAs(let expression, let alias, _, let place):
            bound.insert(alias)
            template(expression, place)
        case .fromImport(let expression, let names, _, let place):
            for (_, alias) in names { bound.insert(alias) }
            template(expression, place)
        }
    }

    private mutating func walk(_ macro: TemplateNode.Macro) {
        for (parameter, fallback) in macro.parameters {
            bound.insert(parameter)
            if let fallback { read(fallback) }
        }
        walk(macro.body)
    }

    private mutating func read(_ expression: TemplateExpression) {
        switch expression {
        case .literal: return
        case .name(let name, let place): reads.append((name, place))
        case .list(let items), .tuple(let items): for item in items { read(item) }
        case .dict(let entries):
            for (key, value) in entries {
                read(key)
                read(value)
            }
        case .attribute(let base, _, _), .not(let base), .negative(let base, _), .positive(let base, _): read(base)
        case .item(let base, let key, _):
            read(base)
            read(key)
        case .slice(let base, let start, let stop, let step, _):
            read(base)
            for case let part? in [start, stop, step] { read(part) }
        case .call(let callee, let arguments, _):
            read(callee)
            read(arguments)
        case .filter(let base, _, let arguments, _):
            if let base { read(base) }
            read(arguments)
        case .test(let base, _, let arguments, _, _):
            read(base)
            read(arguments)
        case .binary(_, let left, let right, _), .and(let left, let right), .or(let left, let right):
            read(left)
            read(right)
        case .compare(let first, let operations, _):
            read(first)
            for (_, value) in operations { read(value) }
        case .conditional(let value, let test, let otherwise):
            read(value)
            read(test)
            if let otherwise { read(otherwise) }
        }
    }

    private mutating func read(_ arguments: [TemplateExpression.Argument]) {
        for argument in arguments {
            switch argument {
            case .positional(let value), .keyword(_, let value), .spread(let value), .spreadKeywords(let value): read(value)
            }
        }
    }
}
