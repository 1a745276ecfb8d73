// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import PathKit
@preconcurrency import Stencil

/// One Stencil environment for a build: pages' templates (mkdocs-macros) and the theme's
/// (`custom_dir` overrides) both render with one. Templates are found in `directories` in
/// order, then among `builtIn` ones; each is read, rewritten from Jinja's dialect
/// (``JinjaDialect``) and parsed once.
///
/// Stencil's types are not marked `Sendable`; after set-up the environment and the parsed
/// templates are only read, and the cache is behind a lock.
package final class TemplateEngine: @unchecked Sendable {
    private let environment: Environment
    private let loader: CachingLoader
    /// The variables as Stencil reads them, converted once for every page.
    package let context: [String: Any]

    package init(directories: [String], builtIn: [String: String] = [:], variables: [String: ConfigValue]) {
        loader = CachingLoader(directories: directories, builtIn: builtIn)
        environment = Environment(loader: loader, extensions: [JinjaExtension.shared])
        context = variables.mapValues(Self.value)
    }

    /// `text`, already in Stencil's dialect, rendered.
    package func render(_ text: String, context: [String: Any]) throws -> String {
        try environment.renderTemplate(string: text, context: context)
    }

    /// The template called `name` rendered.
    package func render(template name: String, context: [String: Any]) throws -> String {
        try environment.renderTemplate(name: name, context: context)
    }

    /// Reads and parses the template called `name`, so that its syntax errors are known.
    package func check(template name: String) throws {
        // Stencil parses a template when it renders; parsing it here finds its errors first.
        let template = try environment.loadTemplate(name: name)
        _ = try TokenParser(tokens: template.tokens, environment: environment).parse()
    }

    /// The file a template was read from, or `nil` for a built-in one.
    package func file(of name: String) -> String? {
        loader.file(of: name)
    }

    /// Where `error` happened: the file and line of the template that Stencil names, or
    /// `file` when it names none (a template rendered from a string).
    package func location(of error: any Error, in file: String) -> (location: SourceLocation, reason: String) {
        guard let error = error as? TemplateSyntaxError else {
            return (SourceLocation(file: file), "\(error)")
        }
        guard let token = error.token else { return (SourceLocation(file: file), error.reason) }
        let name = token.sourceMap.filename.flatMap { loader.file(of: $0) } ?? file
        return (SourceLocation(file: name, line: Int(token.sourceMap.location.lineNumber), column: token.sourceMap.location.lineOffset + 1), error.reason)
    }

    /// A value worked out the first time a template reads it. Stencil copies a map each time
    /// a template reads one of its keys; a large value behind this is not copied with it.
    /// One page's variables only: the value is kept once worked out, without a lock.
    package static func lazy(_ value: @autoclosure @escaping () -> Any) -> Any {
        LazyValueWrapper(value())
    }

    /// A configuration value as Stencil reads it.
    package static func value(_ config: ConfigValue) -> Any {
        switch config {
        case .null: return ""
        case .bool(let flag): return flag
        case .int(let number): return number
        case .double(let number): return number
        case .string(let text): return text
        case .list(let items): return items.map(value)
        case .map(let entries): return Dictionary(entries.map { ($0.key, value($0.value)) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// Finds templates in the directories, then among the built-in ones, and keeps each once
    /// parsed.
    private final class CachingLoader: Loader {
        let directories: [String]
        let builtIn: [String: String]
        // Stencil's `Template` is a class that is not `Sendable`, which `Mutex.withLock` can't
        // hand out; so this cache, alone among the build's, keeps an `NSLock`.
        private let lock = NSLock()
        private var templates: [String: Template] = [:]

        init(directories: [String], builtIn: [String: String]) {
            self.directories = directories
            self.builtIn = builtIn
        }

        /// The file `name` names in the first directory that has it; never a path outside them.
        func file(of name: String) -> String? {
            guard !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else { return nil }
            for directory in directories {
                let path = (Path(directory) + name).string
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue { return path }
            }
            return nil
        }

        func loadTemplate(name: String, environment: Environment) throws -> Template {
            if let known = lock.withLock({ templates[name] }) { return known }
            let source: String
            if let path = file(of: name) {
                source = try String(contentsOfFile: path, encoding: .utf8)
            } else if let text = builtIn[name] {
                source = text
            } else {
                throw TemplateDoesNotExist(templateNames: [name], loader: self)
            }
            let template = environment.templateClass.init(templateString: JinjaDialect.adapt(source), environment: environment, name: name)
            lock.withLock { templates[name] = template }
            return template
        }
    }
}
