// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import Synchronization

/// Galley's Jinja: one environment for a build. Pages' templates (mkdocs-macros) and the
/// theme's (`custom_dir` overrides) each render with one. Templates are found in
/// `directories` in order, then among `builtIn` ones; each is read and parsed once, and is
/// only read after, so one engine renders pages on many threads.
///
/// No Swift package implements Jinja, and mkdocs themes, Material's overrides and
/// mkdocs-macros pages are written in it; so Galley has its own, tested against Jinja itself
/// (the same templates and values must give the same text).
package final class TemplateEngine: @unchecked Sendable {
    package struct Options: Sendable {
        /// The first line break after a block tag is dropped.
        package var trimBlocks = false
        /// Spaces and tabs before a block tag at a line's start are dropped.
        package var lstripBlocks = false
        /// A template's final line break is kept (Jinja drops it).
        package var keepTrailingNewline = false
        package var undefined: Undefined = .lenient
        /// Printed text is HTML-escaped unless marked safe. mkdocs and mkdocs-macros leave it off.
        package var autoescape = false

        package init() {}
    }

    /// What a name without a value does, as Jinja's `Undefined` classes do.
    package enum Undefined: Sendable {
        /// Jinja's default: prints nothing, is false, iterates as empty; an attribute of it is an error.
        case lenient
        /// `DebugUndefined` (mkdocs-macros' `on_undefined: keep`): prints as written (`{{ name }}`).
        case debug
        /// `StrictUndefined`: anything but `is defined` and `default` is an error.
        case strict
    }

    let options: Options
    let filters: [String: TemplateFilter]
    let globalScope: TemplateScope
    private let directories: [String]
    /// Folders for the names under one prefix only, searched after `directories`.
    private let prefixed: [(prefix: String, directory: String)]
    private let builtIn: [String: String]
    private let cache = Mutex<[String: Parsed]>([:])

    private enum Parsed: @unchecked Sendable {
        case template(ParsedTemplate)
        case failure(TemplateRuntimeError)
    }

    /// An engine reading templates from `directories` in order, then (for a name starting
    /// with one of `prefixed`'s prefixes) from that prefix's folder, then from `builtIn`.
    package init(
        directories: [String], prefixed: [(prefix: String, directory: String)] = [], builtIn: [String: String] = [:],
        options: Options = Options(), filters: [String: TemplateFilter] = [:], globals: [String: TemplateValue] = [:]
    ) {
        self.directories = directories
        self.prefixed = prefixed
        self.builtIn = builtIn
        self.options = options
        self.filters = filters
        globalScope = TemplateScope(TemplateGlobals.all.merging(globals) { _, own in own }, parent: nil)
    }

    /// Whether every template of this engine has `name` (`range`, mkdocs-macros' `now`).
    package func isGlobal(_ name: String) -> Bool {
        globalScope.lookup(name) != nil
    }

    // MARK: Rendering

    /// The template called `name` rendered with `context`.
    package func render(template name: String, context: [String: TemplateValue]) throws(TemplateError) -> String {
        try reporting(name) {
            try TemplateRenderer(engine: self).render(try parsed(name), scope: TemplateScope(context, parent: globalScope))
        }
    }

    /// `source`, a template called `name` (for errors), rendered with `context`.
    package func render(source: String, name: String, context: [String: TemplateValue]) throws(TemplateError) -> String {
        try reporting(name) {
            let template = try parse(source, name: name)
            return try TemplateRenderer(engine: self).render(template, scope: TemplateScope(context, parent: globalScope))
        }
    }

    /// Reads and parses the template called `name`, so that its syntax errors are known.
    package func check(template name: String) throws(TemplateError) {
        try reporting(name) { _ = try parsed(name) }
    }

    private func reporting<T>(_ name: String, _ body: () throws -> T) throws(TemplateError) -> T {
        do {
            return try body()
        } catch let error as TemplateRuntimeError {
            throw TemplateError(template: error.template ?? name, place: error.place, reason: error.reason)
        } catch {
            throw TemplateError(template: name, place: nil, reason: "\(error)")
        }
    }

    // MARK: Templates

    /// The file a template is read from, or `nil` for a built-in or missing one.
    package func file(of name: String) -> String? {
        guard !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else { return nil }
        let folders = directories + prefixed.filter { name.hasPrefix($0.prefix) }.map(\.directory)
        for directory in folders {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue { return path }
        }
        return nil
    }

    /// Whether a template called `name` can be read (one that failed to parse still exists).
    func exists(_ name: String) -> Bool {
        if case .failure(let error)? = cache.withLock({ $0[name] }) { return error.place != nil }
        return cache.withLock { $0[name] } != nil || builtIn[name] != nil || file(of: name) != nil
    }

    /// The template called `name`, read and parsed the first time it is asked for.
    func parsed(_ name: String) throws -> ParsedTemplate {
        if let known = cache.withLock({ $0[name] }) { return try Self.unwrap(known) }
        let result: Parsed
        do {
            let source: String
            if let path = file(of: name) {
                source = try String(contentsOfFile: path, encoding: .utf8)
            } else if let text = builtIn[name] {
                source = text
            } else {
                throw TemplateRuntimeError(reason: "template not found: \(name)")
            }
            result = .template(try parse(source, name: name))
        } catch var error as TemplateRuntimeError {
            if error.template == nil, error.place != nil { error.template = name }
            result = .failure(error)
        }
        cache.withLock { $0[name] = result }
        return try Self.unwrap(result)
    }

    private static func unwrap(_ parsed: Parsed) throws -> ParsedTemplate {
        switch parsed {
        case .template(let template): return template
        case .failure(let error): throw error
        }
    }

    func parse(_ source: String, name: String) throws -> ParsedTemplate {
        do {
            let lexer = TemplateLexer.Options(trimBlocks: options.trimBlocks, lstripBlocks: options.lstripBlocks, keepTrailingNewline: options.keepTrailingNewline)
            let template = try TemplateParser.parse(source, name: name, options: lexer)
            try TemplateNames.check(template, filters: { TemplateFilters.isKnown($0, engine: self) })
            return template
        } catch {
            throw TemplateRuntimeError(reason: error.reason, place: error.place, template: name)
        }
    }

    // MARK: Values

    /// A configuration value as templates see it, its maps' keys in the order written.
    package static func value(_ config: ConfigValue) -> TemplateValue {
        switch config {
        case .null: return .none
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(number)
        case .double(let number): return .double(number)
        case .string(let text): return .string(text)
        case .list(let items): return .list(items.map(value))
        case .map(let entries): return .dict(TemplateDict(entries.map { ($0.key, value($0.value)) }))
        // What mkdocs would hand a template is the call's result, which Galley cannot make;
        // the function's name is the closest honest value.
        case .pythonCall(let function, _): return .string(function)
        }
    }
}

/// Jinja's checks when it compiles a template: every filter and test it names exists,
/// except inside an `if` or a conditional expression, where Jinja waits until one is used.
enum TemplateNames {
    static func check(_ template: ParsedTemplate, filters: @escaping (String) -> Bool) throws(TemplateSyntaxError) {
        let checker = Checker(filters: filters)
        for node in template.nodes { try checker.check(node, soft: false) }
        for block in template.blocks.values { for node in block.body { try checker.check(node, soft: false) } }
    }

    private struct Checker {
        let filters: (String) -> Bool

        func check(_ nodes: [TemplateNode], soft: Bool) throws(TemplateSyntaxError) {
            for node in nodes { try check(node, soft: soft) }
        }

        func check(_ node: TemplateNode, soft: Bool) throws(TemplateSyntaxError) {
            switch node {
            case .text, .block: return
            case .output(let value, _), .set(_, let value, _), .extends(let value, _), .include(let value, _, _, _), .importAs(let value, _, _, _), .fromImport(let value, _, _, _):
                try check(value, soft: soft)
            case .conditional(let branches, let otherwise):
                for (condition, body) in branches {
                    try check(condition, soft: true)
                    try check(body, soft: true)
                }
                try check(otherwise, soft: true)
            case .loop(let loop):
                try check(loop.iterable, soft: soft)
                if let condition = loop.condition { try check(condition, soft: false) }
                try check(loop.body, soft: false)
                try check(loop.otherwise, soft: false)
            case .setBlock(_, let filter, let body, _):
                if let filter { try check(filter, soft: soft) }
                try check(body, soft: soft)
            case .macro(let macro):
                for case (_, let fallback?) in macro.parameters { try check(fallback, soft: false) }
                try check(macro.body, soft: false)
            case .callBlock(let caller, let call, _):
                try check(call, soft: soft)
                try check(caller.body, soft: false)
            case .filterBlock(let filter, let body):
                try check(filter, soft: soft)
                try check(body, soft: false)
            case .with(let assignments, let body):
                for (_, value) in assignments { try check(value, soft: soft) }
                try check(body, soft: false)
            }
        }

        func check(_ expression: TemplateExpression, soft: Bool) throws(TemplateSyntaxError) {
            func arguments(_ list: [TemplateExpression.Argument]) throws(TemplateSyntaxError) {
                for argument in list {
                    switch argument {
                    case .positional(let value), .keyword(_, let value), .spread(let value), .spreadKeywords(let value): try check(value, soft: soft)
                    }
                }
            }
            switch expression {
            case .literal, .name: return
            case .list(let items), .tuple(let items): for item in items { try check(item, soft: soft) }
            case .dict(let entries):
                for (key, value) in entries {
                    try check(key, soft: soft)
                    try check(value, soft: soft)
                }
            case .attribute(let base, _, _), .not(let base), .negative(let base, _), .positive(let base, _): try check(base, soft: soft)
            case .item(let base, let key, _):
                try check(base, soft: soft)
                try check(key, soft: soft)
            case .slice(let base, let start, let stop, let step, _):
                try check(base, soft: soft)
                for case let part? in [start, stop, step] { try check(part, soft: soft) }
            case .call(let callee, let list, _):
                try check(callee, soft: soft)
                try arguments(list)
            case .filter(let base, let name, let list, let place):
                guard soft || filters(name) else { throw TemplateSyntaxError("No filter named '\(name)'.", at: place) }
                if let base { try check(base, soft: soft) }
                try arguments(list)
            case .test(let base, let name, let list, _, let place):
                guard soft || TemplateTests.names.contains(name) else { throw TemplateSyntaxError("No test named '\(name)'.", at: place) }
                try check(base, soft: soft)
                try arguments(list)
            case .binary(_, let left, let right, _), .and(let left, let right), .or(let left, let right):
                try check(left, soft: soft)
                try check(right, soft: soft)
            case .compare(let first, let operations, _):
                try check(first, soft: soft)
                for (_, value) in operations { try check(value, soft: soft) }
            case .conditional(let value, let test, let otherwise):
                try check(value, soft: true)
                try check(test, soft: true)
                if let otherwise { try check(otherwise, soft: true) }
            }
        }
    }
}
