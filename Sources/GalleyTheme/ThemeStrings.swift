// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The theme's own words in the site's language (`theme.language`, or each language of an
/// `i18n` site). Written for Galley; a language not in the table uses English.
struct ThemeStrings: Sendable, Equatable, Encodable {
    var search: String
    var searchResults: String
    var skipToContent: String
    var openNavigation: String
    var closeNavigation: String
    var onThisPage: String
    var previous: String
    var next: String
    var editPage: String
    /// `content.action.view`'s link to the page's Markdown.
    var viewSource: String
    /// `navigation.path`: the label of the sections above the page.
    var navigationPath: String
    var repository: String
    var copyCode: String
    var copied: String
    /// `content.code.select`'s button.
    var selectLines: String
    /// `search.share`'s button.
    var shareSearch: String
    /// The button that opens a diagram full-screen.
    var fullScreen: String
    /// The cookie-consent dialog's buttons (`extra.consent`).
    var consentAccept: String
    var consentReject: String
    var consentManage: String
    var noResults: String
    /// `%d` stands for the number.
    var resultCount: String
    var oneResult: String
    var untranslated: String
    var language: String
    var backToTop: String
    var dismiss: String
    var annotation: String
    var version: String
    var lastUpdate: String
    var created: String

    /// The strings for `locale` (`zh`, `pt-BR`, `zh_Hant`): its own, else its language's,
    /// else English.
    static func forLocale(_ locale: String) -> ThemeStrings {
        let lowered = locale.lowercased().replacingOccurrences(of: "_", with: "-")
        if let exact = table[lowered] { return exact }
        let language = lowered.split(separator: "-").first.map(String.init) ?? lowered
        return table[language] ?? table["en"]!
    }

    /// The locales the table has words for.
    static var locales: [String] { table.keys.sorted() }

    private static let table: [String: ThemeStrings] = [
        "en": ThemeStrings(
            search: "Search", searchResults: "Search results", skipToContent: "Skip to content", openNavigation: "Open navigation",
            closeNavigation: "Close navigation", onThisPage: "On this page", previous: "Previous", next: "Next", editPage: "Edit this page", viewSource: "View source of this page", navigationPath: "Navigation",
            repository: "Go to repository", copyCode: "Copy code", copied: "Copied", selectLines: "Select lines", shareSearch: "Share this search", fullScreen: "Full screen", consentAccept: "Accept", consentReject: "Reject", consentManage: "Manage settings", noResults: "No results", resultCount: "%d results",
            oneResult: "1 result", untranslated: "This page is not translated yet.", language: "Language", backToTop: "Back to top", dismiss: "Dismiss", annotation: "Annotation",
            version: "Version", lastUpdate: "Last update", created: "Created"
        ),
        "zh": ThemeStrings(
            search: "搜索", searchResults: "搜索结果", skipToContent: "跳转至正文", openNavigation: "打开导航",
            closeNavigation: "关闭导航", onThisPage: "本页目录", previous: "上一页", next: "下一页", editPage: "编辑此页", viewSource: "查看本页的源代码", navigationPath: "导航",
            repository: "前往代码仓库", copyCode: "复制代码", copied: "已复制", selectLines: "选择行", shareSearch: "分享此搜索", fullScreen: "全屏", consentAccept: "接受", consentReject: "拒绝", consentManage: "管理设置", noResults: "没有结果", resultCount: "%d 个结果",
            oneResult: "1 个结果", untranslated: "本页尚未翻译。", language: "语言", backToTop: "回到页面顶部", dismiss: "关闭", annotation: "注释",
            version: "版本", lastUpdate: "最后更新", created: "创建日期"
        ),
        "ja": ThemeStrings(
            search: "検索", searchResults: "検索結果", skipToContent: "本文へ移動", openNavigation: "ナビゲーションを開く",
            closeNavigation: "ナビゲーションを閉じる", onThisPage: "目次", previous: "前へ", next: "次へ", editPage: "このページを編集", viewSource: "このページのソースを表示", navigationPath: "ナビゲーション",
            repository: "リポジトリへ", copyCode: "コードをコピー", copied: "コピーしました", selectLines: "行を選択", shareSearch: "この検索を共有", fullScreen: "全画面表示", consentAccept: "同意する", consentReject: "拒否する", consentManage: "設定を管理", noResults: "結果なし", resultCount: "%d 件",
            oneResult: "1 件", untranslated: "このページはまだ翻訳されていません。", language: "言語", backToTop: "トップへ戻る", dismiss: "閉じる", annotation: "注釈",
            version: "バージョン", lastUpdate: "最終更新", created: "作成日"
        ),
        "ko": ThemeStrings(
            search: "검색", searchResults: "검색 결과", skipToContent: "본문으로 건너뛰기", openNavigation: "탐색 열기",
            closeNavigation: "탐색 닫기", onThisPage: "목차", previous: "이전", next: "다음", editPage: "이 페이지 편집", viewSource: "이 페이지의 소스 보기", navigationPath: "내비게이션",
            repository: "저장소로 이동", copyCode: "코드 복사", copied: "복사됨", selectLines: "줄 선택", shareSearch: "이 검색 공유", fullScreen: "전체 화면", consentAccept: "수락", consentReject: "거부", consentManage: "설정 관리", noResults: "결과 없음", resultCount: "결과 %d개",
            oneResult: "결과 1개", untranslated: "이 페이지는 아직 번역되지 않았습니다.", language: "언어", backToTop: "맨 위로", dismiss: "닫기", annotation: "주석",
            version: "버전", lastUpdate: "마지막 업데이트", created: "작성일"
        ),
        "de": ThemeStrings(
            search: "Suche", searchResults: "Suchergebnisse", skipToContent: "Zum Inhalt springen", openNavigation: "Navigation öffnen",
            closeNavigation: "Navigation schließen", onThisPage: "Auf dieser Seite", previous: "Zurück", next: "Weiter", editPage: "Diese Seite bearbeiten", viewSource: "Quellcode der Seite anzeigen", navigationPath: "Navigation",
            repository: "Zum Repository", copyCode: "Code kopieren", copied: "Kopiert", selectLines: "Zeilen auswählen", shareSearch: "Diese Suche teilen", fullScreen: "Vollbild", consentAccept: "Akzeptieren", consentReject: "Ablehnen", consentManage: "Einstellungen verwalten", noResults: "Keine Ergebnisse", resultCount: "%d Ergebnisse",
            oneResult: "1 Ergebnis", untranslated: "Diese Seite ist noch nicht übersetzt.", language: "Sprache", backToTop: "Zurück zum Seitenanfang", dismiss: "Schließen", annotation: "Anmerkung",
            version: "Version", lastUpdate: "Letzte Aktualisierung", created: "Erstellt"
        ),
        "es": ThemeStrings(
            search: "Buscar", searchResults: "Resultados de la búsqueda", skipToContent: "Saltar al contenido", openNavigation: "Abrir la navegación",
            closeNavigation: "Cerrar la navegación", onThisPage: "En esta página", previous: "Anterior", next: "Siguiente", editPage: "Editar esta página", viewSource: "Ver el código fuente de esta página", navigationPath: "Navegación",
            repository: "Ir al repositorio", copyCode: "Copiar el código", copied: "Copiado", selectLines: "Seleccionar líneas", shareSearch: "Compartir esta búsqueda", fullScreen: "Pantalla completa", consentAccept: "Aceptar", consentReject: "Rechazar", consentManage: "Gestionar ajustes", noResults: "Sin resultados", resultCount: "%d resultados",
            oneResult: "1 resultado", untranslated: "Esta página aún no está traducida.", language: "Idioma", backToTop: "Volver al principio", dismiss: "Cerrar", annotation: "Anotación",
            version: "Versión", lastUpdate: "Última actualización", created: "Creado"
        ),
        "fr": ThemeStrings(
            search: "Rechercher", searchResults: "Résultats de la recherche", skipToContent: "Aller au contenu", openNavigation: "Ouvrir la navigation",
            closeNavigation: "Fermer la navigation", onThisPage: "Sur cette page", previous: "Précédent", next: "Suivant", editPage: "Modifier cette page", viewSource: "Afficher la source de cette page", navigationPath: "Navigation",
            repository: "Aller au dépôt", copyCode: "Copier le code", copied: "Copié", selectLines: "Sélectionner des lignes", shareSearch: "Partager cette recherche", fullScreen: "Plein écran", consentAccept: "Accepter", consentReject: "Refuser", consentManage: "Gérer les paramètres", noResults: "Aucun résultat", resultCount: "%d résultats",
            oneResult: "1 résultat", untranslated: "Cette page n’est pas encore traduite.", language: "Langue", backToTop: "Retour en haut", dismiss: "Fermer", annotation: "Annotation",
            version: "Version", lastUpdate: "Dernière mise à jour", created: "Créé"
        ),
        "it": ThemeStrings(
            search: "Cerca", searchResults: "Risultati della ricerca", skipToContent: "Vai al contenuto", openNavigation: "Apri la navigazione",
            closeNavigation: "Chiudi la navigazione", onThisPage: "In questa pagina", previous: "Precedente", next: "Successivo", editPage: "Modifica questa pagina", viewSource: "Visualizza il sorgente della pagina", navigationPath: "Navigazione",
            repository: "Vai al repository", copyCode: "Copia il codice", copied: "Copiato", selectLines: "Seleziona righe", shareSearch: "Condividi questa ricerca", fullScreen: "Schermo intero", consentAccept: "Accetta", consentReject: "Rifiuta", consentManage: "Gestisci le impostazioni", noResults: "Nessun risultato", resultCount: "%d risultati",
            oneResult: "1 risultato", untranslated: "Questa pagina non è ancora tradotta.", language: "Lingua", backToTop: "Torna su", dismiss: "Chiudi", annotation: "Annotazione",
            version: "Versione", lastUpdate: "Ultimo aggiornamento", created: "Creato"
        ),
        "nl": ThemeStrings(
            search: "Zoeken", searchResults: "Zoekresultaten", skipToContent: "Naar de inhoud", openNavigation: "Navigatie openen",
            closeNavigation: "Navigatie sluiten", onThisPage: "Op deze pagina", previous: "Vorige", next: "Volgende", editPage: "Deze pagina bewerken", viewSource: "Bron van deze pagina bekijken", navigationPath: "Navigatie",
            repository: "Naar de repository", copyCode: "Code kopiëren", copied: "Gekopieerd", selectLines: "Regels selecteren", shareSearch: "Deze zoekopdracht delen", fullScreen: "Volledig scherm", consentAccept: "Accepteren", consentReject: "Weigeren", consentManage: "Instellingen beheren", noResults: "Geen resultaten", resultCount: "%d resultaten",
            oneResult: "1 resultaat", untranslated: "Deze pagina is nog niet vertaald.", language: "Taal", backToTop: "Terug naar boven", dismiss: "Sluiten", annotation: "Annotatie",
            version: "Versie", lastUpdate: "Laatste update", created: "Aangemaakt"
        ),
        "pt": ThemeStrings(
            search: "Pesquisar", searchResults: "Resultados da pesquisa", skipToContent: "Ir para o conteúdo", openNavigation: "Abrir a navegação",
            closeNavigation: "Fechar a navegação", onThisPage: "Nesta página", previous: "Anterior", next: "Próximo", editPage: "Editar esta página", viewSource: "Ver o código-fonte desta página", navigationPath: "Navegação",
            repository: "Ir para o repositório", copyCode: "Copiar o código", copied: "Copiado", selectLines: "Selecionar linhas", shareSearch: "Compartilhar esta pesquisa", fullScreen: "Tela cheia", consentAccept: "Aceitar", consentReject: "Recusar", consentManage: "Gerenciar configurações", noResults: "Nenhum resultado", resultCount: "%d resultados",
            oneResult: "1 resultado", untranslated: "Esta página ainda não foi traduzida.", language: "Idioma", backToTop: "Voltar ao topo", dismiss: "Fechar", annotation: "Anotação",
            version: "Versão", lastUpdate: "Última atualização", created: "Criado"
        ),
        "ru": ThemeStrings(
            search: "Поиск", searchResults: "Результаты поиска", skipToContent: "Перейти к содержанию", openNavigation: "Открыть навигацию",
            closeNavigation: "Закрыть навигацию", onThisPage: "На этой странице", previous: "Назад", next: "Далее", editPage: "Редактировать страницу", viewSource: "Посмотреть исходный код страницы", navigationPath: "Навигация",
            repository: "Перейти к репозиторию", copyCode: "Копировать код", copied: "Скопировано", selectLines: "Выбрать строки", shareSearch: "Поделиться этим поиском", fullScreen: "Во весь экран", consentAccept: "Принять", consentReject: "Отклонить", consentManage: "Управление настройками", noResults: "Ничего не найдено", resultCount: "Найдено: %d",
            oneResult: "Найдено: 1", untranslated: "Эта страница ещё не переведена.", language: "Язык", backToTop: "Наверх", dismiss: "Закрыть", annotation: "Примечание",
            version: "Версия", lastUpdate: "Последнее обновление", created: "Создано"
        ),
    ]
}
