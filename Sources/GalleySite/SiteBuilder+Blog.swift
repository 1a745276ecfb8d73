// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyDiagnostics
import GalleyFileSystem
import GalleyMarkdown
import GalleyMarkup
import GalleyPages
import GalleySources
import GalleyTheme

extension SiteBuilder {
    /// The blog (mkdocs-material's `blog` plugin) laid over the sources: its posts read and
    /// moved to their dated URLs (their images with them), drafts taken out, the views it
    /// makes added as pages, and its archive and categories put in the nav beside its index.
    static func addBlog(to sources: inout ScannedSources, options: BuildOptions, log: inout DiagnosticLog) {
        guard let settings = sources.config.blog else { return }
        let config = sources.config
        let blogFolder = URLPath.normalize(settings.blogDirectory) ?? settings.blogDirectory
        let postFolder = (URLPath.normalize(settings.path(settings.postDirectory)) ?? settings.postDirectory) + "/"
        sources.settings.blogPostFolder = postFolder

        let authorsPath = URLPath.normalize(settings.path(settings.authorsFile)) ?? settings.authorsFile
        var authors: [String: BlogAuthor] = [:]
        if settings.authors {
            do throws(DiagnosticError) {
                authors = try BlogAuthor.read(path: sources.tree.docsDirectory + "/" + authorsPath, shown: PathName.join(config.docsDir, authorsPath))
            } catch {
                error.diagnostics.forEach { log.report(Diagnostic($0.severity, at: $0.location, $0.message, code: BlogCodes.authors)) }
            }
        }
        // Each post's front matter, read as its page will be (what is wrong with the page
        // itself is said when it is parsed for the site).
        let candidates = sources.tree.pages.filter { $0.path.hasPrefix(postFolder) }
        let markdownSettings = sources.settings
        let parsed: [ParsedPage?] = parallelMap(candidates) { file in try? PagePipeline.parse(file, settings: markdownSettings) }
        var posts: [BlogPost] = []
        for case let page? in parsed {
            guard let post = BlogPost.read(page, log: &log) else { continue }
            let line = page.document.metadata.keyLines["authors"] ?? 1
            for id in post.authors where settings.authors && authors[id] == nil {
                log.error(at: SourceLocation(file: page.file.path, line: line, column: 1), "the author `\(id)` is not in `\(authorsPath)`", code: BlogCodes.author)
            }
            if settings.excerptRequired, !page.source.containsBytes(settings.excerptSeparator) {
                log.error(at: SourceLocation(file: page.file.path, line: 1), "the post has no `\(settings.excerptSeparator)`, which the `blog` plugin's `post_excerpt: required` asks of every post", code: BlogCodes.excerpt)
            }
            checkLinks(post.links, of: page, tree: sources.tree, log: &log)
            posts.append(post)
        }
        let indexFile = sources.tree.page(at: blogFolder + "/index.md")
        let indexTitle = indexFile.flatMap { file in (try? PagePipeline.parse(file, settings: sources.settings))?.title }
        let tree = sources.tree
        let blog = Blog(
            settings: settings, posts: posts, index: indexFile, indexTitle: indexTitle, authors: authors, locale: config.theme.language,
            useDirectoryURLs: config.useDirectoryURLs, showsDrafts: options.memory != nil && settings.draftOnServe, taken: { tree.page(at: $0) }, log: &log
        )
        sources.tree.remove(blog.excluded)
        for post in blog.posts {
            sources.tree.move(post.file.path, destination: post.file.destination, url: post.file.url)
        }
        sources.tree.moveAssets(under: postFolder, to: blogFolder + "/")
        sources.tree.add(blog.addedPages)
        sources.tree.outsideNavigation.formUnion(blog.pagesOutsideNavigation)
        sources.settings.blogPages = blog.generated
        if let nav = sources.config.nav {
            let words = BlogWords.forLocale(config.theme.language)
            let sections = blog.navigationSections(archiveTitle: words.name(settings.archiveName), categoriesTitle: words.name(settings.categoriesName))
            sources.config.nav = attach(sections, besideEntryFor: blog.index.path, in: nav) ?? nav
        }
        sources.blog = blog
        sources.views = SiteView.views(of: sources.tree, config: sources.config)
    }

    /// `entries` with `sections` after the last entry of the list that holds the entry for
    /// `path`, or `nil` when no entry is for it (then the blog's index is not in the nav,
    /// and neither are its views).
    static func attach(_ sections: [NavEntry], besideEntryFor path: String, in entries: [NavEntry]) -> [NavEntry]? {
        if entries.contains(where: { if case .page(_, let entryPath, _) = $0 { return entryPath == path } else { return false } }) {
            return entries + sections
        }
        for (position, entry) in entries.enumerated() {
            guard case .section(let title, let children, let line) = entry, let attached = attach(sections, besideEntryFor: path, in: children) else { continue }
            var result = entries
            result[position] = .section(title: title, children: attached, line: line)
            return result
        }
        return nil
    }

    /// A related link to a path of the docs that is neither a page nor a file is a warning
    /// at the post's `links:`.
    static func checkLinks(_ links: [BlogLink], of page: ParsedPage, tree: SourceTree, log: inout DiagnosticLog) {
        for link in links {
            switch link {
            case .section(_, let children): checkLinks(children, of: page, tree: tree, log: &log)
            case .target(_, let target):
                let path = String(target.prefix { $0 != "#" })
                guard !target.contains("://"), tree.page(at: path) == nil, !tree.assets.contains(where: { $0.path == path }) else { continue }
                let line = page.document.metadata.keyLines["links"] ?? 1
                log.warn(at: SourceLocation(file: page.file.path, line: line, column: 1), "the related link `\(target)` names no page of the docs (links are paths from the docs folder, as in `nav`)", code: ConfigCodes.linksNotFound)
            }
        }
    }

    /// Where a related link of the page at `pageURL` goes, and its title: a page's title, or
    /// the heading's its anchor names; a URL as written.
    static func resolveLink(_ target: String, pageURL: String, index: SiteIndex, pages: [String: ParsedPage], titles: (String) -> String) -> (url: String, title: String)? {
        if target.contains("://") { return (target, target) }
        let path = String(target.prefix { $0 != "#" })
        let anchor = target.dropFirst(path.count + 1)
        guard let page = index.tree.page(at: path) else { return nil }
        var title = titles(path)
        if !anchor.isEmpty {
            func find(_ entries: [TOCEntry]) -> String? {
                for entry in entries {
                    if entry.id == anchor { return entry.title }
                    if let found = find(entry.children) { return found }
                }
                return nil
            }
            title = find(pages[path]?.headings ?? []) ?? title
        }
        return (URLPath.relative(page.url, from: pageURL) + (anchor.isEmpty ? "" : "#" + anchor), title)
    }

    /// The posts' minutes to read, from their pages rendered whole (a post whose front
    /// matter gives `readtime:` keeps it).
    static func readTimes(of blog: Blog, pages: [ParsedPage], index: SiteIndex, config: SiteConfig, settings: MarkdownSettings) -> [String: Int] {
        guard blog.settings.readtime else { return [:] }
        let posts = pages.filter { blog.post(at: $0.file.path).map { $0.readtime == nil } ?? false }
        let minutes: [(String, Int)] = parallelMap(posts) { page in
            (page.file.path, ReadTime.minutes(html: PagePipeline.render(page, index: index, config: config, settings: settings).html.string, wordsPerMinute: blog.settings.readtimeWordsPerMinute))
        }
        return Dictionary(minutes, uniquingKeysWith: { first, _ in first })
    }

    /// `page` as the blog shows it: a post with its facts above it, a view with the excerpts
    /// of its posts after its own content.
    static func blogPage(_ page: RenderedPage, blog: Blog, pages: [String: ParsedPage], index: SiteIndex, context: SiteContext, config: SiteConfig, settings: MarkdownSettings) -> HTML {
        if let post = blog.post(at: page.file.path) {
            let links = BlogListing.relatedLinks(post.links) { resolveLink($0, pageURL: page.file.url, index: index, pages: pages, titles: context.title(ofPath:)) }
            return BlogListing.facts(of: post, blog: blog, pageURL: page.file.url) + links + page.html
        }
        guard let (view, number) = blog.view(at: page.file.path) else { return page.html }
        // An excerpt's headings link to the post, not to themselves.
        var excerptSettings = settings
        excerptSettings.permalink = nil
        let excerpts = view.posts(onPage: number).compactMap { path -> BlogListing.Excerpt? in
            guard let post = blog.post(at: path), let parsed = pages[path] else { return nil }
            let excerpt = BlogExcerpt.page(of: parsed, title: post.title, separator: blog.settings.excerptSeparator, on: page.file)
            return BlogListing.Excerpt(post: post, html: PagePipeline.render(excerpt.page, index: index, config: config, settings: excerptSettings).html, more: excerpt.more)
        }
        return page.html + BlogListing.listing(excerpts, view: view, page: number, blog: blog, pageURL: page.file.url)
    }
}
