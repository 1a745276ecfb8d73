// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import Yams

/// The variables the templating plugins read from files besides `mkdocs.yml`: the YAML files
/// mkdocs-macros' `include_yaml` lists (their keys join the page variables), and the YAML or
/// JSON files of markdownextradata's data folders (`_data` beside `mkdocs.yml` or in the docs
/// folder unless `data` says otherwise; `versions.yml` becomes `versions`, and
/// `sub/extra.json` becomes `sub.extra`).
enum TemplateData {
    /// The variables, and the files they were read from.
    static func load(_ config: SiteConfig, environment: [String: String], log: inout DiagnosticLog) -> (variables: [String: ConfigValue], files: [String]) {
        var variables: [String: ConfigValue] = [:]
        var files: [String] = []
        let project = config.projectDirectory.isEmpty ? "." : config.projectDirectory
        if let macros = config.plugins.first(where: { $0.name == "macros" }) {
            for name in macros.options["include_yaml"]?.list?.compactMap(\.string) ?? [] {
                let path = (project as NSString).appendingPathComponent(name)
                files.append(absolute(path))
                guard let value = read(path, shown: name, environment: environment, location: SourceLocation(file: config.configFile, line: macros.line), log: &log) else { continue }
                for entry in value.entries ?? [] { variables[entry.key] = entry.value }
            }
        }
        if let extraData = config.plugins.first(where: { $0.name == "markdownextradata" }) {
            let folders = extraData.options["data"]?.string.map { [$0] } ?? ["_data", (config.docsDir as NSString).appendingPathComponent("_data")]
            for folder in folders {
                let directory = (project as NSString).appendingPathComponent(folder)
                guard let found = FileManager.default.enumerator(atPath: directory) else { continue }
                while let file = found.nextObject() as? String {
                    let fileExtension = (file as NSString).pathExtension.lowercased()
                    guard ["yml", "yaml", "json"].contains(fileExtension) else { continue }
                    let shown = (folder as NSString).appendingPathComponent(file)
                    files.append(absolute((directory as NSString).appendingPathComponent(file)))
                    guard let value = read((directory as NSString).appendingPathComponent(file), shown: shown, environment: environment, location: SourceLocation(file: config.configFile, line: extraData.line), log: &log) else { continue }
                    let names = (file as NSString).deletingPathExtension.split(separator: "/").map(String.init)
                    insert(value, at: names[...], into: &variables)
                }
            }
        }
        return (variables, files)
    }

    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
    }

    private static func insert(_ value: ConfigValue, at names: ArraySlice<String>, into variables: inout [String: ConfigValue]) {
        guard let first = names.first else { return }
        guard names.count > 1 else {
            variables[first] = value
            return
        }
        var inner = Dictionary((variables[first]?.entries ?? []).map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
        insert(value, at: names.dropFirst(), into: &inner)
        variables[first] = .map(inner.sorted { $0.key < $1.key }.map { ConfigValue.MapEntry(key: $0.key, value: $0.value, line: 0) })
    }

    /// The value of the YAML (or JSON) file at `path`; problems are warnings naming the file.
    private static func read(_ path: String, shown: String, environment: [String: String], location: SourceLocation, log: inout DiagnosticLog) -> ConfigValue? {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            log.warn(at: location, "the data file `\(shown)` cannot be read; its variables are missing", code: ConfigCodes.templateData)
            return nil
        }
        do throws(DiagnosticError) {
            return try YAMLFile.value(of: text, shown: shown, environment: environment, code: ConfigCodes.templateData)
        } catch {
            for problem in error.diagnostics {
                log.warn(at: problem.location, problem.message + "; the file's variables are missing", code: ConfigCodes.templateData)
            }
        }
        return nil
    }
}
