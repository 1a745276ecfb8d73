// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyDiagnostics

extension ConfigReader {
    /// Checks `extra.analytics` and `extra.consent` against what Galley's theme builds of them
    /// (Material's Google Analytics 4, its feedback widget and its consent dialog): anything
    /// the theme would pass over is a warning at its line.
    mutating func checkAnalytics(_ extra: ConfigValue) {
        if let analytics = extra.entries?.first(where: { $0.key == "analytics" }) {
            checkKeys(analytics.value, under: "extra.analytics", known: ["provider", "property", "feedback"])
            let provider = analytics.value["provider"]?.string
            let providerLine = analytics.value.entries?.first(where: { $0.key == "provider" })?.line ?? analytics.line
            if provider != "google" {
                warn(line: providerLine, "`extra.analytics.provider` is \(provider.map { "`\($0)`" } ?? "missing"): Galley's theme builds Google Analytics (`google`) only, so no analytics is added")
            } else if (analytics.value["property"]?.string ?? "").isEmpty {
                warn(line: providerLine, "`extra.analytics` has no `property` (the `G-` measurement ID), so no analytics is added")
            }
            if let feedback = analytics.value.entries?.first(where: { $0.key == "feedback" }) {
                checkKeys(feedback.value, under: "extra.analytics.feedback", known: ["title", "ratings"])
                for (index, rating) in (feedback.value["ratings"]?.list ?? []).enumerated() {
                    checkKeys(rating, under: "extra.analytics.feedback.ratings[\(index)]", known: ["icon", "name", "data", "note"])
                    if rating["name"]?.string == nil {
                        warn(line: rating.entries?.first?.line ?? feedback.line, "a feedback rating without a `name` is left out of the widget")
                    }
                }
            }
        }
        if let consent = extra.entries?.first(where: { $0.key == "consent" }) {
            checkKeys(consent.value, under: "extra.consent", known: ["title", "description", "cookies", "actions"])
            for action in consent.value["actions"]?.list ?? [] where !["accept", "reject", "manage"].contains(action.string ?? "") {
                let line = consent.value.entries?.first(where: { $0.key == "actions" })?.line ?? consent.line
                warn(line: line, "`extra.consent.actions` has `\(action.string ?? "?")`, which is none of `accept`, `reject` and `manage`; it shows no button")
            }
        }
    }

    private mutating func checkKeys(_ value: ConfigValue, under path: String, known: Set<String>) {
        for entry in value.entries ?? [] where !known.contains(entry.key) {
            warn(line: entry.line, "`\(path).\(entry.key)` is not a key Material reads there; it is ignored")
        }
    }

    private mutating func warn(line: Int, _ message: String) {
        log.warn(at: SourceLocation(file: file, line: line), message, code: ConfigCodes.analytics)
    }
}
