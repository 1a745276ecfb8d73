// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyTemplates

/// Finds what a theme template asks of mkdocs or mkdocs-material that Galley's templates
/// can't give, before any page renders: a name Galley does not define (Jinja would print
/// nothing in its place without a word, or stop on its attribute), and one of Material's
/// partials that Galley's theme lacks.
enum TemplateCheck {
    struct Problem: Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    /// The problems of the template called `name`; `known` are the names Galley gives every
    /// template.
    static func problems(in name: String, engine: TemplateEngine, known: Set<String>) -> [Problem] {
        guard let references = engine.references(of: name) else { return [] }
        var problems: [Problem] = []
        for (template, place) in references.templates where ThemeOverrides.materialOnlyPartials.contains(template) {
            problems.append(Problem(line: place.line, column: place.column, message: "`\(template)` is a partial of mkdocs-material that Galley's theme does not have; put one in `theme.custom_dir`, or this include renders nothing"))
        }
        for (unbound, place) in references.unboundNames where !known.contains(unbound) {
            problems.append(Problem(line: place.line, column: place.column, message: "`\(unbound)` has no value in Galley's theme templates (they get `config`, `page`, `nav`, `base_url`, `extra` and `features`); it renders as nothing, and an attribute or call of it fails"))
        }
        return problems.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }
}
