import FlyingFox
import Foundation
import GalleyDiagnostics
import GalleyPages
import GalleySite

/// Answers requests for the site's files: `GET` and `HEAD` only, with the file's content
/// type, `index.html` for directories, the site's `404.html` for what is missing, and a
/// refusal for any path that would leave the site.
struct SiteHandler: HTTPHandler {
    let builder: PreviewBuilder
    let hub: LiveReloadHub

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == .GET || request.method == .HEAD else {
            return Self.response(.methodNotAllowed, text: "Only GET and HEAD are served.\n", headers: [HTTPHeader("Allow"): "GET, HEAD"], head: false)
        }
        let head = request.method == .HEAD
        guard let (resolver, token) = builder.current else {
            return Self.response(.serviceUnavailable, body: Data(UnbuiltPage.html(problems: hub.current.problems).utf8), type: "text/html; charset=utf-8", head: head)
        }
        switch resolver.resolve(path: request.target.path(), query: request.target.query()) {
        case .file(let path):
            guard let data = resolver.site.contents(path) else {
                return Self.response(.notFound, text: "Not found.\n", head: head)
            }
            let type = ContentType.of(path)
            return Self.response(.ok, body: Self.stamped(data, type: type, token: token), type: type, head: head)
        case .redirect(let location):
            return Self.response(.found, text: "See \(location)\n", headers: [.location: location], head: head)
        case .notFound:
            if case .file(let page) = resolver.resolve(path: resolver.mount + "404.html"), let data = resolver.site.contents(page) {
                return Self.response(.notFound, body: Self.stamped(data, type: "text/html; charset=utf-8", token: token), type: "text/html; charset=utf-8", head: head)
            }
            return Self.response(.notFound, text: "Not found.\n", head: head)
        case .forbidden:
            return Self.response(.forbidden, text: "The path leaves the site.\n", head: head)
        case .badRequest:
            return Self.response(.badRequest, text: "The path cannot be decoded.\n", head: head)
        }
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

    private static func response(_ status: HTTPStatusCode, text: String, headers: HTTPHeaders = [:], head: Bool) -> HTTPResponse {
        response(status, body: Data(text.utf8), type: "text/plain; charset=utf-8", headers: headers, head: head)
    }

    /// A response whose body is left out for `HEAD`, its length still announced.
    private static func response(_ status: HTTPStatusCode, body: Data, type: String, headers: HTTPHeaders = [:], head: Bool) -> HTTPResponse {
        var all = headers
        all[.contentType] = type
        // A preview changes under the reader: every request goes back to the server.
        all[HTTPHeader("Cache-Control")] = "no-cache"
        all[HTTPHeader("X-Content-Type-Options")] = "nosniff"
        all[.contentLength] = String(body.count)
        return HTTPResponse(statusCode: status, headers: all, body: head ? Data() : body)
    }
}

/// The page every path gets while no build has succeeded: the problems, and the
/// live-reload client, which loads the site as soon as a build succeeds.
enum UnbuiltPage {
    static func html(problems: [Diagnostic]) -> String {
        let items = problems.map { "<li><b>\(HTMLText.escape($0.location.description))</b> \($0.severity.rawValue): \(HTMLText.escape($0.message)) [\(HTMLText.escape($0.code))]</li>" }.joined(separator: "\n")
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
