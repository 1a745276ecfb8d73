// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics

/// Where a change changes what snippets link.
package struct LinkedPackagePaths: Sendable, Equatable {
    /// The package's `Package.swift` and `Package.resolved`.
    package var files: [String] = []
    /// The source directories of the products snippets link, and of every target they use.
    package var directories: [String] = []
}

extension SnippetConfig {
    /// The linked package's directory, absolute.
    func packageDirectory(in projectDirectory: String) -> String {
        URL(fileURLWithPath: package ?? ".", relativeTo: URL(fileURLWithPath: projectDirectory + "/")).standardizedFileURL.path
    }
}

extension SnippetEngine {
    /// What `galley serve` watches for the linked package: empty when the project links
    /// none. The directories fall back to the package's `Sources` when its description
    /// cannot be read.
    package func linkedPackagePaths() -> LinkedPackagePaths {
        let package = config.packageDirectory(in: projectDirectory)
        let manifestPath = package + "/Package.swift"
        guard let manifest = FileManager.default.contents(atPath: manifestPath) else { return LinkedPackagePaths() }
        var paths = LinkedPackagePaths(files: [manifestPath, package + "/Package.resolved"])
        let location = SourceLocation(file: "mkdocs.yml", line: config.line)
        if let toolchain = try? SwiftToolchain.locate(),
           let description = try? PackageDescriptionCache.load(package: package, manifest: manifest, cacheDirectory: libraryCacheDirectory, toolchain: toolchain, location: location) {
            let products = config.products ?? description.libraryProducts
            paths.directories = description.sourceDirectories(of: products).map { package + "/" + $0 }
        } else {
            paths.directories = [package + "/Sources"]
        }
        return paths
    }
}
