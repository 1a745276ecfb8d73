import Foundation

/// Where a request for a path of the preview leads.
public enum SiteResolution: Equatable, Sendable {
    /// A regular file inside the site (its real path).
    case file(String)
    /// The same resource under its canonical URL: a directory without its final `/`, or
    /// the server's root when the site is mounted below it.
    case redirect(String)
    /// Nothing is there.
    case notFound
    /// The path would leave the site, through `..` or a link pointing outside it.
    case forbidden
    /// The path cannot be decoded.
    case badRequest
}

/// Maps request paths to files of a built site, never to anything outside it: `..`
/// segments are refused after percent-decoding (so `%2e%2e` is caught too), and the file
/// found is resolved through every symbolic link and must still lie inside the site.
public struct SitePathResolver: Sendable {
    /// The site directory's real path.
    public let root: String
    /// Where the site is mounted, starting and ending with `/`.
    public let mount: String

    public init(root: String, mount: String = "/") {
        self.root = Self.realPath(root) ?? root
        self.mount = mount
    }

    /// Resolves `path`, still percent-encoded as it arrived; `query` is kept on redirects.
    public func resolve(path: String, query: String = "") -> SiteResolution {
        guard path.hasPrefix("/") else { return .badRequest }
        guard path.hasPrefix(mount) else {
            return path == "/" || path + "/" == mount ? .redirect(mount) : .notFound
        }
        guard let decoded = String(path.dropFirst(mount.count)).removingPercentEncoding, !decoded.contains("\0") else {
            return .badRequest
        }
        let segments = decoded.split(separator: "/").filter { $0 != "." }
        if segments.contains("..") { return .forbidden }
        var candidate = segments.isEmpty ? root : root + "/" + segments.joined(separator: "/")
        var status = stat()
        guard stat(candidate, &status) == 0 else { return .notFound }
        if status.st_mode & S_IFMT == S_IFDIR {
            guard path.hasSuffix("/") else {
                return .redirect(path + "/" + (query.isEmpty ? "" : "?" + query))
            }
            candidate += "/index.html"
            guard stat(candidate, &status) == 0 else { return .notFound }
        }
        guard status.st_mode & S_IFMT == S_IFREG, let real = Self.realPath(candidate) else { return .notFound }
        return real.hasPrefix(root + "/") ? .file(real) : .forbidden
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
