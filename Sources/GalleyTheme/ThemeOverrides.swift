// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleyMarkdown
import GalleyPages
import GalleySources
import GalleyTemplates
import Synchronization

/// The templates of `theme.custom_dir`, rendered around Galley's layout: a `main.html` that
/// extends `base.html` and fills `announce`, `extrahead` or `content`, overridden partials
/// (`partials/footer.html`, `partials/copyright.html`, `partials/comments.html`), a `404.html`,
/// and templates pages name with `template:`. They render with the template engine pages use
/// and the variables mkdocs gives templates (``ThemeVariables``).
///
/// What an override uses that Galley can't provide is a warning at its file and line, found
/// when the build starts: a syntax error, a name Galley does not define (Material's `lang`
/// among them), one of mkdocs-material's partials Galley's theme lacks. A
/// template that fails while a page renders is reported once, and the page keeps Galley's
/// own layout, so the site stays complete.
package final class ThemeOverrides: @unchecked Sendable {
    private let engine: TemplateEngine
    private let theme: ThemeDirectory
    /// What every page of one language shares (the configuration, `extra`, the features),
    /// by language: the `i18n` plugin gives each language settings of its own (`site_name`,
    /// `copyright`…). Made the first time a page of the language asks.
    private let sharedByLanguage = Mutex<[String: SharedVariables]>([:])

    /// Template values, made once and only read after.
    private struct SharedVariables: Sendable {
        var values: [String: TemplateValue]
    }
    /// The nav's template values by language and folder depth, each with the nav it was
    /// made from (compared before use, so a context with another nav never gets it).
    private let navigations = Mutex<[String: [CachedNavigation]]>([:])

    private struct CachedNavigation: Sendable {
        var items: [Navigation.Item]
        var value: SiteNavigationValue
    }

    /// Templates that could not be read: pages that would use them keep Galley's layout.
    private let broken: Set<String>
    /// The pages each failure (by its reason) happened on since the last report.
    private let failures = Mutex<[String: Failure]>([:])

    private struct Failure {
        var location: SourceLocation
        var pages: [String]
        /// Whether it failed on the theme's 404 page too.
        var notFound: Bool

        mutating func append(_ page: String, notFound isNotFound: Bool) {
            if isNotFound { notFound = true } else { pages.append(page) }
        }
    }

    /// mkdocs-material's partials that Galley's theme has no counterpart for: an override
    /// that includes one gets nothing there, and a warning says so.
    static let materialOnlyPartials: Set<String> = [
        "partials/actions.html", "partials/alternate.html",
        "partials/icons.html", "partials/language.html", "partials/logo.html", "partials/nav-item.html",
        "partials/pagination.html", "partials/palette.html", "partials/path.html", "partials/path-item.html",
        "partials/post.html", "partials/progress.html", "partials/search.html", "partials/source.html",
        "partials/source-file.html", "partials/tabs-item.html", "partials/tags.html", "partials/toc-item.html",
        "partials/top.html",
    ]

    /// The overrides `theme` holds, or `nil` when it holds no templates; what they use that
    /// Galley can't provide goes to `log`.
    package static func load(_ theme: ThemeDirectory?, config: SiteConfig, log: inout DiagnosticLog) -> ThemeOverrides? {
        guard let theme, !theme.templates.isEmpty else { return nil }
        return ThemeOverrides(theme: theme, config: config, log: &log)
    }

    private init(theme: ThemeDirectory, config: SiteConfig, log: inout DiagnosticLog) {
        self.theme = theme
        var builtIn = ThemeTemplates.builtIn
        for partial in Self.materialOnlyPartials { builtIn[partial] = "" }
        // `{% include ".icons/material/github.svg" %}`: Material's icon files, from where the
        // theme's icons come from (an installed mkdocs-material, or the copy Galley ships).
        let packages = PythonPackages.onThisMachine(projectDirectory: PathName.absolute(config.projectDirectory, relativeTo: SystemCalls.currentDirectory))
        let icons = packages.find("material/templates/.icons").map { [(prefix: ".icons/", directory: PathName.parent($0))] } ?? []
        engine = TemplateEngine(directories: [theme.path], prefixed: icons, builtIn: builtIn, filters: MkDocsFilters.all)
        var broken: Set<String> = []
        for name in theme.templates {
            let file = PathName.join(theme.path, name)
            do {
                try engine.check(template: name)
            } catch {
                log.warn(at: Self.location(of: error, engine: engine), "the theme template `\(name)` can't be read (\(error.reason)); pages that use it are laid out by Galley's theme alone", code: ThemeCodes.template)
                broken.insert(name)
                continue
            }
            for problem in TemplateCheck.problems(in: name, engine: engine, known: ThemeVariables.names) {
                log.warn(at: SourceLocation(file: file, line: problem.line, column: problem.column), problem.message, code: ThemeCodes.template)
            }
        }
        self.broken = broken
    }

    /// `page` laid out by the site's templates, or `nil` when they don't apply to it or
    /// failed (noted for ``takeFailures(pageCount:)``): Galley's own layout is used then.
    func render(_ page: RenderedPage, layout: PageLayout, context: SiteContext) -> String? {
        let name = templateName(for: page)
        guard !broken.contains(name) else { return nil }
        let variables = ThemeVariables.page(page, layout: layout, context: context, shared: sharedVariables(for: context.config), navigation: navigation(for: context, root: layout.root))
        do {
            let html = try engine.render(template: name, context: variables)
            return Self.banners(html)
        } catch {
            // The theme's own 404 page has no file: it is named, not given a path.
            let isThemeNotFound = page.file.absolutePath.isEmpty && page.file.destination == "404.html"
            failures.withLock { $0[error.reason, default: Failure(location: Self.location(of: error, engine: engine), pages: [], notFound: false)].append(page.file.path, notFound: isThemeNotFound) }
            return nil
        }
    }

    /// Where a template error happened: the file of the template it names (a built-in one
    /// is named as it is), at its line and column.
    private static func location(of error: TemplateError, engine: TemplateEngine) -> SourceLocation {
        let file = engine.file(of: error.template) ?? error.template
        guard let place = error.place else { return SourceLocation(file: file) }
        return SourceLocation(file: file, line: place.line, column: place.column)
    }

    /// The shared values for pages built with `config`: each language of an `i18n` site is
    /// built with its own (`site_name`, `copyright`…), so they are made once per language.
    private func sharedVariables(for config: SiteConfig) -> [String: TemplateValue] {
        let language = config.theme.language
        return sharedByLanguage.withLock { cache in
            if let made = cache[language] { return made.values }
            let made = ThemeVariables.site(config)
            cache[language] = SharedVariables(values: made)
            return made
        }
    }

    /// The nav's values for pages of `context` whose way to the root is `root`, made the
    /// first time a page of that language and depth asks.
    private func navigation(for context: SiteContext, root: String) -> SiteNavigationValue {
        let key = context.config.theme.language + "\u{0}" + root
        let items = context.navigation.items
        if let made = navigations.withLock({ $0[key]?.first { $0.items == items }?.value }) {
            return made
        }
        let made = SiteNavigationValue(items, root: root)
        return navigations.withLock { cache in
            if let raced = cache[key]?.first(where: { $0.items == items }) { return raced.value }
            cache[key, default: []].append(CachedNavigation(items: items, value: made))
            return made
        }
    }

    /// One warning for each way the templates failed since the last call, saying on how
    /// many of the `pageCount` pages laid out it failed and naming the first few; each goes
    /// with the first of those pages (by path), whose diagnostics carry it.
    package func takeFailures(pageCount: Int) -> [(page: String, diagnostic: Diagnostic)] {
        let taken = failures.withLock { failures in
            defer { failures = [:] }
            return failures
        }
        return taken.sorted { $0.key < $1.key }.map { reason, failure in
            let pages = failure.pages.sorted()
            var named = pages.prefix(3).map { "`\($0)`" }
            if failure.notFound { named.append("the 404 page") }
            let count = pages.count + (failure.notFound ? 1 : 0)
            let list = named.joined(separator: ", ") + (pages.count > 3 ? " and \(pages.count - 3) more" : "")
            let diagnostic = Diagnostic(
                .warning, at: failure.location,
                "the theme template failed on \(count) of \(max(pageCount, count)) pages (\(list)): \(reason); those pages are laid out by Galley's theme alone",
                code: ThemeCodes.template
            )
            return (pages.first ?? "", diagnostic)
        }
    }

    /// The template a page renders with: its `template:` when the theme has it, the theme's
    /// `404.html` for the 404 page, else `main.html`.
    private func templateName(for page: RenderedPage) -> String {
        if let own = page.metadata.template, theme.templates.contains(own) { return own }
        if page.file.destination == "404.html" { return "404.html" }
        return "main.html"
    }

    /// The `announce` and `outdated` blocks in their banners when they have content, and
    /// gone when they have none.
    static func banners(_ html: String) -> String {
        var html = html
        for (markers, open) in [(ThemeTemplates.announceMarkers, "<aside class=\"g-banner g-announce md-banner\">"), (ThemeTemplates.outdatedMarkers, "<aside class=\"g-banner g-outdated\" hidden>")] {
            guard let start = html.utf8Range(of: markers.0), let end = html[start.upperBound...].utf8Range(of: markers.1) else { continue }
            let inner = html[start.upperBound..<end.lowerBound]
            let replacement = inner.allSatisfy(\.isWhitespace) ? "" : open + "<div class=\"g-banner-inner\">" + inner + "</div></aside>\n"
            html.replaceSubrange(start.lowerBound..<end.upperBound, with: replacement)
        }
        return html
    }
}
