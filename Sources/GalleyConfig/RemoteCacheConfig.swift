// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0

/// A cache that machines share (`galley.snippets.remote_cache`, or `--remote-cache URL`):
/// compiled programs, built libraries and symbol graphs are fetched from it and stored in it.
package struct RemoteCacheConfig: Sendable, Hashable {
    /// The cache's base URL; entries are at `URL/ac/KEY` and `URL/cas/SHA256`.
    package var url: String
    /// Only fetch, never store (`read_only`): for pull requests and laptops, say.
    package var readOnly = false
    /// Headers sent with every request, values already read from the environment.
    package var headers: [String: String] = [:]
    /// Seconds one request may take before the cache is given up for the build.
    package var timeout: Double = 10
    /// Where the setting is in `mkdocs.yml`; 0 when it came from the command line.
    package var line = 0

    package init(url: String) {
        self.url = url
    }
}

/// The remote cache as the command line changes it (`--remote-cache URL`,
/// `--remote-cache-read-only`): its URL replaces the file's, whose headers and time-out stay.
package struct RemoteCacheOverride: Sendable, Equatable {
    package var url: String?
    package var readOnly = false

    package init(url: String? = nil, readOnly: Bool = false) {
        self.url = url
        self.readOnly = readOnly
    }

    /// `config` with this override applied.
    package func applied(to config: SnippetConfig) -> SnippetConfig {
        var config = config
        if let url {
            var remote = config.remoteCache ?? RemoteCacheConfig(url: url)
            remote.url = url
            remote.line = 0
            config.remoteCache = url.isEmpty ? nil : remote
        }
        if readOnly { config.remoteCache?.readOnly = true }
        return config
    }
}
