// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0

/// How the `toc` extension turns a heading into its id: the function `toc.slugify` names and
/// the `toc.separator` between words. mkdocs loads the function from Python; Galley knows the
/// ones real sites name and reports any other at its line.
package struct HeadingSlugStyle: Sendable, Equatable {
    /// The slug functions Galley computes itself.
    package enum Function: Sendable, Equatable {
        /// Python-Markdown's default `toc.slugify`: letters folded to ASCII, the rest dropped.
        case markdown
        /// Python-Markdown's `toc.slugify_unicode`: the same, keeping every Unicode letter.
        case markdownUnicode
        /// pymdown-extensions' `slugs.slugify(case=…, normalize=…, percent_encode=…)`.
        case pymdown(letterCase: LetterCase, normalization: Normalization, percentEncode: Bool)
    }

    /// pymdown-extensions' `case` argument.
    package enum LetterCase: String, Sendable, Equatable, CaseIterable {
        case none, lower, lowerASCII = "lower-ascii", fold
    }

    /// The Unicode normal form pymdown-extensions' `normalize` argument names.
    package enum Normalization: String, Sendable, Equatable, CaseIterable {
        case nfc = "NFC", nfd = "NFD", nfkc = "NFKC", nfkd = "NFKD"
    }

    package var function: Function = .markdown
    package var separator = "-"

    package init(function: Function = .markdown, separator: String = "-") {
        self.function = function
        self.separator = separator
    }

    /// The style a `toc` entry's options ask for, and `(line, sentence)` for what Galley
    /// cannot follow; where it cannot, the ids stay Python-Markdown's default ones.
    package static func read(_ options: ConfigValue) -> (style: HeadingSlugStyle, problems: [(Int, String)]) {
        var style = HeadingSlugStyle()
        var problems: [(Int, String)] = []
        for entry in options.entries ?? [] {
            switch entry.key {
            case "separator":
                if let separator = entry.value.string { style.separator = separator }
            case "slugify":
                switch function(entry.value) {
                case .success(let function):
                    style.function = function
                    if let note = entry.value.string.flatMap(legacyNote) { problems.append((entry.line, note)) }
                case .failure(let problem): problems.append((entry.line, problem.sentence))
                }
            default:
                break
            }
        }
        return (style, problems)
    }

    private struct Problem: Error {
        var sentence: String
    }

    private static let fallback = "; headings keep Python-Markdown's default ids"

    /// pymdown-extensions' fixed slug functions, deprecated in favour of `slugify(...)` and
    /// removed in its 12.0; each is that function with fixed arguments, as its 11.0 defines it.
    static let legacy: [String: Function] = [
        "uslugify": .pymdown(letterCase: .lower, normalization: .nfc, percentEncode: false),
        "uslugify_encoded": .pymdown(letterCase: .lower, normalization: .nfc, percentEncode: true),
        "uslugify_cased": .pymdown(letterCase: .none, normalization: .nfc, percentEncode: false),
        "uslugify_cased_encoded": .pymdown(letterCase: .none, normalization: .nfc, percentEncode: true),
        "gfm": .pymdown(letterCase: .lowerASCII, normalization: .nfc, percentEncode: false),
        "gfm_encoded": .pymdown(letterCase: .lowerASCII, normalization: .nfc, percentEncode: true),
    ]

    /// A note for a legacy name: the ids are made, and mkdocs with pymdown-extensions 12 or
    /// later would not load the name.
    static func legacyNote(_ name: String) -> String? {
        guard name.hasPrefix("pymdownx.slugs."), legacy[String(name.dropFirst("pymdownx.slugs.".count))] != nil else { return nil }
        return "`\(name)` is deprecated and removed in pymdown-extensions 12.0, where mkdocs cannot load it; Galley makes the same ids, "
            + "and `!!python/object/apply:pymdownx.slugs.slugify {kwds: {...}}` is the spelling that loads everywhere"
    }

    private static func function(_ value: ConfigValue) -> Result<Function, Problem> {
        switch value {
        case .string("markdown.extensions.toc.slugify"):
            return .success(.markdown)
        case .string("markdown.extensions.toc.slugify_unicode"):
            return .success(.markdownUnicode)
        case .string(let name) where name.hasPrefix("pymdownx.slugs."):
            let short = String(name.dropFirst("pymdownx.slugs.".count))
            guard let function = legacy[short] else {
                return .failure(Problem(sentence: "pymdown-extensions has no slug function `\(name)`" + fallback))
            }
            return .success(function)
        case .pythonCall("pymdownx.slugs.slugify", let arguments):
            return pymdown(arguments)
        case .pythonCall(let name, _):
            return .failure(Problem(sentence: "Galley does not know the slug function `\(name)`" + fallback))
        default:
            return .failure(Problem(sentence: "Galley does not know the slug function `\(value.string ?? "")`; it knows "
                + "`markdown.extensions.toc.slugify`, `markdown.extensions.toc.slugify_unicode` and `pymdownx.slugs.slugify`" + fallback))
        }
    }

    /// `{kwds: {case: …, normalize: …, percent_encode: …}}`, each as pymdown-extensions
    /// checks it.
    private static func pymdown(_ arguments: ConfigValue) -> Result<Function, Problem> {
        var letterCase = LetterCase.none
        var normalization = Normalization.nfc
        var percentEncode = false
        for entry in arguments["kwds"]?.entries ?? [] {
            let text = entry.value.string ?? ""
            switch entry.key {
            case "case":
                guard let known = LetterCase(rawValue: text) else {
                    return .failure(Problem(sentence: "`case: \(text)` is not one of " + LetterCase.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ") + fallback))
                }
                letterCase = known
            case "normalize":
                guard let known = Normalization(rawValue: text) else {
                    return .failure(Problem(sentence: "`normalize: \(text)` is not one of " + Normalization.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ") + fallback))
                }
                normalization = known
            case "percent_encode":
                percentEncode = entry.value.bool ?? false
            default:
                return .failure(Problem(sentence: "`pymdownx.slugs.slugify` takes no argument `\(entry.key)`" + fallback))
            }
        }
        return .success(.pymdown(letterCase: letterCase, normalization: normalization, percentEncode: percentEncode))
    }
}
