// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// Galley's theme as templates, for sites whose `theme.custom_dir` overrides some of them.
/// The blocks and partials have mkdocs-material's names and places, so an override written
/// for Material drops in; each is filled by default with the part of Galley's layout at that
/// place (``PageLayout``), given to templates as `galley.*`.
///
/// `announce` and `outdated` sit between markers: ``ThemeOverrides`` wraps a filled one in
/// its banner and removes an empty one, as Material shows the banner only when the block
/// has content.
enum ThemeTemplates {
    static let announceMarkers = ("<!--galley:announce-->", "<!--/galley:announce-->")
    static let outdatedMarkers = ("<!--galley:outdated-->", "<!--/galley:outdated-->")

    /// The blocks `base.html` has, for checking what an override fills.
    static let blocks: Set<String> = [
        "site_meta", "htmltitle", "styles", "libs", "fonts", "extrahead", "analytics", "announce", "header",
        "outdated", "hero", "tabs", "container", "site_nav", "content", "toc", "footer", "scripts", "config",
    ]

    static let builtIn: [String: String] = [
        "base.html": """
            <!doctype html>
            <html lang="{{ galley.language }}">
            <head>
            {% block site_meta %}{{ galley.meta }}{% endblock %}{% block htmltitle %}<title>{{ galley.title }}</title>
            {% endblock %}{% block styles %}{{ galley.styles }}{% endblock %}{% block libs %}{% endblock %}{% block fonts %}{% endblock %}\
            {{ galley.scheme_script }}{% block extrahead %}{% endblock %}{% block analytics %}{% include "partials/integrations/analytics.html" %}{% endblock %}
            </head>
            {{ galley.body_start }}\(announceMarkers.0){% block announce %}{% endblock %}\(announceMarkers.1)
            {% block header %}{% include "partials/header.html" %}{% endblock %}\(outdatedMarkers.0){% block outdated %}{% endblock %}\(outdatedMarkers.1)
            {% block hero %}{% endblock %}{% block tabs %}{% include "partials/tabs.html" %}{% endblock %}{% block container %}<div class="g-layout">
            <div class="g-scrim" hidden></div>
            {% block site_nav %}{% include "partials/nav.html" %}{% endblock %}<main id="content" class="g-main md-main md-content" tabindex="-1">
            <article class="g-content md-content__inner md-typeset">
            {% block content %}{% include "partials/content.html" %}{% endblock %}</article>
            {{ galley.pagination }}</main>
            {% block toc %}{% include "partials/toc.html" %}{% endblock %}</div>
            {% endblock %}{% block footer %}{% include "partials/footer.html" %}{% endblock %}{% include "partials/consent.html" %}{% block scripts %}{{ galley.scripts }}{% endblock %}{% block config %}{% endblock %}{{ galley.live_reload }}</body>
            </html>

            """,
        "main.html": "{% extends \"base.html\" %}\n",
        "404.html": "{% extends \"main.html\" %}\n",
        "partials/header.html": "{{ galley.header }}",
        "partials/tabs.html": "{{ galley.tabs }}",
        "partials/nav.html": "{{ galley.navigation }}",
        "partials/toc.html": "{{ galley.toc }}",
        "partials/content.html": "{{ galley.content }}{% include \"partials/feedback.html\" %}{% include \"partials/comments.html\" %}",
        "partials/feedback.html": "{{ galley.feedback }}",
        "partials/consent.html": "{{ galley.consent }}",
        "partials/comments.html": "",
        "partials/footer.html": """
            <footer class="g-footer md-footer">
            <div class="g-footer-inner">
            <div class="g-footer-text">
            {% include "partials/copyright.html" %}</div>
            {% include "partials/social.html" %}</div>
            </footer>

            """,
        "partials/copyright.html": "{{ galley.copyright }}",
        "partials/social.html": "{{ galley.social }}",
        "partials/integrations/analytics.html": "{{ galley.analytics }}",
    ]
}
