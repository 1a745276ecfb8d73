// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
@preconcurrency import Stencil

/// Jinja's filters and tags that mkdocs sites and theme overrides use and Stencil lacks or
/// names otherwise, registered before Stencil's own so that Jinja's meaning wins where both
/// have a name (`default`).
package enum JinjaExtension {
    /// The extension every Galley template environment is made with.
    nonisolated(unsafe) package static let shared: Extension = {
        let jinja = Extension()
        jinja.registerFilter("upper") { ($0 as? String)?.uppercased() ?? $0 }
        jinja.registerFilter("lower") { ($0 as? String)?.lowercased() ?? $0 }
        jinja.registerFilter("trim") { ($0 as? String)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? $0 }
        jinja.registerFilter("title") { ($0 as? String)?.capitalized ?? $0 }
        jinja.registerFilter("length", filter: length)
        jinja.registerFilter("count", filter: length)
        jinja.registerFilter("default", filter: defaultValue)
        jinja.registerFilter("d", filter: defaultValue)
        jinja.registerFilter("e", filter: escape)
        jinja.registerFilter("escape", filter: escape)
        // Stencil never escapes, so what Jinja marks safe is printed as it is anyway.
        jinja.registerFilter("safe") { $0 }
        jinja.registerFilter("string") { $0.map(text) ?? "" }
        jinja.registerFilter("int") { value in Int(value.map(text)?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0 }
        jinja.registerFilter("first") { ($0 as? [Any])?.first ?? ($0 as? String)?.first.map(String.init) }
        jinja.registerFilter("last") { ($0 as? [Any])?.last ?? ($0 as? String)?.last.map(String.init) }
        jinja.registerFilter("striptags") { value in
            guard let html = value as? String else { return value }
            return html.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        jinja.registerFilter("replace") { value, arguments in
            guard let text = value as? String, arguments.count >= 2, let old = arguments[0] as? String else { return value }
            return text.replacingOccurrences(of: old, with: arguments[1].map(Self.text) ?? "")
        }
        jinja.registerFilter("tojson") { value in
            guard let value else { return "null" }
            if let text = value as? String {
                return (try? JSONEncoder().encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
            }
            guard JSONSerialization.isValidJSONObject([value]), let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]) else {
                return text(value)
            }
            return String(decoding: data, as: UTF8.self)
        }
        // mkdocs' `url` filter: a path inside the site, made relative to the page (`base_url`).
        jinja.registerFilter("url") { value, _, context in
            guard let path = value as? String else { return value }
            if path.contains("://") || path.hasPrefix("/") || path.hasPrefix("#") || path.hasPrefix("mailto:") { return path }
            let base = (context["base_url"] as? String) ?? "."
            return (base.hasSuffix("/") ? base : base + "/") + path
        }
        jinja.registerFilter(printFilter) { value in value.map(printed) }
        jinja.registerTag("set", parser: SetNode.parse)
        return jinja
    }()

    /// The filter ``JinjaDialect`` ends every printed expression with.
    package static let printFilter = "jinja_print"

    /// A value as Jinja prints it: Python's spelling of booleans, lists and maps; text as it is.
    static func printed(_ value: Any) -> Any {
        switch value {
        case let text as String: return text
        case is Bool, is [Any], is [String: Any]: return pythonLiteral(value)
        default: return value
        }
    }

    private static func pythonLiteral(_ value: Any) -> String {
        switch value {
        case let flag as Bool: return flag ? "True" : "False"
        case let text as String: return text.contains("'") && !text.contains("\"") ? "\"" + text + "\"" : "'" + text.replacingOccurrences(of: "'", with: "\\'") + "'"
        case let items as [Any]: return "[" + items.map(pythonLiteral).joined(separator: ", ") + "]"
        case let map as [String: Any]: return "{" + map.sorted { $0.key < $1.key }.map { pythonLiteral($0.key) + ": " + pythonLiteral($0.value) }.joined(separator: ", ") + "}"
        case let number as Double: return number == number.rounded() && abs(number) < 1e16 ? String(format: "%.1f", number) : String(number)
        default: return String(describing: value)
        }
    }

    private static func length(_ value: Any?) -> Any? {
        if let text = value as? String { return text.count }
        if let items = value as? [Any] { return items.count }
        if let map = value as? [String: Any] { return map.count }
        return 0
    }

    /// Jinja's `default(fallback, boolean)`: the fallback for an undefined value, and with
    /// `boolean` true for any false one (an empty string, `false`, `0`, an empty list).
    private static func defaultValue(_ value: Any?, _ arguments: [Any?]) -> Any? {
        let fallback = arguments.first ?? nil
        let orFalse = (arguments.count > 1 ? arguments[1] as? Bool : nil) ?? false
        guard let value else { return fallback }
        guard orFalse else { return value }
        switch value {
        case let text as String where text.isEmpty: return fallback
        case let flag as Bool where !flag: return fallback
        case let number as Int where number == 0: return fallback
        case let items as [Any] where items.isEmpty: return fallback
        default: return value
        }
    }

    private static func escape(_ value: Any?) -> Any? {
        guard let value else { return "" }
        return text(value).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&#34;").replacingOccurrences(of: "'", with: "&#39;")
    }

    /// A value as Jinja prints it: Python's spelling of booleans.
    static func text(_ value: Any) -> String {
        switch value {
        case let flag as Bool: flag ? "True" : "False"
        case let text as String: text
        default: String(describing: value)
        }
    }
}

/// `{% set name = expression %}`: gives `name` a value for the rest of the enclosing scope.
private final class SetNode: NodeType {
    let name: String
    let value: any Resolvable
    let token: Token?

    init(name: String, value: any Resolvable, token: Token) {
        self.name = name
        self.value = value
        self.token = token
    }

    static func parse(_ parser: TokenParser, token: Token) throws -> any NodeType {
        let components = token.components
        guard components.count >= 4, components[2] == "=" else {
            throw TemplateSyntaxError("'set' takes a name, '=' and a value: `set name = value`")
        }
        let expression = components.dropFirst(3).joined(separator: " ")
        return SetNode(name: components[1], value: try parser.compileResolvable(expression, containedIn: token), token: token)
    }

    func render(_ context: Context) throws -> String {
        context[name] = try value.resolve(context)
        return ""
    }
}
