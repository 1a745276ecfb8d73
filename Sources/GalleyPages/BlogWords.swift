// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The blog's words in the site's language (`theme.language`): the navigation's sections
/// and what excerpts say about their post. Written for Galley; a language not in the table
/// uses English.
package struct BlogWords: Sendable, Equatable {
    package var archive: String
    package var categories: String
    package var continueReading: String
    /// Before a post's categories: "in Releases, Search".
    package var inCategories: String
    /// `%d` stands for the minutes.
    package var readTime: String
    package var draft: String

    /// The words for `locale` (`de`, `pt-BR`): its language's, else English.
    package static func forLocale(_ locale: String) -> BlogWords {
        let language = locale.lowercased().replacingOccurrences(of: "_", with: "-").split(separator: "-").first.map(String.init) ?? locale
        return table[language] ?? table["en"]!
    }

    /// A section's name as the plugin's options give it: a translation key such as
    /// `blog.archive` is said in the site's language, other text is kept as written.
    package func name(_ option: String) -> String {
        switch option {
        case "blog.archive": archive
        case "blog.categories": categories
        default: option
        }
    }

    private static let table: [String: BlogWords] = [
        "en": BlogWords(archive: "Archive", categories: "Categories", continueReading: "Continue reading", inCategories: "in", readTime: "%d min read", draft: "Draft"),
        "de": BlogWords(archive: "Archiv", categories: "Kategorien", continueReading: "Weiterlesen", inCategories: "in", readTime: "%d Min. Lesezeit", draft: "Entwurf"),
        "es": BlogWords(archive: "Archivo", categories: "Categorías", continueReading: "Seguir leyendo", inCategories: "en", readTime: "%d min de lectura", draft: "Borrador"),
        "fr": BlogWords(archive: "Archives", categories: "Catégories", continueReading: "Lire la suite", inCategories: "dans", readTime: "%d min de lecture", draft: "Brouillon"),
        "it": BlogWords(archive: "Archivio", categories: "Categorie", continueReading: "Continua a leggere", inCategories: "in", readTime: "%d min di lettura", draft: "Bozza"),
        "nl": BlogWords(archive: "Archief", categories: "Categorieën", continueReading: "Verder lezen", inCategories: "in", readTime: "%d min leestijd", draft: "Concept"),
        "pt": BlogWords(archive: "Arquivo", categories: "Categorias", continueReading: "Continuar lendo", inCategories: "em", readTime: "%d min de leitura", draft: "Rascunho"),
        "ru": BlogWords(archive: "Архив", categories: "Категории", continueReading: "Читать дальше", inCategories: "в", readTime: "%d мин. чтения", draft: "Черновик"),
        "zh": BlogWords(archive: "归档", categories: "分类", continueReading: "继续阅读", inCategories: "分类：", readTime: "阅读约 %d 分钟", draft: "草稿"),
        "ja": BlogWords(archive: "アーカイブ", categories: "カテゴリー", continueReading: "続きを読む", inCategories: "カテゴリー：", readTime: "%d 分で読めます", draft: "下書き"),
        "ko": BlogWords(archive: "아카이브", categories: "카테고리", continueReading: "계속 읽기", inCategories: "카테고리:", readTime: "%d분 분량", draft: "초안"),
    ]
}
