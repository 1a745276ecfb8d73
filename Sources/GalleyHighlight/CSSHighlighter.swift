// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// CSS, as Pygments classes it. Selectors: tags `nt`, `.class` `nc`, `#id` `nn`, pseudo
/// classes `nd`, combinators and brackets `o`. Declarations: known properties `k` (custom
/// properties `nv`), known values `kc`, numbers `mi`/`mf` with their units `kt`, colours `mh`,
/// functions `nb` (the language's) or `nf`, `!important` `cp`. An at-rule's name is `k` and
/// what follows it up to its block reads like a selector, as Pygments reads it.
///
/// The word lists are written here from the CSS specifications.
enum CSSHighlighter {
    static let names: Set<String> = ["css"]

    private enum Context {
        /// Selectors, at the top level and inside at-rule blocks.
        case rules
        /// `property: value;` inside a rule's braces.
        case declarations
    }

    static func highlight(_ code: String) -> [HighlightToken] {
        var tokens: [HighlightToken] = []
        let characters = Array(code)
        var index = 0
        var stack: [Context] = [.rules]
        var inAtPrelude = false
        var inValue = false
        var parentheses = 0

        func take(_ count: Int, _ className: String?) {
            tokens.append(String(characters[index..<min(index + count, characters.count)]), className)
            index += count
        }
        func run(from start: Int, while predicate: (Character) -> Bool) -> Int {
            var end = start
            while end < characters.count, predicate(characters[end]) { end += 1 }
            return end - start
        }
        func isIdentifier(_ character: Character) -> Bool {
            character.isLetter || character.isNumber || character == "-" || character == "_"
        }

        while index < characters.count {
            let character = characters[index]
            let next: Character? = index + 1 < characters.count ? characters[index + 1] : nil
            if character.isWhitespace {
                take(run(from: index) { $0.isWhitespace }, nil)
                continue
            }
            if character == "/", next == "*" {
                var end = index + 2
                while end + 1 < characters.count, !(characters[end] == "*" && characters[end + 1] == "/") { end += 1 }
                take(min(end + 2, characters.count) - index, "c")
                continue
            }
            if character == "\"" || character == "'" {
                var end = index + 1
                while end < characters.count, characters[end] != character, characters[end] != "\n" {
                    end += characters[end] == "\\" ? 2 : 1
                }
                take(min(end + 1, characters.count) - index, character == "\"" ? "s2" : "s1")
                continue
            }
            if character == "@" {
                take(1, "p")
                take(run(from: index, while: isIdentifier), "k")
                inAtPrelude = true
                continue
            }
            if character == "{" {
                take(1, "p")
                stack.append(inAtPrelude || stack.last == .declarations ? .rules : (stack.last == .rules ? .declarations : .rules))
                inAtPrelude = false
                inValue = false
                continue
            }
            if character == "}" {
                take(1, "p")
                if stack.count > 1 { stack.removeLast() }
                inValue = false
                continue
            }
            switch stack.last ?? .rules {
            case .rules:
                if character == ";" {
                    take(1, inAtPrelude ? "p" : "o")
                    inAtPrelude = false
                } else if character == "." || character == "#", let next, isIdentifier(next) {
                    take(1, "p")
                    take(run(from: index, while: isIdentifier), character == "." ? "nc" : "nn")
                } else if character == ":", let next, next == ":" || isIdentifier(next) {
                    take(next == ":" ? 2 : 1, "p")
                    take(run(from: index, while: isIdentifier), "nd")
                } else if isIdentifier(character) {
                    take(run(from: index, while: isIdentifier), "nt")
                } else {
                    take(1, "o")
                }
            case .declarations:
                if !inValue {
                    if character == ":" {
                        take(1, "p")
                        inValue = true
                    } else if isIdentifier(character) {
                        let length = run(from: index, while: isIdentifier)
                        let word = String(characters[index..<(index + length)])
                        take(length, word.hasPrefix("--") ? "nv" : (properties.contains(word.lowercased()) ? "k" : "n"))
                    } else {
                        take(1, "p")
                    }
                    continue
                }
                value(character, next)
            }
        }
        return tokens

        func value(_ character: Character, _ next: Character?) {
            if character == ";" {
                take(1, "p")
                inValue = false
                parentheses = 0
                return
            }
            if character == "!" {
                take(1 + run(from: index + 1, while: isIdentifier), "cp")
                return
            }
            if character == "#", let next, next.isHexDigit {
                take(1 + run(from: index + 1) { $0.isHexDigit }, "mh")
                return
            }
            let signed = (character == "-" || character == "+") && (next?.isNumber == true || (next == "." && index + 2 < characters.count && characters[index + 2].isNumber))
            if character.isNumber || signed || (character == "." && next?.isNumber == true) {
                var length = signed ? 1 : 0
                length += run(from: index + length) { $0.isNumber }
                var isFloat = false
                if index + length < characters.count, characters[index + length] == ".", index + length + 1 < characters.count, characters[index + length + 1].isNumber {
                    isFloat = true
                    length += 1 + run(from: index + length + 1) { $0.isNumber }
                }
                take(length, isFloat ? "mf" : "mi")
                if index < characters.count, characters[index] == "%" {
                    take(1, "kt")
                } else if index < characters.count, characters[index].isLetter {
                    let unit = run(from: index) { $0.isLetter }
                    take(unit, units.contains(String(characters[index..<(index + unit)]).lowercased()) ? "kt" : "n")
                }
                return
            }
            if character == "-", next == "-" {
                take(run(from: index, while: isIdentifier), "nv")
                return
            }
            if isIdentifier(character), character != "-" || next.map(isIdentifier) == true {
                let length = run(from: index, while: isIdentifier)
                let word = String(characters[index..<(index + length)])
                if index + length < characters.count, characters[index + length] == "(" {
                    let lowered = word.lowercased()
                    take(length, builtinFunctions.contains(lowered) ? "nb" : "nf")
                    take(1, "p")
                    parentheses += 1
                    if lowered == "url", index < characters.count, characters[index] != "\"", characters[index] != "'" {
                        take(run(from: index) { $0 != ")" && $0 != "\n" }, "sx")
                    }
                    return
                }
                let lowered = word.lowercased()
                if let known = Self.wordClass(lowered) {
                    take(length, known)
                } else if let dash = word.firstIndex(of: "-"), dash != word.startIndex, let prefixClass = Self.wordClass(String(word[..<dash]).lowercased()) {
                    // Pygments matches a known word at the start and the rest as a variable.
                    let prefix = word.distance(from: word.startIndex, to: dash)
                    take(prefix, prefixClass)
                    take(length - prefix, "nv")
                } else {
                    take(length, "n")
                }
                return
            }
            if character == "(" || character == ")" || character == "," {
                if character == "(" { parentheses += 1 }
                if character == ")" { parentheses = max(0, parentheses - 1) }
                take(1, "p")
                return
            }
            take(1, "o")
        }
    }

    private static func wordClass(_ word: String) -> String? {
        // Pygments tries values first: `display: flex` is `kc`, `display: grid` `k`.
        if values.contains(word) { return "kc" }
        if properties.contains(word) { return "k" }
        return nil
    }

    static let units: Set<String> = [
        "px", "em", "rem", "ex", "ch", "vw", "vh", "vmin", "vmax", "cm", "mm", "in", "pt", "pc", "q", "deg", "rad", "grad",
        "turn", "s", "ms", "hz", "khz", "dpi", "dpcm", "dppx",
    ]

    static let builtinFunctions: Set<String> = [
        "url", "rgb", "rgba", "hsl", "hsla", "attr", "calc", "counter", "counters", "cubic-bezier", "steps", "linear-gradient",
        "radial-gradient", "repeating-linear-gradient", "repeating-radial-gradient", "translate", "translatex", "translatey",
        "translate3d", "rotate", "rotatex", "rotatey", "rotatez", "scale", "scalex", "scaley", "skew", "skewx", "skewy",
        "matrix", "perspective", "blur", "brightness", "contrast", "drop-shadow", "grayscale", "hue-rotate", "invert",
        "opacity", "saturate", "sepia", "format", "local",
    ]

    static let properties: Set<String> = [
        "align-content", "align-items", "align-self", "all", "animation", "animation-delay", "animation-direction",
        "animation-duration", "animation-fill-mode", "animation-iteration-count", "animation-name", "animation-play-state",
        "animation-timing-function", "appearance", "backface-visibility", "background", "background-attachment",
        "background-clip", "background-color", "background-image", "background-origin", "background-position",
        "background-repeat", "background-size", "border", "border-bottom", "border-bottom-color", "border-bottom-left-radius",
        "border-bottom-right-radius", "border-bottom-style", "border-bottom-width", "border-collapse", "border-color",
        "border-image", "border-left", "border-left-color", "border-left-style", "border-left-width", "border-radius",
        "border-right", "border-right-color", "border-right-style", "border-right-width", "border-spacing", "border-style",
        "border-top", "border-top-color", "border-top-left-radius", "border-top-right-radius", "border-top-style",
        "border-top-width", "border-width", "bottom", "box-shadow", "box-sizing", "break-inside", "caption-side", "clear",
        "clip", "clip-path", "color", "column-count", "column-gap", "columns", "content", "counter-increment",
        "counter-reset", "cursor", "direction", "display", "empty-cells", "fill", "filter", "flex", "flex-basis",
        "flex-direction", "flex-flow", "flex-grow", "flex-shrink", "flex-wrap", "float", "font", "font-family",
        "font-feature-settings", "font-size", "font-size-adjust", "font-stretch", "font-style", "font-variant",
        "font-weight", "gap", "grid", "grid-area", "grid-auto-columns", "grid-auto-flow", "grid-auto-rows", "grid-column",
        "grid-column-end", "grid-column-gap", "grid-column-start", "grid-gap", "grid-row", "grid-row-end", "grid-row-gap",
        "grid-row-start", "grid-template", "grid-template-areas", "grid-template-columns", "grid-template-rows", "height",
        "hyphens", "inset", "isolation", "justify-content", "justify-items", "justify-self", "left", "letter-spacing",
        "line-height", "list-style", "list-style-image", "list-style-position", "list-style-type", "margin", "margin-bottom",
        "margin-left", "margin-right", "margin-top", "mask", "max-height", "max-width", "min-height", "min-width",
        "mix-blend-mode", "object-fit", "object-position", "opacity", "order", "orphans", "outline", "outline-color",
        "outline-offset", "outline-style", "outline-width", "overflow", "overflow-wrap", "overflow-x", "overflow-y",
        "padding", "padding-bottom", "padding-left", "padding-right", "padding-top", "page-break-after",
        "page-break-before", "page-break-inside", "perspective", "place-content", "place-items", "pointer-events",
        "position", "quotes", "resize", "right", "row-gap", "scroll-behavior", "scroll-margin-top", "stroke", "tab-size",
        "table-layout", "text-align", "text-decoration", "text-decoration-color", "text-decoration-line",
        "text-decoration-style", "text-indent", "text-overflow", "text-shadow", "text-transform", "top", "transform",
        "transform-origin", "transition", "transition-delay", "transition-duration", "transition-property",
        "transition-timing-function", "unicode-bidi", "user-select", "vertical-align", "visibility", "white-space",
        "widows", "width", "will-change", "word-break", "word-spacing", "word-wrap", "writing-mode", "z-index",
    ]

    static let values: Set<String> = [
        "absolute", "auto", "baseline", "block", "bold", "bolder", "border-box", "both", "bottom", "break-word", "capitalize",
        "center", "circle", "collapse", "column", "column-reverse", "contain", "content-box", "cover", "currentcolor",
        "dashed", "decimal", "default", "disc", "dotted", "double", "ease", "ease-in", "ease-in-out", "ease-out", "ellipsis",
        "end", "fixed", "flex", "flex-end", "flex-start", "groove", "hidden", "infinite", "inherit", "initial", "inline",
        "inline-block", "inline-flex", "inset", "italic", "justify", "left", "lighter", "line-through", "linear", "lowercase",
        "middle", "monospace", "no-repeat", "none", "normal", "nowrap", "oblique", "outset", "pointer", "pre", "pre-line",
        "pre-wrap", "relative", "repeat", "repeat-x", "repeat-y", "ridge", "right", "round", "row", "row-reverse",
        "sans-serif", "scroll", "serif", "small", "small-caps", "solid", "space-around", "space-between", "square", "start",
        "static", "sticky", "stretch", "sub", "super", "table", "table-cell", "text", "top", "transparent", "underline",
        "unset", "uppercase", "visible", "wrap", "x-large", "x-small", "large", "medium", "thin", "thick",
        "black", "white", "red", "green", "blue", "yellow", "orange", "purple", "gray", "grey", "silver", "navy", "teal",
        "maroon", "olive", "lime", "aqua", "fuchsia",
    ]
}
