// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0

/// Reads a template's pieces into nodes, with Jinja's grammar: its statements, and its
/// expressions with Jinja's precedence (conditional, `or`, `and`, `not`, comparisons, `+ -`,
/// `~`, `* / // %`, `**`, unary signs, then attributes, items, calls, filters and tests).
struct TemplateParser {
    private var pieces: [TemplateLexer.Piece]
    private var index = 0
    private var blocks: [String: BlockDefinition] = [:]
    private let name: String
    /// The tokens of the tag being read, and where in them.
    private var tokens: [TemplateLexer.Token] = []
    private var cursor = 0

    static func parse(_ source: String, name: String, options: TemplateLexer.Options) throws(TemplateSyntaxError) -> ParsedTemplate {
        var lexer = TemplateLexer(source, options: options)
        var parser = TemplateParser(pieces: try lexer.pieces(), name: name)
        let (nodes, end) = try parser.body(until: [])
        if let end { throw TemplateSyntaxError("Encountered unknown tag '\(end.name)'.", at: end.place) }
        return ParsedTemplate(name: name, nodes: nodes, blocks: parser.blocks)
    }

    private init(pieces: [TemplateLexer.Piece], name: String) {
        self.pieces = pieces
        self.name = name
    }

    // MARK: Statements

    /// Nodes up to a tag named in `ends` (left as the current tokens, its name read), or
    /// the template's end.
    private mutating func body(until ends: Set<String>) throws(TemplateSyntaxError) -> ([TemplateNode], (name: String, place: TemplatePlace)?) {
        var nodes: [TemplateNode] = []
        while index < pieces.count {
            let piece = pieces[index]
            index += 1
            switch piece {
            case .text(let text): nodes.append(.text(text))
            case .output(let tagTokens, let place):
                tokens = tagTokens
                cursor = 0
                let expression = try tuple()
                try expectEnd("end of print statement")
                nodes.append(.output(expression, place))
            case .statement(let tagTokens, let place):
                tokens = tagTokens
                cursor = 0
                guard current.kind == .name else { throw TemplateSyntaxError("tag name expected", at: place) }
                let tag = current.text
                if ends.contains(tag) {
                    cursor += 1
                    return (nodes, (tag, place))
                }
                cursor += 1
                if let node = try statement(tag, place: place, ends: ends) { nodes.append(node) }
            }
        }
        if !ends.isEmpty {
            let expected = ends.sorted().map { "'\($0)'" }.joined(separator: " or ")
            throw TemplateSyntaxError("Unexpected end of template. Jinja was looking for the following tags: \(expected).", at: lastPlace)
        }
        return (nodes, nil)
    }

    private var lastPlace: TemplatePlace {
        for piece in pieces.reversed() {
            switch piece {
            case .output(_, let place), .statement(_, let place): return place
            case .text: continue
            }
        }
        return TemplatePlace(line: 1, column: 1)
    }

    private mutating func statement(_ tag: String, place: TemplatePlace, ends: Set<String>) throws(TemplateSyntaxError) -> TemplateNode? {
        switch tag {
        case "if": return try conditional(place)
        case "for": return try loop(place)
        case "set": return try set(place)
        case "macro":
            return .macro(try macro(place))
        case "call": return try callBlock(place)
        case "filter":
            let filters = try filterChain(nil)
            try expectEnd("end of statement block")
            let (inner, _) = try body(until: ["endfilter"])
            try expectEnd("end of statement block")
            return .filterBlock(filters, inner)
        case "with":
            var assignments: [(TemplateTarget, TemplateExpression)] = []
            while current.kind != .end {
                if !assignments.isEmpty { try expect(",") }
                let target = try assignTarget()
                try expect("=")
                assignments.append((target, try expression()))
            }
            try expectEnd("end of statement block")
            let (inner, _) = try body(until: ["endwith"])
            try expectEnd("end of statement block")
            return .with(assignments, inner)
        case "autoescape":
            _ = try expression()
            try expectEnd("end of statement block")
            let (inner, _) = try body(until: ["endautoescape"])
            try expectEnd("end of statement block")
            return .with([], inner)
        case "block": return try block(place)
        case "extends":
            let parent = try expression()
            try expectEnd("end of statement block")
            return .extends(parent, place)
        case "include":
            let template = try expression()
            var ignoreMissing = false
            if isName("ignore"), next.kind == .name, next.text == "missing" {
                cursor += 2
                ignoreMissing = true
            }
            let withContext = try contextModifier(default: true)
            try expectEnd("end of statement block")
            return .include(template, ignoreMissing: ignoreMissing, withContext: withContext, place)
        case "import":
            let template = try expression()
            guard isName("as") else { throw unexpected("name:as") }
            cursor += 1
            let alias = try identifier()
            let withContext = try contextModifier(default: false)
            try expectEnd("end of statement block")
            return .importAs(template, name: alias, withContext: withContext, place)
        case "from":
            let template = try expression()
            guard isName("import") else { throw unexpected("name:import") }
            cursor += 1
            var names: [(String, String)] = []
            var withContext = false
            while current.kind != .end {
                if (isName("with") || isName("without")), next.kind == .name, next.text == "context" {
                    withContext = try contextModifier(default: false)
                    break
                }
                if !names.isEmpty {
                    try expect(",")
                    if (isName("with") || isName("without")), next.kind == .name, next.text == "context" { continue }
                }
                let imported = try identifier()
                var alias = imported
                if isName("as") {
                    cursor += 1
                    alias = try identifier()
                }
                names.append((imported, alias))
            }
            try expectEnd("end of statement block")
            return .fromImport(template, names: names, withContext: withContext, place)
        default:
            if !ends.isEmpty {
                let expected = ends.sorted().map { "'\($0)'" }.joined(separator: " or ")
                throw TemplateSyntaxError("Encountered unknown tag '\(tag)'. Jinja was looking for the following tags: \(expected).", at: place)
            }
            throw TemplateSyntaxError("Encountered unknown tag '\(tag)'.", at: place)
        }
    }

    private mutating func contextModifier(default value: Bool) throws(TemplateSyntaxError) -> Bool {
        guard isName("with") || isName("without"), next.kind == .name, next.text == "context" else { return value }
        let with = current.text == "with"
        cursor += 2
        return with
    }

    private mutating func conditional(_ place: TemplatePlace) throws(TemplateSyntaxError) -> TemplateNode {
        var branches: [(TemplateExpression, [TemplateNode])] = []
        var condition = try tuple(conditional: false)
        try expectEnd("end of statement block")
        while true {
            let (inner, end) = try body(until: ["elif", "else", "endif"])
            branches.append((condition, inner))
            switch end?.name {
            case "elif":
                condition = try tuple(conditional: false)
                try expectEnd("end of statement block")
            case "else":
                try expectEnd("end of statement block")
                let (otherwise, _) = try body(until: ["endif"])
                try expectEnd("end of statement block")
                return .conditional(branches, otherwise: otherwise)
            default:
                try expectEnd("end of statement block")
                return .conditional(branches, otherwise: [])
            }
        }
    }

    private mutating func loop(_ place: TemplatePlace) throws(TemplateSyntaxError) -> TemplateNode {
        let target = try assignTarget(namespace: false)
        guard isName("in") else { throw unexpected("name:in") }
        cursor += 1
        let iterable = try tuple(conditional: false, stopAt: ["recursive"])
        var condition: TemplateExpression?
        if isName("if") {
            cursor += 1
            condition = try expression()
        }
        var recursive = false
        if isName("recursive") {
            cursor += 1
            recursive = true
        }
        try expectEnd("end of statement block")
        let (inner, end) = try body(until: ["endfor", "else"])
        var otherwise: [TemplateNode] = []
        try expectEnd("end of statement block")
        if end?.name == "else" {
            (otherwise, _) = try body(until: ["endfor"])
            try expectEnd("end of statement block")
        }
        return .loop(.init(target: target, iterable: iterable, condition: condition, recursive: recursive, body: inner, otherwise: otherwise, place: place))
    }

    private mutating func set(_ place: TemplatePlace) throws(TemplateSyntaxError) -> TemplateNode {
        let target = try assignTarget()
        if isSymbol("=") {
            cursor += 1
            let value = try tuple()
            try expectEnd("end of statement block")
            return .set(target, value, place)
        }
        var filters: TemplateExpression?
        if isSymbol("|") {
            cursor += 1
            filters = try filterChain(nil)
        }
        try expectEnd("end of statement block")
        let (inner, _) = try body(until: ["endset"])
        try expectEnd("end of statement block")
        return .setBlock(target, filter: filters, inner, place)
    }

    private mutating func macro(_ place: TemplatePlace) throws(TemplateSyntaxError) -> TemplateNode.Macro {
        let name = try identifier()
        let parameters = try parameterList()
        try expectEnd("end of statement block")
        let (inner, _) = try body(until: ["endmacro"])
        if current.kind == .name { cursor += 1 }
        try expectEnd("end of statement block")
        return .init(name: name, parameters: parameters, body: inner, place: place)
    }

    /// `(a, b=1)`
    private mutating func parameterList() throws(TemplateSyntaxError) -> [(String, TemplateExpression?)] {
        try expect("(")
        var parameters: [(String, TemplateExpression?)] = []
        while !isSymbol(")") {
            if !parameters.isEmpty { try expect(",") }
            if isSymbol(")") { break }
            let name = try identifier()
            var value: TemplateExpression?
            if isSymbol("=") {
                cursor += 1
                value = try expression()
            } else if parameters.contains(where: { $0.1 != nil }) {
                throw TemplateSyntaxError("non-default argument follows default argument", at: current.place)
            }
            parameters.append((name, value))
        }
        cursor += 1
        return parameters
    }

    private mutating func callBlock(_ place: TemplatePlace) throws(TemplateSyntaxError) -> TemplateNode {
        let parameters = isSymbol("(") ? try parameterList() : []
        let call = try expression()
        guard case .call = call else { throw TemplateSyntaxError("expected call", at: place) }
        try expectEnd("end of statement block")
        let (inner, _) = try body(until: ["endcall"])
        try expectEnd("end of statement block")
        return .callBlock(caller: .init(name: "caller", parameters: parameters, body: inner, place: place), call: call, place)
    }

    private mutating func block(_ place: TemplatePlace) throws(TemplateSyntaxError) -> TemplateNode {
        let name = try identifier()
        var scoped = false
        var required = false
        while isName("scoped") || isName("required") {
            if current.text == "scoped" { scoped = true } else { required = true }
            cursor += 1
        }
        try expectEnd("end of statement block")
        let (inner, _) = try body(until: ["endblock"])
        if current.kind == .name {
            guard current.text == name else { throw TemplateSyntaxError("mismatching name of block: '\(current.text)' closes '\(name)'", at: current.place) }
            cursor += 1
        }
        try expectEnd("end of statement block")
        guard blocks[name] == nil else { throw TemplateSyntaxError("block '\(name)' defined twice", at: place) }
        blocks[name] = BlockDefinition(name: name, template: self.name, body: inner, scoped: scoped, required: required)
        return .block(name: name, scoped: scoped, required: required, place)
    }

    private mutating func assignTarget(namespace: Bool = true) throws(TemplateSyntaxError) -> TemplateTarget {
        var targets: [TemplateTarget] = []
        var sawComma = false
        repeat {
            if !targets.isEmpty {
                cursor += 1
                sawComma = true
                if current.kind != .name { break }
            }
            let place = current.place
            let name = try identifier()
            if namespace, isSymbol(".") {
                cursor += 1
                targets.append(.attribute(name, try identifier(), place))
            } else {
                targets.append(.name(name))
            }
        } while isSymbol(",")
        return targets.count == 1 && !sawComma ? targets[0] : .tuple(targets)
    }

    // MARK: Expressions

    /// Expressions separated by commas: one alone, or a tuple.
    private mutating func tuple(conditional: Bool = true, stopAt: Set<String> = [], explicitParentheses: Bool = false) throws(TemplateSyntaxError) -> TemplateExpression {
        var items: [TemplateExpression] = []
        var sawComma = false
        while true {
            if !items.isEmpty {
                guard isSymbol(",") else { break }
                cursor += 1
                sawComma = true
            }
            if current.kind == .end || isSymbol(")") || isSymbol("]") || isSymbol("}") || (current.kind == .name && (stopAt.contains(current.text) || (!conditional && current.text == "if"))) {
                break
            }
            items.append(conditional ? try expression() : try or())
        }
        if items.count == 1, !sawComma { return items[0] }
        if items.isEmpty, !explicitParentheses { throw TemplateSyntaxError("Expected an expression, got '\(describe(current))'", at: current.place) }
        return .tuple(items)
    }

    /// A conditional expression (`a if b else c`) or anything tighter.
    private mutating func expression() throws(TemplateSyntaxError) -> TemplateExpression {
        var result = try or()
        while isName("if") {
            cursor += 1
            let test = try or()
            var otherwise: TemplateExpression?
            if isName("else") {
                cursor += 1
                otherwise = try expression()
            }
            result = .conditional(result, test: test, otherwise: otherwise)
        }
        return result
    }

    private mutating func or() throws(TemplateSyntaxError) -> TemplateExpression {
        var left = try and()
        while isName("or") {
            cursor += 1
            left = .or(left, try and())
        }
        return left
    }

    private mutating func and() throws(TemplateSyntaxError) -> TemplateExpression {
        var left = try not()
        while isName("and") {
            cursor += 1
            left = .and(left, try not())
        }
        return left
    }

    private mutating func not() throws(TemplateSyntaxError) -> TemplateExpression {
        if isName("not") {
            cursor += 1
            return .not(try not())
        }
        return try compare()
    }

    private mutating func compare() throws(TemplateSyntaxError) -> TemplateExpression {
        let place = current.place
        let first = try sum()
        var operations: [(String, TemplateExpression)] = []
        while true {
            if current.kind == .symbol, ["==", "!=", "<", "<=", ">", ">="].contains(current.text) {
                let symbol = current.text
                cursor += 1
                operations.append((symbol, try sum()))
            } else if isName("in") {
                cursor += 1
                operations.append(("in", try sum()))
            } else if isName("not"), next.kind == .name, next.text == "in" {
                cursor += 2
                operations.append(("notin", try sum()))
            } else {
                break
            }
        }
        return operations.isEmpty ? first : .compare(first, operations, place)
    }

    private mutating func sum() throws(TemplateSyntaxError) -> TemplateExpression {
        var left = try concatenation()
        while current.kind == .symbol, current.text == "+" || current.text == "-" {
            let symbol = current.text
            let place = current.place
            cursor += 1
            left = .binary(symbol, left, try concatenation(), place)
        }
        return left
    }

    private mutating func concatenation() throws(TemplateSyntaxError) -> TemplateExpression {
        var left = try product()
        while isSymbol("~") {
            let place = current.place
            cursor += 1
            left = .binary("~", left, try product(), place)
        }
        return left
    }

    private mutating func product() throws(TemplateSyntaxError) -> TemplateExpression {
        var left = try power()
        while current.kind == .symbol, ["*", "/", "//", "%"].contains(current.text) {
            let symbol = current.text
            let place = current.place
            cursor += 1
            left = .binary(symbol, left, try power(), place)
        }
        return left
    }

    private mutating func power() throws(TemplateSyntaxError) -> TemplateExpression {
        var left = try unary()
        while isSymbol("**") {
            let place = current.place
            cursor += 1
            left = .binary("**", left, try unary(), place)
        }
        return left
    }

    private mutating func unary(withFilters: Bool = true) throws(TemplateSyntaxError) -> TemplateExpression {
        let place = current.place
        var node: TemplateExpression
        if isSymbol("-") {
            cursor += 1
            node = .negative(try unary(withFilters: false), place)
        } else if isSymbol("+") {
            cursor += 1
            node = .positive(try unary(withFilters: false), place)
        } else {
            node = try primary()
        }
        node = try postfix(node, from: place)
        return withFilters ? try filters(node) : node
    }

    private mutating func primary() throws(TemplateSyntaxError) -> TemplateExpression {
        let token = current
        switch token.kind {
        case .name:
            cursor += 1
            switch token.text {
            case "true", "True": return .literal(.bool(true))
            case "false", "False": return .literal(.bool(false))
            case "none", "None": return .literal(.none)
            default: return .name(token.text, token.place)
            }
        case .string:
            cursor += 1
            var text = token.text
            // Strings side by side are one, as in Python.
            while current.kind == .string {
                text += current.text
                cursor += 1
            }
            return .literal(.string(text))
        case .integer:
            cursor += 1
            guard let number = Int(token.text) else { throw TemplateSyntaxError("integer too large: \(token.text)", at: token.place) }
            return .literal(.int(number))
        case .float:
            cursor += 1
            return .literal(.double(Double(token.text) ?? 0))
        case .symbol where token.text == "(":
            cursor += 1
            let inner = try tuple(explicitParentheses: true)
            try expect(")")
            return inner
        case .symbol where token.text == "[":
            cursor += 1
            var items: [TemplateExpression] = []
            while !isSymbol("]") {
                if !items.isEmpty {
                    try expect(",")
                    if isSymbol("]") { break }
                }
                items.append(try expression())
            }
            cursor += 1
            return .list(items)
        case .symbol where token.text == "{":
            cursor += 1
            var entries: [(TemplateExpression, TemplateExpression)] = []
            while !isSymbol("}") {
                if !entries.isEmpty {
                    try expect(",")
                    if isSymbol("}") { break }
                }
                let key = try expression()
                try expect(":")
                entries.append((key, try expression()))
            }
            cursor += 1
            return .dict(entries)
        default:
            throw TemplateSyntaxError("unexpected '\(describe(token))'", at: token.place)
        }
    }

    /// Attributes, items and calls after `start`, each placed where the expression begins
    /// (`page` of `page.title.upper()`), where an error in it is reported.
    private mutating func postfix(_ start: TemplateExpression, from place: TemplatePlace) throws(TemplateSyntaxError) -> TemplateExpression {
        var node = start
        while true {
            if isSymbol(".") {
                cursor += 1
                if current.kind == .integer {
                    node = .item(node, .literal(.int(Int(current.text) ?? 0)), place)
                    cursor += 1
                } else {
                    node = .attribute(node, try identifier(), place)
                }
            } else if isSymbol("[") {
                cursor += 1
                node = try subscripted(node, place)
                try expect("]")
            } else if isSymbol("(") {
                node = .call(node, try arguments(), place)
            } else {
                return node
            }
        }
    }

    private mutating func subscripted(_ node: TemplateExpression, _ place: TemplatePlace) throws(TemplateSyntaxError) -> TemplateExpression {
        var parts: [TemplateExpression?] = [nil]
        var isSlice = false
        if !isSymbol(":") { parts[0] = try expression() }
        while isSymbol(":"), parts.count < 3 {
            isSlice = true
            cursor += 1
            if isSymbol(":") || isSymbol("]") {
                parts.append(nil)
            } else {
                parts.append(try expression())
            }
        }
        if !isSlice {
            if isSymbol(",") {
                var items = [parts[0]!]
                while isSymbol(",") {
                    cursor += 1
                    if isSymbol("]") { break }
                    items.append(try expression())
                }
                return .item(node, .tuple(items), place)
            }
            return .item(node, parts[0]!, place)
        }
        while parts.count < 3 { parts.append(nil) }
        return .slice(node, parts[0], parts[1], parts[2], place)
    }

    /// `(a, b=c, *d, **e)`
    private mutating func arguments() throws(TemplateSyntaxError) -> [TemplateExpression.Argument] {
        try expect("(")
        var arguments: [TemplateExpression.Argument] = []
        while !isSymbol(")") {
            if !arguments.isEmpty {
                try expect(",")
                if isSymbol(")") { break }
            }
            if isSymbol("*") {
                cursor += 1
                arguments.append(.spread(try expression()))
            } else if isSymbol("**") {
                cursor += 1
                arguments.append(.spreadKeywords(try expression()))
            } else if current.kind == .name, next.kind == .symbol, next.text == "=" {
                let name = current.text
                cursor += 2
                arguments.append(.keyword(name, try expression()))
            } else {
                arguments.append(.positional(try expression()))
            }
        }
        cursor += 1
        return arguments
    }

    /// Filters and tests after an expression, and calls of what they give.
    private mutating func filters(_ start: TemplateExpression) throws(TemplateSyntaxError) -> TemplateExpression {
        var node = start
        while true {
            if isSymbol("|") {
                node = try filterChain(node)
            } else if isName("is") {
                let place = current.place
                cursor += 1
                var negated = false
                if isName("not") {
                    cursor += 1
                    negated = true
                }
                let name = try dottedName()
                var testArguments: [TemplateExpression.Argument] = []
                if isSymbol("(") {
                    testArguments = try arguments()
                } else if [.name, .string, .integer, .float].contains(current.kind) || isSymbol("[") || isSymbol("{") {
                    if current.kind == .name, ["else", "or", "and"].contains(current.text) {
                        // A keyword ends the test.
                    } else {
                        if isName("is") { throw TemplateSyntaxError("You cannot chain multiple tests with is", at: current.place) }
                        let place = current.place
                        testArguments = [.positional(try postfix(try primary(), from: place))]
                    }
                }
                node = .test(node, name, testArguments, negated: negated, place)
            } else if isSymbol("(") {
                let place = current.place
                node = .call(node, try arguments(), place)
            } else {
                return node
            }
        }
    }

    /// `| a(…) | b`, applied to `start` (`nil`: a `{% filter %}` block's text).
    private mutating func filterChain(_ start: TemplateExpression?) throws(TemplateSyntaxError) -> TemplateExpression {
        var node = start
        var first = start == nil
        while isSymbol("|") || first {
            if !first { cursor += 1 }
            first = false
            let place = current.place
            let name = try dottedName()
            let arguments = isSymbol("(") ? try arguments() : []
            node = .filter(node, name, arguments, place)
        }
        return node!
    }

    private mutating func dottedName() throws(TemplateSyntaxError) -> String {
        var name = try identifier()
        while isSymbol("."), next.kind == .name {
            cursor += 1
            name += "." + (try identifier())
        }
        return name
    }

    // MARK: Tokens

    private var current: TemplateLexer.Token { tokens[min(cursor, tokens.count - 1)] }
    private var next: TemplateLexer.Token { tokens[min(cursor + 1, tokens.count - 1)] }

    private func isName(_ text: String) -> Bool {
        current.kind == .name && current.text == text
    }

    private func isSymbol(_ text: String) -> Bool {
        current.kind == .symbol && current.text == text
    }

    private mutating func identifier() throws(TemplateSyntaxError) -> String {
        guard current.kind == .name else { throw unexpected("name") }
        defer { cursor += 1 }
        return current.text
    }

    private mutating func expect(_ symbol: String) throws(TemplateSyntaxError) {
        guard isSymbol(symbol) else { throw unexpected("'\(symbol)'") }
        cursor += 1
    }

    private mutating func expectEnd(_ what: String) throws(TemplateSyntaxError) {
        guard current.kind == .end else { throw TemplateSyntaxError("expected token '\(what)', got '\(describe(current))'", at: current.place) }
    }

    private func unexpected(_ expected: String) -> TemplateSyntaxError {
        TemplateSyntaxError("expected token '\(expected)', got '\(describe(current))'", at: current.place)
    }

    private func describe(_ token: TemplateLexer.Token) -> String {
        switch token.kind {
        case .end: return "end of statement block"
        case .string: return "string"
        case .integer: return "integer"
        case .float: return "float"
        case .name, .symbol: return token.text
        }
    }
}
