// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
// A seeded mutation fuzzer for the readers of untrusted text: the Markdown stage (parse,
// ids, links, render), the mkdocs.yml reader, the diagram readers, and the linter with the
// style files and options it is given. libFuzzer needs an executable without a
// `main`, which SwiftPM's ordinary `swift build` (run by `make test`) can't link, so this
// driver does the mutation itself: it runs in every build, and a crash or a hang leaves the
// input that caused it on disk.
import Foundation
import GalleyConfig
import GalleyDiagrams
import GalleyDiagnostics
import GalleyFileSystem
import GalleyLint
import GalleyMarkdown
import GalleyPages
import GalleySources
#if canImport(Glibc)
import Glibc
#endif

/// The input being run, kept where a signal handler can write it out.
nonisolated(unsafe) var currentInput = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 22)
nonisolated(unsafe) var currentLength = 0
nonisolated(unsafe) var crashPath = [CChar](repeating: 0, count: 4096)

/// Writes the current input to the crash file with async-signal-safe calls only, then dies
/// of the same signal.
func installCrashHandler(directory: String) {
    let path = directory + "/crash-input"
    _ = path.withCString { strncpy(&crashPath, $0, crashPath.count - 1) }
    let handler: @convention(c) (Int32) -> Void = { signal in
        let descriptor = open(crashPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if descriptor >= 0 {
            _ = write(descriptor, currentInput.baseAddress, currentLength)
            close(descriptor)
        }
        let message = "\ngalley-fuzz: signal while running an input; it is saved as crash-input\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
    }
    for number in [SIGSEGV, SIGILL, SIGABRT, SIGBUS, SIGFPE, SIGTRAP, SIGALRM] {
        Glibc.signal(number, handler)
    }
}

/// Fragments that mean something to one of the readers, spliced into inputs.
let dictionary: [String] = [
    "\n", "\n\n", "    ", "\t", "!!! note", "??? tip \"T\"", "???+ x", "=== \"Tab\"", "===! \"T\"", "<div markdown>", "</div>",
    "<details markdown=\"1\">", "```swift", "```", "~~~", "---\n", "...\n", "# ", "## H {#id .c}", "{: #x }", "[^1]", "[^1]: note",
    "[a]: /b", "[x](y.md#z)", "![i](a.png)", "*", "**", "_", "~~", "==", "^^", ">", "- ", "1. ", "- [ ] ", "|a|b|\n|-|-|", "`",
    "&amp;", "<!--", "-->", "\\", "\r\n", "\u{0}", "\u{FEFF}", "é", "日本", "title: x", "hide: [toc]", "&a", "*a", "!ENV", "!!python/name:x",
    "site_name: S", "nav:", "  - a.md", "markdown_extensions:", "theme:", "  name: material", "{", "}", "[", "]", ": ", "? ", "|", "'", "\"",
    "\nrule 'MD024', :allow_different_nesting => true\n", "\nall\n", "\nexclude_rule 'MD013'\n", "\nrule 'MD013', :line_length => 5\n",
    "\nrule 'MD003', :style => :setext_with_atx\n", "\nrule 'MD007', :indent => 0\n", "\ntag :headers\n", "\nexclude_tag :whitespace\n",
    "\nrule 'MD029', :style => :one\n", "\nrule 'MD046', :style => :consistent\n", "\nrule 'MD026', :punctuation => ''\n", "### ", "#### ",
]

struct Mutator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }

    mutating func mutate(_ input: [UInt8], other: [UInt8]) -> [UInt8] {
        var bytes = input
        for _ in 0...below(4) {
            let at = below(bytes.count + 1)
            switch below(7) {
            case 0 where !bytes.isEmpty:
                bytes[min(at, bytes.count - 1)] ^= UInt8(1 << below(8))
            case 1 where !bytes.isEmpty:
                bytes.removeSubrange(at..<min(bytes.count, at + below(32) + 1))
            case 2:
                bytes.insert(contentsOf: Array(dictionary[below(dictionary.count)].utf8), at: at)
            case 3 where !other.isEmpty:
                let from = below(other.count)
                bytes.insert(contentsOf: other[from..<min(other.count, from + below(256) + 1)], at: at)
            case 4 where !bytes.isEmpty:
                let from = below(bytes.count)
                let piece = bytes[from..<min(bytes.count, from + below(64) + 1)]
                bytes.insert(contentsOf: Array(repeating: Array(piece), count: below(8) + 1).joined(), at: at)
            case 5:
                bytes.insert(UInt8(below(256)), at: at)
            default:
                bytes.insert(contentsOf: Array(repeating: UInt8(ascii: " "), count: 4 * (below(4) + 1)), at: at)
            }
        }
        return Array(bytes.prefix(1 << 20))
    }
}

/// What one run feeds an input to.
enum Target: String, CaseIterable {
    case markdown, config, diagrams, lint
}

/// Runs one input through `targets`: the Markdown stage, as YAML the config reader, as
/// diagram text both diagram readers and the layout, and the linter.
func run(_ bytes: [UInt8], settings: MarkdownSettings, targets: Set<Target>, styleFile: String) {
    let text = String(decoding: bytes, as: UTF8.self)
    if targets.contains(.markdown) {
        let file = PageFile(path: "fuzz.md", absolutePath: "/nonexistent/fuzz.md", destination: "fuzz/index.html", url: "fuzz/")
        let parsed = PagePipeline.parse(source: text, file: file, settings: settings)
        let tree = SourceTree(pages: [file], assets: [], docsDirectory: "/nonexistent")
        let config = SiteConfig(configFile: "mkdocs.yml", projectDirectory: "/nonexistent", siteName: "Fuzz")
        _ = PagePipeline.render(parsed, index: SiteIndex(tree: tree, anchors: [:]), config: config, settings: settings)
    }
    if targets.contains(.config) {
        _ = try? ConfigLoader.parse(text, path: "mkdocs.yml")
    }
    if targets.contains(.diagrams) {
        _ = try? DiagramRenderer.render(text, language: .webSequence, id: "fuzz")
        _ = try? DiagramRenderer.render("sequenceDiagram\n" + text, language: .mermaid, id: "fuzz")
        _ = try? DiagramRenderer.render("flowchart TD\n" + text, language: .mermaid, id: "fuzz")
    }
    if targets.contains(.lint) {
        lint(text, styleFile: styleFile)
    }
}

/// The statements a style file may hold; an input's lines that start with one are its style.
let styleWords = ["rule", "exclude_rule", "all", "tag", "exclude_tag"]

/// Lints `text` twice: with every rule, and with the style its own statement lines make
/// (written to `styleFile`, as mdl reads a style), under options chosen from its length.
func lint(_ text: String, styleFile: String) {
    var options = LintOptions()
    options.style = "all"
    options.ignoreFrontMatter = text.utf8.count % 2 == 0
    options.mkdocs = text.utf8.count % 3 == 0
    if let linter = try? Linter(options: options) { _ = linter.lint(text: text, file: "fuzz.md") }
    let style = text.split(separator: "\n").filter { line in styleWords.contains { line.hasPrefix($0) } }.joined(separator: "\n")
    guard !style.isEmpty, (try? style.write(toFile: styleFile, atomically: false, encoding: .utf8)) != nil else { return }
    options.style = styleFile
    if let linter = try? Linter(options: options) { _ = linter.lint(text: text, file: "fuzz.md") }
}

// MARK: Command line: galley-fuzz [--seconds N] [--seed N] [--out DIR] CORPUS...

var seconds = 60.0
var seed: UInt64 = UInt64(Date().timeIntervalSince1970)
var output = FileManager.default.currentDirectoryPath
var corpusPaths: [String] = []
var targets = Set(Target.allCases)
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--seconds": seconds = arguments.popFirst().flatMap(Double.init) ?? seconds
    case "--seed": seed = arguments.popFirst().flatMap { UInt64($0) } ?? seed
    case "--out": output = arguments.popFirst() ?? output
    case "--target":
        guard let name = arguments.popFirst(), let target = Target(rawValue: name) else {
            FileHandle.standardError.write(Data("galley-fuzz: --target takes one of \(Target.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
            exit(2)
        }
        targets = [target]
    default: corpusPaths.append(argument)
    }
}
var seeds: [[UInt8]] = []
for path in corpusPaths {
    let files = SystemCalls.kind(path) == .directory
        ? (FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String }.filter { [".md", ".yml", ".seq", ".mmd", ".rb", ".mdlrc"].contains(where: $0.hasSuffix) }.sorted().map { path + "/" + $0 } ?? [])
        : [path]
    for file in files {
        if let bytes = try? SystemCalls.readFile(file), bytes.count < 1 << 20 { seeds.append(bytes) }
    }
}
if seeds.isEmpty { seeds = dictionary.map { Array($0.utf8) } }

var settings = MarkdownSettings()
settings.parsing.admonition = true
settings.parsing.details = true
settings.parsing.tabbed = true
settings.parsing.markdownInHTML = true
settings.parsing.attrList = true
settings.parsing.footnotes = true
settings.parsing.smarty = true
settings.parsing.caret = true
settings.parsing.tilde = true
settings.parsing.mark = true
settings.parsing.smartSymbols = true
settings.parsing.inlineHilite = true
settings.parsing.meta = false
settings.highlightsCode = true
settings.permalink = "¶"

installCrashHandler(directory: output)
let styleFile = output + "/fuzz-style-\(getpid()).rb"
var mutator = Mutator(state: seed)
let start = Date()
var executions = 0
var slowest = (seconds: 0.0, length: 0)
print("galley-fuzz: seed \(seed), \(seeds.count) seed inputs, \(Int(seconds)) s, targets \(Target.allCases.filter(targets.contains).map(\.rawValue).joined(separator: ", "))")
while Date().timeIntervalSince(start) < seconds {
    let base = seeds[mutator.below(seeds.count)]
    let input = executions < seeds.count ? seeds[executions] : mutator.mutate(base, other: seeds[mutator.below(seeds.count)])
    currentLength = min(input.count, currentInput.count)
    _ = currentInput.initialize(from: input.prefix(currentLength))
    // An input that runs for 10 s is a hang: SIGALRM saves it like a crash.
    alarm(10)
    let began = Date()
    run(input, settings: settings, targets: targets, styleFile: styleFile)
    alarm(0)
    let took = Date().timeIntervalSince(began)
    if took > slowest.seconds { slowest = (took, input.count) }
    executions += 1
}
unlink(styleFile)
let elapsed = Date().timeIntervalSince(start)
print(String(format: "galley-fuzz: %d executions in %.1f s (%.0f/s), no crash or hang; slowest input %.3f s (%d bytes)", executions, elapsed, Double(executions) / elapsed, slowest.seconds, slowest.length))
