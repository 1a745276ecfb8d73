// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
import GalleyConfig
import GalleyDiagnostics
@testable import GalleySite
import Testing

/// Builds sites from generated docs trees (names of one to three characters, dots, spaces,
/// unicode, deep nesting): no build may crash, and every page whose URL no other page
/// claims must come out where mkdocs puts it.
@Suite("Generated docs trees")
struct GeneratedTreeTests {
    /// A small deterministic generator, so a failing tree can be rebuilt from its seed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    static let letters: [String] = ["a", "b", "Z", "1", ".", " ", "-", "_", "ü", "é", "字", "x"]

    static func name(_ random: inout Generator) -> String {
        var name = ""
        for _ in 0..<Int.random(in: 1...3, using: &random) { name += letters.randomElement(using: &random)! }
        // A name made only of dots or ending in a space is not one a docs tree can hold on
        // every system; mkdocs' own scanner skips dot-names.
        if name.allSatisfy({ $0 == "." }) || name.hasPrefix(".") { name = "d" + name }
        return name.hasSuffix(" ") ? name + "e" : name
    }

    /// A tree of pages (paths relative to `docs/`), with `index.md` half of the time.
    static func tree(seed: UInt64) -> [String] {
        var random = Generator(state: seed)
        var paths: Set<String> = []
        if Bool.random(using: &random) { paths.insert("index.md") }
        for _ in 0..<Int.random(in: 1...10, using: &random) {
            let depth = Int.random(in: 0...6, using: &random)
            let folders = (0..<depth).map { _ in name(&random) }
            let file = Bool.random(using: &random) ? "index.md" : name(&random) + ".md"
            paths.insert((folders + [file]).joined(separator: "/"))
        }
        return paths.sorted()
    }

    /// Where mkdocs writes a page with `use_directory_urls`: `a/b.md` → `a/b/index.html`,
    /// `a/index.md` and `a/README.md` → `a/index.html`.
    static func output(of page: String) -> String {
        var parts = page.split(separator: "/").map(String.init)
        let stem = String(parts.removeLast().dropLast(3))
        if stem != "index" && stem != "README" { parts.append(stem) }
        return (parts + ["index.html"]).joined(separator: "/")
    }

    @Test(arguments: 0..<40)
    func aGeneratedTreeBuilds(seed: Int) throws {
        let pages = Self.tree(seed: UInt64(seed))
        var files = ["mkdocs.yml": "site_name: Generated \(seed)\n"]
        for page in pages { files["docs/" + page] = "# Page \(page)\n\nText of \(page).\n" }
        let project = try TemporaryProject(files: files)
        defer { project.remove() }
        let (config, diagnostics) = try ConfigLoader.load(path: project.configPath)
        let site = project.root.appendingPathComponent("site")
        _ = try? SiteBuilder.build(config: config, configDiagnostics: diagnostics, options: BuildOptions(siteDirectory: site.path))
        let outputs = Dictionary(grouping: pages, by: Self.output)
        for (output, claimants) in outputs where claimants.count == 1 {
            #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(output).path), "seed \(seed): \(claimants[0]) → \(output) in \(pages)")
        }
    }
}
