// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0

/// A Jinja expression, read.
indirect enum TemplateExpression {
    case literal(TemplateValue)
    case name(String, TemplatePlace)
    case list([TemplateExpression])
    case tuple([TemplateExpression])
    case dict([(TemplateExpression, TemplateExpression)])
    /// `a.b`
    case attribute(TemplateExpression, String, TemplatePlace)
    /// `a[b]`
    case item(TemplateExpression, TemplateExpression, TemplatePlace)
    /// `a[b:c:d]`
    case slice(TemplateExpression, TemplateExpression?, TemplateExpression?, TemplateExpression?, TemplatePlace)
    case call(TemplateExpression, [Argument], TemplatePlace)
    /// `a | name(…)`; `nil` for a `{% filter %}` block's text.
    case filter(TemplateExpression?, String, [Argument], TemplatePlace)
    /// `a is name(…)`, `a is not name`
    case test(TemplateExpression, String, [Argument], negated: Bool, TemplatePlace)
    case not(TemplateExpression)
    case negative(TemplateExpression, TemplatePlace)
    case positive(TemplateExpression, TemplatePlace)
    case binary(String, TemplateExpression, TemplateExpression, TemplatePlace)
    case and(TemplateExpression, TemplateExpression)
    case or(TemplateExpression, TemplateExpression)
    /// `a < b <= c`, `a in b`, `a not in b`
    case compare(TemplateExpression, [(String, TemplateExpression)], TemplatePlace)
    /// `a if b else c`
    case conditional(TemplateExpression, test: TemplateExpression, otherwise: TemplateExpression?)

    enum Argument {
        case positional(TemplateExpression)
        case keyword(String, TemplateExpression)
        case spread(TemplateExpression)
        case spreadKeywords(TemplateExpression)
    }
}

/// Where `set` and `for` put a value: a name, names to unpack a sequence into, or an
/// attribute of a namespace.
indirect enum TemplateTarget {
    case name(String)
    case tuple([TemplateTarget])
    case attribute(String, String, TemplatePlace)
}

/// A statement or text of a template, read.
indirect enum TemplateNode {
    case text(String)
    case output(TemplateExpression, TemplatePlace)
    case conditional([(TemplateExpression, [TemplateNode])], otherwise: [TemplateNode])
    case loop(Loop)
    case set(TemplateTarget, TemplateExpression, TemplatePlace)
    case setBlock(TemplateTarget, filter: TemplateExpression?, [TemplateNode], TemplatePlace)
    case macro(Macro)
    /// `{% call(args) macro(…) %}…{% endcall %}`
    case callBlock(caller: Macro, call: TemplateExpression, TemplatePlace)
    /// `{% filter f %}…{% endfilter %}`: the expression's innermost filter reads the text.
    case filterBlock(TemplateExpression, [TemplateNode])
    case with([(TemplateTarget, TemplateExpression)], [TemplateNode])
    case block(name: String, scoped: Bool, required: Bool, TemplatePlace)
    case extends(TemplateExpression, TemplatePlace)
    case include(TemplateExpression, ignoreMissing: Bool, withContext: Bool, TemplatePlace)
    case importAs(TemplateExpression, name: String, withContext: Bool, TemplatePlace)
    case fromImport(TemplateExpression, names: [(String, String)], withContext: Bool, TemplatePlace)

    struct Loop {
        var target: TemplateTarget
        var iterable: TemplateExpression
        var condition: TemplateExpression?
        var recursive: Bool
        var body: [TemplateNode]
        var otherwise: [TemplateNode]
        var place: TemplatePlace
    }

    struct Macro {
        var name: String
        var parameters: [(String, TemplateExpression?)]
        var body: [TemplateNode]
        var place: TemplatePlace
    }
}

/// A template read once: its nodes and its blocks by name.
final class ParsedTemplate: @unchecked Sendable {
    let name: String
    let nodes: [TemplateNode]
    let blocks: [String: BlockDefinition]

    init(name: String, nodes: [TemplateNode], blocks: [String: BlockDefinition]) {
        self.name = name
        self.nodes = nodes
        self.blocks = blocks
    }
}

/// A `{% block %}`'s body, with the template it belongs to.
final class BlockDefinition: @unchecked Sendable {
    let name: String
    let template: String
    let body: [TemplateNode]
    let scoped: Bool
    let required: Bool

    init(name: String, template: String, body: [TemplateNode], scoped: Bool, required: Bool) {
        self.name = name
        self.template = template
        self.body = body
        self.scoped = scoped
        self.required = required
    }
}
