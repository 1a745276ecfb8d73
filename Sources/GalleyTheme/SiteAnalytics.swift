// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyConfig
import GalleyMarkup
import GalleyMarkdown
import GalleyPages
import GalleySources

/// Material's analytics, read from `extra.analytics` and `extra.consent`: Google Analytics 4
/// with the page-view, search and feedback events Material sends, the "Was this page
/// helpful?" widget, and the cookie-consent dialog that gates them.
///
/// The page carries only what the configuration says (a `<meta>` with the property, the
/// widget's form, the dialog); `galley.js` loads Google's script, and only once the reader
/// has agreed when the site asks for consent. Nothing is fetched from a `file://` page.
struct SiteAnalytics: Sendable {
    /// One answer of the feedback widget.
    struct Rating: Sendable {
        var icon: String?
        var name: String
        /// What the `feedback` event reports.
        var data: String
        /// HTML shown once the reader has answered; `{url}` and `{title}` stand for the page's.
        var note: String?
    }

    /// The Google Analytics 4 property (`G-…`); `nil` on a site that asks only for consent
    /// (for its own cookies, or GitHub's).
    var property: String?
    var feedbackTitle: String?
    var ratings: [Rating]
    /// `extra.consent`, when the site asks before analytics runs.
    var consent: Consent?

    struct Consent: Sendable {
        var title: String
        /// HTML, as in Material (links to a privacy policy).
        var description: String
        /// The checkboxes: a cookie type's name and whether it starts checked.
        var cookies: [(type: String, name: String, checked: Bool)]
        /// `accept`, `reject` and `manage`, in the order the buttons show.
        var actions: [String]
    }

    /// The analytics and consent `extra` asks for, or `nil` for neither. Only Google's is
    /// built; the configuration stage has warned about anything else.
    init?(extra: ConfigValue, repoURL: String?) {
        let analytics = extra["analytics"]
        let property = analytics?["provider"]?.string == "google" ? analytics?["property"]?.string.flatMap { $0.isEmpty ? nil : $0 } : nil
        guard property != nil || extra["consent"] != nil else { return nil }
        self.property = property
        let feedback = property == nil ? nil : analytics?["feedback"]
        feedbackTitle = feedback?["title"]?.string
        ratings = (feedback?["ratings"]?.list ?? []).compactMap { rating in
            guard let name = rating["name"]?.string else { return nil }
            return Rating(icon: rating["icon"]?.string, name: name, data: rating["data"].map(Self.text) ?? name, note: rating["note"]?.string)
        }
        consent = extra["consent"].map { Self.consent($0, repoURL: repoURL, hasAnalytics: property != nil) }
    }

    /// A scalar's text (`data: 1` is `"1"`).
    private static func text(_ value: ConfigValue) -> String {
        switch value {
        case .string(let text): text
        case .int(let number): String(number)
        case .double(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        default: ""
        }
    }

    /// Material's consent settings: Google Analytics and GitHub (for a GitHub `repo_url`)
    /// unless `cookies` names them, then `cookies` in order (a name, or `{name, checked}`).
    private static func consent(_ value: ConfigValue, repoURL: String?, hasAnalytics: Bool) -> Consent {
        var cookies: [(String, String, Bool)] = []
        let listed = value["cookies"]?.entries ?? []
        let keys = Set(listed.map(\.key))
        if !keys.contains("analytics"), hasAnalytics { cookies.append(("analytics", "Google Analytics", true)) }
        if !keys.contains("github"), let repoURL, repoURL.contains("github.com") { cookies.append(("github", "GitHub", true)) }
        for entry in listed {
            if let name = entry.value.string {
                cookies.append((entry.key, name, true))
            } else if let name = entry.value["name"]?.string {
                cookies.append((entry.key, name, entry.value["checked"]?.bool ?? false))
            }
        }
        let actions = value["actions"]?.list?.compactMap(\.string) ?? ["accept", "manage"]
        return Consent(title: value["title"]?.string ?? "", description: value["description"]?.string ?? "", cookies: cookies, actions: actions)
    }

    /// The `<meta>` that `galley.js` starts analytics from.
    var head: HTML {
        property.map { "<meta name=\"galley-analytics\" content=\"\($0)\" data-provider=\"google\">\n" } ?? .empty
    }

    /// The feedback widget under `page`'s content; hidden until analytics runs, as in
    /// Material, since an answer goes nowhere without it. `hide: [feedback]` leaves it out.
    func feedback(for page: RenderedPage, title pageTitle: String, icons: ThemeIcons) -> HTML {
        guard let feedbackTitle, !ratings.isEmpty, !page.metadata.hide.contains("feedback") else { return .empty }
        var html: HTML = "<form class=\"g-feedback md-feedback\" name=\"feedback\" hidden>\n<fieldset>\n<legend class=\"g-feedback-title\">\(feedbackTitle)</legend>\n<div class=\"g-feedback-ratings\">\n"
        for rating in ratings {
            let icon = icons.svg(rating.icon) ?? "\(rating.name)"
            html += "<button class=\"g-feedback-rating\" type=\"submit\" title=\"\(rating.name)\" aria-label=\"\(rating.name)\" data-value=\"\(rating.data)\">\(icon)</button>\n"
        }
        html += "</div>\n<div class=\"g-feedback-notes\">\n"
        let url = "/" + page.file.url
        let title = (page.metadata.title ?? pageTitle).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        for rating in ratings {
            // The note is the configuration's HTML, as Material inserts it.
            let note = (rating.note ?? "").replacingOccurrences(of: "{url}", with: url).replacingOccurrences(of: "{title}", with: title)
            html += "<div class=\"g-feedback-note\" data-value=\"\(rating.data)\" role=\"status\" hidden>\(HTML(trusted: note))</div>\n"
        }
        return html + "</div>\n</fieldset>\n</form>\n"
    }

    /// The consent dialog, shown by `galley.js` until the reader has chosen, and again from
    /// any link to `#__consent` (Material's address for it, which sites put in `copyright`).
    func consentDialog(strings: ThemeStrings) -> HTML {
        guard let consent else { return .empty }
        var html: HTML = "<div class=\"g-consent md-consent\" id=\"__consent\" hidden>\n<div class=\"g-consent-backdrop\"></div>\n"
        html += "<form class=\"g-consent-form\" name=\"consent\" role=\"dialog\" aria-modal=\"true\" aria-labelledby=\"g-consent-title\">\n"
        html += "<h2 id=\"g-consent-title\">\(consent.title)</h2>\n<div class=\"g-consent-text\">\(HTML(trusted: consent.description))</div>\n"
        // As in Material, the settings open from the `manage` button; without one they show.
        let manages = consent.actions.contains("manage")
        html += "<fieldset class=\"g-consent-settings\" id=\"g-consent-settings\"\(manages ? " hidden" : "")>\n<legend class=\"g-visually-hidden\">\(strings.consentManage)</legend>\n"
        for cookie in consent.cookies {
            let checked: HTML = cookie.checked ? " checked" : ""
            html += "<label><input type=\"checkbox\" name=\"\(cookie.type)\"\(checked)> \(cookie.name)</label>\n"
        }
        html += "</fieldset>\n<div class=\"g-consent-actions\">\n"
        for action in consent.actions {
            switch action {
            case "accept": html += "<button type=\"submit\" class=\"md-button md-button--primary\">\(strings.consentAccept)</button>\n"
            case "reject": html += "<button type=\"reset\" class=\"md-button md-button--primary\">\(strings.consentReject)</button>\n"
            case "manage": html += "<button type=\"button\" class=\"md-button g-consent-manage\" aria-controls=\"g-consent-settings\" aria-expanded=\"false\">\(strings.consentManage)</button>\n"
            default: break
            }
        }
        return html + "</div>\n</form>\n</div>\n"
    }
}
