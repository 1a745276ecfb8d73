// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// The `Content-Type` of a site's files, by extension: what static sites hold.
package enum ContentType {
    private static let types: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "map": "application/json",
        "xml": "application/xml",
        "txt": "text/plain; charset=utf-8",
        "md": "text/markdown; charset=utf-8",
        // Diagram sources, published beside the pages that draw them.
        "seq": "text/plain; charset=utf-8",
        "mmd": "text/plain; charset=utf-8",
        "csv": "text/csv; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "ico": "image/x-icon",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "ttf": "font/ttf",
        "otf": "font/otf",
        "pdf": "application/pdf",
        "zip": "application/zip",
        "gz": "application/gzip",
        "wasm": "application/wasm",
        "mp4": "video/mp4",
        "webm": "video/webm",
        "mp3": "audio/mpeg",
        "ogg": "audio/ogg",
    ]

    /// The type of the file at `path`; unknown extensions are `application/octet-stream`,
    /// which browsers download rather than guess at.
    package static func of(_ path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return "application/octet-stream" }
        return types[path[path.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }
}
