// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import GalleySearch

@Suite struct SearchTokenizerTests {
    @Test func wordsAreLowercasedAndSplitAtPunctuation() {
        #expect(SearchTokenizer.terms("Hello, World! it's 2024") == ["hello", "world", "it", "2024"])
    }

    @Test func camelCaseWordsAlsoYieldTheirParts() {
        #expect(SearchTokenizer.terms("RenderContext") == ["rendercontext", "render", "context"])
        #expect(SearchTokenizer.terms("HTMLRenderer") == ["htmlrenderer", "html", "renderer"])
        #expect(SearchTokenizer.terms("utf8View") == ["utf8view", "utf8", "view"])
        #expect(SearchTokenizer.terms("workflow") == ["workflow"])
    }

    @Test func accentsAreStripped() {
        #expect(SearchTokenizer.terms("Café naïve") == ["cafe", "naive"])
        // The same word with a combining accent folds the same way.
        #expect(SearchTokenizer.terms("Cafe\u{301}") == ["cafe"])
    }

    @Test func ideographicRunsBecomeCharacterPairs() {
        #expect(SearchTokenizer.terms("工作流程") == ["工作", "作流", "流程"])
        #expect(SearchTokenizer.terms("状態を管理") == ["状態", "態を", "を管", "管理"])
        #expect(SearchTokenizer.terms("字") == ["字"])
        #expect(SearchTokenizer.terms("使用Workflow框架") == ["使用", "workflow", "框架"])
    }

    @Test func singleLettersAndOverlongWordsAreDropped() {
        #expect(SearchTokenizer.terms("a b cd") == ["cd"])
        #expect(SearchTokenizer.terms(String(repeating: "x", count: 41)).isEmpty)
    }
}
