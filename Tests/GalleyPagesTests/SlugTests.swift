// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyConfig
import GalleyOracle
import GalleyPages
import Testing

/// One request to the slug oracle: `[text, separator, function]`, where the function is
/// Python-Markdown's `slugify_unicode` or pymdown-extensions' `slugify` with its arguments.
private struct StyledSlugRequest: Encodable {
    var text: String
    var style: HeadingSlugStyle

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(text)
        try container.encode(style.separator)
        switch style.function {
        case .markdown: break
        case .markdownUnicode: try container.encode("markdown-unicode")
        case .pymdown(let letterCase, let normalization, let percentEncode):
            try container.encode(["case": letterCase.rawValue, "normalize": normalization.rawValue, "percent_encode": percentEncode ? "1" : ""])
        }
    }
}

@Suite("Python-Markdown slugs")
struct SlugTests {
    @Test(arguments: [
        ("Hello World", "hello-world"),
        ("Why \"Screen\"?", "why-screen"),
        ("Ünïcödé Text", "unicode-text"),
        ("a -- b", "a-b"),
        ("  Leading and trailing  ", "leading-and-trailing"),
        ("snake_case stays", "snake_case-stays"),
        ("C++ & Swift: 100%", "c-swift-100"),
        ("Don’t panic", "dont-panic"),
        ("日本語", ""),
        ("Workflow.render(state:context:)", "workflowrenderstatecontext"),
        ("tab\there", "tab-here"),
    ])
    func slugify(text: String, slug: String) {
        #expect(Slug.slugify(text) == slug)
    }

    /// Headings whose slugs are easy to get wrong, compared with Python-Markdown's own
    /// `slugify` (the ASCII path and the decomposing path, other separators, Python's wider
    /// idea of white space).
    /// Tags' and blog URLs' slugs, compared with pymdown-extensions' Unicode slugify.
    @Test func unicodeSlugsEqualPymdownExtensions() throws {
        let texts = [
            "Hello World", "HTML5", "zeta tag", "  a -- b  ", "a  b", "Ünïcödé Text", "日本語 タグ", "C++ & Swift: 100%", "<b>Bold</b> tag",
            "e\u{301}te\u{301}", "İstanbul", "snake_case", "½ ① x²", "Don’t panic", "",
        ]
        let requests = texts.flatMap { [[$0, "-", "unicode-lower"], [$0, "_", "unicode-lower"]] }
        let expected = try Oracle.run("slug.py", requests, as: [String].self)
        for (request, slug) in zip(requests, expected) {
            #expect(Slug.unicodeSlugify(request[0], separator: request[1]) == slug, "\(request)")
        }
    }

    @Test func slugsEqualPythonMarkdowns() throws {
        let texts = [
            "Hello World", "  a -- b  ", "a__b", "snake_case stays", "Ünïcödé  Text", "ﬁle ½ ①", "x\u{1C}y\u{1F}",
            "\u{0B}vertical\u{0C}", "C++ & Swift: 100%", "Don’t panic", "日本語", "-- dashes --", "Tab\tand\nnewline", "",
            "Workflow.render(state:context:)", "İstanbul", "e\u{301}te\u{301}",
        ]
        let requests = texts.flatMap { [[$0, "-"], [$0, "_"], [$0, "."]] }
        let expected = try Oracle.run("slug.py", requests, as: [String].self)
        for (request, slug) in zip(requests, expected) {
            #expect(Slug.slugify(request[0], separator: request[1]) == slug, "\(request)")
        }
    }

    /// Every slug function `toc.slugify` can name, against the Python functions themselves,
    /// on headings in Chinese, Japanese, accented Latin, symbols and mixed white space.
    @Test func configuredSlugsEqualPythons() throws {
        let texts = [
            "快速开始", "Workflow 的写法", "用状态机建模流程：一个例子", "日本語 タグ", "Ünïcödé  Text", "İstanbul", "ǅemal Straße",
            "e\u{301}te\u{301}", "ﬁle ½ ① x²", "C++ & Swift: 100%", "<b>Bold</b> tag", "  a -- b  ", "Tab\tand\u{3000}全角", "x\u{1C}y", "",
            "render(state:context:)", "Ⅻ 〇 ٣",
        ]
        var functions: [HeadingSlugStyle.Function] = [.markdownUnicode]
        for letterCase in HeadingSlugStyle.LetterCase.allCases {
            for normalization in HeadingSlugStyle.Normalization.allCases {
                functions.append(.pymdown(letterCase: letterCase, normalization: normalization, percentEncode: false))
            }
            functions.append(.pymdown(letterCase: letterCase, normalization: .nfc, percentEncode: true))
        }
        let requests = texts.flatMap { text in
            functions.flatMap { function in ["-", "_"].map { StyledSlugRequest(text: text, style: HeadingSlugStyle(function: function, separator: $0)) } }
        }
        // pymdown-extensions reads `percent_encode` as a truth value: "" is false.
        let expected = try Oracle.run("slug.py", requests, as: [String].self)
        for (request, slug) in zip(requests, expected) {
            #expect(Slug.make(request.text, style: request.style) == slug, "\(request.text.unicodeScalars.map(\.value)) \(request.style)")
        }
    }

    @Test func uniqueIDsCountUpLikePythonMarkdown() {
        var used: Set<String> = []
        #expect(Slug.unique("intro", used: &used) == "intro")
        #expect(Slug.unique("intro", used: &used) == "intro_1")
        #expect(Slug.unique("intro", used: &used) == "intro_2")
        #expect(Slug.unique("", used: &used) == "_1")
        #expect(Slug.unique("", used: &used) == "_2")
        #expect(Slug.unique("v_1", used: &used) == "v_1")
        #expect(Slug.unique("v_1", used: &used) == "v_2")
    }

    @Test func tocNestsByLevel() {
        let flat = [
            TOCEntry(level: 1, title: "A", id: "a"),
            TOCEntry(level: 2, title: "B", id: "b"),
            TOCEntry(level: 3, title: "C", id: "c"),
            TOCEntry(level: 2, title: "D", id: "d"),
            TOCEntry(level: 1, title: "E", id: "e"),
        ]
        let nested = TableOfContents.nest(flat)
        #expect(nested.map(\.id) == ["a", "e"])
        #expect(nested[0].children.map(\.id) == ["b", "d"])
        #expect(nested[0].children[0].children.map(\.id) == ["c"])
    }
}

/// Python-Markdown's `unique` as it is written (one candidate at a time), to hold the fast
/// version to it.
private func naiveUnique(_ id: String, used: inout Set<String>) -> String {
    var id = id
    while used.contains(id) || id.isEmpty {
        if let underscore = id.lastIndex(of: "_"),
           case let digits = id[id.index(after: underscore)...], !digits.isEmpty,
           digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits) {
            id = "\(id[..<underscore])_\(number + 1)"
        } else {
            id += "_1"
        }
    }
    used.insert(id)
    return id
}

@Suite("Unique heading ids")
struct UniqueIDsTests {
    @Test func equalToPythonMarkdownOnRandomSequences() {
        let pool = ["a", "a_1", "a_2", "a_05", "b", "", "_1", "a_1_1", "x_9", "x_10", "a_3"]
        var state: UInt64 = 42
        for _ in 0..<300 {
            var fast = UniqueIDs()
            var used: Set<String> = []
            for _ in 0..<40 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let id = pool[Int(state >> 33) % pool.count]
                let expected = naiveUnique(id, used: &used)
                #expect(fast.claim(id) == expected, "\(id)")
            }
        }
    }

    @Test func oneHundredThousandEqualHeadingsTakeLinearTime() {
        var ids = UniqueIDs()
        let start = ContinuousClock.now
        var last = ""
        for _ in 0..<100_000 { last = ids.claim("same") }
        #expect(last == "same_99999")
        #expect(ContinuousClock.now - start < .seconds(3))
    }
}
