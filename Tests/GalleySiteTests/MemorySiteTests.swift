// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
import GalleyConfig
import Testing
@testable import GalleySite

/// The preview's site in memory is the site a build writes to disk, file for file and byte
/// for byte.
@Suite struct MemorySiteTests {
    static func files(in folder: URL) -> [String: Data] {
        var found: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
            found[relative] = try? Data(contentsOf: url)
        }
        return found
    }

    @Test(arguments: ["basic", "i18n"]) func aBuildInMemoryHoldsExactlyWhatTheBuildOnDiskWrites(_ kind: String) throws {
        var files = SiteBuilderTests.basicFiles
        files["docs/diagram.seq"] = "A->B: hello\n"
        files["docs/guide/drawn.md"] = "# Drawn\n\n![Hello](../diagram.seq)\n"
        if kind == "i18n" {
            files["mkdocs.yml"] = "site_name: Two\nplugins:\n  - search\n  - i18n:\n      docs_structure: suffix\n      languages:\n        - locale: en\n          default: true\n        - locale: fr\n"
            files["docs/index.fr.md"] = "# Bienvenue\n"
        }
        let project = try TemporaryProject(files: files)
        defer { project.remove() }
        let (config, _) = try ConfigLoader.load(path: project.configPath)
        _ = try SiteBuilder.build(config: config)
        let memory = MemorySite()
        var options = BuildOptions()
        options.memory = memory
        _ = try SiteBuilder.build(config: config, options: options)

        var onDisk = Self.files(in: project.root.appendingPathComponent("site"))
        onDisk[SiteWriter.marker] = nil
        #expect(memory.paths == onDisk.keys.sorted())
        for path in memory.paths {
            #expect(memory.contents(path) == onDisk[path], "\(path) differs")
        }
        #expect(memory.isFolder("guide/start") && memory.isFolder("") && !memory.isFolder("guide/start/index.html"))
        #expect(!project.exists("site/.galley-tmp"), "nothing else was written")
    }
}
