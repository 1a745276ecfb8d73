import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleySite

/// What `build` and `check` share: loading the config, building, and reporting progress on
/// standard error.
enum BuildRun {
    static func run(configFile: String, options: BuildOptions, quiet: Bool) throws(DiagnosticError) -> (SiteConfig, BuildReport) {
        let (config, configDiagnostics) = try ConfigLoader.load(path: configFile)
        var options = options
        let interactive = isatty(STDERR_FILENO) == 1
        options.progress = { line in
            // A progress line is rewritten in place on a terminal and left out of logs.
            if interactive && !quiet { FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8)) }
        }
        options.notice = { line in
            if interactive && !quiet { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            if !quiet { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        }
        return (config, try SiteBuilder.build(config: config, configDiagnostics: configDiagnostics, options: options))
    }
}
