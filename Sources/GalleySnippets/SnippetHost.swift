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
    /// ``fingerprint`` without what only this machine knows (the package's and the
    /// toolchain's paths): the key of the library in a cache that machines share.
    var portableFingerprint = ""
    /// The project directory the library was built in, here or on the machine it was fetched
    /// from: the compiler wrote its source paths into the module files, and the symbol graphs
    /// extracted from them name files under it.
    var origin = ""

    static let libraryProduct = "GalleySnippetHost"

    /// What links a program against the library and lets it find the library at run time.
    var linkerFlags: [String] {
        ["-L", libraryDirectory, "-l\(libraryName)", "-Xlinker", "-rpath", "-Xlinker", libraryDirectory]
    }

    /// Prepares the host for `config`, building it when its fingerprint changed.
    /// `libraryCache` is where the library is built: the project's cache, or a folder
    /// projects share.
    static func prepare(config: SnippetConfig, projectDirectory: String, cacheDirectory: String, libraryCache: String, toolchain: SwiftToolchain, remote: RemoteCache? = nil, stages: SnippetStageClock = SnippetStageClock()) throws(DiagnosticError) -> SnippetHost {
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
            return try prepareStandalone(config: config, projectDirectory: projectDirectory, cacheDirectory: cacheDirectory, toolchain: toolchain, remote: remote, configLocation: configLocation, processes: &processes, processorSeconds: &processorSeconds)
        }
        let description = try PackageDescriptionCache.load(package: package, manifest: manifest, cacheDirectory: libraryCache, toolchain: toolchain, remote: remote, location: configLocation)
        let products = config.products ?? description.libraryProducts
        for product in products where !description.libraryProducts.contains(product) {
            throw DiagnosticError(at: configLocation, "the package at `\(package)` has no library product `\(product)`", code: SnippetCodes.package)
        }

        // Two keys from one reading of the sources: the local one names paths, so that a
        // package moved on this machine is rebuilt (SwiftPM's build folder notes where it
        // was); the portable one names only contents, for machines that share the library.
        var hash = ContentHash()
        var portable = ContentHash()
        func add(_ label: String, _ data: Data, portableLabel: String? = nil) {
            hash.add(label, data)
            portable.add(portableLabel ?? label, data)
        }
        hash.add("compiler", toolchain.identity)
        hash.add("package", package)
        // Not the package's identity either: SwiftPM takes it from the folder's name, which a
        // clone may choose, and no public symbol a program links against carries it.
        portable.add("compiler", toolchain.portableIdentity)
        add("template", Data(hostTemplateVersion.utf8))
        add("manifest", manifest)
        add("products", Data(products.joined(separator: ",").utf8))
        if let resolved = FileManager.default.contents(atPath: package + "/Package.resolved") {
            add("resolved", resolved)
        }
        for directory in description.sourceDirectories(of: products) {
            for file in Self.files(under: package + "/" + directory) {
                add(file, FileManager.default.contents(atPath: file) ?? Data(), portableLabel: String(file.dropFirst(package.count)))
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
            imports: config.imports ?? products,
            portableFingerprint: portable.finish(),
            origin: projectDirectory
        )
        if !host.isBuilt(in: hostDirectory) {
            processorSeconds = try build(host, in: hostDirectory, manifest: manifestText(package: package, identity: description.identity, products: products), toolchain: toolchain, remote: remote, configLocation: configLocation)
            processes = processorSeconds > 0 ? 1 : 0
        } else {
            SnippetCache.touch(hostDirectory)
        }
        return host.withInterface(in: hostDirectory).withOrigin(in: hostDirectory)
    }

    /// This host with ``origin`` read from `hostDirectory`, where the build that made the
    /// library, here or elsewhere, recorded it.
    func withOrigin(in hostDirectory: String) -> SnippetHost {
        var host = self
        if let recorded = try? String(contentsOfFile: hostDirectory + "/" + Self.originRecord, encoding: .utf8), !recorded.isEmpty {
            host.origin = recorded
        }
        return host
    }

    /// The file that names the project directory a library was built in.
    static let originRecord = "origin"

    /// The key of this library in a cache that machines share.
    var remoteKey: String { ContentHash.of("galley host library 2\n" + portableFingerprint) }

    /// The files of a built library that compiling and linking programs against it and
    /// extracting its symbol graphs read, by their names inside `hostDirectory`.
    func sharedFiles(in hostDirectory: String) -> [RemoteCache.EntryFile] {
        let base = hostDirectory + "/"
        // The library, and the dynamic libraries of the package's graph it loads (a product
        // declared `.dynamic`, such as IssueReporting's test support), which SwiftPM builds
        // beside it.
        let libraries = (SystemCalls.names(in: libraryDirectory) ?? []).filter { $0.hasPrefix("lib") && ($0.hasSuffix(".so") || $0.hasSuffix(".dylib")) }.sorted()
        var paths = [hostDirectory + "/" + Self.originRecord] + libraries.map { libraryDirectory + "/" + $0 }
        for name in (SystemCalls.names(in: modulesDirectory) ?? []).sorted() {
            let path = modulesDirectory + "/" + name
            // A module is a file, or a folder of files per architecture.
            if SystemCalls.kind(path) == .directory {
                paths += (SystemCalls.names(in: path) ?? []).sorted().map { path + "/" + $0 }
            } else {
                paths.append(path)
            }
        }
        return paths.filter { $0.hasPrefix(base) && SystemCalls.kind($0) == .file }.map { RemoteCache.EntryFile(name: String($0.dropFirst(base.count)), path: $0) }
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
    private static func prepareStandalone(config: SnippetConfig, projectDirectory: String, cacheDirectory: String, toolchain: SwiftToolchain, remote: RemoteCache?, configLocation: SourceLocation, processes: inout Int, processorSeconds: inout Double) throws(DiagnosticError) -> SnippetHost {
        var hash = ContentHash()
        hash.add("template", hostTemplateVersion)
        hash.add("compiler", toolchain.identity)
        hash.add("standalone", "")
        var portable = ContentHash()
        portable.add("template", hostTemplateVersion)
        portable.add("compiler", toolchain.portableIdentity)
        portable.add("standalone", "")
        let hostDirectory = cacheDirectory + "/host-standalone"
        let buildDirectory = hostDirectory + "/.build/debug"
        let host = SnippetHost(
            modulesDirectory: buildDirectory + "/Modules",
            libraryDirectory: buildDirectory,
            libraryName: libraryProduct,
            fingerprint: hash.finish(),
            imports: config.imports ?? [],
            portableFingerprint: portable.finish(),
            origin: projectDirectory
        )
        if !host.isBuilt(in: hostDirectory) {
            processorSeconds = try build(host, in: hostDirectory, manifest: manifestText(package: nil, identity: "", products: []), toolchain: toolchain, remote: remote, configLocation: configLocation)
            processes = processorSeconds > 0 ? 1 : 0
        } else {
            SnippetCache.touch(hostDirectory)
        }
        return host.withInterface(in: hostDirectory).withOrigin(in: hostDirectory)
    }

    /// Whether `hostDirectory` holds this host's library, built for its fingerprint.
    func isBuilt(in hostDirectory: String) -> Bool {
        (try? String(contentsOfFile: hostDirectory + "/fingerprint", encoding: .utf8)) == fingerprint
            && FileManager.default.fileExists(atPath: libraryDirectory + "/" + SystemCalls.sharedLibraryFileName(libraryName))
    }

    /// Fetches the library from `remote`, or writes the host package into `hostDirectory` and
    /// builds it (and stores it in `remote`), unless a parallel build did either meanwhile;
    /// records the fingerprint it was built for. Returns the processor time `swift build`
    /// used (none when it did not run).
    @discardableResult
    private static func build(_ host: SnippetHost, in hostDirectory: String, manifest: String, toolchain: SwiftToolchain, remote: RemoteCache?, configLocation: SourceLocation) throws(DiagnosticError) -> Double {
        let fingerprint = host.fingerprint
        let stamp = hostDirectory + "/fingerprint"
        try? FileManager.default.createDirectory(atPath: hostDirectory, withIntermediateDirectories: true)
        // Parallel builds take turns, so the host is never built twice at once.
        let lock = try? PathLock(hostDirectory + ".lock", createFile: true)
        defer { lock?.unlock() }
        if (try? String(contentsOfFile: stamp, encoding: .utf8)) == fingerprint { return 0 }
        SnippetCache.forgetHostBytes(hostDirectory)
        if let remote, remote.fetch(host.remoteKey, into: hostDirectory) != nil {
            try? fingerprint.write(toFile: stamp, atomically: true, encoding: .utf8)
            return 0
        }
        do {
            try FileManager.default.createDirectory(atPath: hostDirectory + "/Sources/\(libraryProduct)", withIntermediateDirectories: true)
            try manifest.write(toFile: hostDirectory + "/Package.swift", atomically: true, encoding: .utf8)
            try hooksSource.write(toFile: hostDirectory + "/Sources/\(libraryProduct)/Hooks.swift", atomically: true, encoding: .utf8)
        } catch {
            throw DiagnosticError(at: SourceLocation(file: hostDirectory), "cannot write the snippet host package: \(error)", code: SnippetCodes.host)
        }
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
        try? host.origin.write(toFile: hostDirectory + "/" + originRecord, atomically: true, encoding: .utf8)
        try? fingerprint.write(toFile: stamp, atomically: true, encoding: .utf8)
        remote?.store(host.remoteKey, files: host.sharedFiles(in: hostDirectory))
        return max(outcome.processorSeconds, 0.001)
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
