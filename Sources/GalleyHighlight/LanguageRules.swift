/// What the table-driven lexer needs to know of a language.
struct LanguageRules: Sendable {
    var keywords: Set<String> = []
    var declarationKeywords: Set<String> = []
    var constants: Set<String> = []
    var namespaceKeywords: Set<String> = []
    var types: Set<String> = []
    var lineComments: [String] = []
    var blockComment: (open: String, close: String)?
    /// Quote characters and the class of the strings they make.
    var quotes: [(Character, String)] = [("\"", "s2"), ("'", "s1")]
    var tripleQuotes = false
    /// `@Annotation` / decorator names.
    var annotations = false
    /// `$NAME` variables.
    var dollarVariables = false
    /// Identifiers followed by `:` at the start of a line are keys (YAML).
    var lineKeys = false
    /// `"key":` strings are keys (JSON).
    var quotedKeys = false
    /// Markup tags (XML/HTML).
    var markup = false
    var caseInsensitiveKeywords = false

    static func named(_ name: String) -> LanguageRules? {
        switch name {
        case "kotlin", "kt", "kts": kotlin
        case "java": java
        case "groovy", "gradle": groovy
        case "python", "py", "python3": python
        case "ruby", "rb": ruby
        case "sh", "bash", "shell", "zsh": shell
        case "yaml", "yml": yaml
        case "json", "jsonc": json
        case "xml", "html", "svg", "xhtml", "plist": xml
        default: nil
        }
    }

    static let kotlin = LanguageRules(
        keywords: ["if", "else", "when", "while", "for", "do", "return", "break", "continue", "throw", "try", "catch", "finally",
                   "in", "is", "as", "by", "get", "set", "where", "init", "constructor", "this", "super", "it",
                   "override", "open", "private", "public", "internal", "protected", "abstract", "final", "sealed",
                   "data", "inline", "suspend", "operator", "infix", "lateinit", "companion", "inner", "out", "reified",
                   "tailrec", "vararg", "crossinline", "noinline", "external", "annotation", "enum", "const"],
        declarationKeywords: ["fun", "val", "var", "class", "interface", "object", "typealias"],
        constants: ["true", "false", "null"],
        namespaceKeywords: ["package", "import"],
        types: ["Int", "Long", "Short", "Byte", "Double", "Float", "Boolean", "Char", "String", "Unit", "Any", "Nothing", "List", "Map", "Set"],
        lineComments: ["//"],
        blockComment: ("/*", "*/"),
        tripleQuotes: true,
        annotations: true,
        dollarVariables: true
    )

    static let java = LanguageRules(
        keywords: ["if", "else", "switch", "case", "default", "while", "for", "do", "return", "break", "continue", "throw",
                   "throws", "try", "catch", "finally", "new", "this", "super", "instanceof", "extends", "implements",
                   "public", "private", "protected", "static", "final", "abstract", "synchronized", "volatile", "transient",
                   "native", "strictfp", "assert", "var", "record", "yield", "sealed", "permits"],
        declarationKeywords: ["class", "interface", "enum", "@interface"],
        constants: ["true", "false", "null"],
        namespaceKeywords: ["package", "import"],
        types: ["int", "long", "short", "byte", "double", "float", "boolean", "char", "void", "String", "Object"],
        lineComments: ["//"],
        blockComment: ("/*", "*/"),
        annotations: true
    )

    static let groovy = LanguageRules(
        keywords: ["if", "else", "switch", "case", "default", "while", "for", "in", "return", "break", "continue", "throw",
                   "try", "catch", "finally", "new", "this", "super", "extends", "implements", "as", "assert",
                   "public", "private", "protected", "static", "final", "abstract"],
        declarationKeywords: ["def", "class", "interface", "enum", "trait"],
        constants: ["true", "false", "null"],
        namespaceKeywords: ["package", "import", "apply", "plugins", "dependencies", "repositories"],
        lineComments: ["//"],
        blockComment: ("/*", "*/"),
        tripleQuotes: true,
        annotations: true,
        dollarVariables: true
    )

    static let python = LanguageRules(
        keywords: ["if", "elif", "else", "while", "for", "in", "return", "break", "continue", "raise", "try", "except",
                   "finally", "with", "as", "pass", "yield", "lambda", "and", "or", "not", "is", "global", "nonlocal",
                   "assert", "del", "async", "await", "match", "case"],
        declarationKeywords: ["def", "class"],
        constants: ["True", "False", "None"],
        namespaceKeywords: ["import", "from"],
        types: ["int", "str", "float", "bool", "list", "dict", "set", "tuple", "bytes", "object"],
        lineComments: ["#"],
        tripleQuotes: true,
        annotations: true
    )

    static let ruby = LanguageRules(
        keywords: ["if", "elsif", "else", "unless", "while", "until", "for", "in", "do", "end", "return", "break", "next",
                   "redo", "retry", "rescue", "ensure", "raise", "begin", "then", "case", "when", "yield", "and", "or",
                   "not", "self", "super", "alias", "undef", "defined?", "attr_reader", "attr_accessor", "attr_writer"],
        declarationKeywords: ["def", "class", "module"],
        constants: ["true", "false", "nil"],
        namespaceKeywords: ["require", "require_relative", "include", "extend"],
        lineComments: ["#"]
    )

    static let shell = LanguageRules(
        keywords: ["if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac", "in",
                   "function", "return", "exit", "export", "local", "readonly", "set", "unset", "shift", "source", "eval",
                   "exec", "trap", "cd", "echo", "printf", "test"],
        lineComments: ["#"],
        dollarVariables: true
    )

    static let yaml = LanguageRules(
        constants: ["true", "false", "null", "yes", "no", "on", "off", "~"],
        lineComments: ["#"],
        lineKeys: true
    )

    static let json = LanguageRules(
        constants: ["true", "false", "null"],
        quotes: [("\"", "s2")],
        quotedKeys: true
    )

    static let xml = LanguageRules(
        blockComment: ("<!--", "-->"),
        markup: true
    )
}
