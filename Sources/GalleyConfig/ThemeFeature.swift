// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// The switches of mkdocs-material's `theme.features`, by name. As in Material, each part of
/// the theme they name is on only when the list asks for it.
package enum ThemeFeature: String, Sendable, CaseIterable {
    case announceDismiss = "announce.dismiss"
    case contentActionEdit = "content.action.edit"
    case contentActionView = "content.action.view"
    case contentCodeAnnotate = "content.code.annotate"
    case contentCodeCopy = "content.code.copy"
    case contentCodeSelect = "content.code.select"
    case contentFootnoteTooltips = "content.footnote.tooltips"
    case contentLazy = "content.lazy"
    case contentTabsLink = "content.tabs.link"
    case contentTooltips = "content.tooltips"
    case headerAutohide = "header.autohide"
    case navigationExpand = "navigation.expand"
    case navigationFooter = "navigation.footer"
    case navigationIndexes = "navigation.indexes"
    case navigationInstant = "navigation.instant"
    case navigationInstantPrefetch = "navigation.instant.prefetch"
    case navigationInstantPreview = "navigation.instant.preview"
    case navigationInstantProgress = "navigation.instant.progress"
    case navigationPath = "navigation.path"
    case navigationPrune = "navigation.prune"
    case navigationSections = "navigation.sections"
    case navigationTabs = "navigation.tabs"
    case navigationTabsSticky = "navigation.tabs.sticky"
    case navigationTop = "navigation.top"
    case navigationTracking = "navigation.tracking"
    case searchHighlight = "search.highlight"
    case searchShare = "search.share"
    case searchSuggest = "search.suggest"
    case tocFollow = "toc.follow"
    case tocIntegrate = "toc.integrate"

    /// Material 5's spellings, which older configurations still use and Material 9 ignores:
    /// they turn nothing on, and the configuration is told what to write instead.
    package static let formerNames: [String: ThemeFeature] = ["tabs": .navigationTabs, "instant": .navigationInstant]

    /// The feature a `theme.features` entry names; `nil` for a former spelling or an unknown name.
    package init?(named name: String) {
        guard let feature = ThemeFeature(rawValue: name) else { return nil }
        self = feature
    }

    /// The features Galley's theme does: any other that a configuration asks for is a warning
    /// (`content.lazy` and `navigation.instant.preview` today).
    package static let implemented: Set<ThemeFeature> = [
        .announceDismiss, .contentActionEdit, .contentActionView, .contentCodeAnnotate, .contentCodeCopy, .contentCodeSelect, .contentFootnoteTooltips,
        .contentTabsLink, .contentTooltips,
        .headerAutohide, .navigationExpand, .navigationFooter, .navigationIndexes, .navigationInstant, .navigationInstantPrefetch,
        .navigationInstantProgress, .navigationPath, .navigationSections, .navigationTabs, .navigationTabsSticky, .navigationTop,
        // `navigation.prune` makes Material's pages smaller by leaving closed sections out of
        // their nav; Galley's nav already lists a closed section only when the whole nav is
        // small, so the feature is what Galley does anyway.
        .navigationPrune, .navigationTracking,
        .searchHighlight, .searchShare, .searchSuggest, .tocFollow, .tocIntegrate,
    ]
}

extension ThemeConfig {
    /// The features `features` names (former spellings turn nothing on, as in Material 9).
    package var enabledFeatures: Set<ThemeFeature> {
        Set(features.compactMap(ThemeFeature.init(named:)))
    }
}
