// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import GalleyMarkdown
import Testing
@testable import GalleyServe

@Suite struct ContentTypeTests {
    @Test(arguments: [
        ("index.html", "text/html; charset=utf-8"),
        ("assets/galley/galley.css", "text/css; charset=utf-8"),
        ("search/index.js", "text/javascript; charset=utf-8"),
        ("search/search_index.json", "application/json"),
        ("images/diagram.SVG", "image/svg+xml"),
        ("workflow/diagrams/render.seq", "text/plain; charset=utf-8"),
        ("photo.jpeg", "image/jpeg"),
        ("fonts/text.woff2", "font/woff2"),
        ("sitemap.xml.gz", "application/gzip"),
        ("archive.unknown", "application/octet-stream"),
        ("CNAME", "application/octet-stream"),
        ("dir.v2/README", "application/octet-stream"),
    ])
    func typesFollowTheExtension(path: String, type: String) {
        #expect(ContentType.of(path) == type)
    }
}

@Suite struct DevAddressTests {
    @Test func readsHostAndPort() {
        #expect(DevAddress("127.0.0.1:8000") == DevAddress(host: "127.0.0.1", port: 8000))
        #expect(DevAddress("localhost:9000") == DevAddress(host: "127.0.0.1", port: 9000))
        #expect(DevAddress("[::1]:8001") == DevAddress(host: "::1", port: 8001))
        #expect(DevAddress("0.0.0.0:0") == DevAddress(host: "0.0.0.0", port: 0))
        #expect(DevAddress("[::1]:8001")?.description == "[::1]:8001")
    }

    @Test func rejectsWhatIsNotHostAndPort() {
        #expect(DevAddress("8000") == nil)
        #expect(DevAddress("127.0.0.1") == nil)
        #expect(DevAddress(":8000") == nil)
        #expect(DevAddress("127.0.0.1:99999") == nil)
        #expect(DevAddress("127.0.0.1:http") == nil)
    }

    @Test func onlyLoopbackAddressesAreLocal() {
        #expect(DevAddress.standard.isLoopback)
        #expect(DevAddress("[::1]:1")!.isLoopback)
        #expect(!DevAddress("0.0.0.0:8000")!.isLoopback)
        #expect(!DevAddress("192.168.1.2:8000")!.isLoopback)
    }
}

@Suite struct LiveStateTests {
    @Test func aGoodBuildIsReady() throws {
        let object = try JSONSerialization.jsonObject(with: Data(LiveState(build: "x-1").json.utf8)) as? [String: Any]
        #expect(object?["type"] as? String == "ready")
        #expect(object?["build"] as? String == "x-1")
        #expect((object?["problems"] as? [Any])?.isEmpty == true)
    }

    @Test func aFailedBuildCarriesItsProblemsWithLocations() throws {
        let problem = Diagnostic(.error, at: SourceLocation(file: "docs/index.md", line: 3, column: 5), "invalid YAML front matter: \"<x>\"", code: MarkdownCodes.frontMatter)
        let object = try JSONSerialization.jsonObject(with: Data(LiveState(build: "x-1", problems: [problem]).json.utf8)) as? [String: Any]
        #expect(object?["type"] as? String == "failed")
        let problems = object?["problems"] as? [[String: String]]
        #expect(problems == [["location": "docs/index.md:3:5", "severity": "error", "message": "invalid YAML front matter: \"<x>\"", "code": "page.front_matter"]])
    }
}
