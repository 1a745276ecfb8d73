// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0

/// Renders parsed templates as Jinja does: template inheritance (`extends`, `block`,
/// `super()`), includes and imports, macros and `call` blocks, loops with `loop`, and
/// Python's meaning for every operator. One renderer serves one render call.
final class TemplateRenderer {
    let engine: TemplateEngine
    /// Templates being rendered inside one another, to stop an include or macro that calls
    /// itself without end.
    private var depth = 0
    private static let maximumDepth = 200

    init(engine: TemplateEngine) {
        self.engine = engine
    }

    /// The blocks of a template and those it extends, most derived first, and where
    /// top-level assignments go.
    final class Inheritance {
        var blocks: [String: [BlockDefinition]] = [:]
        let root: TemplateScope
        /// The template `extends` named, once its tag ran: output after it is dropped.
        var parent: ParsedTemplate?

        init(root: TemplateScope) {
            self.root = root
        }
    }

    struct Frame {
        let scope: TemplateScope
        let inheritance: Inheritance
        /// The template the nodes being rendered were read from, for errors.
        let template: String

        func inner() -> Frame {
            Frame(scope: TemplateScope(parent: scope), inheritance: inheritance, template: template)
        }
    }

    // MARK: Templates

    /// `template` rendered in `scope`, following its `extends` to the root template.
    func render(_ template: ParsedTemplate, scope: TemplateScope) throws -> String {
        depth += 1
        defer { depth -= 1 }
        guard depth < Self.maximumDepth else { throw TemplateRuntimeError(reason: "templates nested more than \(Self.maximumDepth) deep (an include or a macro that calls itself)") }
        let inheritance = Inheritance(root: scope)
        // `self.name()`: a block rendered again, as the most derived template fills it.
        let blocks = TemplateNamespace(TemplateDict())
        scope.set("self", .namespace(blocks))
        var current = template
        var output = ""
        while true {
            let frame = Frame(scope: scope, inheritance: inheritance, template: current.name)
            for (name, block) in current.blocks {
                inheritance.blocks[name, default: []].append(block)
                blocks.values[name] = .callable(TemplateCallable(name: name) { [unowned self] _ in
                    .markup(try self.renderBlock(name, level: 0, frame, outer: scope))
                })
            }
            var dropped = ""
            try tagged(current.name) {
                for node in current.nodes {
                    if inheritance.parent == nil {
                        try render(node, frame, into: &output)
                    } else {
                        try render(node, frame, into: &dropped)
                    }
                }
            }
            guard let parent = inheritance.parent else { break }
            inheritance.parent = nil
            current = parent
        }
        return output
    }

    /// Runs `body`, naming `template` in an error that names no template yet.
    private func tagged<T>(_ template: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch var error as TemplateRuntimeError {
            if error.template == nil { error.template = template }
            throw error
        }
    }

    /// Runs `body`, placing an error that has no place yet at `place`.
    private func placed<T>(_ place: TemplatePlace, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch var error as TemplateRuntimeError {
            if error.place == nil { error.place = place }
            throw error
        }
    }

    // MARK: Statements

    func render(_ nodes: [TemplateNode], _ frame: Frame, into output: inout String) throws {
        for node in nodes { try render(node, frame, into: &output) }
    }

    private func render(_ node: TemplateNode, _ frame: Frame, into output: inout String) throws {
        switch node {
        case .text(let text):
            output += text
        case .output(let expression, let place):
            try placed(place) { output += try printed(try evaluate(expression, frame)) }
        case .conditional(let branches, let otherwise):
            for (condition, body) in branches where try truth(try evaluate(condition, frame)) {
                try render(body, frame, into: &output)
                return
            }
            try render(otherwise, frame, into: &output)
        case .loop(let loop):
            try placed(loop.place) { try render(loop, iterable: try evaluate(loop.iterable, frame), depth: 1, frame, into: &output) }
        case .set(let target, let expression, let place):
            try placed(place) { try assign(target, try evaluate(expression, frame), frame) }
        case .setBlock(let target, let filter, let body, let place):
            var text = ""
            try render(body, frame, into: &text)
            var value: TemplateValue = engine.options.autoescape ? .markup(text) : .string(text)
            if let filter { value = try placed(place) { try applyFilterChain(filter, to: value, frame) } }
            try placed(place) { try assign(target, value, frame) }
        case .macro(let macro):
            frame.scope.set(macro.name, makeMacro(macro, frame))
        case .callBlock(let caller, let call, let place):
            guard case .call(let callee, let arguments, _) = call else { return }
            try placed(place) {
                var values = try evaluate(arguments, frame)
                values.keywords.append(("caller", makeMacro(caller, frame)))
                output += try printed(try invoke(try evaluate(callee, frame), values))
            }
        case .filterBlock(let filter, let body):
            var text = ""
            try render(body, frame.inner(), into: &text)
            output += try printed(try applyFilterChain(filter, to: .string(text), frame))
        case .with(let assignments, let body):
            let inner = frame.inner()
            for (target, expression) in assignments { try assign(target, try evaluate(expression, frame), inner) }
            try render(body, inner, into: &output)
        case .block(let name, let scoped, _, let place):
            guard frame.inheritance.parent == nil else { return }
            // Whether the block sees the names where it stands (a loop's variable) is the
            // placing template's choice (`scoped`), whichever template fills it.
            let outer = scoped ? frame.scope : frame.inheritance.root
            try placed(place) { output += try renderBlock(name, level: 0, frame, outer: outer) }
        case .extends(let expression, let place):
            try placed(place) {
                guard frame.inheritance.parent == nil else { throw TemplateRuntimeError(reason: "extended multiple times") }
                frame.inheritance.parent = try engine.parsed(try templateName(try evaluate(expression, frame)))
            }
        case .include(let expression, let ignoreMissing, let withContext, let place):
            try placed(place) {
                let names = try templateNames(try evaluate(expression, frame))
                guard let name = names.first(where: { engine.exists($0) }) else {
                    if ignoreMissing { return }
                    throw TemplateRuntimeError(reason: names.count == 1 ? "template not found: \(names[0])" : "none of the templates given were found: \(names.joined(separator: ", "))")
                }
                let template = try engine.parsed(name)
                let scope = TemplateScope(parent: withContext ? frame.scope : engine.globalScope)
                output += try render(template, scope: scope)
            }
        case .importAs(let expression, let alias, let withContext, let place):
            try placed(place) {
                frame.scope.set(alias, .dict(try module(try templateName(try evaluate(expression, frame)), withContext: withContext, frame)))
            }
        case .fromImport(let expression, let names, let withContext, let place):
            try placed(place) {
                let name = try templateName(try evaluate(expression, frame))
                let exports = try module(name, withContext: withContext, frame)
                for (imported, alias) in names {
                    // As in Jinja, a name the template lacks is undefined, an error only where used.
                    frame.scope.set(alias, exports[imported] ?? .undefined(TemplateUndefined(name: imported, owner: nil, key: nil)))
                }
            }
        }
    }

    private func templateName(_ value: TemplateValue) throws -> String {
        guard let name = value.stringValue else { throw TemplateRuntimeError(reason: "a template name must be a string, not \(value.typeName)") }
        return name
    }

    private func templateNames(_ value: TemplateValue) throws -> [String] {
        if let items = value.sequence { return try items.map(templateName) }
        return [try templateName(value)]
    }

    /// The names a template defines at its top level (macros and `set`), those starting with
    /// `_` left out, as `import` gives them.
    private func module(_ name: String, withContext: Bool, _ frame: Frame) throws -> TemplateDict {
        let template = try engine.parsed(name)
        let scope = TemplateScope(parent: withContext ? frame.scope : engine.globalScope)
        _ = try render(template, scope: scope)
        return TemplateDict(scope.values.keys.sorted().filter { !$0.hasPrefix("_") }.map { ($0, scope.values[$0]!) })
    }

    /// The block called `name` as the template at `level` of inheritance defines it.
    private func renderBlock(_ name: String, level: Int, _ frame: Frame, outer: TemplateScope) throws -> String {
        guard let stack = frame.inheritance.blocks[name], level < stack.count else { return "" }
        let block = stack[level]
        if block.required, level == stack.count - 1 {
            throw TemplateRuntimeError(reason: "Required block '\(name)' not found")
        }
        let scope = TemplateScope(parent: outer)
        let inheritance = frame.inheritance
        if level + 1 < stack.count {
            scope.set("super", .callable(TemplateCallable(name: "super") { [unowned self] _ in
                .markup(try self.renderBlock(name, level: level + 1, frame, outer: outer))
            }))
        }
        var output = ""
        let blockFrame = Frame(scope: scope, inheritance: inheritance, template: block.template)
        try tagged(block.template) { try render(block.body, blockFrame, into: &output) }
        return output
    }

    // MARK: Loops

    private func render(_ loop: TemplateNode.Loop, iterable: TemplateValue, depth: Int, _ frame: Frame, into output: inout String) throws {
        var items = try iterate(iterable)
        if let condition = loop.condition {
            items = try items.filter { item in
                let scope = frame.inner()
                try assign(loop.target, item, scope)
                return try truth(try evaluate(condition, scope))
            }
        }
        guard !items.isEmpty else {
            try render(loop.otherwise, frame, into: &output)
            return
        }
        let changed = ChangeTracker()
        for (index, item) in items.enumerated() {
            let inner = frame.inner()
            var info = TemplateDict()
            info["index"] = .int(index + 1)
            info["index0"] = .int(index)
            info["revindex"] = .int(items.count - index)
            info["revindex0"] = .int(items.count - index - 1)
            info["first"] = .bool(index == 0)
            info["last"] = .bool(index == items.count - 1)
            info["length"] = .int(items.count)
            info["depth"] = .int(depth)
            info["depth0"] = .int(depth - 1)
            info["previtem"] = index > 0 ? items[index - 1] : .undefined(TemplateUndefined(name: "previtem", owner: nil, key: nil))
            info["nextitem"] = index + 1 < items.count ? items[index + 1] : .undefined(TemplateUndefined(name: "nextitem", owner: nil, key: nil))
            info["cycle"] = .callable(TemplateCallable(name: "cycle") { arguments in
                guard !arguments.positional.isEmpty else { throw TemplateRuntimeError(reason: "no items for cycling given") }
                return arguments.positional[index % arguments.positional.count]
            })
            info["changed"] = .callable(TemplateCallable(name: "changed") { arguments in
                .bool(changed.changed(arguments.positional))
            })
            if loop.recursive {
                info[Self.callKey] = .callable(TemplateCallable(name: "loop") { [unowned self] arguments in
                    var text = ""
                    try self.render(loop, iterable: arguments.positional.first ?? .list([]), depth: depth + 1, frame, into: &text)
                    return .markup(text)
                })
            }
            inner.scope.set("loop", .dict(info))
            try assign(loop.target, item, inner)
            try render(loop.body, inner, into: &output)
        }
    }

    /// The key under which a map keeps what calling it does (a recursive loop's `loop(…)`).
    static let callKey = "__call__"

    private final class ChangeTracker {
        private var last: [TemplateValue]?

        func changed(_ values: [TemplateValue]) -> Bool {
            defer { last = values }
            guard let last else { return true }
            return !(last.count == values.count && zip(last, values).allSatisfy { $0.pythonEquals($1) })
        }
    }

    /// The items a `for` walks: a sequence's, a map's keys, a string's characters.
    func iterate(_ value: TemplateValue) throws -> [TemplateValue] {
        switch value {
        case .list(let items), .tuple(let items, _), .object(let items, _): return items
        case .dict(let map): return map.keys.map { .string($0) }
        case .string(let text): return text.map { .string(String($0)) }
        case .markup(let text): return text.map { .markup(String($0)) }
        case .undefined(let undefined):
            if engine.options.undefined == .strict { throw TemplateRuntimeError(reason: undefined.message) }
            return []
        default: throw TemplateRuntimeError(reason: "'\(value.typeName)' object is not iterable")
        }
    }

    private func assign(_ target: TemplateTarget, _ value: TemplateValue, _ frame: Frame) throws {
        switch target {
        case .name(let name):
            frame.scope.set(name, value)
        case .tuple(let targets):
            let items = try iterate(value)
            guard items.count == targets.count else {
                throw TemplateRuntimeError(reason: items.count > targets.count ? "too many values to unpack (expected \(targets.count))" : "not enough values to unpack (expected \(targets.count), got \(items.count))")
            }
            for (target, item) in zip(targets, items) { try assign(target, item, frame) }
        case .attribute(let name, let attribute, let place):
            guard case .namespace(let namespace)? = frame.scope.lookup(name) else {
                throw TemplateRuntimeError(reason: "cannot assign attribute on non-namespace object", place: place)
            }
            namespace.values[attribute] = value
        }
    }

    // MARK: Macros

    private func makeMacro(_ macro: TemplateNode.Macro, _ frame: Frame) -> TemplateValue {
        let names = macro.parameters.map(\.0)
        return .callable(TemplateCallable(macro: macro.name, arguments: names, catchesVarargs: true) { [unowned self] arguments in
            let scope = TemplateScope(parent: frame.scope)
            let macroFrame = Frame(scope: scope, inheritance: frame.inheritance, template: frame.template)
            var extra: [TemplateValue] = []
            for (index, value) in arguments.positional.enumerated() {
                if index < names.count { scope.set(names[index], value) } else { extra.append(value) }
            }
            var keywords = TemplateDict()
            for (name, value) in arguments.keywords {
                if names.contains(name) {
                    if scope.values[name] != nil, names.firstIndex(of: name)! < arguments.positional.count {
                        throw TemplateRuntimeError(reason: "macro '\(macro.name)' got multiple values for argument '\(name)'")
                    }
                    scope.set(name, value)
                } else if name == "caller" {
                    scope.set("caller", value)
                } else {
                    keywords[name] = value
                }
            }
            for (name, fallback) in macro.parameters where scope.values[name] == nil {
                if let fallback {
                    scope.set(name, try self.tagged(frame.template) { try self.evaluate(fallback, macroFrame) })
                } else {
                    scope.set(name, .undefined(TemplateUndefined(name: name, owner: nil, key: nil)))
                }
            }
            scope.set("varargs", .tuple(extra))
            scope.set("kwargs", .dict(keywords))
            var output = ""
            self.depth += 1
            defer { self.depth -= 1 }
            guard self.depth < Self.maximumDepth else { throw TemplateRuntimeError(reason: "macros nested more than \(Self.maximumDepth) deep") }
            try self.tagged(frame.template) { try self.render(macro.body, macroFrame, into: &output) }
            return self.engine.options.autoescape ? .markup(output) : .string(output)
        })
    }

    // MARK: Values

    /// A value as `{{ … }}` prints it.
    func printed(_ value: TemplateValue) throws -> String {
        switch value {
        case .undefined(let undefined):
            switch engine.options.undefined {
            case .lenient: return ""
            case .debug: return undefined.debugText
            case .strict: throw TemplateRuntimeError(reason: undefined.message)
            }
        case .markup(let text): return text
        case .string(let text): return engine.options.autoescape ? TemplateFilters.escapeHTML(text) : text
        default: return engine.options.autoescape ? TemplateFilters.escapeHTML(value.pythonString) : value.pythonString
        }
    }

    /// Python's truth of a value; an undefined one is an error with `StrictUndefined`.
    func truth(_ value: TemplateValue) throws -> Bool {
        if case .undefined(let undefined) = value, engine.options.undefined == .strict { throw TemplateRuntimeError(reason: undefined.message) }
        return value.isTrue
    }

    func evaluate(_ expression: TemplateExpression, _ frame: Frame) throws -> TemplateValue {
        switch expression {
        case .literal(let value): return value
        case .name(let name, _):
            return frame.scope.lookup(name) ?? engine.globalScope.lookup(name) ?? .undefined(TemplateUndefined(name: name, owner: nil, key: nil))
        case .list(let items): return .list(try items.map { try evaluate($0, frame) })
        case .tuple(let items): return .tuple(try items.map { try evaluate($0, frame) })
        case .dict(let entries):
            var map = TemplateDict()
            for (key, value) in entries {
                let keyValue = try evaluate(key, frame)
                map[keyValue.stringValue ?? keyValue.pythonString] = try evaluate(value, frame)
            }
            return .dict(map)
        case .attribute(let base, let name, let place):
            return try placed(place) { try TemplateMethods.attribute(try evaluate(base, frame), name, engine: engine) }
        case .item(let base, let key, let place):
            return try placed(place) { try TemplateMethods.item(try evaluate(base, frame), try evaluate(key, frame), engine: engine) }
        case .slice(let base, let start, let stop, let step, let place):
            return try placed(place) {
                try TemplateMethods.slice(try evaluate(base, frame), start.map { try evaluate($0, frame) }, stop.map { try evaluate($0, frame) }, step.map { try evaluate($0, frame) })
            }
        case .call(let callee, let arguments, let place):
            return try placed(place) { try invoke(try evaluate(callee, frame), try evaluate(arguments, frame)) }
        case .filter:
            return try applyFilterChain(expression, to: nil, frame)
        case .test(let base, let name, let arguments, let negated, let place):
            return try placed(place) {
                let value = try evaluate(base, frame)
                let result = try TemplateTests.apply(name, to: value, try evaluate(arguments, frame), renderer: self)
                return .bool(negated ? !result : result)
            }
        case .not(let inner): return .bool(!(try truth(try evaluate(inner, frame))))
        case .negative(let inner, let place):
            return try placed(place) {
                let value = try evaluate(inner, frame)
                switch value {
                case .int(let number): return .int(-number)
                case .double(let number): return .double(-number)
                case .bool(let flag): return .int(flag ? -1 : 0)
                default: throw TemplateRuntimeError(reason: Self.operandError("unary -", value))
                }
            }
        case .positive(let inner, let place):
            return try placed(place) {
                let value = try evaluate(inner, frame)
                guard value.numeric != nil else { throw TemplateRuntimeError(reason: Self.operandError("unary +", value)) }
                if case .bool(let flag) = value { return .int(flag ? 1 : 0) }
                return value
            }
        case .binary(let symbol, let left, let right, let place):
            return try placed(place) { try TemplateOperators.binary(symbol, try evaluate(left, frame), try evaluate(right, frame), renderer: self) }
        case .and(let left, let right):
            let first = try evaluate(left, frame)
            return try truth(first) ? try evaluate(right, frame) : first
        case .or(let left, let right):
            let first = try evaluate(left, frame)
            return try truth(first) ? first : try evaluate(right, frame)
        case .compare(let first, let operations, let place):
            return try placed(place) {
                var left = try evaluate(first, frame)
                for (symbol, expression) in operations {
                    let right = try evaluate(expression, frame)
                    guard try TemplateOperators.compare(symbol, left, right, renderer: self) else { return .bool(false) }
                    left = right
                }
                return .bool(true)
            }
        case .conditional(let value, let test, let otherwise):
            if try truth(try evaluate(test, frame)) { return try evaluate(value, frame) }
            guard let otherwise else { return .undefined(TemplateUndefined(name: nil, owner: nil, key: nil)) }
            return try evaluate(otherwise, frame)
        }
    }

    static func operandError(_ operation: String, _ value: TemplateValue) -> String {
        if case .undefined(let undefined) = value { return undefined.message }
        return "bad operand type for \(operation): '\(value.typeName)'"
    }

    private func evaluate(_ arguments: [TemplateExpression.Argument], _ frame: Frame) throws -> TemplateArguments {
        var result = TemplateArguments()
        for argument in arguments {
            switch argument {
            case .positional(let expression): result.positional.append(try evaluate(expression, frame))
            case .keyword(let name, let expression): result.keywords.append((name, try evaluate(expression, frame)))
            case .spread(let expression): result.positional += try iterate(try evaluate(expression, frame))
            case .spreadKeywords(let expression):
                guard case .dict(let map) = try evaluate(expression, frame) else { throw TemplateRuntimeError(reason: "argument after ** must be a mapping") }
                result.keywords += map.entries.map { ($0.key, $0.value) }
            }
        }
        return result
    }

    func invoke(_ callee: TemplateValue, _ arguments: TemplateArguments) throws -> TemplateValue {
        switch callee {
        case .callable(let callable): return try callable.call(arguments)
        case .dict(let map):
            if case .callable(let callable)? = map[Self.callKey] { return try callable.call(arguments) }
        case .undefined(let undefined): throw TemplateRuntimeError(reason: undefined.message)
        default: break
        }
        throw TemplateRuntimeError(reason: "'\(callee.typeName)' object is not callable")
    }

    /// A filter expression applied: its innermost base evaluated (or `input`, for a
    /// `{% filter %}` block), then each filter outward.
    private func applyFilterChain(_ expression: TemplateExpression, to input: TemplateValue?, _ frame: Frame) throws -> TemplateValue {
        guard case .filter(let base, let name, let arguments, let place) = expression else {
            return try evaluate(expression, frame)
        }
        let value: TemplateValue
        if let base {
            value = try applyFilterChain(base, to: input, frame)
        } else {
            value = input ?? .none
        }
        return try placed(place) {
            try TemplateFilters.apply(name, to: value, try evaluate(arguments, frame), context: TemplateFilterContext(renderer: self, frame: frame))
        }
    }
}

/// What a filter can ask of the template it runs in: a name's value (mkdocs' `url` reads
/// `base_url`), and the renderer, for filters that call tests and filters.
package struct TemplateFilterContext {
    let renderer: TemplateRenderer
    let frame: TemplateRenderer.Frame

    package func lookup(_ name: String) -> TemplateValue? {
        frame.scope.lookup(name) ?? renderer.engine.globalScope.lookup(name)
    }

    /// A value as text, as Jinja's filters read it (an undefined one as the engine's
    /// undefined values print).
    package func text(_ value: TemplateValue) throws -> String {
        try renderer.text(value)
    }
}

/// A filter: the value, the arguments written after its name, and the template it runs in.
package typealias TemplateFilter = @Sendable (TemplateValue, TemplateArguments, TemplateFilterContext) throws -> TemplateValue
