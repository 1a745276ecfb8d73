// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import GalleyFileSystem

/// What snippets need from a package's manifest: its identity, its library products and
/// the source directories each product is built from. `swift package dump-package` takes a
/// second, so its answer is kept until `Package.swift` changes.
struct PackageDescriptionCache: Sendable {
    var identity: String
    var libraryProducts: [String]
    /// Target name → (source directory, names of targets it depends on in this package).
    var targets: [String: (path: String, dependencies: [String])]
    var productTargets: [String: [String]]

    /// The source directories of `products` and every target of this package they use.
    func sourceDirectories(of products: [String]) -> [String] {
        var seen: Set<String> = []
        var stack = products.flatMap { productTargets[$0] ?? [] }
        while let name = stack.popLast() {
            guard seen.insert(name).inserted, let target = targets[name] else { continue }
            stack.append(contentsOf: target.dependencies)
        }
        return seen.compactMap { targets[$0]?.path }.sorted()
    }

    /// The description of the package at `package`: kept in `cacheDirectory`, else fetched
    /// from `remote` (compiling a manifest takes seconds, most of a warm check on a fresh
    /// clone), else asked of SwiftPM and stored there.
    static func load(package: String, manifest: Data, cacheDirectory: String, toolchain: SwiftToolchain, remote: RemoteCache? = nil, location: SourceLocation) throws(DiagnosticError) -> PackageDescriptionCache {
        let key = ContentHash.of(package + "\n" + String(decoding: manifest, as: UTF8.self))
        let cachePath = cacheDirectory + "/package-\(key.prefix(16)).json"
        var json = FileManager.default.contents(atPath: cachePath)
        // Only what the manifest says decides the parts read here, wherever the package is.
        let remoteKey = ContentHash.of("galley package description 1\n\(toolchain.portableIdentity)\n" + String(decoding: manifest, as: UTF8.self))
        if json == nil, let remote {
            let fetched = cacheDirectory + "/package-\(key.prefix(16)).remote-\(getpid())"
            if remote.fetch(remoteKey, into: fetched) != nil, (try? SystemCalls.rename(fetched + "/description.json", cachePath)) != nil {
                json = FileManager.default.contents(atPath: cachePath)
            }
            try? FileManager.default.removeItem(atPath: fetched)
        }
        if json == nil {
            let outcome: ProcessRunner.Outcome
            do {
                // Its own scratch directory: the package's `.build` may be locked by a build
                // or test that is running galley.
                MovedBuildFolder.resetIfMoved(cacheDirectory + "/dump-package")
                let arguments = ["package", "--scratch-path", cacheDirectory + "/dump-package", "dump-package"]
                outcome = try ProcessRunner(executable: toolchain.swift, arguments: arguments, environment: SwiftToolchain.packageEnvironment(temporaryFolder: cacheDirectory + "/dump-package/tmp"), directory: package, timeout: 120).run()
            } catch {
                throw DiagnosticError(at: location, "cannot run `swift package dump-package`: \(error)", code: SnippetCodes.package)
            }
            guard outcome.ending == .exited(0), let start = outcome.output.firstIndex(of: "{") else {
                throw DiagnosticError(at: location, "cannot read the package at `\(package)`:\n\(outcome.output.suffix(2000))", code: SnippetCodes.package)
            }
            json = Data(outcome.output[start...].utf8)
            try? FileManager.default.createDirectory(atPath: cacheDirectory, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: cachePath, contents: json)
            remote?.store(remoteKey, files: [.init(name: "description.json", path: cachePath)])
        }
        guard let json, let root = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw DiagnosticError(at: location, "cannot read the description of the package at `\(package)`", code: SnippetCodes.package)
        }
        var description = PackageDescriptionCache(identity: URL(fileURLWithPath: package).lastPathComponent.lowercased(), libraryProducts: [], targets: [:], productTargets: [:])
        for product in root["products"] as? [[String: Any]] ?? [] {
            guard let name = product["name"] as? String, let type = product["type"] as? [String: Any], type["library"] != nil else { continue }
            description.libraryProducts.append(name)
            description.productTargets[name] = product["targets"] as? [String] ?? []
        }
        for target in root["targets"] as? [[String: Any]] ?? [] {
            guard let name = target["name"] as? String else { continue }
            let type = target["type"] as? String ?? "regular"
            let defaultRoot = type == "test" ? "Tests" : "Sources"
            let path = target["path"] as? String ?? "\(defaultRoot)/\(name)"
            var dependencies: [String] = []
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                if let byName = dependency["byName"] as? [Any], let first = byName.first as? String { dependencies.append(first) }
                if let local = dependency["target"] as? [Any], let first = local.first as? String { dependencies.append(first) }
            }
            description.targets[name] = (path, dependencies)
        }
        return description
    }
}
