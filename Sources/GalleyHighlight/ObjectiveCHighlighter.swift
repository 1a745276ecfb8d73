// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// Objective-C, as Pygments classes it: C's rules, plus `@interface`-style keywords (`k`),
/// `@"strings"`, Foundation's `NS…` types as pseudo built-ins (`bp`), `self` and `super`
/// built-ins (`nb`), and in a method's signature (`- (void)watch:(id)object`) each part of
/// the selector a function name (`nf`) and each parameter a variable (`nv`).
enum ObjectiveCHighlighter {
    static let names: Set<String> = ["objective-c", "objectivec", "objc", "obj-c", "m"]

    static let rules: LanguageRules = {
        var rules = LanguageRules.c
        rules.keywords.formUnion(["nonatomic", "atomic", "strong", "weak", "copy", "assign", "retain", "readonly", "readwrite",
                                  "nullable", "nonnull", "getter", "setter", "in", "out", "inout", "bycopy", "byref", "oneway"])
        rules.types.formUnion(["id", "instancetype", "BOOL", "SEL", "IMP", "Class", "NSInteger", "NSUInteger", "CGFloat"])
        rules.constants.formUnion(["YES", "NO", "nil", "Nil"])
        rules.builtins.formUnion(["self", "super", "_cmd"])
        rules.functionNameAfterType = false
        rules.commentsIncludeNewline = true
        return rules
    }()

    static func highlight(_ code: String) -> [HighlightToken] {
        let base = TableLexer(rules: rules).highlight(code)
        var tokens: [HighlightToken] = []
        var index = 0
        var atLineStart = true
        var inSignature = false
        var afterType = false
        var inDirective = false
        var classNameNext = false
        while index < base.count {
            var token = base[index]
            let next = index + 1 < base.count ? base[index + 1] : nil
            if token.text.contains("\n") {
                atLineStart = token.text.hasSuffix("\n")
                inSignature = false
                inDirective = false
                tokens.append(token.text, token.className)
                index += 1
                continue
            }
            // `#import <Foundation/Foundation.h>`: the whole line is the directive.
            if atLineStart, token.text.hasPrefix("#") { inDirective = true }
            if inDirective {
                tokens.append(token.text, token.className == "c1" || token.className == "cm" ? token.className : "cp")
                atLineStart = false
                index += 1
                continue
            }
            // `@interface`, `@end`, `@property`: a keyword written with its `@`.
            if token.text == "@", let next, next.text.first?.isLetter == true {
                tokens.append("@" + next.text, "k")
                classNameNext = ["interface", "implementation", "protocol", "class"].contains(next.text)
                index += 2
                atLineStart = false
                continue
            }
            if classNameNext, token.text.first?.isLetter == true {
                tokens.append(token.text, "nc")
                classNameNext = false
                index += 1
                continue
            }
            // `@"text"` is one string.
            if token.text == "@", let next, next.text.hasPrefix("\"") {
                tokens.append("@", next.className)
                index += 1
                atLineStart = false
                continue
            }
            if atLineStart, token.text == "-" || token.text == "+", next?.text.first == " " || next?.text == "(" || next?.text.hasPrefix(" (") == true {
                token.className = "p"
                inSignature = true
                afterType = false
            } else if inSignature {
                if token.text == "(" {
                    token.className = "p"
                } else if token.text == ")" {
                    token.className = "p"
                    afterType = true
                } else if isFoundationType(token.text) {
                    token.className = "bp"
                } else if let name = token.text.first, name.isLetter || name == "_", token.className == nil || token.className == "n", let next {
                    if next.text.hasPrefix(":") {
                        // The selector part takes its colon; what follows it stays as it was.
                        tokens.append(token.text + ":", "nf")
                        tokens.append(String(next.text.dropFirst()), next.text == ":" ? nil : next.className)
                        index += 2
                        afterType = false
                        atLineStart = false
                        continue
                    }
                    token.className = afterType ? "nv" : "nf"
                    afterType = false
                }
            } else if token.className == nil || token.className == "n", isFoundationType(token.text), next?.text.hasPrefix("(") != true {
                token.className = "bp"
            }
            if !token.text.allSatisfy(\.isWhitespace) { atLineStart = false }
            tokens.append(token.text, token.className)
            index += 1
        }
        return tokens
    }

    /// `NSString`, `UIView`, `CGRect`: the frameworks' prefixes before a capital letter.
    private static func isFoundationType(_ name: String) -> Bool {
        for prefix in ["NS", "UI", "CF", "CG"] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            if rest.first?.isUppercase == true { return true }
        }
        return false
    }
}
