// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem

/// The libraries snippets link: a small generated package in the linked package's
/// `.galley/host` that depends on it and turns its products into one dynamic library, beside
/// the module files the compiler reads. It is rebuilt only when the sources it is made of
/// change.
struct SnippetHost: Sendable {
    /// `-I` for the products' modules.
    var modulesDirectory: String
    /// `-L` for the library.
    var libraryDirectory: String
    /// The library's name, for `-l`.
    var libraryName: String
    /// Changes whenever anything linked into the library changes.
    var fingerprint: String
    /// Modules imported into every snippet.
    var imports: [String]
    /// Changes whenever what a program compiles against changes: the products' compiled
    /// module interfaces, which an edit of a comment or a function body leaves alone. Programs
    /// are compiled for it; their results, which the library's behaviour decides, are kept
    /// for ``fingerprint``.
    var interface = ""

    static let libraryProduct = "GalleySnippetHost"

    /// What links a program against the library and lets it find the library at run time.
    var linkerFlags: [String] {
        ["-L", libraryDirectory, "-l\(libraryName)", "-Xlinker", "-rpath", "-Xlinker", libraryDirectory]
    }

    /// Prepares the host for `config`, building it when its fingerprint changed.
    /// `libraryCache` is where the library is built: the project's cache, or a folder
    /// projects share.
    static func prepare(config: SnippetConfig, projectDirectory: String, cacheDirectory: String, libraryCache: String, toolchain: SwiftToolchain, stages: SnippetStageClock = SnippetStageClock()) throws(DiagnosticError) -> SnippetHost {
        let started = ContinuousClock.now
        var processes = 0
        var processorSeconds = 0.0
        defer { stages.record(.libraries, since: started, processes: processes, processorSeconds: processorSeconds) }
        let package = config.packageDirectory(in: projectDirectory)
        let manifestPath = package + "/Package.swift"
        let configLocation = SourceLocation(file: "mkdocs.yml", line: config.line)
        guard let manifest = FileManager.default.contents(atPath: manifestPath) else {
            // Without a package, snippets use the standard library and Foundation alone.
            guard config.package == nil else {
                throw DiagnosticError(at: configLocation, "`galley.snippets.package` names `\(package)`, but there is no `Package.swift` there", code: SnippetCodes.package)
            }
            return try prepareStandalone(config: config, cacheDirectory: cacheDirectory, toolchain: toolchain, configLocation: configLocation, processes: &processes, processorSeconds: &processorSeconds)
        }
        let description = try PackageDescriptionCache.load(package: package, manifest: manifest, cacheDirectory: libraryCache, toolchain: toolchain, location: configLocation)
        let products = config.products ?? description.libraryProducts
        for product in products where !description.libraryProducts.contains(product) {
            throw DiagnosticError(at: configLocation, "the package at `\(package)` has no library product `\(product)`", code: SnippetCodes.package)
        }

        var hash = ContentHash()
        hash.add("template", hostTemplateVersion)
        hash.add("compiler", toolchain.identity)
        hash.add("package", package)
        hash.add("manifest", manifest)
        hash.add("products", products.joined(separator: ","))
        if let resolved = FileManager.default.contents(atPath: package + "/Package.resolved") {
            hash.add("resolved", resolved)
        }
        for directory in description.sourceDirectories(of: products) {
            for file in Self.files(under: package + "/" + directory) {
                hash.add(file, FileManager.default.contents(atPath: file) ?? Data())
            }
        }
        let fingerprint = hash.finish()

        // The host is built in the project's own cache, wherever the package lies, so that
        // the cache's budget counts it and `galley clean` removes it; nothing is written into
        // a package outside the project. One host per package and product list, so that
        // settings linking other products do not rebuild each other's.
        let hostDirectory = libraryCache + "/host-" + ContentHash.of(package + "\n" + products.joined(separator: ",")).prefix(12)
        let buildDirectory = hostDirectory + "/.build/debug"
        let host = SnippetHost(
            modulesDirectory: buildDirectory + "/Modules",
            libraryDirectory: buildDirectory,
            libraryName: libraryProduct,
            fingerprint: fingerprint,
            imports: config.imports ?? products
        )
        if !host.isBuilt(in: hostDirectory) {
            processorSeconds = try build(host, in: hostDirectory, manifest: manifestText(package: package, identity: description.identity, products: products), toolchain: toolchain, configLocation: configLocation)
            processes = 1
        } else {
            SnippetCache.touch(hostDirectory)
        }
        return host.withInterface(in: hostDirectory)
    }

    /// This host with ``interface`` read from `hostDirectory`, where it is worked out once
    /// per build of the library.
    func withInterface(in hostDirectory: String) -> SnippetHost {
        var host = self
        let record = hostDirectory + "/interface"
        let lines = (try? String(contentsOfFile: record, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        if lines.count == 2, lines[0] == fingerprint {
            host.interface = lines[1]
            return host
        }
        var hash = ContentHash()
        let modules = (SystemCalls.names(in: modulesDirectory) ?? []).filter { $0.hasSuffix(".swiftmodule") }.sorted()
        for name in modules {
            let path = modulesDirectory + "/" + name
            // A module is a file, or a folder of files per architecture.
            let files = SystemCalls.kind(path) == .directory ? (SystemCalls.names(in: path) ?? []).sorted().map { path + "/" + $0 } : [path]
            for file in files where file.hasSuffix(".swiftmodule") {
                hash.add(name, (try? SystemCalls.readFile(file)).map { Data($0) } ?? Data())
            }
        }
        host.interface = modules.isEmpty ? fingerprint : hash.finish()
        try? (fingerprint + "\n" + host.interface).write(toFile: record, atomically: true, encoding: .utf8)
        return host
    }

    /// The host of a project that links no package: the hooks alone, in the project's cache.
    private static func prepareStandalone(config: SnippetConfig, cacheDirectory: String, toolchain: SwiftToolchain, configLocation: SourceLocation, processes: inout Int, processorSeconds: inout Double) throws(DiagnosticError) -> SnippetHost {
        var hash = ContentHash()
        hash.add("template", hostTemplateVersion)
        hash.add("compiler", toolchain.identity)
        hash.add("standalone", "")
        let hostDirectory = cacheDirectory + "/host-standalone"
        let buildDirectory = hostDirectory + "/.build/debug"
        let host = SnippetHost(
            modulesDirectory: buildDirectory + "/Modules",
            libraryDirectory: buildDirectory,
            libraryName: libraryProduct,
            fingerprint: hash.finish(),
            imports: config.imports ?? []
        )
        if !host.isBuilt(in: hostDirectory) {
            processorSeconds = try build(host, in: hostDirectory, manifest: manifestText(package: nil, identity: "", products: []), toolchain: toolchain, configLocation: configLocation)
            processes = 1
        } else {
            SnippetCache.touch(hostDirectory)
        }
        return host.withInterface(in: hostDirectory)
    }

    /// Whether `hostDirectory` holds this host's library, built for its fingerprint.
    func isBuilt(in hostDirectory: String) -> Bool {
        (try? String(contentsOfFile: hostDirectory + "/fingerprint", encoding: .utf8)) == fingerprint
            && FileManager.default.fileExists(atPath: libraryDirectory + "/" + SystemCalls.sharedLibraryFileName(libraryName))
    }

    /// Writes the host package into `hostDirectory` and builds it, unless a parallel build did
    /// meanwhile; records the fingerprint it was built for. Returns the processor time `swift
    /// build` used (none when a parallel build did the work).
    @discardableResult
    private static func build(_ host: SnippetHost, in hostDirectory: String, manifest: String, toolchain: SwiftToolchain, configLocation: SourceLocation) throws(DiagnosticError) -> Double {
        let fingerprint = host.fingerprint
        let stamp = hostDirectory + "/fingerprint"
        try? FileManager.default.createDirectory(atPath: hostDirectory, withIntermediateDirectories: true)
        // Parallel builds take turns, so the host is never built twice at once.
        let lock = try? PathLock(hostDirectory + ".lock", createFile: true)
        defer { lock?.unlock() }
        if (try? String(contentsOfFile: stamp, encoding: .utf8)) == fingerprint { return 0 }
        do {
            try FileManager.default.createDirectory(atPath: hostDirectory + "/Sources/\(libraryProduct)", withIntermediateDirectories: true)
            try manifest.write(toFile: hostDirectory + "/Package.swift", atomically: true, encoding: .utf8)
            try hooksSource.write(toFile: hostDirectory + "/Sources/\(libraryProduct)/Hooks.swift", atomically: true, encoding: .utf8)
        } catch {
            throw DiagnosticError(at: SourceLocation(file: hostDirectory), "cannot write the snippet host package: \(error)", code: SnippetCodes.host)
        }
        SnippetCache.forgetHostBytes(hostDirectory)
        MovedBuildFolder.resetIfMoved(hostDirectory + "/.build")
        let outcome: ProcessRunner.Outcome
        do {
            outcome = try ProcessRunner(executable: toolchain.swift, arguments: ["build", "--product", libraryProduct], environment: SwiftToolchain.packageEnvironment(temporaryFolder: hostDirectory + "/.build/tmp"), directory: hostDirectory).run()
        } catch {
            throw DiagnosticError(at: SourceLocation(file: hostDirectory), "cannot run `swift build`: \(error)", code: SnippetCodes.host)
        }
        guard outcome.ending == .exited(0) else {
            throw DiagnosticError(at: configLocation, "building the libraries snippets link failed (`swift build` in \(hostDirectory)):\n\(outcome.output.suffix(3000))", code: SnippetCodes.host)
        }
        try? fingerprint.write(toFile: stamp, atomically: true, encoding: .utf8)
        return outcome.processorSeconds
    }

    /// Bumped when the generated package changes shape.
    static let hostTemplateVersion = "5"

    /// The host package's manifest; with no `package`, it depends on nothing.
    static func manifestText(package: String?, identity: String, products: [String]) -> String {
        let dependencies = products.map { ".product(name: \"\($0)\", package: \"\(identity)\")" }.joined(separator: ", ")
        return """
        // swift-tools-version: 6.0
        // Generated by galley: the libraries Swift snippets link, as one dynamic library.
        import PackageDescription

        let package = Package(
            name: "\(libraryProduct)",
            products: [.library(name: "\(libraryProduct)", type: .dynamic, targets: ["\(libraryProduct)"])],
            dependencies: [\(package.map { ".package(path: \"\($0)\")" } ?? "")],
            targets: [.target(name: "\(libraryProduct)", dependencies: [\(dependencies)])],
            // The hooks touch C's `stdout`, which Swift 6 mode rejects as shared state.
            swiftLanguageModes: [.v5]
        )

        """
    }

    /// What every snippet program calls: output markers, the crash-block switch, and the
    /// hooks the compiler's playground transform calls for `values` blocks.
    static let hooksSource = #"""
    // Generated by galley. Only the C library: every snippet imports this module, and
    // Foundation would make each compilation load far more.
    #if canImport(Glibc)
    import Glibc
    #elseif canImport(Musl)
    import Musl
    #else
    import Darwin
    #endif
    #if canImport(IssueReporting)
    internal import IssueReporting

    /// Makes a reported issue (a failed `WorkflowTesting` assertion, `reportIssue`) fail the
    /// block that reported it, at the snippet's own line: outside a test runner the library
    /// would only print it, and the block would pass.
    private struct __GalleyIssueReporter: IssueReporter {
        func reportIssue(_ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
            let text = message() ?? "Issue reported"
            if severity == .warning {
                fputs("\(filePath):\(line): warning: \(text)\n", stderr)
                return
            }
            Swift.fatalError(text.isEmpty ? "Issue reported" : text, file: filePath, line: line)
        }
    }
    #endif

    /// Line-buffers standard output, so markers and text keep their order with standard
    /// error and nothing is lost when a block traps; makes reported issues fail.
    public func __galleyStart() {
        setvbuf(stdout, nil, _IOLBF, 0)
        #if canImport(IssueReporting)
        IssueReporters.current = [__GalleyIssueReporter()]
        #endif
    }

    /// The nonce of this run, which every marker carries (`GALLEY_MARKER`).
    private let __galleyMarker: String = getenv("GALLEY_MARKER").map { String(cString: $0) } ?? ""

    /// Marks the start of block `index` in the output.
    public func __galleyBlock(_ index: Int) {
        print("\u{1E}galley-block \(__galleyMarker) \(index)")
    }

    /// Whether this run is the one that lets crash block `index` trap.
    public func __galleyCrashTarget(_ index: Int) -> Bool {
        getenv("GALLEY_CRASH_BLOCK").map { String(cString: $0) } == String(index)
    }

    /// False, out of the optimizer's sight: compile-only blocks sit behind it.
    public func __galleyNever() -> Bool {
        getenv("GALLEY_NEVER_SET_THIS") != nil
    }

    private func __galleyValue(_ object: Any, line: Int, column: Int) {
        var text = ""
        print(object, terminator: "", to: &text)
        text = text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\\n")
        print("\u{1E}galley-value \(__galleyMarker) \(line) \(column) \(text)")
    }

    @inline(never)
    public func __builtin_log_with_id<T>(_ object: T, _ name: String, _ id: Int, _ sl: Int, _ el: Int, _ sc: Int, _ ec: Int, _ moduleID: Int, _ fileID: Int) -> AnyObject? {
        __galleyValue(object, line: sl, column: sc)
        return nil
    }

    @inline(never)
    public func __builtin_log_scope_entry(_ sl: Int, _ el: Int, _ sc: Int, _ ec: Int, _ moduleID: Int, _ fileID: Int) -> AnyObject? { nil }

    @inline(never)
    public func __builtin_log_scope_exit(_ sl: Int, _ el: Int, _ sc: Int, _ ec: Int, _ moduleID: Int, _ fileID: Int) -> AnyObject? { nil }

    @inline(never)
    public func __builtin_postPrint(_ sl: Int, _ el: Int, _ sc: Int, _ ec: Int, _ moduleID: Int, _ fileID: Int) -> AnyObject? { nil }

    @inline(never)
    public func __builtin_send_data(_ object: AnyObject?) {}

    """#

    static func files(under directory: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let path = directory + "/" + relative
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(path)
            }
        }
        return files.sorted()
    }
}
