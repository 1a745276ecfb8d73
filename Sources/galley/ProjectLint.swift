import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyLint

/// `build` and `check` lint the docs when the project keeps an mdl style (`.mdlrc` or
/// `.markdownlint.rb` beside `mkdocs.yml`), with mkdocs containers read as Markdown.
enum ProjectLint {
    /// The findings as diagnostics of `severity`; none when the project has no style.
    static func diagnostics(config: SiteConfig, severity: Severity) throws(DiagnosticError) -> [Diagnostic] {
        let project = config.projectDirectory
        var options = LintOptions()
        options.directory = project
        options.mkdocs = true
        options.ignoreFrontMatter = true
        let mdlrc = project + "/.mdlrc", style = project + "/.markdownlint.rb"
        if FileManager.default.fileExists(atPath: mdlrc) {
            try options.apply(mdlrc: (try? String(contentsOfFile: mdlrc, encoding: .utf8)) ?? "", file: mdlrc)
        } else if FileManager.default.fileExists(atPath: style) {
            options.style = ".markdownlint.rb"
        } else {
            return []
        }
        let files = Linter.expand([options.resolve(config.docsDir)]).map { path in
            path.hasPrefix(project + "/") ? String(path.dropFirst(project.count + 1)) : path
        }
        let findings = try Linter(options: options).lint(files: files)
        return findings.map { finding in
            Diagnostic(severity, at: SourceLocation(file: finding.file, line: finding.line), "\(finding.rule) \(finding.description)", code: "lint.\(finding.rule)")
        }
    }
}
