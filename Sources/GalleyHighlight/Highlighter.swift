// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// A run of source text and the Pygments short class it is styled with (`k`, `s2`, `c1`...);
/// `nil` for text styled as plain (white space, unclassified names).
package struct HighlightToken: Sendable, Equatable {
    package var text: String
    package var className: String?

    package init(_ text: String, _ className: String? = nil) {
        self.text = text
        self.className = className
    }
}

/// Server-side syntax highlighting into Pygments' token classes, so stylesheets written for
/// Pygments output (as Material's are) style Galley's output too.
package enum Highlighter {
    /// The lexers of their own, by the names a fence gives their language; every other
    /// language known is read by the table-driven lexer from its ``LanguageRules``.
    private static let lexers: [(names: Set<String>, highlight: @Sendable (String) -> [HighlightToken])] = [
        (SwiftHighlighter.names, SwiftHighlighter.highlight),
        (["console", "shell-session", "sh-session"], ConsoleHighlighter.highlight),
        (["diff", "patch", "udiff"], DiffHighlighter.highlight),
        (ShellHighlighter.names, ShellHighlighter.highlight),
        (YAMLHighlighter.names, YAMLHighlighter.highlight),
        (ConfigFileHighlighter.iniNames, ConfigFileHighlighter.highlightKeyValues),
        (ConfigFileHighlighter.dockerNames, ConfigFileHighlighter.highlightDockerfile),
        (CSSHighlighter.names, CSSHighlighter.highlight),
        (ObjectiveCHighlighter.names, ObjectiveCHighlighter.highlight),
        (MarkdownHighlighter.names, MarkdownHighlighter.highlight),
        (GraphQLHighlighter.names, GraphQLHighlighter.highlight),
        (RubyHighlighter.names, RubyHighlighter.highlight),
        (PowerShellHighlighter.names, PowerShellHighlighter.highlight),
        (TeXHighlighter.names, TeXHighlighter.highlight),
    ]

    /// The tokens of `code` in `language`, or `nil` when the language is unknown (the block
    /// then stays plain). Concatenating the tokens' text gives back `code` exactly.
    package static func highlight(_ code: String, language: String) -> [HighlightToken]? {
        let name = language.lowercased()
        if let lexer = lexers.first(where: { $0.names.contains(name) }) {
            return lexer.highlight(code)
        }
        guard let rules = LanguageRules.named(name) else { return nil }
        return TableLexer(rules: rules).highlight(code)
    }

    /// Whether `language` gets highlighted.
    package static func supports(_ language: String) -> Bool {
        let name = language.lowercased()
        return lexers.contains { $0.names.contains(name) } || LanguageRules.named(name) != nil
    }
}

extension Array where Element == HighlightToken {
    /// Appends `text` with `className`, merging with the previous token when the class matches.
    mutating func append(_ text: Substring, _ className: String?) {
        append(String(text), className)
    }

    /// Appends `text` with `className`, merging with the previous token when the class matches.
    mutating func append(_ text: String, _ className: String?) {
        guard !text.isEmpty else { return }
        // Compared in place: a copy of the last token would share its text's storage and
        // make the `+=` copy the whole text every time.
        if !isEmpty, self[count - 1].className == className {
            self[count - 1].text += text
        } else {
            append(HighlightToken(text, className))
        }
    }
}
