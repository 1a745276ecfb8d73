import Foundation
import GalleyConfig
import GalleyMarkdown
import GalleyPages
import GalleySources

/// Python-Markdown with pymdown-extensions, as mkdocs runs them, from the venv `make test`
/// sets up (`.build/oracle-venv`), and Galley's rendering of the same Markdown.
enum MarkdownOracle {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let python = repository + "/.build/oracle-venv/bin/python"
    static let script = repository + "/Tests/Oracle/render.py"

    struct Missing: Error, CustomStringConvertible {
        var description: String { "the parity tests need Python-Markdown and pymdown-extensions in .build/oracle-venv; `make oracle-venv` installs them" }
    }

    /// One page to render: the extensions `mkdocs.yml` lists, their options, the Markdown.
    struct Page: Encodable {
        var extensions: [String]
        var configs: [String: [String: String]] = [:]
        var markdown: String
    }

    /// What Python-Markdown makes of each page.
    static func render(_ pages: [Page]) throws -> [String] {
        guard FileManager.default.isExecutableFile(atPath: python) else { throw Missing() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let request = try JSONEncoder().encode(pages)
        let writer = Thread { input.fileHandleForWriting.write(request); try? input.fileHandleForWriting.close() }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode([String].self, from: data)
    }

    /// What Galley makes of `page`, with the settings its `mkdocs.yml` would give.
    static func galley(_ page: Page) throws -> String {
        var yaml = "site_name: Parity\nmarkdown_extensions:\(page.extensions.isEmpty ? " []" : "")\n"
        for name in page.extensions {
            yaml += "  - \(name)"
            if let options = page.configs[name], !options.isEmpty {
                yaml += ":\n" + options.sorted { $0.key < $1.key }.map { "      \($0.key): \($0.value)\n" }.joined()
            } else {
                yaml += "\n"
            }
        }
        let (config, _) = try ConfigLoader.parse(yaml, path: "mkdocs.yml")
        let settings = MarkdownSettings(config: config)
        let file = PageFile(path: "page.md", absolutePath: "/docs/page.md", destination: "page/index.html", url: "page/")
        let parsed = PagePipeline.parse(source: page.markdown, file: file, settings: settings)
        var renderer = HTMLRenderer(settings: settings)
        return renderer.render(parsed.document)
    }

    /// HTML with the whitespace between tags, which browsers ignore, taken out, and `&quot;`
    /// written as `"` (the same character in text; Galley escapes it everywhere).
    static func normalized(_ html: String) -> String {
        html.replacingOccurrences(of: #">\s+<"#, with: "><", options: .regularExpression)
            .replacingOccurrences(of: "&quot;", with: "\"")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
