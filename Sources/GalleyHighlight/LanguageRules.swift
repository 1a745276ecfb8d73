// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
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
    /// `"key":` strings are keys (JSON).
    var quotedKeys = false
    /// Markup tags (XML/HTML).
    var markup = false
    /// HTML's classes rather than XML's (see ``MarkupLexer``).
    var htmlMarkup = false
    var caseInsensitiveKeywords = false
    /// The class of triple-quoted strings (`sd` unless set; Pygments' Kotlin lexer says `s`).
    var tripleQuoteClass = "sd"
    /// `$name` and `${ … }` inside double-quoted strings are interpolation (`si`).
    var stringInterpolation = false
    /// The class of `namespaceKeywords` (`kn`, or `k` where Pygments says so).
    var namespaceKeywordClass = "kn"
    /// The class of the name right after a keyword: `fun` → `nf`, `class` → `nc`, `val` →
    /// `nv`, `import` → `nn` (a dotted name, as a whole).
    var nameAfterKeyword: [String: String] = [:]
    /// The class of a name right after `.` (`na` in Kotlin).
    var memberClass: String?
    /// Names the language provides (`nb`).
    var builtins: Set<String> = []
    /// Names such as `self` that Pygments calls pseudo built-ins (`bp`).
    var pseudoBuiltins: Set<String> = []
    /// Keywords that are operators (`ow`): `and`, `in`, `not`...
    var operatorWords: Set<String> = []
    /// Reserved words (`kr`): `constructor` in JavaScript.
    var reservedKeywords: Set<String> = []
    /// The class of other names (`nx` in Pygments' JavaScript and Go lexers).
    var nameClass = "n"
    /// Template strings (in the quote whose class is `sb`) hold `${ … }` interpolation.
    var templateInterpolation = false
    /// `[table]` and `[[table]]` lines are keywords (TOML).
    var tableHeaders = false
    /// One class for every number (`m`), instead of `mi`, `mf` and `mh`.
    var numberClass: String?
    /// The punctuation bytes that are operators (`o`); the others are `p`.
    var operatorBytes: Set<UInt8> = Set("+-*/%=<>!&|^~?:".utf8)
    /// Runs of punctuation classed as a whole: `=>` punctuation in JavaScript, `:=` an
    /// operator in Go.
    var punctuationRuns: [(String, String)] = []
    /// `#include <file.h>` and `#define …` lines are preprocessor directives (`cp`, the file
    /// `cpf`).
    var preprocessor = false
    /// Escapes in strings (`\n`) are `se` of their own.
    var stringEscapes = false
    /// A comment opener whose comments are documentation (`///` in Rust: `sd`, newline
    /// included).
    var docLineComment: String?
    /// `#[attribute]` (Rust) is `cp`.
    var hashAttributes = false
    /// `name!` is a macro call (`fm`).
    var macroBang = false
    /// A name right after a type and right before `(` is the function it declares (`nf`).
    var functionNameAfterType = false
    /// The class of a name followed by `=` (`na`: a protobuf field).
    var nameBeforeEquals: String?
    /// Line comments take their newline with them, as Pygments' lexer for the language
    /// makes them.
    var commentsIncludeNewline = false

    static func named(_ name: String) -> LanguageRules? {
        switch name {
        case "kotlin", "kt", "kts": kotlin
        case "java": java
        case "groovy", "gradle": groovy
        case "python", "py", "python3": python
        case "json", "jsonc": json
        case "javascript", "js", "mjs", "cjs", "jsx": javascript
        case "typescript", "ts", "tsx": typescript
        case "go", "golang": go
        case "sql", "mysql", "postgresql", "sqlite", "psql": sql
        case "c", "h": c
        case "cpp", "c++", "cxx", "cc", "hpp": cpp
        case "rust", "rs": rust
        case "protobuf", "proto": protobuf
        case "toml": toml
        case "xml", "svg", "plist", "xsl", "xslt": xml
        case "html", "xhtml", "htm": html
        default: nil
        }
    }

    /// As Pygments' Kotlin lexer classes it: modifiers are declarations (`kd`), `import` and
    /// `package` plain keywords before a namespace, every string `s` and every number `m`.
    static let kotlin = LanguageRules(
        keywords: ["if", "else", "when", "while", "for", "do", "return", "break", "continue", "throw", "try", "catch", "finally",
                   "in", "is", "as", "by", "get", "set", "where", "init", "constructor", "this", "super", "out", "typeof", "dynamic"],
        declarationKeywords: ["fun", "val", "var", "class", "interface", "object", "typealias", "companion", "data", "enum",
                              "sealed", "abstract", "annotation", "open", "override", "private", "public", "internal", "protected",
                              "final", "inline", "suspend", "operator", "infix", "lateinit", "inner", "reified", "tailrec",
                              "vararg", "crossinline", "noinline", "external", "const", "value", "expect", "actual"],
        constants: ["true", "false", "null"],
        namespaceKeywords: ["package", "import"],
        types: ["Int", "Long", "Short", "Byte", "Double", "Float", "Boolean", "Char", "String", "Unit", "Any", "Nothing",
                "Array", "UInt", "ULong", "UShort", "UByte"],
        lineComments: ["//"],
        blockComment: ("/*", "*/"),
        quotes: [("\"", "s"), ("'", "sc")],
        tripleQuotes: true,
        annotations: true,
        tripleQuoteClass: "s",
        stringInterpolation: true,
        namespaceKeywordClass: "k",
        nameAfterKeyword: ["fun": "nf", "class": "nc", "interface": "nc", "object": "nc", "typealias": "nc",
                           "val": "nv", "var": "nv", "package": "nn", "import": "nn"],
        memberClass: "na",
        builtins: ["it"],
        numberClass: "m",
        operatorBytes: Set("+-*/%=<>!&|^~?[]".utf8)
    )

    /// As Pygments' Java lexer classes it: modifiers, `extends` and `super` are declaration
    /// keywords, strings `s`, characters `sc`, members after `.` `na`.
    static let java = LanguageRules(
        keywords: ["if", "else", "switch", "case", "default", "while", "for", "do", "return", "break", "continue", "throw",
                   "throws", "try", "catch", "finally", "new", "this", "instanceof", "assert", "yield"],
        declarationKeywords: ["class", "interface", "enum", "@interface", "public", "private", "protected", "static", "final",
                              "abstract", "synchronized", "volatile", "transient", "native", "strictfp", "extends",
                              "implements", "super", "record", "sealed", "permits", "var", "const"],
        constants: ["true", "false", "null"],
        namespaceKeywords: ["package", "import"],
        types: ["int", "long", "short", "byte", "double", "float", "boolean", "char", "void"],
        lineComments: ["//"],
        blockComment: ("/*", "*/"),
        quotes: [("\"", "s"), ("'", "sc")],
        annotations: true,
        nameAfterKeyword: ["class": "nc", "interface": "nc", "enum": "nc", "record": "nc", "package": "nn", "import": "nn"],
        memberClass: "na",
        operatorBytes: Set("+-*/%=<>!&|^~?:".utf8)
    )

    /// As Pygments' Groovy lexer classes it: braces, brackets and separators are operators
    /// and Gradle's block names plain names.
    static let groovy = LanguageRules(
        keywords: ["if", "else", "switch", "case", "default", "while", "for", "in", "return", "break", "continue", "throw",
                   "try", "catch", "finally", "new", "this", "super", "extends", "implements", "as", "assert",
                   "public", "private", "protected", "static", "final", "abstract"],
        declarationKeywords: ["class", "interface", "enum", "trait"],
        constants: ["true", "false", "null"],
        namespaceKeywords: ["package", "import"],
        types: ["def", "void", "int", "long", "boolean", "double", "float", "char", "byte", "short"],
        lineComments: ["//"],
        blockComment: ("/*", "*/"),
        tripleQuotes: true,
        annotations: true,
        dollarVariables: true,
        operatorBytes: Set("+-*/%=<>!&|^~?:{}()[];,.".utf8)
    )

    /// As Pygments' Python lexer classes it: `def` and `class` plain keywords before the
    /// names they declare, `.` an operator and `:` punctuation, `self` a pseudo built-in.
    static let python = LanguageRules(
        keywords: ["if", "elif", "else", "while", "for", "return", "break", "continue", "raise", "try", "except",
                   "finally", "with", "as", "pass", "yield", "lambda", "global", "nonlocal", "assert", "del", "async",
                   "await", "match", "case", "def", "class"],
        constants: ["True", "False", "None"],
        namespaceKeywords: ["import", "from"],
        lineComments: ["#"],
        tripleQuotes: true,
        annotations: true,
        nameAfterKeyword: ["def": "nf", "class": "nc", "import": "nn", "from": "nn"],
        builtins: ["print", "len", "range", "str", "int", "float", "bool", "list", "dict", "set", "tuple", "open", "isinstance",
                   "sorted", "enumerate", "zip", "map", "filter", "min", "max", "sum", "any", "all", "object", "super", "type",
                   "repr", "hash", "iter", "next", "getattr", "setattr", "hasattr", "input", "format", "bytes"],
        pseudoBuiltins: ["self", "cls"],
        operatorWords: ["and", "or", "not", "in", "is"],
        operatorBytes: Set("+-*/%=<>!&|^~.@".utf8)
    )

    /// As Pygments' JavaScript lexer classes it: names `nx`, every number `mf`, `=>` and
    /// member dots punctuation, template strings `sb` with `${ }` interpolation.
    static let javascript = LanguageRules(
        keywords: ["if", "else", "return", "for", "while", "do", "switch", "case", "break", "continue", "new", "delete",
                   "typeof", "instanceof", "in", "of", "try", "catch", "finally", "throw", "yield", "await", "async", "export",
                   "import", "extends", "super", "this", "default", "void", "static", "get", "set"],
        declarationKeywords: ["class", "const", "function", "let", "var"],
        constants: ["null", "true", "false", "undefined", "NaN", "Infinity"],
        lineComments: ["//"],
        blockComment: ("/*", "*/"),
        quotes: [("\"", "s2"), ("'", "s1"), ("`", "sb")],
        builtins: ["Object", "Array", "Promise", "Math", "JSON", "String", "Number", "Boolean", "Date", "Map", "Set", "Error",
                   "RegExp", "Symbol", "window", "document", "console"],
        reservedKeywords: ["constructor", "from"],
        nameClass: "nx",
        templateInterpolation: true,
        numberClass: "mf",
        operatorBytes: Set("+-*/%=<>!&|^~?:".utf8),
        punctuationRuns: [("=>", "p"), ("...", "p")]
    )

    /// As Pygments' TypeScript lexer classes it: JavaScript, with `interface` and `enum`
    /// declarations, `type` and `as` reserved words, type names `kt` and `void` an operator.
    static let typescript: LanguageRules = {
        var rules = javascript
        rules.keywords.formUnion(["implements", "public", "private", "protected", "readonly", "abstract", "keyof", "declare",
                                  "namespace", "module"])
        rules.keywords.remove("void")
        rules.declarationKeywords.formUnion(["interface", "enum"])
        rules.constants.subtract(["NaN", "Infinity"])
        rules.types = ["number", "string", "boolean", "any", "unknown", "never", "object", "symbol", "bigint"]
        rules.reservedKeywords.formUnion(["as", "type"])
        rules.operatorWords = ["void"]
        return rules
    }()

    /// As Pygments' Go lexer classes it: names `nx`, strings `s`, `:` punctuation but `:=`
    /// an operator.
    static let go = LanguageRules(
        keywords: ["if", "else", "for", "range", "return", "switch", "case", "default", "break", "continue", "go", "defer",
                   "select", "fallthrough", "goto", "chan", "map"],
        declarationKeywords: ["func", "struct", "type", "var", "const", "interface"],
        constants: ["nil", "true", "false", "iota"],
        namespaceKeywords: ["package", "import"],
        types: ["int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "uintptr", "float32",
                "float64", "complex64", "complex128", "string", "bool", "byte", "rune", "error", "any"],
        lineComments: ["//"],
        blockComment: ("/*", "*/"),
        quotes: [("\"", "s"), ("'", "sc"), ("`", "s")],
        builtins: ["panic", "len", "make", "append", "new", "cap", "copy", "delete", "print", "println", "recover", "close",
                   "min", "max", "clear"],
        nameClass: "nx",
        operatorBytes: Set("+-*/%=<>!&|^~".utf8),
        punctuationRuns: [(":=", "o")]
    )

    /// As Pygments' SQL lexer classes it: keywords in any case `k`, type names `nb`.
    static let sql = LanguageRules(
        keywords: ["select", "from", "where", "and", "or", "not", "null", "is", "in", "as", "by", "group", "order", "having",
                   "limit", "offset", "join", "left", "right", "inner", "outer", "full", "cross", "on", "insert", "into",
                   "values", "update", "set", "delete", "create", "table", "drop", "alter", "add", "column", "index", "view",
                   "primary", "key", "foreign", "references", "unique", "default", "check", "constraint", "distinct", "union",
                   "all", "exists", "between", "like", "case", "when", "then", "else", "end", "asc", "desc", "count", "sum",
                   "avg", "min", "max", "if", "begin", "commit", "rollback", "transaction", "with", "returning", "cascade"],
        types: [],
        lineComments: ["--"],
        blockComment: ("/*", "*/"),
        quotes: [("'", "s1"), ("\"", "s2")],
        caseInsensitiveKeywords: true,
        builtins: ["integer", "int", "text", "varchar", "char", "boolean", "bool", "date", "timestamp", "real", "float",
                   "double", "decimal", "numeric", "blob", "bigint", "smallint", "serial"],
        operatorBytes: Set("+-*/%=<>!|".utf8)
    )

    /// As Pygments' C lexer classes it: preprocessor lines `cp`, types `kt`, a declared
    /// function's name `nf`, strings `s` with escapes `se`, characters `sc`.
    static let c = LanguageRules(
        keywords: ["if", "else", "for", "while", "do", "switch", "case", "default", "break", "continue", "return", "goto",
                   "sizeof", "static", "const", "extern", "volatile", "register", "inline", "restrict", "typedef", "struct",
                   "union", "enum", "auto"],
        constants: ["NULL", "true", "false"],
        types: ["char", "int", "void", "short", "long", "float", "double", "signed", "unsigned", "size_t", "ssize_t", "bool",
                "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "FILE", "ptrdiff_t"],
        lineComments: ["//"],
        blockComment: ("/*", "*/"),
        quotes: [("\"", "s"), ("'", "sc")],
        nameAfterKeyword: ["struct": "nc", "union": "nc", "enum": "nc"],
        operatorBytes: Set("+-*/%=<>!&|^~?".utf8),
        preprocessor: true,
        stringEscapes: true,
        functionNameAfterType: true
    )

    static let cpp: LanguageRules = {
        var rules = c
        rules.keywords.formUnion(["class", "namespace", "template", "typename", "public", "private", "protected", "virtual",
                                  "override", "new", "delete", "this", "try", "catch", "throw", "using", "operator", "friend",
                                  "explicit", "constexpr", "noexcept", "nullptr", "auto", "mutable", "static_cast",
                                  "dynamic_cast", "reinterpret_cast", "const_cast"])
        rules.nameAfterKeyword["class"] = "nc"
        rules.nameAfterKeyword["namespace"] = "nn"
        // Pygments' C++ lexer makes `:` and `::` operators and keeps a comment's newline.
        rules.operatorBytes.insert(UInt8(ascii: ":"))
        rules.commentsIncludeNewline = true
        return rules
    }()

    /// As Pygments' Rust lexer classes it: `let` a declaration and every other keyword
    /// `k`, the name `fn` declares `nf`, `///` documentation `sd`, `#[attributes]` `cp`,
    /// `name!` macros `fm`.
    static let rust = LanguageRules(
        keywords: ["as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern", "fn", "for",
                   "if", "impl", "in", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "static", "struct",
                   "super", "trait", "type", "unsafe", "use", "where", "while", "self"],
        declarationKeywords: ["let"],
        constants: ["true", "false"],
        types: ["bool", "char", "str", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
                "f32", "f64"],
        lineComments: ["//"],
        blockComment: ("/*", "*/"),
        quotes: [("\"", "s")],
        nameAfterKeyword: ["fn": "nf", "struct": "nc", "enum": "nc", "trait": "nc", "type": "nc"],
        builtins: ["Box", "Ok", "Err", "Some", "None", "Result", "String", "Vec", "Option"],
        operatorBytes: Set("+-*/%=<>!&|^~?".utf8),
        punctuationRuns: [("->", "p"), ("::", "p"), ("=>", "p")],
        stringEscapes: true,
        docLineComment: "///",
        hashAttributes: true,
        macroBang: true
    )

    /// As Pygments' protobuf lexer classes it: `message` a declaration naming a class, field
    /// names `na`, scalar types `kt`.
    static let protobuf = LanguageRules(
        keywords: ["syntax", "import", "option", "optional", "repeated", "required", "rpc", "returns", "reserved", "oneof",
                   "map", "extend", "extensions", "to", "max", "edition", "public", "weak"],
        declarationKeywords: ["message", "service", "enum"],
        constants: ["true", "false"],
        namespaceKeywords: ["package"],
        types: ["double", "float", "int32", "int64", "uint32", "uint64", "sint32", "sint64", "fixed32", "fixed64", "sfixed32",
                "sfixed64", "bool", "string", "bytes"],
        lineComments: ["//"],
        blockComment: ("/*", "*/"),
        quotes: [("\"", "s"), ("'", "s")],
        nameAfterKeyword: ["message": "nc", "package": "nn"],
        operatorBytes: Set("=".utf8),
        nameBeforeEquals: "na",
        commentsIncludeNewline: true
    )

    /// As Pygments' TOML lexer classes it: keys plain, tables `k`, strings `s2`.
    static let toml = LanguageRules(
        constants: ["true", "false"],
        lineComments: ["#"],
        quotes: [("\"", "s2"), ("'", "s1")],
        tripleQuotes: true,
        tableHeaders: true,
        operatorBytes: Set("=".utf8)
    )

    static let json = LanguageRules(
        constants: ["true", "false", "null"],
        quotes: [("\"", "s2")],
        quotedKeys: true,
        operatorBytes: []
    )

    static let xml = LanguageRules(
        blockComment: ("<!--", "-->"),
        markup: true
    )

    static let html = LanguageRules(
        blockComment: ("<!--", "-->"),
        markup: true,
        htmlMarkup: true
    )
}
