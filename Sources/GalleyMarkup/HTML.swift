// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// A piece of HTML that is safe to put in a page: markup written in this program's source, or
/// text that went through escaping on its way in.
///
/// Text reaches an `HTML` value only through string interpolation, which escapes it, so raw
/// text cannot end up in a page by accident:
///
/// ```swift
/// let link: HTML = "<a href=\"\(url)\">\(title)</a>"   // url and title are escaped
/// let item: HTML = "<li>\(link)</li>"                    // link is HTML: inserted as is
/// ```
///
/// Markup that another stage has already made safe (the Markdown renderer's output, an icon
/// file, `copyright`, which mkdocs passes through as HTML) comes in by ``init(trusted:)``,
/// whose name says at the call site that nothing is escaped there.
package struct HTML: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The markup.
    package private(set) var string: String

    /// Nothing.
    package static let empty = HTML(trusted: "")

    /// Markup taken as it is: only for what is already HTML.
    package init(trusted markup: String) {
        string = markup
    }

    /// A literal in the program's source is markup.
    package init(stringLiteral markup: String) {
        string = markup
    }

    package init(stringInterpolation: StringInterpolation) {
        string = stringInterpolation.string
    }

    package var description: String { string }

    package var isEmpty: Bool { string.isEmpty }

    /// Literal parts are markup; interpolated text is escaped, interpolated HTML kept.
    package struct StringInterpolation: StringInterpolationProtocol {
        var string = ""

        package init(literalCapacity: Int, interpolationCount: Int) {
            string.reserveCapacity(literalCapacity + interpolationCount * 16)
        }

        package mutating func appendLiteral(_ literal: String) {
            string += literal
        }

        /// Text, escaped for element content and quoted attribute values alike.
        package mutating func appendInterpolation(_ text: String) {
            string += MarkupText.escape(text)
        }

        package mutating func appendInterpolation(_ html: HTML) {
            string += html.string
        }

        package mutating func appendInterpolation(_ number: Int) {
            string += String(number)
        }

        /// A JavaScript string literal for a `<script>` element's text (see
        /// ``MarkupText/scriptString(_:)``).
        package mutating func appendInterpolation(script text: String) {
            string += MarkupText.scriptString(text)
        }
    }

    package static func + (lhs: HTML, rhs: HTML) -> HTML {
        HTML(trusted: lhs.string + rhs.string)
    }

    package static func += (lhs: inout HTML, rhs: HTML) {
        lhs.string += rhs.string
    }
}

extension Sequence where Element == HTML {
    /// The pieces one after another, with `separator` between them.
    package func joined(separator: HTML = .empty) -> HTML {
        HTML(trusted: map(\.string).joined(separator: separator.string))
    }
}
