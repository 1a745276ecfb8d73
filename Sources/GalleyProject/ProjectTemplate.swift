// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import GalleyFileSystem

/// `galley new`: the files of a working project, written only into a folder that holds none
/// of them. With a package name, a minimal SwiftPM library whose product the example links;
/// without, the example uses the standard library alone.
package enum ProjectTemplate {
    /// The files, by path relative to the project folder.
    package static func files(siteName: String, package: String?) -> [(path: String, text: String)] {
        var files: [(String, String)] = [
            ("mkdocs.yml", config(siteName: siteName, package: package)),
            ("docs/index.md", homePage(siteName: siteName, package: package)),
            (".markdownlint.rb", lintStyle),
            (".gitignore", "# What `galley build` writes: the site and the snippet cache.\nsite/\n.galley/\n" + (package == nil ? "" : ".build/\nPackage.resolved\n")),
        ]
        if let package {
            files.append(("Package.swift", manifest(package)))
            files.append(("Sources/\(package)/\(package).swift", """
                /// A greeting for `name`: the example on the docs' home page calls it, so the page
                /// shows what this code really returns.
                public func greeting(for name: String) -> String {
                    "Hello, \\(name)!"
                }

                """))
        }
        return files
    }

    /// Writes the project into `directory`, creating it if needed. Refuses, writing nothing,
    /// when any of the files is already there.
    package static func write(into directory: String, siteName: String, package: String?) throws(DiagnosticError) -> [String] {
        let files = files(siteName: siteName, package: package)
        if let existing = files.first(where: { SystemCalls.linkKind(PathName.join(directory, $0.path)) != nil }) {
            throw DiagnosticError(at: SourceLocation(file: PathName.join(directory, existing.path)), "already exists, so no project is written here (nothing was changed); choose an empty folder", code: ProjectCodes.newExists)
        }
        if SystemCalls.linkKind(PathName.join(directory, "docs")) != nil {
            throw DiagnosticError(at: SourceLocation(file: PathName.join(directory, "docs")), "already exists, so no project is written here (nothing was changed); choose an empty folder", code: ProjectCodes.newExists)
        }
        for file in files {
            let path = PathName.join(directory, file.path)
            do {
                try FileManager.default.createDirectory(atPath: PathName.parent(path), withIntermediateDirectories: true)
                try Data(file.text.utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
            } catch {
                throw DiagnosticError(at: SourceLocation(file: path), "cannot write it: \(error.localizedDescription)", code: ProjectCodes.newWrite)
            }
        }
        return files.map(\.path)
    }

    /// A package name as a Swift module name: letters, digits and `_`, not starting with a digit.
    package static func isValidModuleName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !CharacterSet.decimalDigits.contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "_" } && name.allSatisfy(\.isASCII)
    }

    static func config(siteName: String, package: String?) -> String {
        let quoted = "\"" + siteName.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        return """
            site_name: \(quoted)

            theme:
              name: material
              features:
                - content.code.copy
                - navigation.footer
                - navigation.instant
                - search.highlight

            plugins:
              - search

            markdown_extensions:
              - admonition
              - attr_list
              - md_in_html
              - toc:
                  permalink: true
              - pymdownx.details
              - pymdownx.highlight
              - pymdownx.superfences
              - pymdownx.tabbed:
                  alternate_style: true

            # Swift examples in the pages are compiled and run by every build.
            galley:
              snippets:
            \(package == nil ? "    # No package: examples use the standard library and Foundation.\n    timeout: 10" : "    # The package beside this file: examples link its library.\n    package: .")

            """
    }

    static func homePage(siteName: String, package: String?) -> String {
        let example = package == nil
            ? "let sides = [3, 4, 5]\nlet perimeter = sides.reduce(0, +)\nprint(\"A \\(sides) triangle has a perimeter of \\(perimeter).\")"
            : "print(greeting(for: \"docs\"))"
        return """
            # \(siteName)

            Welcome. This page is built by Galley, and the Swift example below is compiled and
            run by every build: what it prints is shown under it.

            ```swift run
            \(example)
            ```

            Edit `docs/index.md`, then run `galley serve` to see the change as you save.

            """
    }

    static let lintStyle = """
        # The Markdown style of these docs, checked by `galley check` (and by mdl).
        all

        # Prose wraps at 100 columns; code blocks and tables may run longer.
        rule 'MD013', :line_length => 100, :ignore_code_blocks => true, :tables => false

        # Python-Markdown nests lists by four spaces.
        rule 'MD007', :indent => 4

        """

    static func manifest(_ name: String) -> String {
        """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "\(name)",
            products: [.library(name: "\(name)", targets: ["\(name)"])],
            targets: [.target(name: "\(name)")]
        )

        """
    }
}
