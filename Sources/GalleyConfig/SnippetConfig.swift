// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// How Swift fences run: the `galley: snippets:` section of `mkdocs.yml`, which a page's
/// front matter (`snippets:`) may override key by key.
package struct SnippetConfig: Sendable, Equatable {
    /// Words a plain ```` ```swift ```` fence gets as if written after the language (for
    /// example `compile`); empty leaves such fences as plain code.
    package var defaultModes: [String] = []
    /// The SwiftPM package whose libraries snippets link, relative to the project
    /// directory; `nil` is the project directory itself.
    package var package: String?
    /// `galley.cache.max_size`: after a build, the least recently used snippet programs and
    /// results beyond it are removed from `.galley/`.
    package var cacheMaxSize = 1 << 30
    /// The library products to link; `nil` is every library product of the package.
    package var products: [String]?
    /// Modules every snippet imports without saying so; `nil` is the products' names.
    package var imports: [String]?
    /// Seconds a page's program may run before it is stopped.
    package var timeout: Double = 10
    /// Bytes of output a page's program may print before it is stopped.
    package var outputLimit: Int = 1 << 20
    /// Bytes of address space a page's program may use (`memory_limit`, default 2 GiB).
    package var memoryLimit: Int = 2 << 30
    /// Seconds of CPU time a page's program may use (`cpu_limit`); `nil` is twice the
    /// time-out, rounded up, plus one, so that a busy single thread meets the (clearer)
    /// time-out first and only a program burning several cores meets this.
    package var cpuLimit: Int?
    /// The CPU-time limit in force.
    package var effectiveCPULimit: Int { cpuLimit ?? 2 * max(1, Int(timeout.rounded(.up))) + 1 }
    /// Programs get only `PATH`, `HOME`, `LANG` and ``environment`` instead of all of
    /// galley's environment (`clean_environment`), so tokens in CI never reach a snippet;
    /// `nil` (not set) is clean under the sandbox and whole outside it.
    package var cleanEnvironment: Bool?
    /// Programs run under bubblewrap (`sandbox`): no network, every file read-only but a
    /// private scratch folder that is their working directory and `HOME`. Only `mkdocs.yml`
    /// sets it, so no page can turn it off.
    package var sandbox = false
    /// Extra environment variables for the programs.
    package var environment: [String: String] = [:]
    /// The Swift language mode snippets compile in.
    package var swiftVersion = "6"
    /// Where the section is in `mkdocs.yml` (0 when absent), for errors about it.
    package var line = 0
    /// The page's front matter turns snippets off (`snippets: off`).
    package var isOffForPage = false
    /// Snippets are compiled and run at all (`enabled`). With `false` the site builds where
    /// no Swift toolchain is installed: every block is shown as not run, one warning says
    /// why, and `galley check`, which must prove the blocks, fails.
    package var enabled = true
    /// A cache that machines share (`remote_cache`); `nil` without one.
    package var remoteCache: RemoteCacheConfig?

    package init() {}

    /// This configuration with a page's `snippets.*` front-matter keys applied.
    package func overridden(by values: [String: String]) -> SnippetConfig {
        applying(values).config
    }

    /// A `snippets` front-matter key that took no effect as written.
    package struct OverrideProblem: Sendable, Equatable {
        /// Whether the page can still be trusted as built: an unknown mode word is an error,
        /// since the blocks would run other than the author asked.
        package var isError: Bool
        /// What is wrong, as one sentence.
        package var message: String
    }

    /// The page's `snippets` front-matter keys that took no effect (unknown keys, values
    /// that are not numbers, unknown mode words).
    package func overrideProblems(_ values: [String: String]) -> [OverrideProblem] {
        applying(values).problems
    }

    private func applying(_ values: [String: String]) -> (config: SnippetConfig, problems: [OverrideProblem]) {
        var config = self
        var problems: [OverrideProblem] = []
        func warn(_ message: String) { problems.append(OverrideProblem(isError: false, message: message)) }
        func number<Number: LosslessStringConvertible & Comparable & Numeric>(_ key: String, _ value: String) -> Number? {
            guard let parsed = Number(value), parsed > 0 else {
                warn("`snippets.\(key): \(value)` is not a number above 0; the project's value is used")
                return nil
            }
            return parsed
        }
        for (key, value) in values.sorted(by: { $0.key < $1.key }) where key.hasPrefix("snippets.") {
            let name = String(key.dropFirst("snippets.".count))
            switch name {
            case "default":
                config.defaultModes = value.split(separator: " ").map(String.init)
                for word in config.defaultModes where !SnippetWords.isKnown(word) {
                    problems.append(OverrideProblem(isError: true, message: SnippetWords.unknownWordMessage(word, in: "the page's `snippets.default`")))
                }
            case "timeout": config.timeout = number(name, value) ?? config.timeout
            case "output_limit": config.outputLimit = number(name, value) ?? config.outputLimit
            case "memory_limit": config.memoryLimit = number(name, value) ?? config.memoryLimit
            case "cpu_limit": config.cpuLimit = number(name, value) ?? config.cpuLimit
            default: warn("`snippets.\(name)` is not a snippet setting a page can change; it is ignored")
            }
        }
        if let value = values["snippets"] {
            if value == "off" || value == "false" || value == "norun" {
                config.defaultModes = []
                config.isOffForPage = true
            } else if value != "on" && value != "true" {
                warn("`snippets: \(value)` is not `off`; it is ignored")
            }
        }
        return (config, problems)
    }
}

extension SnippetConfig {
    /// A size as written in `mkdocs.yml`: bytes, or a number with `K`/`M`/`G` (powers of
    /// 1,000), `KiB`/`MiB`/`GiB` (powers of 1,024), `KB`/`MB`/`GB`; `nil` if it is none.
    package static func byteCount(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let number = trimmed.prefix { $0.isNumber || $0 == "." }
        guard let value = Double(number), value >= 0 else { return nil }
        let unit = trimmed.dropFirst(number.count).trimmingCharacters(in: .whitespaces).lowercased()
        let scales: [String: Double] = ["": 1, "b": 1, "k": 1e3, "kb": 1e3, "m": 1e6, "mb": 1e6, "g": 1e9, "gb": 1e9,
                                        "kib": 1024, "mib": 1_048_576, "gib": 1_073_741_824]
        guard let scale = scales[unit] else { return nil }
        return Int(value * scale)
    }
}
