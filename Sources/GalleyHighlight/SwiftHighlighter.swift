import SwiftIDEUtils
import SwiftParser
import SwiftSyntax

/// Swift through swift-syntax's own classification: exact, because it comes from the parser.
enum SwiftHighlighter {
    static let names: Set<String> = ["swift"]

    private static let declarationKeywords: Set<String> = [
        "func", "let", "var", "struct", "class", "enum", "protocol", "extension", "typealias", "associatedtype",
        "init", "deinit", "subscript", "case", "operator", "actor", "macro", "precedencegroup",
    ]
    private static let constantKeywords: Set<String> = ["true", "false", "nil"]
    private static let namespaceKeywords: Set<String> = ["import"]
    private static let typeKeywords: Set<String> = ["Self", "Any", "some", "any"]

    static func highlight(_ code: String) -> [HighlightToken] {
        let tree = Parser.parse(source: code)
        let utf8 = Array(code.utf8)
        var tokens: [HighlightToken] = []
        for range in tree.classifications {
            let start = range.range.lowerBound.utf8Offset
            let end = range.range.upperBound.utf8Offset
            guard start < end, end <= utf8.count else { continue }
            let text = String(decoding: utf8[start..<end], as: UTF8.self)
            switch range.kind {
            case .none:
                appendUnclassified(text, to: &tokens)
            case .keyword:
                tokens.append(text[...], keywordClass(text))
            default:
                tokens.append(text[...], className(range.kind, text: text))
            }
        }
        let covered = tokens.reduce(0) { $0 + $1.text.utf8.count }
        if covered < utf8.count {
            appendUnclassified(String(decoding: utf8[covered...], as: UTF8.self), to: &tokens)
        }
        return tokens
    }

    private static func keywordClass(_ text: String) -> String {
        if declarationKeywords.contains(text) { return "kd" }
        if constantKeywords.contains(text) { return "kc" }
        if namespaceKeywords.contains(text) { return "kn" }
        if typeKeywords.contains(text) { return "kt" }
        if text.hasPrefix("#") { return "cp" }
        return "k"
    }

    private static func className(_ kind: SyntaxClassification, text: String) -> String? {
        switch kind {
        case .attribute: "nd"
        case .blockComment: "cm"
        case .docBlockComment: "cs"
        case .docLineComment: "c1"
        case .lineComment: "c1"
        case .dollarIdentifier: "nv"
        case .editorPlaceholder: "x"
        case .floatLiteral: "mf"
        case .integerLiteral: text.hasPrefix("0x") ? "mh" : (text.hasPrefix("0b") ? "mb" : (text.hasPrefix("0o") ? "mo" : "mi"))
        case .identifier: "n"
        case .ifConfigDirective: "cp"
        case .operator: "o"
        case .regexLiteral: "sr"
        case .stringLiteral: "s2"
        case .type: "nc"
        case .argumentLabel: "nv"
        case .keyword: "k"
        case .none: nil
        @unknown default: nil
        }
    }

    /// White space stays plain; operator characters are `o`, other punctuation `p`. Runs of
    /// one class merge, so each run becomes one token.
    private static func appendUnclassified(_ text: String, to tokens: inout [HighlightToken]) {
        for character in text {
            let className: String?
            if character.isWhitespace {
                className = nil
            } else if let ascii = character.asciiValue, operatorBytes.contains(ascii) {
                className = "o"
            } else {
                className = "p"
            }
            if let last = tokens.last, last.className == className {
                tokens[tokens.count - 1].text.append(character)
            } else {
                tokens.append(HighlightToken(String(character), className))
            }
        }
    }

    private static let operatorBytes = Set("+-*/%=<>!&|^~?".utf8)
}
