// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
import Testing

/// Each command's option table in the Galley guide names exactly the options that the
/// command's `--help` lists: an option added to the CLI without a line in the docs, or a line
/// in the docs for an option that is gone, fails here.
@Suite("the guide's option tables")
struct OptionTablesTests {
    /// A command, the guide page holding its options, and which of the page's option tables
    /// (counting from 0) it is.
    static let tables: [(command: String, page: String, table: Int)] = [
        ("build", "docs/galley/building.md", 0),
        ("serve", "docs/galley/serving.md", 0),
        ("check", "docs/galley/serving.md", 1),
        ("lint", "docs/galley/linting.md", 0),
        ("gh-deploy", "docs/galley/publishing.md", 0),
    ]

    /// The option names in the first cells of the page's `table`-th table whose header starts
    /// with "option": every backquoted word that starts with `-`.
    static func documented(page: String, table: Int) throws -> Set<String> {
        let text = try String(contentsOf: Oracle.repository.appendingPathComponent(page), encoding: .utf8)
        var tables: [[String]] = []
        var inTable = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.lowercased().hasPrefix("| option") {
                tables.append([])
                inTable = true
            } else if inTable, line.hasPrefix("|") {
                let cells = line.split(separator: "|", omittingEmptySubsequences: true)
                if let first = cells.first { tables[tables.count - 1].append(String(first)) }
            } else {
                inTable = false
            }
        }
        guard table < tables.count else { return [] }
        var names = Set<String>()
        for cell in tables[table] {
            let quoted = cell.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            for piece in quoted {
                for word in piece.split(whereSeparator: { $0 == " " || $0 == "," }) where word.hasPrefix("-") {
                    names.insert(String(word))
                }
            }
        }
        return names
    }

    /// The options `galley COMMAND --help` lists, without `--help` and `--version`, which every
    /// command has. `--a/--no-a` counts as two names.
    static func listed(_ command: String) throws -> Set<String> {
        let help = try runGalley([command, "--help"], in: Oracle.repository)
        var names = Set<String>()
        var inOptions = false
        for line in help.stdout.split(separator: "\n") {
            if line.hasPrefix("OPTIONS:") {
                inOptions = true
                continue
            }
            guard inOptions, line.hasPrefix("  -") else { continue }
            let spec = line.dropFirst(2).split(separator: " ", omittingEmptySubsequences: false).prefix { !$0.isEmpty && !$0.hasPrefix("<") }
            for word in spec.joined(separator: " ").split(whereSeparator: { $0 == " " || $0 == "," || $0 == "/" }) where word.hasPrefix("-") {
                names.insert(String(word))
            }
        }
        return names.subtracting(["-h", "--help", "--version"])
    }

    @Test(arguments: tables.map(\.command))
    func theTableNamesEveryOptionOfTheCommandAndNoOther(_ command: String) throws {
        let entry = try #require(Self.tables.first { $0.command == command })
        let documented = try Self.documented(page: entry.page, table: entry.table).subtracting(["--version"])
        let listed = try Self.listed(command)
        #expect(!listed.isEmpty, "`galley \(command) --help` lists options")
        // `--x/--no-x` is documented when either name is.
        let missing = listed.filter { name in
            !documented.contains(name) && !documented.contains(Self.inverse(of: name))
        }
        #expect(missing.isEmpty, "\(entry.page) does not document \(missing.sorted()) of `galley \(command)`")
        let extra = documented.subtracting(listed)
        #expect(extra.isEmpty, "\(entry.page) documents \(extra.sorted()), which `galley \(command)` does not have")
    }

    static func inverse(of name: String) -> String {
        name.hasPrefix("--no-") ? "--" + name.dropFirst(5) : name.hasPrefix("--") ? "--no-" + name.dropFirst(2) : name
    }
}
