// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
@testable import GalleyTheme
import Testing

@Suite("Theme strings")
struct ThemeStringsTests {
    @Test func elevenLanguagesHaveEveryWord() {
        #expect(Set(ThemeStrings.locales).isSuperset(of: ["en", "zh", "ja", "ko", "de", "es", "fr", "it", "nl", "pt", "ru"]))
        let english = ThemeStrings.forLocale("en")
        for locale in ThemeStrings.locales {
            let strings = ThemeStrings.forLocale(locale)
            let words = Mirror(reflecting: strings).children.compactMap { $0.value as? String }
            #expect(words.count == 31 && words.allSatisfy { !$0.isEmpty }, "\(locale)")
            #expect(strings.resultCount.contains("%d"), "\(locale)")
            if locale != "en" { #expect(strings.search != english.search || locale == "nl", "\(locale)") }
        }
    }

    @Test func aRegionalLocaleUsesItsLanguageAndAnUnknownOneEnglish() {
        #expect(ThemeStrings.forLocale("pt-BR").search == "Pesquisar")
        #expect(ThemeStrings.forLocale("zh_Hant").search == "搜索")
        #expect(ThemeStrings.forLocale("xx").search == "Search")
    }
}
