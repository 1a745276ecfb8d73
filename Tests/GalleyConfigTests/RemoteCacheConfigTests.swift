// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyConfig
import GalleyDiagnostics
import Testing

/// `galley.snippets.remote_cache`: every key read, secrets from the environment, an unknown
/// key a warning at its line, a wrong value an error there; the command line's override.
@Suite struct RemoteCacheConfigTests {
    @Test func readsEveryKeyWithHeadersFromTheEnvironment() throws {
        let text = """
            site_name: X
            galley:
              snippets:
                remote_cache:
                  url: http://cache.internal:9090/galley
                  read_only: true
                  timeout: 2.5
                  headers:
                    Authorization: !ENV CACHE_TOKEN
                    X-Team: docs
                    X-Missing: !ENV NOT_SET_ANYWHERE
                  colour: blue
            """
        let (config, diagnostics) = try ConfigLoader.parse(text, path: "mkdocs.yml", environment: ["CACHE_TOKEN": "Bearer s3cret"])
        let remote = try #require(config.snippets.remoteCache)
        #expect(remote.url == "http://cache.internal:9090/galley")
        #expect(remote.readOnly)
        #expect(remote.timeout == 2.5)
        #expect(remote.headers == ["Authorization": "Bearer s3cret", "X-Team": "docs"])
        #expect(remote.line == 5)
        #expect(diagnostics.map(\.location.line) == [11, 12])
        #expect(diagnostics.first?.message.contains("`X-Missing` is empty") == true)
        #expect(diagnostics.last?.message.contains("galley.snippets.remote_cache.colour") == true)
    }

    @Test func anUnsetURLVariableMeansNoCache() throws {
        let text = "site_name: X\ngalley:\n  snippets:\n    remote_cache:\n      url: !ENV GALLEY_CACHE_URL\n"
        #expect(try ConfigLoader.parse(text, path: "mkdocs.yml").0.snippets.remoteCache == nil)
        let set = try ConfigLoader.parse(text, path: "mkdocs.yml", environment: ["GALLEY_CACHE_URL": "http://127.0.0.1:8080"])
        #expect(set.0.snippets.remoteCache?.url == "http://127.0.0.1:8080")
    }

    @Test(arguments: [
        ("remote_cache: http://x\n", 4, "must be a mapping with `url`"),
        ("remote_cache:\n      read_only: true\n", 5, "needs `url`"),
        ("remote_cache:\n      url: http://x\n      read_only: sometimes\n", 6, "`galley.snippets.remote_cache.read_only` must be true or false"),
        ("remote_cache:\n      url: http://x\n      timeout: 0\n", 6, "must be a number of seconds above 0"),
    ])
    func wrongValuesAreErrorsAtTheirLine(text: String, line: Int, message: String) {
        #expect {
            _ = try ConfigLoader.parse("site_name: X\ngalley:\n  snippets:\n    " + text, path: "mkdocs.yml")
        } throws: { error in
            let diagnostic = (error as? DiagnosticError)?.diagnostics.first
            return diagnostic?.location.line == line && diagnostic?.message.contains(message) == true
        }
    }

    @Test func theCommandLineReplacesTheURLAndKeepsTheRest() {
        var config = SnippetConfig()
        var remote = RemoteCacheConfig(url: "http://file:1")
        remote.headers = ["Authorization": "x"]
        remote.line = 9
        config.remoteCache = remote
        let overridden = RemoteCacheOverride(url: "http://flag:2", readOnly: true).applied(to: config).remoteCache
        #expect(overridden?.url == "http://flag:2")
        #expect(overridden?.headers == ["Authorization": "x"])
        #expect(overridden?.readOnly == true)
        #expect(overridden?.line == 0, "problems with it are reported at the option, not the file")
        #expect(RemoteCacheOverride(url: "http://flag:2").applied(to: SnippetConfig()).remoteCache?.url == "http://flag:2")
        #expect(RemoteCacheOverride(url: "").applied(to: config).remoteCache == nil, "an empty URL turns the file's cache off")
        #expect(RemoteCacheOverride().applied(to: config) == config)
    }
}
