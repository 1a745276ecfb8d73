// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleyPages
import GalleySources

/// The build's link validation on its own: every page parsed and its links resolved against
/// the whole site (missing pages, files and anchors), nothing rendered or written. `galley
/// lint --links` reports these beside mdl's rules.
package enum LinkCheck {
    package static func diagnostics(config: SiteConfig) throws(DiagnosticError) -> [Diagnostic] {
        var log = DiagnosticLog()
        let tree = try SourceScanner.scan(config, log: &log)
        // Only links are reported here; what the build says about extensions is the build's.
        var settingsLog = DiagnosticLog()
        let settings = MarkdownSettings(config: config, log: &settingsLog)
        let parsed = parallelMap(tree.pages) { page -> ParsedPage? in try? PagePipeline.parse(page, settings: settings) }.compactMap { $0 }
        var anchors: [String: Set<String>] = [:]
        for page in parsed {
            anchors[page.file.path] = PageAnchors.collect(page.document, headings: page.headings)
        }
        let index = SiteIndex(tree: tree, anchors: anchors)
        let found = parallelMap(parsed) { page -> [Diagnostic] in
            var resolver = LinkResolver(page: page.file, index: index, validation: config.validation, source: page.source)
            return resolver.resolve(page.document).1
        }
        let shown = ShownPaths(config: config, tree: tree)
        return found.flatMap { $0 }.map(shown.locate)
    }
}
