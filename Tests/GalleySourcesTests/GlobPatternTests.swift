// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyOracle
import GalleySources
import Testing

/// `exclude_docs` and `not_in_nav` patterns, compared with pathspec's gitignore rules, which
/// mkdocs reads them with.
@Suite struct GlobPatternTests {
    static let patterns: [[String]] = [
        ["drafts/"], ["*.tmp"], ["/top.md"], ["top.md"], ["a/*.md"], ["**/secret/*"], ["secret/**"],
        ["*.md", "!keep.md"], ["drafts/", "!drafts/public.md"], ["/a/b/"], ["b/c.md"], ["*.py[cod]"],
        ["?.md"], ["a/**/d.md"], ["README.md"], ["/*.md"], ["*"], ["a/"], ["!a.md"], ["x/", "x/"],
    ]
    static let paths = [
        "top.md", "a/top.md", "a/b.md", "a/b/c.md", "b/c.md", "drafts/one.md", "x/drafts/two.md", "drafts.md",
        "keep.md", "notes.tmp", "a/b/secret/key.md", "secret/key.md", "mod.pyc", "a.md", "ab.md", "a/x/y/d.md",
        "a/d.md", "README.md", "docs/README.md", "drafts/public.md", "x/y.md",
    ]

    @Test func selectsWhatMkdocsSelects() throws {
        let requests = Self.patterns.flatMap { patterns in Self.paths.map { Request(patterns: patterns, path: $0) } }
        let expected = try Oracle.run("gitignore.py", requests, as: [Bool].self)
        var differences: [String] = []
        for (request, selected) in zip(requests, expected) where GlobPattern.matchesAny(request.patterns, path: request.path) != selected {
            differences.append("\(request.patterns) \(request.path): pathspec says \(selected)")
        }
        #expect(expected.count == requests.count)
        #expect(differences.isEmpty, "\(differences.count) differences:\n\(differences.prefix(30).joined(separator: "\n"))")
    }

    /// `[patterns, path]`, as the oracle reads it.
    struct Request: Encodable {
        var patterns: [String]
        var path: String

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(patterns)
            try container.encode(path)
        }
    }
}
