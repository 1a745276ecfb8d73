// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import Yams

/// Walks the composed YAML of `mkdocs.yml` into a ``SiteConfig``, recording warnings.
struct ConfigReader {
    let file: String
    let environment: [String: String]
    var log = DiagnosticLog()
    /// Whether a `galley` section was read, at the top level or under `extra`.
    private var galleySectionSeen = false

    init(file: String, environment: [String: String]) {
        self.file = file
        self.environment = environment
    }

    func location(of node: Node) -> SourceLocation {
        SourceLocation(file: file, line: node.mark?.line ?? 0, column: node.mark?.column ?? 0)
    }

    func location(of error: YamlError) -> SourceLocation {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _):
            SourceLocation(file: file, line: mark.line, column: mark.column)
        default:
            SourceLocation(file: file)
        }
    }

    private func fail(_ node: Node, _ message: String, code: DiagnosticCode = ConfigCodes.invalid) -> DiagnosticError {
        DiagnosticError(at: location(of: node), message, code: code)
    }

    // MARK: Values and mkdocs' tags

    /// The node as a plain value, resolving `!ENV`, `!!python/object/apply:os.getenv` and
    /// `!!python/name:` the way mkdocs would.
    func value(_ node: Node) -> ConfigValue {
        let tag = node.tag.rawValue
        if tag == "!ENV" {
            let names: [String]
            switch node {
            case .scalar(let scalar): names = [scalar.string]
            case .sequence(let sequence): names = sequence.compactMap(\.string)
            default: names = []
            }
            for (index, name) in names.enumerated() {
                if let found = environment[name] { return .string(found) }
                if index == names.count - 1, names.count > 1 { return .string(name) }
            }
            return .null
        }
        if tag.hasSuffix("python/object/apply:os.getenv") {
            let name = node.sequence?.first?.string ?? node.string ?? ""
            return environment[name].map(ConfigValue.string) ?? .null
        }
        if let range = tag.range(of: "python/name:") {
            return .string(String(tag[range.upperBound...]))
        }
        if let range = tag.range(of: "python/object/apply:") {
            let arguments: ConfigValue
            switch node {
            case .scalar(let scalar): arguments = scalar.string.isEmpty ? .null : .string(scalar.string)
            case .sequence(let sequence): arguments = .list(sequence.map(value))
            case .mapping(let mapping): arguments = entries(of: mapping)
            case .alias: arguments = .null
            }
            return .pythonCall(function: String(tag[range.upperBound...]), arguments: arguments)
        }
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain, node.tag.rawValue == "?" || node.tag.rawValue.isEmpty || tag.hasPrefix("tag:yaml.org") {
                return Self.plainValue(scalar.string)
            }
            return .string(scalar.string)
        case .sequence(let sequence):
            return .list(sequence.map(value))
        case .mapping(let mapping):
            return entries(of: mapping)
        case .alias:
            return .null
        }
    }

    private func entries(of mapping: Node.Mapping) -> ConfigValue {
        .map(mapping.map { ConfigValue.MapEntry(key: $0.key.string ?? "", value: value($0.value), line: $0.key.mark?.line ?? 0) })
    }

    /// A plain (unquoted) scalar typed as PyYAML's YAML 1.1 resolver types it, which is what
    /// mkdocs sees.
    static func plainValue(_ text: String) -> ConfigValue {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": return .bool(true)
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": return .bool(false)
        default: break
        }
        if let number = Int(text) { return .int(number) }
        if text.contains(where: \.isNumber), let number = Double(text) { return .double(number) }
        return .string(text)
    }

    func string(_ node: Node, _ key: String) throws(DiagnosticError) -> String {
        guard let text = value(node).string else {
            throw fail(node, "`\(key)` must be text")
        }
        return text
    }

    /// A number above 0 for `key`; `unit` names it in the error ("a number of seconds").
    func positive<Number: LosslessStringConvertible & Comparable & Numeric>(_ node: Node, _ key: String, unit: String) throws(DiagnosticError) -> Number {
        guard let number = Number(value(node).string ?? ""), number > 0 else {
            throw fail(node, "`\(key)` must be \(unit) above 0")
        }
        return number
    }

    func strings(_ node: Node, _ key: String) throws(DiagnosticError) -> [String] {
        guard let items = value(node).list else { throw fail(node, "`\(key)` must be a list") }
        var result: [String] = []
        for item in items {
            guard let text = item.string else { throw fail(node, "every entry of `\(key)` must be text") }
            result.append(text)
        }
        return result
    }

    /// gitignore-style patterns given as a block string or a list.
    func patterns(_ node: Node, _ key: String) throws(DiagnosticError) -> [String] {
        if let text = node.string {
            return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        }
        return try strings(node, key)
    }

    // MARK: The document

    mutating func read(root: Node) throws(DiagnosticError) -> SiteConfig {
        guard let mapping = root.mapping else {
            throw fail(root, "the config must be a mapping of keys such as `site_name`")
        }
        var siteName: String?
        var config = SiteConfig(configFile: file, projectDirectory: Self.directory(of: file), siteName: "")
        for (keyNode, node) in mapping {
            let key = keyNode.string ?? ""
            switch key {
            case "site_name": siteName = try string(node, key)
            case "site_url": config.siteURL = value(node).string
            case "dev_addr": config.devAddress = value(node).string
            case "site_description": config.siteDescription = value(node).string
            case "site_author": config.siteAuthor = value(node).string
            case "repo_url": config.repoURL = value(node).string
            case "repo_name": config.repoName = value(node).string
            case "edit_uri": config.editURI = value(node).string
            case "copyright": config.copyright = value(node).string
            case "docs_dir":
                config.docsDir = try string(node, key)
                config.docsDirLine = location(of: keyNode).line
            case "site_dir":
                config.siteDir = try string(node, key)
                config.siteDirLine = location(of: keyNode).line
            case "use_directory_urls":
                guard let flag = value(node).bool else { throw fail(node, "`use_directory_urls` must be true or false") }
                config.useDirectoryURLs = flag
            case "nav": config.nav = try nav(node)
            case "theme": config.theme = try theme(node)
            case "extra_css": config.extraCSS = try strings(node, key)
            case "extra_javascript": config.extraJavaScript = try scripts(node)
            case "markdown_extensions": config.markdownExtensions = try extensions(node)
            case "plugins":
                config.plugins = try plugins(node)
                if let redirects = config.plugins.first(where: { $0.name == "redirects" })?.options["redirect_maps"]?.entries {
                    config.redirects = redirects.compactMap { entry in entry.value.string.map { (entry.key, $0, entry.line) } }
                }
            case "extra":
                config.extra = value(node)
                // `extra.galley` is the same section in a place mkdocs accepts without a
                // warning, so a config that mkdocs builds with `--strict` can carry it.
                if let section = node.mapping?.first(where: { $0.key.string == "galley" }) {
                    try galley(section.value, into: &config, at: section.key)
                }
                checkAnalytics(config.extra)
                // Material's version selector reads mike's versions.json; it knows no other provider.
                if let provider = config.extra["version"]?["provider"]?.string, provider != "mike",
                   let line = config.extra["version"]?.entries?.first(where: { $0.key == "provider" })?.line {
                    log.warn(at: SourceLocation(file: file, line: line), "`extra.version.provider: \(provider)` is not a version provider the theme knows (only `mike`); no version selector is shown", code: ConfigCodes.versionProvider)
                }
            case "remote_branch": config.remoteBranch = try string(node, key)
            case "remote_name": config.remoteName = try string(node, key)
            case "exclude_docs": config.excludeDocs = try patterns(node, key)
            case "draft_docs": config.draftDocs = try patterns(node, key)
            case "strict":
                guard let flag = value(node).bool else { throw fail(node, "`strict` must be true or false") }
                config.strict = flag
            case "INHERIT":
                log.warn(at: location(of: keyNode), "Galley does not read `INHERIT`: the keys of `\(value(node).string ?? "")` are not applied to this site; copy them into this file", code: ConfigCodes.unknownKey)
            case "watch":
                log.warn(at: location(of: keyNode), "`galley serve` watches the docs, this file, the theme's folder and the snippets' package; the other `watch` paths are not watched", code: ConfigCodes.unknownKey)
            case "extra_templates":
                log.warn(at: location(of: keyNode), "Galley does not render `extra_templates`; those pages are not in the site", code: ConfigCodes.unknownKey)
            case "google_analytics":
                log.warn(at: location(of: keyNode), "`google_analytics` is deprecated in mkdocs, and neither Material 9 nor Galley's theme reads it; write `extra.analytics` (`provider: google`, `property`)", code: ConfigCodes.unknownKey)
            case "edit_uri_template":
                log.warn(at: location(of: keyNode), "Galley does not read `edit_uri_template`; edit links are made from `repo_url` and `edit_uri`", code: ConfigCodes.unknownKey)
            case "not_in_nav": config.notInNav = try patterns(node, key)
            case "validation": config.validation = try validation(node)
            case "galley": try galley(node, into: &config, at: keyNode)
            case "hooks":
                // mkdocs runs these Python files at build events; a build without them may
                // differ, so it is said once.
                log.warn(at: location(of: keyNode), "`hooks` name Python files that mkdocs runs during its build; Galley cannot run them, so what they do is left out", code: ConfigCodes.hooks)
            default:
                if !ConfigLoader.knownKeys.contains(key) {
                    log.warn(at: location(of: keyNode), "unknown configuration key `\(key)`; it is ignored", code: ConfigCodes.unknownKey)
                }
            }
        }
        if !mapping.keys.contains(where: { $0.string == "plugins" }) {
            config.plugins = [PluginConfig(name: "search", line: 0)]
        }
        guard let name = siteName, !name.isEmpty else {
            throw DiagnosticError(at: location(of: root), "`site_name` is required", code: ConfigCodes.missingSiteName)
        }
        config.siteName = name
        return config
    }

    static func directory(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        let directory = String(file[..<slash])
        return directory.isEmpty ? "/" : directory
    }

    private func scripts(_ node: Node) throws(DiagnosticError) -> [String] {
        guard let sequence = node.sequence else { throw fail(node, "`extra_javascript` must be a list") }
        return sequence.compactMap { item in item.string ?? item.mapping?["path"]?.string }
    }

    // MARK: nav

    func nav(_ node: Node) throws(DiagnosticError) -> [NavEntry] {
        guard let sequence = node.sequence else { throw fail(node, "`nav` must be a list") }
        var entries: [NavEntry] = []
        for item in sequence {
            entries.append(try navEntry(item))
        }
        return entries
    }

    private func navEntry(_ node: Node) throws(DiagnosticError) -> NavEntry {
        let line = node.mark?.line ?? 0
        if let path = node.string {
            return Self.isURL(path) ? .link(title: path, url: path, line: line) : .page(title: nil, path: path, line: line)
        }
        guard let mapping = node.mapping, mapping.count == 1, let (titleNode, target) = mapping.first.map({ ($0.key, $0.value) }) else {
            throw fail(node, "a `nav` entry must be a path or a single `Title: target` pair")
        }
        let title = titleNode.string ?? ""
        if let path = target.string {
            return Self.isURL(path) ? .link(title: title, url: path, line: line) : .page(title: title, path: path, line: line)
        }
        if target.sequence != nil {
            return .section(title: title, children: try nav(target), line: line)
        }
        throw fail(target, "the `nav` entry `\(title)` must point to a page, a URL or a list")
    }

    /// Whether a nav target is a URL rather than a page: it has a scheme, or is an absolute path.
    static func isURL(_ target: String) -> Bool {
        target.contains("://") || target.hasPrefix("/") || target.hasPrefix("mailto:")
    }

    // MARK: theme

    private mutating func theme(_ node: Node) throws(DiagnosticError) -> ThemeConfig {
        var theme = ThemeConfig()
        if let name = node.string {
            theme.name = name
            return theme
        }
        guard let mapping = node.mapping else { throw fail(node, "`theme` must be a name or a mapping") }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            switch key {
            case "name": theme.name = try string(value, "theme.name")
            case "logo": theme.logo = self.value(value).string
            case "favicon": theme.favicon = self.value(value).string
            case "language", "locale": theme.language = self.value(value).string ?? theme.language
            case "custom_dir":
                theme.customDir = self.value(value).string
                theme.customDirLine = location(of: keyNode).line
            case "features":
                theme.features = try strings(value, "theme.features")
                for item in value.sequence ?? [] {
                    guard let name = item.string else { continue }
                    if let current = ThemeFeature.formerNames[name] {
                        log.warn(at: location(of: item), "`\(name)` is Material 5's name for `\(current.rawValue)`; Material 9 ignores it, and so does Galley: write `\(current.rawValue)` to turn it on", code: ConfigCodes.legacyFeature)
                    } else if let feature = ThemeFeature(named: name) {
                        guard !ThemeFeature.implemented.contains(feature) else { continue }
                        log.warn(at: location(of: item), "the theme feature `\(name)` is not implemented by Galley's theme; it is ignored", code: ConfigCodes.unsupportedFeature)
                    } else {
                        log.warn(at: location(of: item), "`\(name)` is not a theme feature (mkdocs-material has none of that name); it is ignored", code: ConfigCodes.unknownFeature)
                    }
                }
            case "icon":
                for entry in self.value(value).entries ?? [] {
                    if let text = entry.value.string {
                        theme.icons[entry.key] = text
                    } else {
                        for nested in entry.value.entries ?? [] {
                            if let text = nested.value.string { theme.icons["\(entry.key).\(nested.key)"] = text }
                        }
                    }
                }
            case "palette":
                let resolved = self.value(value)
                let schemes = resolved.entries != nil ? [resolved] : (resolved.list ?? [])
                for scheme in schemes {
                    for entry in scheme.entries ?? [] where entry.key == "primary" || entry.key == "accent" {
                        guard let name = entry.value.string, !PaletteScheme.colourNames.contains(PaletteScheme.colourKey(name)) else { continue }
                        log.warn(at: SourceLocation(file: file, line: entry.line), "unknown palette colour `\(name)` for `\(entry.key)`; indigo is used", code: ConfigCodes.unknownColour)
                    }
                }
                theme.palette = schemes.map { scheme in
                    PaletteScheme(
                        scheme: scheme["scheme"]?.string,
                        primary: scheme["primary"]?.string,
                        accent: scheme["accent"]?.string,
                        media: scheme["media"]?.string,
                        toggleIcon: scheme["toggle"]?["icon"]?.string,
                        toggleName: scheme["toggle"]?["name"]?.string
                    )
                }
            case "font":
                // Galley's theme sets text in the system's fonts, which is what `font: false`
                // asks of Material: only fonts to fetch are something Galley does not do.
                if self.value(value).bool != false {
                    log.warn(at: location(of: keyNode), "Galley's theme sets text in the system's fonts, as `font: false` does, and fetches none: the fonts `theme.font` names are not used", code: ConfigCodes.themeKey)
                }
            default:
                // `navigation_depth` and the like shape mkdocs' own themes; Galley's has
                // no such setting, so the key is said to do nothing rather than ignored.
                log.warn(at: location(of: keyNode), "the theme key `theme.\(key)` has no effect in Galley's theme; it is ignored", code: ConfigCodes.themeKey)
            }
        }
        return theme
    }

    // MARK: markdown_extensions and plugins

    private mutating func extensions(_ node: Node) throws(DiagnosticError) -> [MarkdownExtensionConfig] {
        try namedEntries(node, key: "markdown_extensions").map { name, options, line in
            if !ConfigLoader.supportedExtensions.contains(name) {
                log.warn(at: SourceLocation(file: file, line: line), "unknown Markdown extension `\(name)`; it is ignored", code: ConfigCodes.unknownExtension)
            } else {
                for (optionLine, problem) in ExtensionOptions.problems(name: name, options: options, line: line) {
                    log.warn(at: SourceLocation(file: file, line: optionLine), problem, code: ConfigCodes.extensionOption)
                }
            }
            return MarkdownExtensionConfig(name: name, options: options, line: line)
        }
    }

    private mutating func plugins(_ node: Node) throws(DiagnosticError) -> [PluginConfig] {
        try namedEntries(node, key: "plugins").map { name, options, line in
            if let note = ConfigLoader.builtInPlugins[name] {
                log.info(at: SourceLocation(file: file, line: line), note, code: ConfigCodes.builtInPlugin)
            } else if !ConfigLoader.supportedPlugins.contains(name) {
                log.warn(at: SourceLocation(file: file, line: line), "unknown plugin `\(name)`; it is ignored", code: ConfigCodes.unknownPlugin)
            }
            for (optionLine, problem) in PluginOptions.problems(name: name, options: options) {
                log.warn(at: SourceLocation(file: file, line: optionLine), problem, code: ConfigCodes.pluginOption)
            }
            return PluginConfig(name: name, options: options, line: line)
        }
    }

    /// A list of `name` or `name: {options}` entries, or a mapping of names to options.
    private func namedEntries(_ node: Node, key: String) throws(DiagnosticError) -> [(String, ConfigValue, Int)] {
        if let mapping = node.mapping {
            return mapping.map { ($0.key.string ?? "", value($0.value), $0.key.mark?.line ?? 0) }
        }
        guard let sequence = node.sequence else { throw fail(node, "`\(key)` must be a list") }
        var result: [(String, ConfigValue, Int)] = []
        for item in sequence {
            let line = item.mark?.line ?? 0
            if let name = item.string {
                result.append((name, .map([]), line))
            } else if let mapping = item.mapping, mapping.count == 1, let entry = mapping.first {
                result.append((entry.key.string ?? "", value(entry.value), line))
            } else {
                throw fail(item, "each entry of `\(key)` must be a name or `name: options`")
            }
        }
        return result
    }

    // MARK: galley

    /// The `galley:` section, Galley's own settings beside mkdocs', at the top level (mkdocs
    /// warns about the key) or under `extra` (mkdocs passes it to themes unread).
    private mutating func galley(_ node: Node, into site: inout SiteConfig, at keyNode: Node) throws(DiagnosticError) {
        if galleySectionSeen {
            throw fail(keyNode, "the `galley` section is given twice, at the top level and under `extra`; keep one")
        }
        galleySectionSeen = true
        var config = SnippetConfig()
        defer { site.snippets = config }
        config.line = location(of: node).line
        guard let mapping = node.mapping else { throw fail(node, "`galley` must be a mapping") }
        for (keyNode, value) in mapping {
            if keyNode.string == "search" {
                if let item = try onlyKey("mkdocs_index", of: "search", in: value) {
                    guard let flag = self.value(item).bool else { throw fail(item, "`galley.search.mkdocs_index` must be true or false") }
                    site.writesMkdocsSearchIndex = flag
                }
                continue
            }
            if keyNode.string == "markdown" {
                if let item = try onlyKey("join_cjk_lines", of: "markdown", in: value) {
                    guard let flag = self.value(item).bool else { throw fail(item, "`galley.markdown.join_cjk_lines` must be true or false") }
                    site.joinsCJKLines = flag
                }
                continue
            }
            if keyNode.string == "cache" {
                if let item = try onlyKey("max_size", of: "cache", in: value) {
                    guard let text = self.value(item).string, let bytes = SnippetConfig.byteCount(text) else {
                        throw fail(item, "`galley.cache.max_size` must be a size: a number of bytes, or one with a unit (`500 MB`, `2 GiB`)")
                    }
                    config.cacheMaxSize = bytes
                }
                continue
            }
            if keyNode.string == "api" {
                site.api = try api(value)
                continue
            }
            guard keyNode.string == "snippets" else {
                log.warn(at: location(of: keyNode), "unknown key `galley.\(keyNode.string ?? "")`; it is ignored", code: ConfigCodes.unknownKey)
                continue
            }
            guard let entries = value.mapping else { throw fail(value, "`galley.snippets` must be a mapping") }
            for (key, item) in entries {
                let name = key.string ?? ""
                switch name {
                case "default":
                    config.defaultModes = try strings(item, "galley.snippets.default", splittingWords: true)
                    for word in config.defaultModes where !SnippetWords.isKnown(word) {
                        throw fail(item, SnippetWords.unknownWordMessage(word, in: "`galley.snippets.default`"))
                    }
                case "enabled":
                    guard let flag = self.value(item).bool else { throw fail(item, "`galley.snippets.enabled` must be true or false") }
                    config.enabled = flag
                case "package": config.package = try string(item, "galley.snippets.package")
                case "products": config.products = try strings(item, "galley.snippets.products")
                case "imports": config.imports = try strings(item, "galley.snippets.imports")
                case "timeout": config.timeout = try positive(item, "galley.snippets.timeout", unit: "a number of seconds")
                case "output_limit": config.outputLimit = try positive(item, "galley.snippets.output_limit", unit: "a number of bytes")
                case "clean_environment":
                    guard let flag = self.value(item).bool else { throw fail(item, "`galley.snippets.clean_environment` must be true or false") }
                    config.cleanEnvironment = flag
                case "sandbox":
                    guard let flag = self.value(item).bool else { throw fail(item, "`galley.snippets.sandbox` must be true or false") }
                    config.sandbox = flag
                case "memory_limit": config.memoryLimit = try positive(item, "galley.snippets.memory_limit", unit: "a number of bytes")
                case "cpu_limit": config.cpuLimit = try positive(item, "galley.snippets.cpu_limit", unit: "a whole number of seconds")
                case "environment":
                    guard let pairs = self.value(item).entries else { throw fail(item, "`galley.snippets.environment` must be a mapping") }
                    for pair in pairs { config.environment[pair.key] = pair.value.string ?? "" }
                case "swift_version": config.swiftVersion = try string(item, "galley.snippets.swift_version")
                case "remote_cache": config.remoteCache = try remoteCache(item)
                default:
                    log.warn(at: location(of: key), "unknown key `galley.snippets.\(name)`; it is ignored", code: ConfigCodes.unknownKey)
                }
            }
        }
    }

    /// `galley.snippets.remote_cache`; `nil` when its `url` is empty or an unset `!ENV`
    /// variable, so that machines without the cache's address simply do without it.
    private mutating func remoteCache(_ node: Node) throws(DiagnosticError) -> RemoteCacheConfig? {
        guard let entries = node.mapping else { throw fail(node, "`galley.snippets.remote_cache` must be a mapping with `url`") }
        var config = RemoteCacheConfig(url: "")
        config.line = location(of: node).line
        var hasURL = false
        for (key, item) in entries {
            let name = key.string ?? ""
            switch name {
            case "url":
                hasURL = true
                config.url = value(item).string ?? ""
            case "read_only":
                guard let flag = value(item).bool else { throw fail(item, "`galley.snippets.remote_cache.read_only` must be true or false") }
                config.readOnly = flag
            case "timeout": config.timeout = try positive(item, "galley.snippets.remote_cache.timeout", unit: "a number of seconds")
            case "headers":
                guard let pairs = item.mapping else { throw fail(item, "`galley.snippets.remote_cache.headers` must be a mapping of header names to values") }
                for (header, text) in pairs {
                    let headerName = header.string ?? ""
                    guard let found = value(text).string, !found.isEmpty else {
                        log.warn(at: location(of: text), "the remote cache's header `\(headerName)` is empty (is its environment variable set?); it is not sent", code: ConfigCodes.invalid)
                        continue
                    }
                    config.headers[headerName] = found
                }
            default:
                log.warn(at: location(of: key), "unknown key `galley.snippets.remote_cache.\(name)`; it is ignored", code: ConfigCodes.unknownKey)
            }
        }
        guard hasURL else { throw fail(node, "`galley.snippets.remote_cache` needs `url`: the cache's address, such as `http://localhost:8080`") }
        return config.url.isEmpty ? nil : config
    }

    /// The `galley.api` section; `modules` is required, every other key has a default.
    private mutating func api(_ node: Node) throws(DiagnosticError) -> APIConfig {
        guard let entries = node.mapping else { throw fail(node, "`galley.api` must be a mapping") }
        var config = APIConfig()
        config.line = location(of: node).line
        func choice<Choice: RawRepresentable & CaseIterable>(_ item: Node, _ key: String, as _: Choice.Type) throws(DiagnosticError) -> Choice where Choice.RawValue == String {
            let words = Choice.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")
            guard let text = value(item).string, let chosen = Choice(rawValue: text) else {
                throw fail(item, "`galley.api.\(key)` must be one of \(words)")
            }
            return chosen
        }
        for (key, item) in entries {
            let name = key.string ?? ""
            switch name {
            case "package": config.package = try string(item, "galley.api.package")
            case "modules": config.modules = try strings(item, "galley.api.modules")
            case "path":
                let path = try string(item, "galley.api.path").split(separator: "/").joined(separator: "/")
                guard !path.isEmpty, !path.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) else {
                    throw fail(item, "`galley.api.path` must be a folder inside the site, such as `api`")
                }
                config.path = path
            case "nav": config.navTitle = try string(item, "galley.api.nav")
            case "minimum_access_level": config.minimumAccessLevel = try choice(item, name, as: APIConfig.AccessLevel.self)
            case "require_docs": config.requireDocs = try choice(item, name, as: APIConfig.Requirement.self)
            default:
                log.warn(at: location(of: key), "unknown key `galley.api.\(name)`; it is ignored", code: ConfigCodes.unknownKey)
            }
        }
        guard !config.modules.isEmpty else {
            throw fail(node, "`galley.api` needs `modules`: the Swift modules to make reference pages of")
        }
        return config
    }

    /// The value of `key` in `galley.<section>`, a mapping of that one key: any other key in it
    /// is a warning at its line.
    private mutating func onlyKey(_ key: String, of section: String, in node: Node) throws(DiagnosticError) -> Node? {
        guard let entries = node.mapping else { throw fail(node, "`galley.\(section)` must be a mapping") }
        var found: Node?
        for (name, item) in entries {
            if name.string == key {
                found = item
            } else {
                log.warn(at: location(of: name), "unknown key `galley.\(section).\(name.string ?? "")`; it is ignored", code: ConfigCodes.unknownKey)
            }
        }
        return found
    }

    /// A list of strings, or one string that is split at spaces when `splittingWords`.
    private func strings(_ node: Node, _ key: String, splittingWords: Bool) throws(DiagnosticError) -> [String] {
        if splittingWords, let text = node.string {
            return text.split(separator: " ").map(String.init)
        }
        return try strings(node, key)
    }

    // MARK: validation

    private func validation(_ node: Node) throws(DiagnosticError) -> ValidationConfig {
        var config = ValidationConfig()
        func level(_ value: ConfigValue, _ at: Node) throws(DiagnosticError) -> Severity? {
            switch value.string {
            case "warn": return .warning
            case "info": return .info
            case "ignore": return nil
            default: throw fail(at, "validation levels are `warn`, `info` or `ignore`")
            }
        }
        for entry in value(node).entries ?? [] {
            if let nested = entry.value.entries {
                for check in nested {
                    config.levels["\(entry.key).\(check.key)"] = try level(check.value, node)
                }
            } else {
                let severity = try level(entry.value, node)
                for section in ["nav", "links"] where config.levels["\(section).\(entry.key)"] != nil {
                    config.levels["\(section).\(entry.key)"] = severity
                }
            }
        }
        return config
    }
}
