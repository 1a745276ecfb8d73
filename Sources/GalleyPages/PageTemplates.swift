// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleyMarkdown
import GalleySources
import GalleyTemplates

/// Pages as templates, as the mkdocs-macros and markdownextradata plugins render them before
/// Markdown reads them: `{{ leak_canary.release }}` takes its value from `extra:`,
/// `{{ config.site_name }}` from the configuration, and `{% if %}`, `{% for %}` and
/// `{% include %}` work as in Jinja, with Galley's Jinja engine.
package struct TemplateSettings: Sendable, Equatable {
    /// The plugin that asks for it: their rules for names nothing defines differ.
    package enum Plugin: String, Sendable, Equatable {
        /// mkdocs-macros: an undefined name stays as written (`on_undefined: keep`) unless
        /// `on_undefined: strict` makes it an error.
        case macros
        /// markdownextradata: an undefined name stays as written too, but an attribute of one
        /// stops the build.
        case markdownExtraData = "markdownextradata"
    }

    package var plugin: Plugin
    /// What pages can name: each key of `extra`, and with mkdocs-macros `config` and `extra`.
    package let variables: [String: ConfigValue]
    /// An undefined name is an error rather than a warning.
    package var strictUndefined = false
    /// Where `{% include 'file' %}` looks: the docs folder, or the plugin's `include_dir`.
    package let includeDirectories: [String]
    /// The titles `nav` gives pages, by path: `page.title` prefers them, as mkdocs does.
    package var navTitles: [String: String] = [:]

    /// The engine every page of a build renders with, so included files are read and parsed
    /// once.
    private(set) var engine: TemplateEngine
    /// The variables as templates read them, converted once for every page.
    let context: [String: TemplateValue]

    package init(plugin: Plugin, variables: [String: ConfigValue], includeDirectories: [String]) {
        self.plugin = plugin
        self.variables = variables
        self.includeDirectories = includeDirectories
        engine = Self.engine(includeDirectories, strict: false, plugin: plugin)
        context = variables.mapValues(TemplateEngine.value)
    }

    /// Both plugins keep a name nothing defines as written (Jinja's `DebugUndefined`), or
    /// stop (`StrictUndefined`) with `on_undefined: strict`.
    /// mkdocs-macros adds its own functions (`now()`, `fix_url`).
    private static func engine(_ directories: [String], strict: Bool, plugin: Plugin) -> TemplateEngine {
        var options = TemplateEngine.Options()
        options.undefined = strict ? .strict : .debug
        return TemplateEngine(directories: directories, options: options, globals: plugin == .macros ? MacrosGlobals.all() : [:])
    }

    package static func == (lhs: TemplateSettings, rhs: TemplateSettings) -> Bool {
        lhs.plugin == rhs.plugin && lhs.variables == rhs.variables && lhs.strictUndefined == rhs.strictUndefined
            && lhs.includeDirectories == rhs.includeDirectories && lhs.navTitles == rhs.navTitles
    }

    /// Each page's title in `nav`, the first where a page is listed twice.
    static func navTitles(_ entries: [NavEntry]) -> [String: String] {
        var titles: [String: String] = [:]
        func walk(_ entries: [NavEntry]) {
            for entry in entries {
                switch entry {
                case .page(let title?, let path, _) where titles[path] == nil: titles[path] = title
                case .section(_, let children, _): walk(children)
                default: break
                }
            }
        }
        walk(entries)
        return titles
    }

    /// The settings the site's plugins ask for, or `nil` when no page is a template.
    static func from(_ config: SiteConfig) -> TemplateSettings? {
        let project = SourceScanner.absolute(config.projectDirectory, relativeTo: FileManager.default.currentDirectoryPath)
        let docs = SourceScanner.absolute(config.docsDir, relativeTo: project)
        guard let entry = config.plugins.first(where: { $0.name == "macros" || $0.name == "markdownextradata" }) else { return nil }
        var settings = make(entry, config: config, project: project, docs: docs)
        settings.navTitles = navTitles(config.nav ?? [])
        return settings
    }

    private static func make(_ entry: PluginConfig, config: SiteConfig, project: String, docs: String) -> TemplateSettings {
        // Data files first: `extra` in mkdocs.yml wins where both name a variable.
        var variables = config.templateData
        for item in config.extra.entries ?? [] {
            variables[item.key] = item.value
        }
        if entry.name == "macros" {
            // markdownextradata gives pages `extra`'s keys alone; mkdocs-macros also the config.
            variables["config"] = config.templateView
            variables["extra"] = config.extra
            let includeDirectory = entry.options["include_dir"]?.string.map { SourceScanner.absolute($0, relativeTo: project) }
            var settings = TemplateSettings(plugin: .macros, variables: variables, includeDirectories: (includeDirectory.map { [$0] } ?? []) + [docs])
            settings.strictUndefined = entry.options["on_undefined"]?.string == "strict"
            if settings.strictUndefined { settings.engine = engine(settings.includeDirectories, strict: true, plugin: .macros) }
            return settings
        }
        return TemplateSettings(plugin: .markdownExtraData, variables: variables, includeDirectories: [docs])
    }
}

/// Renders one page's source as a template.
struct PageTemplate {
    let settings: TemplateSettings

    /// The rendered source, or `nil` when the source holds no template syntax (it then
    /// costs nothing); problems go to `log` at the page's line and column.
    /// `title` is asked only of a page that holds template syntax.
    func render(_ source: String, page: String, title: () -> String, log: inout DiagnosticLog) -> String? {
        guard source.containsBytes("{{") || source.containsBytes("{%") else { return nil }
        var context = settings.context
        var meta = TemplateDict()
        if settings.plugin == .macros {
            // mkdocs-macros makes each front-matter key a variable of the page (over the
            // site's of the same name), and all of them `page.meta`.
            for entry in FrontMatterValues.read(source, file: page) {
                let value = TemplateEngine.value(entry.value)
                context[entry.key] = value
                meta[entry.key] = value
            }
        }
        context["page"] = .dict(TemplateDict([("title", .string(title())), ("file", .dict(TemplateDict([("src_path", .string(page))]))), ("meta", .dict(meta))]))
        let (withoutRaw, rawParts) = Self.takingRaw(source)
        let protected = protectUndefined(withoutRaw, context: context, page: page, log: &log)
        if !protected.contains("{%"), let substituted = Self.substitutingNames(protected, context: context) {
            // Only `{{ name.key }}`: what most pages hold, filled in without a template engine,
            // which costs a large page more than its Markdown does.
            return substituted.replacingOccurrences(of: Self.openMarker, with: "{{").replacingOccurrences(of: Self.closeMarker, with: "}}")
        }
        do {
            var rendered = try settings.engine.render(source: protected, name: page, context: context)
            rendered = rendered.replacingOccurrences(of: Self.openMarker, with: "{{").replacingOccurrences(of: Self.closeMarker, with: "}}")
            for part in rawParts {
                rendered = rendered.replacingOccurrences(of: part.token, with: part.text)
            }
            return rendered
        } catch {
            let file = error.template == page ? page : settings.engine.file(of: error.template) ?? error.template
            let location = error.place.map { SourceLocation(file: file, line: $0.line, column: $0.column) } ?? SourceLocation(file: file)
            log.error(at: location, "the page is not a valid template: \(error.reason)", code: PageCodes.templatesSyntax)
        }
        return nil
    }

    // MARK: Plain names

    /// `text` with each `{{ name.key }}` replaced by its value, or `nil` when an expression
    /// is more than a dotted name (a filter, a literal) or names a list or a map: those are
    /// the engine's to render.
    private static func substitutingNames(_ text: String, context: [String: TemplateValue]) -> String? {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            guard let close = rest[open.upperBound...].range(of: "}}") else { return nil }
            let expression = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            guard !expression.isEmpty, expression.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }),
                  expression.first?.isLetter == true || expression.first == "_"
            else { return nil }
            var value: TemplateValue? = .dict(TemplateDict(context.map { ($0.key, $0.value) }))
            for key in expression.split(separator: ".") {
                guard case .dict(let map)? = value else { return nil }
                value = map[String(key)]
            }
            switch value {
            case .string(let text)?: result += rest[..<open.lowerBound] + text
            // Printed as Python prints them (`True`, `0.1`).
            case .int?, .double?, .bool?: result += rest[..<open.lowerBound] + value!.printedText
            default: return nil
            }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    // MARK: Raw text

    /// `{% raw %}…{% endraw %}`: Jinja's way to show template syntax as it is. Each such
    /// stretch is set aside before rendering and put back after, so that the check for
    /// undefined names does not read it.
    private static func takingRaw(_ source: String) -> (String, [(token: String, text: String)]) {
        guard source.contains("raw") else { return (source, []) }
        let pattern = #"\{%-?\s*raw\s*-?%\}([\s\S]*?)\{%-?\s*endraw\s*-?%\}"#
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return (source, []) }
        var parts: [(token: String, text: String)] = []
        var result = ""
        var last = source.startIndex
        for match in expression.matches(in: source, range: NSRange(source.startIndex..., in: source)) {
            guard let whole = Range(match.range, in: source), let inner = Range(match.range(at: 1), in: source) else { continue }
            result += source[last..<whole.lowerBound]
            // The stand-in keeps the stretch's line breaks, so the lines after it keep their
            // numbers for diagnostics; the text alone comes back, as Jinja writes it.
            let token = "\u{E022}\(parts.count)\u{E023}" + String(repeating: "\n", count: source[whole].filter { $0 == "\n" }.count)
            result += token
            parts.append((token, String(source[inner])))
            last = whole.upperBound
        }
        return (result + source[last...], parts)
    }

    // MARK: Undefined names

    /// Stand-ins for `{{` and `}}` of an expression left as written.
    private static let openMarker = "\u{E020}"
    private static let closeMarker = "\u{E021}"

    /// Each `{{ name… }}` whose first name the context lacks is reported; with mkdocs-macros
    /// it is kept as written (hidden from the engine, put back after).
    private func protectUndefined(_ source: String, context: [String: TemplateValue], page: String, log: inout DiagnosticLog) -> String {
        // The names the page reads and never sets itself (with `set`, `for`, `macro`…), as the
        // engine reads the page; a page it can't read is reported when it renders.
        let unbound = settings.engine.references(ofSource: source, name: page).map { Set($0.unboundNames.map(\.name)) }
        var result = ""
        var rest = Substring(source)
        var line = 1
        var lineStart = source.startIndex
        while let open = rest.range(of: "{{") {
            guard let close = rest[open.upperBound...].range(of: "}}") else { break }
            let before = rest[..<open.lowerBound]
            for index in before.indices where before[index] == "\n" {
                line += 1
                lineStart = before.index(after: index)
            }
            result += before
            let expression = rest[open.upperBound..<close.lowerBound]
            let name = expression.drop { $0 == " " || $0 == "-" }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            let isLiteral = name.isEmpty || name.first?.isNumber == true || ["true", "false", "none", "None"].contains(name)
            if !isLiteral, context[String(name)] == nil, unbound?.contains(String(name)) ?? !Self.isLoopVariable(String(name), in: source) {
                let column = source.distance(from: lineStart, to: open.lowerBound) + 1
                let message = settings.plugin == .macros
                    ? "`\(name)` is not defined: neither the page's front matter, `extra` in mkdocs.yml nor the plugin gives it a value"
                    : "`\(name)` is not defined: neither `extra` in mkdocs.yml nor the plugin gives it a value"
                let location = SourceLocation(file: page, line: line, column: column)
                let dotted = expression.drop { $0 == " " || $0 == "-" }.dropFirst(name.count).first == "."
                if settings.plugin == .markdownExtraData, dotted {
                    // Jinja stops on an attribute of an undefined name, and so does mkdocs.
                    log.error(at: location, "`\(name)` is not defined, so `\(expression.trimmingCharacters(in: .whitespaces))` has no value (mkdocs stops here too): markdownextradata gives pages the keys of `extra`", code: PageCodes.templatesUndefined)
                } else if settings.strictUndefined {
                    log.error(at: location, message, code: PageCodes.templatesUndefined)
                } else {
                    log.warn(at: location, message + "; it stays as written", code: PageCodes.templatesUndefined)
                }
                // Kept as written, and so not read by the engine, which would report it again.
                result += Self.openMarker + expression + Self.closeMarker
                rest = rest[close.upperBound...]
                continue
            }
            result += rest[open.lowerBound..<close.upperBound]
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// Names a `{% for name in … %}` or `{% set name = … %}` of the page defines.
    private static func isLoopVariable(_ name: String, in source: String) -> Bool {
        // Jinja's `loop` inside a loop, `super` inside a block.
        (name == "loop" && source.contains("for ")) || (name == "super" && source.contains("block "))
            || source.contains("for \(name) in") || source.contains("for \(name),") || source.contains(", \(name) in") || source.contains("set \(name) ")
    }
}
