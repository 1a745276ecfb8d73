// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// How wide a label is drawn, estimated without a font engine.
///
/// Diagrams are laid out at build time but drawn by the reader's browser in the theme's
/// font stack, so each width here must be at least what any font of that stack draws. The
/// advance widths below, in thousandths of an em for the printable ASCII characters, are
/// DejaVu Sans's: the widest common member of the stack and what Linux machines fall back
/// to for `system-ui`. Other letters count as a wide Latin letter, and East Asian wide
/// characters as a full em. A small margin covers kerning and rounding.
enum TextMetrics {
    /// Regular weight, for code points 32 to 126.
    private static let regular: [UInt16] = [
        318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,
        636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531,
        1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,
        603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500,
        500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
        635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
    ]

    /// Bold, for code points 32 to 126.
    private static let bold: [UInt16] = [
        348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365,
        696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580,
        1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850,
        733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500,
        500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687,
        716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
    ]

    /// The width of one line of `text` at `size` pixels.
    static func width(_ text: Substring, size: Double, bold isBold: Bool = false) -> Double {
        let table = isBold ? bold : regular
        var thousandths = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value >= 32 && value <= 126 {
                thousandths += Int(table[Int(value) - 32])
            } else if isWide(value) {
                thousandths += 1000
            } else if scalar.properties.generalCategory == .nonspacingMark || value == 0x200D || (0xFE00...0xFE0F).contains(value) {
                continue
            } else {
                thousandths += isBold ? 800 : 720
            }
        }
        return Double(thousandths) * size / 1000 * 1.04
    }

    /// The width of the widest line of `text`.
    static func width(lines text: String, size: Double, bold: Bool = false) -> Double {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { width($0, size: size, bold: bold) }.max() ?? 0
    }

    /// East Asian wide and full-width characters, and emoji: drawn about an em wide.
    private static func isWide(_ value: UInt32) -> Bool {
        (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value) || (0x20000...0x3FFFD).contains(value)
    }
}
