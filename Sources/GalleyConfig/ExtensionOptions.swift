// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// The options of `markdown_extensions` entries: each either takes effect in Galley, or
/// its values are what Galley's output already is, or it is a warning at its line. No
/// option is dropped without a word.
enum ExtensionOptions {
    /// Options Galley reads, or whose every value its output already matches (`guess_lang`
    /// is checked by value below).
    static let understood: [String: Set<String>] = [
        "toc": ["permalink", "permalink_title", "slugify", "separator"],
        "codehilite": ["linenums", "guess_lang", "use_pygments", "css_class", "pygments_lang_class"],
        "pymdownx.highlight": ["linenums", "guess_lang", "use_pygments", "css_class", "pygments_lang_class", "anchor_linenums",
                               "auto_title"],
        "pymdownx.tabbed": ["alternate_style"],
        "pymdownx.betterem": ["smart_enable"],
        "pymdownx.superfences": ["disable_indented_code_blocks", "preserve_tabs"],
        "pymdownx.inlinehilite": ["style_plain_text"],
        // `options` and the function names are checked where the index is loaded.
        "pymdownx.critic": ["mode"],
        "pymdownx.escapeall": ["hardbreak", "nbsp"],
        "pymdownx.snippets": ["base_path", "check_paths", "auto_append", "restrict_base_path", "dedent_subsections", "encoding",
                              "url_download"],
        "pymdownx.arithmatex": ["generic", "smart_dollar", "preview", "inline_tag", "block_tag", "inline_syntax", "block_syntax",
                                "tex_inline_wrap", "tex_block_wrap"],
        "pymdownx.emoji": ["emoji_index", "emoji_generator", "title", "alt", "remove_variation_selector", "strict", "options"],
    ]

    /// `(line, sentence)` for each option of `name` that has no effect in Galley.
    static func problems(name: String, options: ConfigValue, line: Int) -> [(Int, String)] {
        var problems: [(Int, String)] = []
        if name == "toc" { problems += HeadingSlugStyle.read(options).problems }
        let known = understood[name] ?? []
        for entry in options.entries ?? [] {
            if !known.contains(entry.key) {
                problems.append((entry.line, "the option `\(entry.key)` of `\(name)` has no effect in Galley; it is ignored"))
                continue
            }
            switch (entry.key, entry.value.bool, entry.value.string) {
            case ("guess_lang", true?, _):
                problems.append((entry.line, "`\(name)` guesses the language of unlabelled code with `guess_lang: true`; Galley leaves such code plain"))
            case ("use_pygments", false?, _):
                problems.append((entry.line, "`use_pygments: false` leaves highlighting to a script in the browser; Galley highlights while building"))
            case ("url_download", true?, _):
                problems.append((entry.line, "`url_download: true`: Galley builds without the network and never downloads an include; an address is an error where it is included"))
            case ("mode", _, let value?) where name == "pymdownx.critic" && !["view", "accept", "reject"].contains(value):
                problems.append((entry.line, "`mode: \(value)` is not `view`, `accept` or `reject`; Galley shows the edits (`view`)"))
            case ("css_class", _, let value?) where value != "highlight":
                problems.append((entry.line, "`css_class: \(value)`: Galley's code blocks keep the class `highlight`, which its theme styles"))
            default:
                break
            }
        }
        return problems
    }
}
