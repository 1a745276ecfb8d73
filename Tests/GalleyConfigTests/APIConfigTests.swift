// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyConfig
import GalleyDiagnostics
import Testing

/// `galley.api`: every key read, an unknown one a warning at its line, a wrong value an error there.
@Suite struct APIConfigTests {
    @Test func readsEveryKey() throws {
        let text = """
            site_name: X
            galley:
              api:
                package: Runtime
                modules: [Core, UI]
                path: reference/swift
                nav: Swift API
                minimum_access_level: package
                require_docs: warn
                colour: blue
            """
        let (config, diagnostics) = try ConfigLoader.parse(text, path: "mkdocs.yml")
        let api = try #require(config.api)
        #expect(api.package == "Runtime")
        #expect(api.modules == ["Core", "UI"])
        #expect(api.path == "reference/swift")
        #expect(api.navTitle == "Swift API")
        #expect(api.minimumAccessLevel == .package)
        #expect(api.requireDocs == .warn)
        #expect(api.line == 4)
        let unknown = diagnostics.filter { $0.code.description == "config.unknown_key" }
        #expect(unknown.map(\.location.line) == [10])
        #expect(unknown.first?.message.contains("galley.api.colour") == true)
        // Without the section there is no reference, and symbol links stay code.
        #expect(try ConfigLoader.parse("site_name: X\n", path: "mkdocs.yml").0.api == nil)
    }

    @Test(arguments: [
        ("galley:\n  api:\n    path: api\n", 4, "needs `modules`"),
        ("galley:\n  api:\n    modules: [A]\n    require_docs: always\n", 5, "`galley.api.require_docs` must be one of `off`, `warn`, `error`"),
        ("galley:\n  api:\n    modules: [A]\n    path: ../out\n", 5, "must be a folder inside the site"),
        ("galley:\n  api:\n    modules: [A]\n    minimum_access_level: private\n", 5, "`open`, `public`, `package`, `internal`"),
    ])
    func wrongValuesAreErrorsAtTheirLine(text: String, line: Int, message: String) {
        #expect {
            _ = try ConfigLoader.parse("site_name: X\n" + text, path: "mkdocs.yml")
        } throws: { error in
            let diagnostic = (error as? DiagnosticError)?.diagnostics.first
            return diagnostic?.location.line == line && diagnostic?.message.contains(message) == true
        }
    }
}
