// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
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
        // Each token's text and kind are made once (both build new values), and of the
        // previous token only what the next one's class depends on is kept: the keyword.
        var previousKeyword: String?
        for token in tree.tokens(viewMode: .sourceAccurate) {
            let text = token.text
            let kind = token.tokenKind
            appendTrivia(token.leadingTrivia, to: &tokens)
            tokens.append(text, className(token, kind: kind, text: text, afterKeyword: previousKeyword))
            appendTrivia(token.trailingTrivia, to: &tokens)
            if case .keyword = kind { previousKeyword = text } else { previousKeyword = nil }
        }
        return tokens
    }

    private static func className(_ token: TokenSyntax, kind: TokenKind, text: String, afterKeyword previousKeyword: String?) -> String? {
        switch kind {
        case .backslash, .leftParen, .rightParen:
            // Asked only of these kinds: finding a token's parent builds a syntax node.
            return token.parent?.is(ExpressionSegmentSyntax.self) == true ? "si" : "p"
        case .keyword:
            if declarationKeywords.contains(text) { return "kd" }
            if constantKeywords.contains(text) { return "kc" }
            if reservedKeywords.contains(text) { return "kr" }
            if text == "Any" { return "nb" }
            return "k"
        case .identifier:
            if let previousKeyword, let named = namedBy[previousKeyword] { return named }
            if builtinTypes.contains(text) { return "nb" }
            return "n"
        case .dollarIdentifier: return "nv"
        case .integerLiteral:
            if text.hasPrefix("0x") { return "mh" }
            if text.hasPrefix("0b") { return "mb" }
            return text.hasPrefix("0o") ? "mo" : "mi"
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
