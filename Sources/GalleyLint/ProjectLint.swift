// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import GalleyFileSystem

/// Linting a whole mkdocs project, as `build` and `check` do when the project keeps an mdl
/// style (`.mdlrc` or `.markdownlint.rb` beside `mkdocs.yml`): mkdocs containers are read as
/// Markdown and front matter is skipped.
package enum ProjectLint {
    /// The project's lint options, or nil when it keeps no style.
    package static func options(projectDirectory: String) throws(DiagnosticError) -> LintOptions? {
        var options = LintOptions()
        options.directory = projectDirectory
        options.mkdocs = true
        // Front matter as mkdocs reads it, and lines as the file has them: mdl's own way
        // (`--ignore-front-matter`) takes any two `---` lines for it and shifts every line after.
        options.ignoreFrontMatter = true
        options.leadingFrontMatterOnly = true
        let mdlrc = projectDirectory + "/.mdlrc"
        if FileManager.default.fileExists(atPath: mdlrc) {
            try options.apply(mdlrc: (try? String(contentsOfFile: mdlrc, encoding: .utf8)) ?? "", file: mdlrc)
        } else if FileManager.default.fileExists(atPath: projectDirectory + "/.markdownlint.rb") {
            options.style = ".markdownlint.rb"
        } else {
            return nil
        }
        return options
    }

    /// Every Markdown file under `docsDirectory` linted; findings as diagnostics of `severity`.
    package static func diagnostics(projectDirectory: String, docsDirectory: String, severity: Severity) throws(DiagnosticError) -> [Diagnostic] {
        guard let options = try options(projectDirectory: projectDirectory) else { return [] }
        return try diagnostics(options: options, docsDirectory: docsDirectory, severity: severity)
    }

    /// The same with the project's `options` already read.
    package static func diagnostics(options: LintOptions, docsDirectory: String, severity: Severity) throws(DiagnosticError) -> [Diagnostic] {
        // Files are named from the working directory, as the build names its pages.
        let workingDirectory = FileManager.default.currentDirectoryPath
        let files = Linter.expand([options.resolve(docsDirectory)]).map { path in
            ShownPath.relative(PathName.absolute(path, relativeTo: workingDirectory), to: workingDirectory)
        }
        let linter = try Linter(options: options)
        return linter.warnings + (try linter.lint(files: files).map { finding in
            Diagnostic(severity, at: SourceLocation(file: finding.file, line: finding.line, column: 1), "\(finding.rule) \(finding.description)", code: LintCodes.rule(finding.rule))
        })
    }
}
