import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleySite

/// What `build` and `check` share: progress on standard error, and for `build`, loading the
/// config and building.
enum BuildRun {
    static func run(configFile: String, options: BuildOptions, quiet: Bool) throws(DiagnosticError) -> (SiteConfig, BuildReport) {
        let (config, configDiagnostics) = try ConfigLoader.load(path: configFile)
        var options = options
        (options.progress, options.notice) = terminalReporters(quiet: quiet, printsNotices: true)
        return (config, try SiteBuilder.build(config: config, configDiagnostics: configDiagnostics, options: options))
    }

    /// A progress line is rewritten in place on a terminal and left out of logs; a notice
    /// (such as the snippets' summary) is kept when `printsNotices`.
    static func terminalReporters(quiet: Bool, printsNotices: Bool) -> (progress: @Sendable (String) -> Void, notice: @Sendable (String) -> Void) {
        let interactive = isatty(STDERR_FILENO) == 1 && !quiet
        let progress: @Sendable (String) -> Void = { line in
            if interactive { FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8)) }
        }
        let notice: @Sendable (String) -> Void = { line in
            if interactive { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            if printsNotices && !quiet { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        }
        return (progress, notice)
    }
}
