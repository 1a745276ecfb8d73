import Foundation
import GalleyConfig
import GalleyDiagnostics

extension SnippetEngine {
    /// Where a change changes what snippets link, for `galley serve` to watch: the
    /// linked package's `Package.swift` and `Package.resolved`, and the source directories
    /// of the products snippets link (every target they use). Empty when the project links
    /// no package. Falls back to the package's `Sources` when its description cannot be
    /// read.
    public func linkedPackagePaths() -> [String] {
        let package = URL(fileURLWithPath: config.package ?? ".", relativeTo: URL(fileURLWithPath: projectDirectory + "/")).standardizedFileURL.path
        let manifestPath = package + "/Package.swift"
        guard let manifest = FileManager.default.contents(atPath: manifestPath) else { return [] }
        var paths = [manifestPath, package + "/Package.resolved"]
        let location = SourceLocation(file: "mkdocs.yml", line: config.line)
        if let toolchain = try? SwiftToolchain.locate(),
           let description = try? PackageDescriptionCache.load(package: package, manifest: manifest, cacheDirectory: package + "/.galley", toolchain: toolchain, location: location) {
            let products = config.products ?? description.libraryProducts
            paths += description.sourceDirectories(of: products).map { package + "/" + $0 }
        } else {
            paths.append(package + "/Sources")
        }
        return paths
    }
}
