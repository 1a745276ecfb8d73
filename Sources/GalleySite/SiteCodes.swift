// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyDiagnostics

/// The codes of what GalleySite reports (the guide's table of codes lists them all).
package enum SiteCodes {
    package static let leftover = DiagnosticCode(.build, "leftover", "the new site is in place, but part of the old one could not be removed")
    package static let write = DiagnosticCode(.build, "write", "the site could not be written; the old site is kept")
    package static let configSiteDir = DiagnosticCode(.config, "site_dir", "`site_dir` is, holds or lies inside a folder the build reads")
    package static let pluginGitDates = DiagnosticCode(.plugin, "git_dates", "page dates from git are asked for, but the docs are not in a git work tree")
    package static let redirectsMissingTarget = DiagnosticCode(.redirects, "missing_target", "a redirect to a file the site does not have")

    /// Every code above, for the table of codes.
    package static let all: [DiagnosticCode] = [leftover, write, configSiteDir, pluginGitDates, redirectsMissingTarget]
}
