import Foundation
import GalleyDiagnostics

/// The `swift` and `swiftc` that build snippets, and an identity that changes with the
/// compiler, for cache keys.
struct SwiftToolchain: Sendable {
    var swift: String
    var swiftc: String
    var identity: String

    static func locate() throws(DiagnosticError) -> SwiftToolchain {
        let environment = ProcessInfo.processInfo.environment
        let searchPath = (environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/opt/swift/usr/bin", "/usr/bin"]
        guard let directory = searchPath.first(where: { FileManager.default.isExecutableFile(atPath: $0 + "/swiftc") }) else {
            throw DiagnosticError(at: SourceLocation(file: "mkdocs.yml"), "Swift snippets need `swiftc`, which is not on PATH", code: "snippets.toolchain")
        }
        let swiftc = URL(fileURLWithPath: directory + "/swiftc").resolvingSymlinksInPath().path
        // The frontend binary's size and time stand for the compiler version without running it.
        let frontend = URL(fileURLWithPath: swiftc).deletingLastPathComponent().appendingPathComponent("swift-frontend").path
        let attributes = (try? FileManager.default.attributesOfItem(atPath: frontend)) ?? (try? FileManager.default.attributesOfItem(atPath: swiftc)) ?? [:]
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return SwiftToolchain(swift: directory + "/swift", swiftc: directory + "/swiftc", identity: "\(swiftc) \(size) \(modified)")
    }
}
