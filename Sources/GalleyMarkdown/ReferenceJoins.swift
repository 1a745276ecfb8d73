// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0

/// Reference links as Python-Markdown reads them where CommonMark reads two: `[text] [ref]`
/// (one space between the brackets) and `[text]` at a line's end with `[ref]` starting the
/// next are one link to `ref` whose text is `text`. cmark-gfm makes `[ref]` a link of its own
/// (a shortcut reference) and leaves `[text]` as text, or as a link when `text` is a label
/// too; this joins them (`![alt] [ref]` into an image).
enum ReferenceJoins {
    /// `inlines`, each marked when it is a link written as a shortcut reference, with every
    /// such link that follows `[text]` and one space or line break joined with it.
    static func joined(_ inlines: [(inline: Inline, isShortcutReference: Bool)]) -> [Inline] {
        var result: [(inline: Inline, isShortcutReference: Bool)] = []
        for (inline, isShortcut) in inlines {
            if isShortcut, case .link(let destination, let title, _) = inline, let (content, isImage) = join(&result) {
                let joined: Inline = isImage ? .image(source: destination, title: title, alt: content) : .link(destination: destination, title: title, content: content)
                result.append((joined, false))
            } else {
                result.append((inline, isShortcut))
            }
        }
        return result.map(\.inline)
    }

    /// Takes `[text]` (or `![alt]`) and the space or break after it off the end of `result`
    /// and returns the text's content and whether it is an image's, or leaves `result` alone
    /// and returns `nil`.
    private static func join(_ result: inout [(inline: Inline, isShortcutReference: Bool)]) -> (content: [Inline], isImage: Bool)? {
        var kept = result
        // The separator: a line break, or one space (alone, or at the end of the text before).
        var separated = false
        if case .softBreak? = kept.last?.inline {
            kept.removeLast()
            separated = true
        } else if case .text(" ")? = kept.last?.inline {
            kept.removeLast()
            separated = true
        }
        // `[text]` a link itself, written as a shortcut (`text` is a label too).
        if let last = kept.last, last.isShortcutReference, case .link(_, _, let content) = last.inline {
            guard separated else { return nil }
            kept.removeLast()
            result = kept
            return (content, false)
        }
        guard case .text(let text)? = kept.last?.inline else { return nil }
        var body = Substring(text)
        if !separated {
            guard body.hasSuffix("] "), !body.hasSuffix("]  ") else { return nil }
            body = body.dropLast()
        }
        guard body.hasSuffix("]"), let open = body.lastIndex(of: "[") else { return nil }
        let label = body[body.index(after: open)..<body.index(before: body.endIndex)]
        guard !label.isEmpty, !label.contains("]") else { return nil }
        // `![alt] [ref]`: an image reference.
        let isImage = open > body.startIndex && body[body.index(before: open)] == "!"
        kept.removeLast()
        let before = isImage ? body[..<body.index(before: open)] : body[..<open]
        if !before.isEmpty { kept.append((.text(String(before)), false)) }
        result = kept
        return ([.text(String(label))], isImage)
    }
}
