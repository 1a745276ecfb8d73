// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyOracle
import GalleySite
import GalleySources
import Testing

/// Builds the real square/workflow mkdocs project, unchanged, and checks the result against
/// what mkdocs produces for it.
@Suite("square/workflow corpus", .enabled(if: SharedCorpus.squareWorkflowIsPresent, "../shared/corpus/square-workflow is absent; skipping the corpus build"))
struct CorpusTests {
    struct Built {
        let site: URL
        let report: BuildReport
        let tree: SourceTree
    }

    static func build() throws -> Built {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("galley-corpus-\(UUID().uuidString)")
        let (config, diagnostics) = try ConfigLoader.load(path: SharedCorpus.squareWorkflow.appendingPathComponent("mkdocs.yml").path, environment: [:])
        var log = DiagnosticLog()
        let tree = try SourceScanner.scan(config, log: &log)
        let report = try SiteBuilder.build(config: config, configDiagnostics: diagnostics, options: BuildOptions(siteDirectory: site.path))
        return Built(site: site, report: report, tree: tree)
    }

    @Test func everyPageIsBuiltWithNoRawContainerMarkers() throws {
        let built = try Self.build()
        defer { try? FileManager.default.removeItem(at: built.site) }
        #expect(built.tree.pages.count == 20)
        for page in built.tree.pages {
            let html = try String(contentsOf: built.site.appendingPathComponent(page.destination), encoding: .utf8)
            let article = html.components(separatedBy: "<article>").last?.components(separatedBy: "</article>").first ?? ""
            for marker in ["\n!!! ", "\n??? ", "\n=== \"", "<p>!!!", "<p>???", "<p>=== "] {
                #expect(!article.contains(marker), "\(page.path) still contains \(marker)")
            }
        }
        let navPages = ["index.html", "userguide/whyworkflow/index.html", "userguide/concepts/index.html", "glossary/index.html",
                        "faq/index.html", "historical/index.html", "CHANGELOG/index.html", "CONTRIBUTING/index.html", "CODE_OF_CONDUCT/index.html"]
        let notInNav = ["code-recipes/index.html", "development-process/index.html", "RELEASING/index.html", "sequence_diagrams/index.html"]
        for path in navPages + notInNav {
            #expect(FileManager.default.fileExists(atPath: built.site.appendingPathComponent(path).path), "\(path) missing")
        }
        // The redirects point into the generated Kotlin API docs, which the corpus lacks:
        // mkdocs-redirects warns about each and skips it, and so does Galley.
        for redirect in ["kotlin/api/workflow-core/com.squareup.workflow/index.html", "kotlin/api/workflow-testing/com.squareup.workflow.testing/-render-tester/index.html"] {
            #expect(!FileManager.default.fileExists(atPath: built.site.appendingPathComponent(redirect).path), "redirect \(redirect) written to nowhere")
        }
        let tabbed = try String(contentsOf: built.site.appendingPathComponent("userguide/ui-in-code/index.html"), encoding: .utf8)
        // The corpus's `pymdownx.tabbed` has no `alternate_style`: the classic markup, as mkdocs writes it.
        #expect(tabbed.contains("<div class=\"tabbed-set\" data-tabs=\"1:3\"><input checked=\"checked\" id=\"__tabbed_1_1\""))
    }

    @Test func headingIDsEqualThoseMkdocsGives() throws {
        let built = try Self.build()
        defer { try? FileManager.default.removeItem(at: built.site) }
        let fixture = try #require(Bundle.module.url(forResource: "Fixtures/square-workflow-heading-ids", withExtension: "tsv"))
        let expected = try String(contentsOf: fixture, encoding: .utf8)
        var compared = 0
        for line in expected.split(separator: "\n") {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            let url = String(parts[0])
            let ids = parts.count > 1 ? parts[1].split(separator: " ").map(String.init) : []
            // mkdocs renders git link stubs as their literal target text (no headings); Galley follows them.
            guard !ids.isEmpty else { continue }
            let html = try String(contentsOf: built.site.appendingPathComponent(url + "index.html"), encoding: .utf8)
            #expect(Self.headingIDs(html) == ids, "heading ids differ on \(url)")
            compared += ids.count
        }
        #expect(compared >= 100)
    }

    @Test func linkStubsAreFollowed() throws {
        let built = try Self.build()
        defer { try? FileManager.default.removeItem(at: built.site) }
        let home = try String(contentsOf: built.site.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(!home.contains("<p>../README.md</p>"))
        #expect(Self.headingIDs(home).contains("overview"))
    }

    @Test func validationReportsTheCorpusRealBrokenLinks() throws {
        let built = try Self.build()
        defer { try? FileManager.default.removeItem(at: built.site) }
        let problems = built.report.diagnostics.filter { $0.severity == .warning || $0.code.description == "links.anchors" }.map(\.description).sorted()
        #expect(problems == [
            "\(SharedCorpus.squareWorkflow.path)/docs/index.md:86:13: warning: the link `wolfcrow.png` resolves to `/wolfcrow.png`, which no page or file of the site provides [links.not_found]",
            "\(SharedCorpus.squareWorkflow.path)/docs/userguide/ui-concepts.md:105:126: info: the link `../ui-in-code#view-binding` points to the anchor `#view-binding`, which `userguide/ui-in-code.md` does not define [links.anchors]",
            "\(SharedCorpus.squareWorkflow.path)/docs/userguide/ui-in-code.md:230:22: warning: the link `../../Glossary#container-screen` resolves to `/Glossary`, which no page or file of the site provides [links.not_found]",
            "\(SharedCorpus.squareWorkflow.path)/docs/userguide/ui-in-code.md:231:86: warning: the link `../../Glossary#container-view` resolves to `/Glossary`, which no page or file of the site provides [links.not_found]",
            "\(SharedCorpus.squareWorkflow.path)/docs/userguide/workflow-in-code.md:76:114: info: the link `#stateless-workflows` points to the anchor `#stateless-workflows`, which this page does not define [links.anchors]",
            "\(SharedCorpus.squareWorkflow.path)/mkdocs.yml:114:1: warning: `google_analytics` is deprecated in mkdocs, and neither Material 9 nor Galley's theme reads it; write `extra.analytics` (`provider: google`, `property`) [config.unknown_key]",
            "\(SharedCorpus.squareWorkflow.path)/mkdocs.yml:38:7: warning: `tabs` is Material 5's name for `navigation.tabs`; Material 9 ignores it, and so does Galley: write `navigation.tabs` to turn it on [config.legacy_feature]",
            "\(SharedCorpus.squareWorkflow.path)/mkdocs.yml:39:7: warning: `instant` is Material 5's name for `navigation.instant`; Material 9 ignores it, and so does Galley: write `navigation.instant` to turn it on [config.legacy_feature]",
            "\(SharedCorpus.squareWorkflow.path)/mkdocs.yml:104: warning: the nav entry `Kotlin 🔗` points to `kotlin/api/htmlMultiModule`, which is not a page in the docs directory [nav.not_found]",
            "\(SharedCorpus.squareWorkflow.path)/mkdocs.yml:71: warning: the redirect from `kotlin/api/workflow-core/com.squareup.workflow/index.md` points to `kotlin/api/htmlMultiModule/index.html`, which is not a file of the site; the redirect is skipped [redirects.missing_target]",
            "\(SharedCorpus.squareWorkflow.path)/mkdocs.yml:72: warning: the redirect from `kotlin/api/workflow-core/com.squareup.workflow/-worker/index.md` points to `kotlin/api/htmlMultiModule/workflow-core/com.squareup.workflow1/-worker/index.html`, which is not a file of the site; the redirect is skipped [redirects.missing_target]",
            "\(SharedCorpus.squareWorkflow.path)/mkdocs.yml:73: warning: the redirect from `kotlin/api/workflow-testing/com.squareup.workflow.testing/index.md` points to `kotlin/api/htmlMultiModule/workflow-testing/com.squareup.workflow1.testing/index.html`, which is not a file of the site; the redirect is skipped [redirects.missing_target]",
            "\(SharedCorpus.squareWorkflow.path)/mkdocs.yml:74: warning: the redirect from `kotlin/api/workflow-testing/com.squareup.workflow.testing/-render-tester/index.md` points to `kotlin/api/htmlMultiModule/workflow-testing/com.squareup.workflow1.testing/-render-tester/index.html`, which is not a file of the site; the redirect is skipped [redirects.missing_target]",
        ].sorted())
    }

    /// The ids of the headings inside `<article>`.
    static func headingIDs(_ html: String) -> [String] {
        let article = html.components(separatedBy: "<article>").last?.components(separatedBy: "</article>").first ?? ""
        var ids: [String] = []
        var rest = article[...]
        while let open = rest.range(of: "<h") {
            let after = rest[open.upperBound...]
            if let level = after.first, ("1"..."6").contains(level), let tagEnd = after.firstIndex(of: ">") {
                let tag = after[..<tagEnd]
                if let idRange = tag.range(of: "id=\"") {
                    ids.append(String(tag[idRange.upperBound...].prefix { $0 != "\"" }))
                }
            }
            rest = after
        }
        return ids
    }
}
