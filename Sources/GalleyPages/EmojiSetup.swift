// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleyMarkdown

/// Reads the options of `pymdownx.emoji` and finds what they name: the emoji index
/// pymdown-extensions ships, and for Material's index the icon sets mkdocs-material ships (or
/// the site's `custom_icons` folders), installed on this machine or else in the copy Galley's
/// build fetched (``PythonPackages/bundledFolders(executable:)``). An index or icon set
/// found in neither is a warning naming the config line.
enum EmojiSetup {
    /// The options `entry` sets, or `nil` when no usable index is installed.
    static func options(_ entry: MarkdownExtensionConfig, config: SiteConfig, packages: PythonPackages, log: inout DiagnosticLog) -> EmojiOptions? {
        let file = config.configFile
        func warn(_ line: Int, _ message: String) {
            log.warn(at: SourceLocation(file: file, line: line), message, code: ConfigCodes.extensionOption)
        }
        func line(of key: String) -> Int {
            entry.options.entries?.first { $0.key == key }?.line ?? entry.line
        }

        let indexName = entry.options["emoji_index"]?.string ?? "pymdownx.emoji.emojione"
        guard let index = Self.indexes[indexName] else {
            warn(line(of: "emoji_index"), "the emoji index `\(indexName)` is Python code Galley cannot run; use `pymdownx.emoji.twemoji`, `emojione`, `gemoji` or `material.extensions.emoji.twemoji`. Shortcodes stay as written")
            return nil
        }
        guard let database = packages.find("pymdownx/\(index.database).py"), let header = readHeader(database) else {
            log.warn(
                at: SourceLocation(file: file, line: entry.line),
                "`pymdownx.emoji` reads its emoji index from pymdown-extensions, which is neither installed in any Python folder Galley searches (an active or project virtual environment, beside `python3` on PATH, the user's and the system's) nor in the copy this Galley was built with (`share/galley/python`); `:shortcodes:` stay as written. Install it with `pip install pymdown-extensions`",
                code: PageCodes.configExtensionDependency
            )
            return nil
        }

        var iconRoots: [String] = []
        if index.hasIcons {
            let custom = entry.options["options"]?["custom_icons"]?.list?.compactMap(\.string) ?? []
            iconRoots = custom.map { PathName.absolute($0, relativeTo: config.projectDirectory) }
            for (root, name) in zip(iconRoots, custom) where !FileManager.default.fileExists(atPath: root) {
                warn(line(of: "options"), "the `custom_icons` folder `\(name)` does not exist")
            }
            if let material = packages.find("material/templates/.icons") {
                iconRoots.append(material)
            } else {
                log.warn(
                    at: SourceLocation(file: file, line: line(of: "emoji_index")),
                    "Material's icon sets (`:material-…:`, `:fontawesome-…:`, `:octicons-…:`, `:simple-…:`) come from the mkdocs-material package, which is neither installed in any Python folder Galley searches nor in the copy this Galley was built with; icon shortcodes stay as written. Install it with `pip install mkdocs-material`",
                    code: PageCodes.configExtensionDependency
                )
            }
        }
        let catalog = EmojiCatalog(indexName: header.name, version: header.version, iconRoots: iconRoots, readIcon: Self.readIcon) {
            Self.loadEntries(database) ?? ([:], [:])
        }
        var options = EmojiOptions(catalog: catalog)
        let generatorName = entry.options["emoji_generator"]?.string ?? "pymdownx.emoji.to_png"
        if let generator = Self.generators[generatorName] {
            options.generator = generator
        } else {
            warn(line(of: "emoji_generator"), "the emoji generator `\(generatorName)` is not one Galley writes; it writes `pymdownx.emoji.to_png` images instead")
        }
        if let title = entry.options["title"]?.string {
            if let value = EmojiOptions.Title(rawValue: title) { options.title = value } else { warn(line(of: "title"), "`title: \(title)` is not `short`, `long` or `none`; `short` is used") }
        }
        if let alt = entry.options["alt"]?.string {
            if let value = EmojiOptions.Alt(rawValue: alt) { options.alt = value } else { warn(line(of: "alt"), "`alt: \(alt)` is not `unicode`, `html_entity` or `short`; `unicode` is used") }
        }
        options.removeVariationSelector = entry.options["remove_variation_selector"]?.bool ?? false
        options.strict = entry.options["strict"]?.bool ?? false
        for option in entry.options["options"]?.entries ?? [] {
            switch option.key {
            case "custom_icons": break
            case "classes": options.className = option.value.string
            case "image_path": options.imagePath = option.value.string
            default: warn(option.line, "the emoji option `options.\(option.key)` has no effect in Galley; it is ignored")
            }
        }
        return options
    }

    /// The index functions of pymdown-extensions and Material, by the dotted name a
    /// `!!python/name:` tag gives: the database file each reads, and whether it adds icons.
    private static let indexes: [String: (database: String, hasIcons: Bool)] = [
        "pymdownx.emoji.emojione": ("emoji1_db", false),
        "pymdownx.emoji.gemoji": ("gemoji_db", false),
        "pymdownx.emoji.twemoji": ("twemoji_db", false),
        "material.extensions.emoji.twemoji": ("twemoji_db", true),
        // Material before 9.4 named them so.
        "materialx.emoji.twemoji": ("twemoji_db", true),
    ]

    private static let generators: [String: EmojiOptions.Generator] = [
        "pymdownx.emoji.to_png": .png,
        "pymdownx.emoji.to_svg": .svg,
        "pymdownx.emoji.to_alt": .alt,
        "material.extensions.emoji.to_svg": .materialSVG,
        "materialx.emoji.to_svg": .materialSVG,
    ]

    /// pymdown-extensions' index modules are generated: `name = "…"`, `version = "…"`, then
    /// `emoji = {…}` and `aliases = {…}` written as JSON. The name and version are read at
    /// once (the file's head), the entries when a page first needs them.
    private static func readHeader(_ path: String) -> (name: String, version: String)? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 4096), let text = String(data: data, encoding: .utf8), text.contains("\nemoji = ") else { return nil }
        func assignment(_ name: String) -> String? {
            guard let start = text.range(of: "\n\(name) = \"") else { return nil }
            return String(text[start.upperBound...].prefix { $0 != "\"" })
        }
        return (assignment("name") ?? "emojione", assignment("version") ?? "")
    }

    private static func loadEntries(_ path: String) -> (emoji: [String: EmojiEntry], aliases: [String: String])? {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8),
              let emojiStart = text.range(of: "\nemoji = "), let aliasesStart = text.range(of: "\naliases = ")
        else { return nil }
        let decoder = JSONDecoder()
        guard let emoji = try? decoder.decode([String: EmojiEntry].self, from: Data(text[emojiStart.upperBound..<aliasesStart.lowerBound].utf8)),
              let aliases = try? decoder.decode([String: String].self, from: Data(text[aliasesStart.upperBound...].utf8))
        else { return nil }
        return (emoji, aliases)
    }

    /// An icon file's markup without its trailing newline, as Material inlines it.
    @Sendable private static func readIcon(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
    }
}
