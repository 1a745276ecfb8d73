// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import GalleyMarkup
import GalleyPages
import GalleySite

/// A response of the preview: status, headers and body, before any HTTP library sees it.
struct PreviewResponse: Sendable {
    var status: Int
    var headers: [(String, String)]
    var body: Data
}

/// Answers requests for the site's files: `GET` and `HEAD` only, with the file's content
/// type, `index.html` for directories, the site's `404.html` for what is missing, and a
/// refusal for any path that would leave the site.
struct SiteHandler: Sendable {
    let builder: PreviewBuilder
    let hub: LiveReloadHub

    /// The response to `method` on `target` (the request line's path, with its query).
    func respond(method: String, target: String) -> PreviewResponse {
        guard method == "GET" || method == "HEAD" else {
            return Self.response(405, text: "Only GET and HEAD are served.\n", headers: [("Allow", "GET, HEAD")], head: false)
        }
        let head = method == "HEAD"
        let (path, query) = Self.split(target)
        if path == "/__galley/live.js" {
            return Self.response(200, body: PreviewServer.clientScript, type: "text/javascript; charset=utf-8", head: head)
        }
        guard let (resolver, token) = builder.current else {
            return Self.response(503, body: Data(UnbuiltPage.html(problems: hub.current.problems).utf8), type: "text/html; charset=utf-8", head: head)
        }
        switch resolver.resolve(path: path, query: query) {
        case .file(let path):
            guard let data = resolver.site.contents(path) else {
                return Self.response(404, text: "Not found.\n", head: head)
            }
            let type = ContentType.of(path)
            return Self.response(200, body: Self.stamped(data, type: type, token: token), type: type, head: head)
        case .redirect(let location):
            return Self.response(302, text: "See \(location)\n", headers: [("Location", location)], head: head)
        case .notFound:
            if case .file(let page) = resolver.resolve(path: resolver.mount + "404.html"), let data = resolver.site.contents(page) {
                return Self.response(404, body: Self.stamped(data, type: "text/html; charset=utf-8", token: token), type: "text/html; charset=utf-8", head: head)
            }
            return Self.response(404, text: "Not found.\n", head: head)
        case .forbidden:
            return Self.response(403, text: "The path leaves the site.\n", head: head)
        case .badRequest:
            return Self.response(400, text: "The path cannot be decoded.\n", head: head)
        }
    }

    /// The path and the query of a request target (`/a/b?x=1`), the path still
    /// percent-encoded, as ``SitePathResolver`` takes it.
    static func split(_ target: String) -> (path: String, query: String) {
        guard let mark = target.firstIndex(of: "?") else { return (target, "") }
        return (String(target[..<mark]), String(target[target.index(after: mark)...]))
    }

    /// An HTML page with the build token served now in its live-reload address.
    static func stamped(_ data: Data, type: String, token: String) -> Data {
        // The script is the page's last element, so the search runs from the end.
        guard type.hasPrefix("text/html"), let range = data.range(of: address, options: .backwards) else { return data }
        var stamped = data
        stamped.replaceSubrange(range, with: Data("live.js?build=\(token)".utf8))
        return stamped
    }

    private static let address = Data("live.js?build=\(PreviewBuilder.tokenPlaceholder)".utf8)

    private static func response(_ status: Int, text: String, headers: [(String, String)] = [], head: Bool) -> PreviewResponse {
        response(status, body: Data(text.utf8), type: "text/plain; charset=utf-8", headers: headers, head: head)
    }

    /// A response whose body is left out for `HEAD`, its length still announced.
    private static func response(_ status: Int, body: Data, type: String, headers: [(String, String)] = [], head: Bool) -> PreviewResponse {
        // A preview changes under the reader: every request goes back to the server.
        let all = headers + [
            ("Content-Type", type), ("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff"), ("Content-Length", String(body.count)),
        ]
        return PreviewResponse(status: status, headers: all, body: head ? Data() : body)
    }
}

/// The page every path gets while no build has succeeded: the problems, and the
/// live-reload client, which loads the site as soon as a build succeeds.
enum UnbuiltPage {
    static func html(problems: [Diagnostic]) -> String {
        let items = problems.map { "<li><b>\(MarkupText.escape($0.location.description))</b> \($0.severity.rawValue): \(MarkupText.escape($0.message)) [\(MarkupText.escape($0.code.description))]</li>" }.joined(separator: "\n")
        return """
        <!doctype html>
        <html lang="en">
        <head><meta charset="utf-8"><title>The site did not build</title></head>
        <body>
        <h1>The site did not build</h1>
        <p>Fix the problems below and save; this page loads the site as soon as it builds.</p>
        <ol>
        \(items)
        </ol>
        <script src="/__galley/live.js?build=\(PreviewServer.unbuiltToken)"></script>
        </body>
        </html>

        """
    }
}
