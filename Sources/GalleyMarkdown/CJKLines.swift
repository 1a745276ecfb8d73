// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0

/// Chinese and Japanese are written without spaces between words, so a source line break
/// inside a sentence is not a space; browsers (Chromium, WebKit) still draw one. With
/// `galley.markdown.join_cjk_lines`, a soft line break with such a character on both sides
/// is dropped. Korean, which spaces its words, keeps its breaks.
enum CJKLines {
    /// `inlines` without the soft breaks that sit between two CJK characters.
    static func join(_ inlines: [Inline]) -> [Inline] {
        guard inlines.contains(where: { if case .softBreak = $0 { true } else { false } }) else { return inlines }
        var result: [Inline] = []
        result.reserveCapacity(inlines.count)
        for (index, inline) in inlines.enumerated() {
            if case .softBreak = inline, index > 0, index + 1 < inlines.count,
               let before = inlines[index - 1].plainText.unicodeScalars.last, let after = inlines[index + 1].plainText.unicodeScalars.first,
               isUnspaced(before), isUnspaced(after) {
                continue
            }
            result.append(inline)
        }
        return result
    }

    /// Han ideographs, kana, CJK and full-width punctuation: scripts written without spaces.
    static func isUnspaced(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x2FDF,  // radicals
             0x3000...0x303F,  // CJK symbols and punctuation (、。「」)
             0x3040...0x30FF,  // hiragana, katakana
             0x31F0...0x31FF,  // katakana extensions
             0x3400...0x4DBF,  // extension A
             0x4E00...0x9FFF,  // unified ideographs
             0xF900...0xFAFF,  // compatibility ideographs
             0xFE30...0xFE4F,  // compatibility forms
             0xFF00...0xFF60,  // full-width forms (，：！？)
             0xFF61...0xFF9F,  // half-width katakana
             0x20000...0x3FFFF:  // supplementary ideographs
            true
        default:
            false
        }
    }
}
