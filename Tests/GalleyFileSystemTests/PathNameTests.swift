// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyFileSystem
import Testing

@Suite("Path names")
struct PathNameTests {
    /// Every input here crashes Foundation's `NSString` path methods on Linux or sits at an edge.
    static let edgePaths = ["", ".", "./", "a", "/", "//", "a/", "/a", "ab", "a/b", ".a", "..", "../", "é", "a b", "a/./b", "/a/../..", "../../../../x", "a/../../.."]

    @Test(arguments: edgePaths)
    func edgeInputNeverTraps(_ path: String) {
        _ = PathName.parent(path)
        _ = PathName.lastComponent(path)
        _ = PathName.join(path, path)
        _ = PathName.absolute(path, relativeTo: "/p")
        _ = PathName.isInside(path, "/p")
        _ = PathName.relative(path, to: "/p")
    }

    @Test func parent() {
        #expect(PathName.parent("a") == "")
        #expect(PathName.parent("a/b") == "a")
        #expect(PathName.parent("/a") == "/")
        #expect(PathName.parent("/a/b/c.md") == "/a/b")
        #expect(PathName.parent("") == "")
        #expect(PathName.parent("/") == "/")
        #expect(PathName.parent("a//b/") == "a")
        #expect(PathName.parent("//a/b") == "/a")
        #expect(PathName.parent("a/b//c") == "a/b")
    }

    /// The quick path for clean paths and the general one agree on every path of up to six
    /// characters from `a`, `é`, `.` and `/`: the parent is the components but the last,
    /// joined, and rooted when the path is.
    @Test func parentIsTheComponentsButTheLast() {
        var paths = [""]
        for _ in 0..<6 { paths += paths.suffix(paths.count).flatMap { path in ["a", "é", ".", "/"].map { path + $0 } } }
        for path in Set(paths) {
            let parts = path.split(separator: "/")
            let expected = (path.hasPrefix("/") ? "/" : "") + parts.dropLast().joined(separator: "/")
            #expect(PathName.parent(path) == expected, "\(path)")
        }
    }

    @Test func lastComponent() {
        #expect(PathName.lastComponent("a") == "a")
        #expect(PathName.lastComponent("/x/site/") == "site")
        #expect(PathName.lastComponent("/") == "")
    }

    @Test func absolute() {
        #expect(PathName.absolute(".", relativeTo: "/p") == "/p")
        #expect(PathName.absolute("./", relativeTo: "/p") == "/p")
        #expect(PathName.absolute("", relativeTo: "/p") == "/p")
        #expect(PathName.absolute("..", relativeTo: "/p/q") == "/p")
        #expect(PathName.absolute("../../..", relativeTo: "/p") == "/")
        #expect(PathName.absolute("a/./b/../c", relativeTo: "/p") == "/p/a/c")
        #expect(PathName.absolute("/abs/x", relativeTo: "/p") == "/abs/x")
    }

    @Test func insideComparesWholeComponents() {
        #expect(PathName.isInside("/p/docs", "/p"))
        #expect(PathName.isInside("/p", "/p"))
        #expect(PathName.isInside("/p/docs", "/"))
        #expect(!PathName.isInside("/p/docs2", "/p/docs"))
        #expect(!PathName.isInside("/p", "/p/docs"))
    }

    @Test func relative() {
        #expect(PathName.relative("/p/docs/a.md", to: "/p") == "docs/a.md")
        #expect(PathName.relative("/q/a.md", to: "/p") == nil)
        #expect(PathName.relative("/p", to: "/p") == "")
    }
}

extension PathNameTests {
    @Test func climbingAboveTheRootStaysAtTheRoot() {
        #expect(PathName.absolute("../../../../../../../etc/passwd", relativeTo: "/tmp/x/docs") == "/etc/passwd")
        #expect(PathName.normalized("a/../../b") == "../b")
        #expect(PathName.normalized("//a//b/") == "/a/b")
    }
}
