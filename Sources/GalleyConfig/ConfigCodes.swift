// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyDiagnostics

/// The codes of what GalleyConfig reports (the guide's table of codes lists them all).
package enum ConfigCodes {
    package static let duplicateKey = DiagnosticCode(.config, "duplicate_key", "a key is given twice in one mapping; the later value is used")
    package static let empty = DiagnosticCode(.config, "empty", "the configuration file is empty")
    package static let encoding = DiagnosticCode(.config, "encoding", "the configuration file is not UTF-8")
    package static let extensionOption = DiagnosticCode(.config, "extension_option", "a Markdown extension's option is unknown or has a value Galley cannot use")
    package static let hooks = DiagnosticCode(.config, "hooks", "`hooks` names Python files, which Galley cannot run")
    package static let invalid = DiagnosticCode(.config, "invalid", "a configuration value has the wrong type or form")
    package static let missingSiteName = DiagnosticCode(.config, "missing_site_name", "`site_name` is missing")
    package static let pluginOption = DiagnosticCode(.config, "plugin_option", "a plugin's option is unknown or has a value Galley cannot use")
    package static let templateData = DiagnosticCode(.config, "template_data", "a data file for page variables cannot be read")
    package static let themeKey = DiagnosticCode(.config, "theme_key", "a `theme` key has no effect in Galley's theme")
    package static let unknownColour = DiagnosticCode(.config, "unknown_colour", "a palette colour is not one Material knows")
    package static let unknownExtension = DiagnosticCode(.config, "unknown_extension", "a Markdown extension Galley does not implement")
    package static let unknownFeature = DiagnosticCode(.config, "unknown_feature", "a theme feature Material does not have")
    package static let legacyFeature = DiagnosticCode(.config, "legacy_feature", "a Material 5 feature name (`tabs`, `instant`), which Material 9 ignores")
    package static let unknownKey = DiagnosticCode(.config, "unknown_key", "a configuration key mkdocs does not know")
    package static let unknownPlugin = DiagnosticCode(.config, "unknown_plugin", "a plugin Galley does not implement")
    package static let analytics = DiagnosticCode(.config, "analytics", "`extra.analytics` or `extra.consent` has a key or value Galley's theme cannot use")
    package static let builtInPlugin = DiagnosticCode(.config, "built_in_plugin", "a plugin whose work every Galley site already does")
    package static let unreadable = DiagnosticCode(.config, "unreadable", "the configuration file cannot be read")
    package static let unsupportedFeature = DiagnosticCode(.config, "unsupported_feature", "a theme feature of Material that Galley's theme does not implement")
    package static let versionProvider = DiagnosticCode(.config, "version_provider", "`extra.version.provider` is not `mike`, the one the version selector reads")
    package static let yaml = DiagnosticCode(.config, "yaml", "the configuration is not valid YAML")
    package static let linksAbsoluteLinks = DiagnosticCode(.links, "absolute_links", "a link with an absolute path (mkdocs' `validation.links.absolute_links`)")
    package static let linksAnchors = DiagnosticCode(.links, "anchors", "a link to an anchor the page does not have")
    package static let linksNotFound = DiagnosticCode(.links, "not_found", "a link to a file that is not part of the site")
    package static let linksUnrecognizedLinks = DiagnosticCode(.links, "unrecognized_links", "a link Galley cannot resolve to a file of the site")
    package static let navAbsoluteLinks = DiagnosticCode(.nav, "absolute_links", "a `nav` entry with an absolute link")
    package static let navNotFound = DiagnosticCode(.nav, "not_found", "a `nav` entry that points to no page")
    package static let navOmittedFiles = DiagnosticCode(.nav, "omitted_files", "a page that is not in the `nav`")

    /// Every code above, for the table of codes.
    package static let all: [DiagnosticCode] = [analytics, duplicateKey, empty, encoding, extensionOption, hooks, invalid, legacyFeature, missingSiteName, pluginOption, templateData, themeKey, unknownColour, unknownExtension, unknownFeature, unknownKey, unknownPlugin, builtInPlugin, unreadable, unsupportedFeature, versionProvider, yaml, linksAbsoluteLinks, linksAnchors, linksNotFound, linksUnrecognizedLinks, navAbsoluteLinks, navNotFound, navOmittedFiles]
}
