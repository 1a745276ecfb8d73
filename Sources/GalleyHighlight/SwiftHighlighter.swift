import SwiftParser
import SwiftSyntax

/// Swift, parsed by swift-syntax and classed as Pygments' Swift lexer classes it, so that
/// stylesheets written for Pygments output (Material's) colour Galley's Swift the same:
/// declaration words and modifiers `kd`, `override` `kr`, `self`, `true`, `false` and `nil`
/// `kc`; the name a `func` declares `nf`, a type declaration's `nc`, a `let` or `var`'s `nv`;
/// the standard library's types `nb`; strings `s` with interpolation `si`; binary operators
/// `o` and the rest of the punctuation (`=`, `->`, `:`, `?`, generic brackets) `p`.
enum SwiftHighlighter {
    static let names: Set<String> = ["swift"]

    private static let declarationKeywords: Set<String> = [
        "func", "let", "var", "struct", "class", "enum", "protocol", "extension", "typealias", "associatedtype",
        "init", "deinit", "subscript", "operator", "actor", "macro", "precedencegroup", "import",
        "public", "private", "fileprivate", "internal", "open", "package", "static", "mutating", "nonmutating",
        "weak", "unowned", "convenience", "required", "dynamic", "indirect", "optional", "prefix", "postfix",
        "infix", "nonisolated", "isolated", "consuming", "borrowing",
    ]
    private static let constantKeywords: Set<String> = ["true", "false", "nil", "self", "super", "Self"]
    private static let reservedKeywords: Set<String> = ["override", "final", "lazy", "inout"]
    /// Declarations whose name follows them, and the class of that name.
    private static let namedBy: [String: String] = [
        "func": "nf", "struct": "nc", "class": "nc", "enum": "nc", "protocol": "nc", "actor": "nc", "extension": "nc",
        "typealias": "nc", "associatedtype": "nc", "import": "nc", "let": "nv", "var": "nv",
    ]
    private static let builtinTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "Bool",
        "String", "Character", "Array", "Dictionary", "Set", "Optional", "Void", "Never", "Result", "Error", "Substring",
    ]

    static func highlight(_ code: String) -> [HighlightToken] {
        let tree = Parser.parse(source: code)
        var tokens: [HighlightToken] = []
        var previous: TokenSyntax?
        for token in tree.tokens(viewMode: .sourceAccurate) {
            appendTrivia(token.leadingTrivia, to: &tokens)
            tokens.append(token.text, className(token, after: previous))
            appendTrivia(token.trailingTrivia, to: &tokens)
            previous = token
        }
        return tokens
    }

    private static func className(_ token: TokenSyntax, after previous: TokenSyntax?) -> String? {
        if token.parent?.is(ExpressionSegmentSyntax.self) == true, [.backslash, .leftParen, .rightParen].contains(token.tokenKind) {
            return "si"
        }
        switch token.tokenKind {
        case .keyword:
            if declarationKeywords.contains(token.text) { return "kd" }
            if constantKeywords.contains(token.text) { return "kc" }
            if reservedKeywords.contains(token.text) { return "kr" }
            if token.text == "Any" { return "nb" }
            return "k"
        case .identifier:
            if let previous, case .keyword = previous.tokenKind, let named = namedBy[previous.text] { return named }
            if builtinTypes.contains(token.text) { return "nb" }
            return "n"
        case .dollarIdentifier: return "nv"
        case .integerLiteral:
            if token.text.hasPrefix("0x") { return "mh" }
            if token.text.hasPrefix("0b") { return "mb" }
            return token.text.hasPrefix("0o") ? "mo" : "mi"
        case .floatLiteral: return "mf"
        case .stringQuote, .multilineStringQuote, .stringSegment, .singleQuote, .rawStringPoundDelimiter: return "s"
        case .regexLiteralPattern, .regexSlash, .regexPoundDelimiter: return "sr"
        case .binaryOperator, .prefixOperator, .postfixOperator, .prefixAmpersand, .exclamationMark: return "o"
        case .poundIf, .poundElse, .poundElseif, .poundEndif, .poundSourceLocation: return "cp"
        case .endOfFile: return nil
        default: return "p"
        }
    }

    /// Comments `c1` (line) and `cm` (block); white space plain.
    private static func appendTrivia(_ trivia: Trivia, to tokens: inout [HighlightToken]) {
        for piece in trivia {
            var text = ""
            piece.write(to: &text)
            switch piece {
            case .lineComment, .docLineComment: tokens.append(text, "c1")
            case .blockComment, .docBlockComment: tokens.append(text, "cm")
            default: tokens.append(text, nil)
            }
        }
    }
}
