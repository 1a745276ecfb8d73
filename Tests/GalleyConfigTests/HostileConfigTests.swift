// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import Testing

@Suite("mkdocs.yml under hostile input")
struct HostileConfigTests {
    @Test func duplicateKeysWarnAtTheLaterLineAndTheLastWins() throws {
        let text = """
            site_name: First
            theme:
              name: mkdocs
              # a comment between
              name: material
            markdown_extensions:
              - toc:
                  permalink: true
                  permalink: false
            site_name: Second
            """
        let (config, diagnostics) = try ConfigLoader.parse(text, path: "mkdocs.yml")
        #expect(config.siteName == "Second")
        #expect(config.theme.name == "material")
        #expect(config.markdownExtensions.first?.options["permalink"] == .bool(false))
        let warnings = diagnostics.filter { $0.code.description == "config.duplicate_key" }.map(\.location.line)
        #expect(warnings == [5, 9, 10])
    }

    @Test func unknownTagsAreErrorsAtTheirLine() {
        #expect {
            _ = try ConfigLoader.parse("site_name: X\ntheme: !Foo\n  name: material\n", path: "mkdocs.yml")
        } throws: { error in
            let diagnostic = (error as? DiagnosticError)?.diagnostics.first
            return diagnostic?.location.line == 2 && diagnostic?.message == "unknown YAML tag `!Foo`"
        }
    }

    @Test func mkdocsOwnTagsAreAccepted() throws {
        let text = "site_name: !ENV [NAME, Fallback]\nextra:\n  a: !relative docs\n  b: !!python/name:material.extensions.emoji.twemoji\n  c: !!str 3\n"
        let (config, _) = try ConfigLoader.parse(text, path: "mkdocs.yml")
        #expect(config.siteName == "Fallback")
    }

    @Test func aliasBombsAreRefusedAtTheirKeyQuickly() {
        var text = "site_name: X\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...8 {
            text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        let start = ContinuousClock.now
        #expect {
            _ = try ConfigLoader.parse(text, path: "mkdocs.yml")
        } throws: { error in
            let diagnostic = (error as? DiagnosticError)?.diagnostics.first
            return diagnostic?.location.line == 7 && diagnostic?.message.contains("YAML aliases") == true
        }
        #expect(ContinuousClock.now - start < .seconds(5))
    }
}

extension HostileConfigTests {
    @Test func snippetLimitsAreReadAndCheckedAtTheirLine() throws {
        let text = "site_name: X\ngalley:\n  snippets:\n    timeout: 2.5\n    memory_limit: 1048576\n    cpu_limit: 7\n    clean_environment: true\n    sandbox: true\n"
        let (config, _) = try ConfigLoader.parse(text, path: "mkdocs.yml")
        #expect(config.snippets.sandbox)
        #expect(config.snippets.timeout == 2.5)
        #expect(config.snippets.memoryLimit == 1_048_576)
        #expect(config.snippets.effectiveCPULimit == 7)
        #expect(config.snippets.cleanEnvironment == true)
        #expect {
            _ = try ConfigLoader.parse("site_name: X\ngalley:\n  snippets:\n    cpu_limit: 1.5\n", path: "mkdocs.yml")
        } throws: { error in
            let diagnostic = (error as? DiagnosticError)?.diagnostics.first
            return diagnostic?.location.line == 4 && diagnostic?.message == "`galley.snippets.cpu_limit` must be a whole number of seconds above 0"
        }
        #expect {
            _ = try ConfigLoader.parse("site_name: X\ngalley:\n  snippets:\n    sandbox: maybe\n", path: "mkdocs.yml")
        } throws: { error in
            (error as? DiagnosticError)?.diagnostics.first?.location.line == 4
        }
    }
}
