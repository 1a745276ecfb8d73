// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0

/// The names visible at one place of a template: its own, then its parent's. A loop's body,
/// a macro's call, a block and an included template each get a scope of their own, so what
/// they `set` stays inside, as in Jinja.
final class TemplateScope {
    private(set) var values: [String: TemplateValue]
    let parent: TemplateScope?

    init(_ values: [String: TemplateValue] = [:], parent: TemplateScope?) {
        self.values = values
        self.parent = parent
    }

    func lookup(_ name: String) -> TemplateValue? {
        var scope: TemplateScope? = self
        while let current = scope {
            if let value = current.values[name] { return value }
            scope = current.parent
        }
        return nil
    }

    func set(_ name: String, _ value: TemplateValue) {
        values[name] = value
    }

    /// Every name visible here, the innermost value of each.
    func flattened() -> [String: TemplateValue] {
        var result = parent?.flattened() ?? [:]
        for (name, value) in values { result[name] = value }
        return result
    }
}

/// What an error in a template says, and where it happened.
package struct TemplateError: Error, CustomStringConvertible, Sendable {
    /// The name of the template, as it was asked for (`partials/header.html`).
    package var template: String
    package var place: TemplatePlace?
    package var reason: String

    package var description: String {
        guard let place else { return "\(template): \(reason)" }
        return "\(template):\(place.line):\(place.column): \(reason)"
    }
}

/// An error raised while rendering, before the template it happened in is known.
struct TemplateRuntimeError: Error {
    var reason: String
    var place: TemplatePlace?
    /// Set once, by the innermost template that sees the error.
    var template: String?
}
