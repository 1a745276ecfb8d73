/// A run of source text and the Pygments short class it is styled with (`k`, `s2`, `c1`...);
/// `nil` for text styled as plain (white space, unclassified names).
public struct HighlightToken: Sendable, Equatable {
    public var text: String
    public var className: String?

    public init(_ text: String, _ className: String? = nil) {
        self.text = text
        self.className = className
    }
}

/// Server-side syntax highlighting into Pygments' token classes, so stylesheets written for
/// Pygments output (as Material's are) style Galley's output too.
public enum Highlighter {
    /// The tokens of `code` in `language`, or `nil` when the language is unknown (the block
    /// then stays plain). Concatenating the tokens' text gives back `code` exactly.
    public static func highlight(_ code: String, language: String) -> [HighlightToken]? {
        let name = language.lowercased()
        if SwiftHighlighter.names.contains(name) {
            return SwiftHighlighter.highlight(code)
        }
        if name == "console" || name == "shell-session" || name == "sh-session" {
            return ConsoleHighlighter.highlight(code)
        }
        if name == "diff" || name == "patch" || name == "udiff" {
            return DiffHighlighter.highlight(code)
        }
        if ShellHighlighter.names.contains(name) {
            return ShellHighlighter.highlight(code)
        }
        if YAMLHighlighter.names.contains(name) {
            return YAMLHighlighter.highlight(code)
        }
        if ConfigFileHighlighter.iniNames.contains(name) {
            return ConfigFileHighlighter.highlightKeyValues(code)
        }
        if ConfigFileHighlighter.dockerNames.contains(name) {
            return ConfigFileHighlighter.highlightDockerfile(code)
        }
        if CSSHighlighter.names.contains(name) {
            return CSSHighlighter.highlight(code)
        }
        if ObjectiveCHighlighter.names.contains(name) {
            return ObjectiveCHighlighter.highlight(code)
        }
        if MarkdownHighlighter.names.contains(name) {
            return MarkdownHighlighter.highlight(code)
        }
        if GraphQLHighlighter.names.contains(name) {
            return GraphQLHighlighter.highlight(code)
        }
        if RubyHighlighter.names.contains(name) {
            return RubyHighlighter.highlight(code)
        }
        guard let rules = LanguageRules.named(name) else { return nil }
        return TableLexer(rules: rules).highlight(code)
    }

    /// Whether `language` gets highlighted.
    public static func supports(_ language: String) -> Bool {
        let name = language.lowercased()
        return SwiftHighlighter.names.contains(name) || ShellHighlighter.names.contains(name) || YAMLHighlighter.names.contains(name)
            || ConfigFileHighlighter.iniNames.contains(name) || ConfigFileHighlighter.dockerNames.contains(name)
            || CSSHighlighter.names.contains(name) || ObjectiveCHighlighter.names.contains(name)
            || MarkdownHighlighter.names.contains(name) || GraphQLHighlighter.names.contains(name) || RubyHighlighter.names.contains(name)
            || ["console", "shell-session", "sh-session", "diff", "patch", "udiff"].contains(name)
            || LanguageRules.named(name) != nil
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
        if let last = self.last, last.className == className {
            self[count - 1].text += text
        } else {
            append(HighlightToken(text, className))
        }
    }
}
