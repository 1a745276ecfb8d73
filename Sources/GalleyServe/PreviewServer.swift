// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import NIOCore
import Synchronization
import GalleyDiagnostics
import GalleyFileSystem
import GalleySnippets

/// `galley serve`: builds the site, serves it, and rebuilds it whenever a source changes,
/// telling open pages to reload or showing them why the rebuild failed.
package final class PreviewServer: Sendable {
    /// The build token of the page served while no build has succeeded.
    static let unbuiltToken = "none"

    package let builder: PreviewBuilder
    package let hub: LiveReloadHub
    private let address: DevAddress
    private let report: @Sendable (String) -> Void
    private let debounce: DispatchTimeInterval
    private let buildQueue = DispatchQueue(label: "galley.preview.build")
    /// What the watcher's thread, the build queue and `stop()` share.
    private struct Shared {
        var pendingChanges: [String] = []
        var rebuildScheduled = false
        var watcher: FileWatcher?
        var watchedTargets: [FileWatcher.Target] = []
        var server: (any Channel)?
    }

    private let shared = Mutex(Shared())

    /// A server for `builder` on `address`; `report` hears what the terminal should show.
    package init(builder: PreviewBuilder, address: DevAddress, debounce: DispatchTimeInterval = .milliseconds(20), report: @escaping @Sendable (String) -> Void) {
        self.builder = builder
        self.address = address
        self.report = report
        self.debounce = debounce
        hub = LiveReloadHub(state: LiveState(build: Self.unbuiltToken))
    }

    /// Builds once, starts watching, and serves until the task is cancelled. `listening`
    /// hears the address once connections are accepted; each passes a ``RequestGuard``,
    /// which reads its requests' heads under fixed limits and deadlines.
    package func run(listening: @escaping @Sendable (String) -> Void = { _ in }) async throws {
        // The address is bound first, so a port in use is reported at once, before anything
        // is built; connections wait until the first build is done.
        let server = try await PreviewHTTPServer.bind(address: address, site: SiteHandler(builder: builder, hub: hub), hub: hub)
        shared.withLock { $0.server = server }
        buildQueue.sync { rebuild(after: []) }
        try await PreviewHTTPServer.open(server)
        let port = server.localAddress?.port ?? Int(address.port)
        listening("http://\(DevAddress(host: address.host, port: UInt16(port)))\(builder.mount)")
        try await withTaskCancellationHandler {
            try await server.closeFuture.get()
        } onCancel: {
            server.close(promise: nil)
        }
    }

    /// Stops watching and serving.
    package func stop() async {
        let (watcher, server) = shared.withLock { ($0.watcher, $0.server) }
        watcher?.stop()
        try? await server?.close()
    }

    /// Paths changed: rebuild once they have settled, coalescing what arrives meanwhile.
    func changed(_ paths: [String]) {
        let schedule = shared.withLock { shared -> Bool in
            shared.pendingChanges += paths
            defer { shared.rebuildScheduled = true }
            return !shared.rebuildScheduled
        }
        guard schedule else { return }
        buildQueue.asyncAfter(deadline: .now() + debounce) { [self] in
            let paths = shared.withLock { shared -> [String] in
                shared.rebuildScheduled = false
                defer { shared.pendingChanges = [] }
                return shared.pendingChanges
            }
            rebuild(after: paths)
        }
    }

    /// Builds, tells the pages and the terminal, and watches what the new configuration
    /// names. Runs on the build queue.
    private func rebuild(after paths: [String]) {
        let outcome = builder.build(changed: paths)
        // An editor's temporary file came and went: nothing to tell.
        if outcome.changedNothing { return }
        hub.publish(outcome.state)
        // Where a snippet edit's time went: compiling, linking and running the page's program.
        let cause = (paths.isEmpty ? "" : " after a change to \(Self.describe(paths))") + (outcome.snippetStages?.brief.map { " (\($0))" } ?? "")
        var lines = outcome.diagnostics.map(\.description)
        if outcome.succeeded, outcome.wasIncremental {
            lines.append(String(format: "Updated in %.0f ms%@.", outcome.seconds * 1000, cause))
        } else if outcome.succeeded {
            lines.append("Built \(counted(outcome.pageCount, "page")) in " + String(format: "%.2f s", outcome.seconds) + cause + ".")
        } else {
            lines.append("The build failed\(cause); the last good site is still served.")
        }
        report(lines.joined(separator: "\n"))
        let targets = builder.watchTargets()
        let current = shared.withLock { $0.watchedTargets }
        guard targets != current else { return }
        do {
            let fresh = try FileWatcher(targets) { [weak self] paths in self?.changed(paths) }
            let old = shared.withLock { shared -> FileWatcher? in
                defer { shared.watcher = fresh; shared.watchedTargets = targets }
                return shared.watcher
            }
            old?.stop()
        } catch {
            report("warning: \(error.localizedDescription); pages will not rebuild by themselves")
        }
    }

    private static func describe(_ paths: [String]) -> String {
        let base = FileManager.default.currentDirectoryPath
        var seen: Set<String> = []
        let paths = paths.filter { seen.insert($0).inserted }
        let shown = paths.prefix(3).map { ShownPath.relative($0, to: base) }
        return shown.joined(separator: ", ") + (paths.count > 3 ? " and \(paths.count - 3) more" : "")
    }

    /// `Client/live.js`, compiled into the executable (SwiftPM's `embedInCode`).
    static let clientScript = Data(PackageResources.live_js)
}
