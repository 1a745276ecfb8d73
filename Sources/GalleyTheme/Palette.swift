// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyConfig
import Foundation

/// Turns `theme.palette` into the colours the stylesheet uses, choosing shades that keep
/// text readable (WCAG AA, 4.5:1) on both the light and the dark background.
package enum Palette {
    /// One colour by its Material name, at the shades the theme picks from.
    struct Swatch {
        /// Shades 200, 300, 500, 700, 800 and 900, lightest first.
        var shades: [RGB]
    }

    /// The Material Design colour names `theme.palette` accepts, with their standard shades.
    static let swatches: [String: Swatch] = {
        let table: [(String, [UInt32])] = [
            ("red", [0xEF9A9A, 0xE57373, 0xF44336, 0xD32F2F, 0xC62828, 0xB71C1C]),
            ("pink", [0xF48FB1, 0xF06292, 0xE91E63, 0xC2185B, 0xAD1457, 0x880E4F]),
            ("purple", [0xCE93D8, 0xBA68C8, 0x9C27B0, 0x7B1FA2, 0x6A1B9A, 0x4A148C]),
            ("deep-purple", [0xB39DDB, 0x9575CD, 0x673AB7, 0x512DA8, 0x4527A0, 0x311B92]),
            ("indigo", [0x9FA8DA, 0x7986CB, 0x3F51B5, 0x303F9F, 0x283593, 0x1A237E]),
            ("blue", [0x90CAF9, 0x64B5F6, 0x2196F3, 0x1976D2, 0x1565C0, 0x0D47A1]),
            ("light-blue", [0x81D4FA, 0x4FC3F7, 0x03A9F4, 0x0288D1, 0x0277BD, 0x01579B]),
            ("cyan", [0x80DEEA, 0x4DD0E1, 0x00BCD4, 0x0097A7, 0x00838F, 0x006064]),
            ("teal", [0x80CBC4, 0x4DB6AC, 0x009688, 0x00796B, 0x00695C, 0x004D40]),
            ("green", [0xA5D6A7, 0x81C784, 0x4CAF50, 0x388E3C, 0x2E7D32, 0x1B5E20]),
            ("light-green", [0xC5E1A5, 0xAED581, 0x8BC34A, 0x689F38, 0x558B2F, 0x33691E]),
            ("lime", [0xE6EE9C, 0xDCE775, 0xCDDC39, 0xAFB42B, 0x9E9D24, 0x827717]),
            ("yellow", [0xFFF59D, 0xFFF176, 0xFFEB3B, 0xFBC02D, 0xF9A825, 0xF57F17]),
            ("amber", [0xFFE082, 0xFFD54F, 0xFFC107, 0xFFA000, 0xFF8F00, 0xFF6F00]),
            ("orange", [0xFFCC80, 0xFFB74D, 0xFF9800, 0xF57C00, 0xEF6C00, 0xE65100]),
            ("deep-orange", [0xFFAB91, 0xFF8A65, 0xFF5722, 0xE64A19, 0xD84315, 0xBF360C]),
            ("brown", [0xBCAAA4, 0xA1887F, 0x795548, 0x5D4037, 0x4E342E, 0x3E2723]),
            ("grey", [0xEEEEEE, 0xE0E0E0, 0x9E9E9E, 0x616161, 0x424242, 0x212121]),
            ("blue-grey", [0xB0BEC5, 0x90A4AE, 0x607D8B, 0x455A64, 0x37474F, 0x263238]),
            ("black", [0x757575, 0x616161, 0x000000, 0x000000, 0x000000, 0x000000]),
            ("white", [0xFFFFFF, 0xFFFFFF, 0xFFFFFF, 0xF5F5F5, 0xEEEEEE, 0xE0E0E0]),
        ]
        return Dictionary(uniqueKeysWithValues: table.map { ($0.0, Swatch(shades: $0.1.map(RGB.init))) })
    }()

    /// Every colour name the palette knows.
    package static var colourNames: [String] { swatches.keys.sorted() }

    /// The page backgrounds of the two schemes.
    static let lightBackground = RGB(0xFFFFFF)
    static let darkBackground = RGB(0x17191E)
    /// The surfaces links and highlights also sit on, furthest from the text in lightness:
    /// code and the current nav entry in the light scheme (`--code-bg`), search results and
    /// menus in the dark one (`--bg-raised`). A colour readable there is readable everywhere.
    static let lightSurface = RGB(0xF5F7F9)
    static let darkSurface = RGB(0x23262E)
    /// The body text of the two schemes (`--fg` in `galley.css`).
    static let lightText = RGB(0x1F2328)
    static let darkText = RGB(0xE4E7EB)
    /// WCAG 1.4.1: a link told apart from the text around it by colour alone needs 3:1
    /// against that text; below it, links are underlined.
    static let linkToTextContrast = 3.0

    /// The colours of one scheme, ready for the stylesheet.
    package struct Scheme: Sendable, Equatable {
        /// `default` (light) or `slate` (dark).
        package var isDark: Bool
        /// The header's background and its text colour.
        package var primary: RGB
        package var onPrimary: RGB
        /// Links and the current nav entry, readable on the page background.
        package var link: RGB
        /// Hover and focus highlights, readable on the page background.
        package var accent: RGB
        /// What the scheme's toggle offers, such as "Switch to dark mode".
        package var toggleName: String
        /// The media query that selects this scheme when the reader has not chosen one.
        package var media: String?
        /// Material's automatic entry (`media: "(prefers-color-scheme)"`): it shows the
        /// light or dark entry that matches the system's setting.
        package var isAutomatic = false
        /// The link colour is too close to the body text's (`primary: black`): links are
        /// underlined so that they stay distinguishable.
        package var underlinesLinks: Bool {
            link.contrast(with: isDark ? Palette.darkText : Palette.lightText) < Palette.linkToTextContrast
        }
    }

    /// Whether `media` is the query of Material's automatic entry, which every browser that
    /// knows colour schemes matches.
    static func isAutomatic(_ media: String?) -> Bool {
        media?.filter { !$0.isWhitespace } == "(prefers-color-scheme)"
    }

    /// The schemes a site offers. Fewer than two configured schemes are completed with a
    /// light and a dark one in the same colours, following `prefers-color-scheme`, so every
    /// site has a working toggle.
    package static func schemes(_ configured: [PaletteScheme]) -> [Scheme] {
        var entries = configured
        if entries.isEmpty { entries = [PaletteScheme()] }
        if entries.count == 1 {
            let only = entries[0]
            let dark = only.scheme == "slate"
            var light = only, darker = only
            light.scheme = "default"
            darker.scheme = "slate"
            light.media = only.media ?? "(prefers-color-scheme: light)"
            darker.media = "(prefers-color-scheme: dark)"
            entries = dark ? [darker, light] : [light, darker]
            if dark { entries[1].media = "(prefers-color-scheme: light)" }
        }
        return entries.enumerated().map { index, entry in
            let isDark = entry.scheme == "slate"
            let primary = swatch(entry.primary, fallback: "indigo")
            let accent = swatch(entry.accent, fallback: "indigo")
            let background = isDark ? darkSurface : lightSurface
            let (header, onHeader) = headerColours(primary, isDark: isDark)
            let next = entries[(index + 1) % entries.count]
            return Scheme(
                isDark: isDark,
                primary: header,
                onPrimary: onHeader,
                link: readable(primary, on: background, isDark: isDark),
                accent: readable(accent, on: background, isDark: isDark),
                toggleName: entry.toggleName ?? (isAutomatic(next.media) ? "Switch to system preference" : next.scheme == "slate" ? "Switch to dark mode" : "Switch to light mode"),
                media: entry.media,
                isAutomatic: isAutomatic(entry.media)
            )
        }
    }

    /// The stylesheet that sets each scheme's colours on `html[data-palette="N"]`.
    package static func stylesheet(_ schemes: [Scheme]) -> String {
        var css = "/* Generated from theme.palette. */\n"
        for (index, scheme) in schemes.enumerated() {
            css += "html[data-palette=\"\(index)\"] { color-scheme: \(scheme.isDark ? "dark" : "light"); "
            css += "--primary: \(scheme.primary.hex); --on-primary: \(scheme.onPrimary.hex); "
            css += "--search-field: \(searchField(primary: scheme.primary, onPrimary: scheme.onPrimary).hex); "
            css += "--link: \(scheme.link.hex); --accent: \(scheme.accent.hex);"
            css += scheme.underlinesLinks ? " --link-decoration: underline; }\n" : " }\n"
        }
        return css
    }

    private static func swatch(_ name: String?, fallback: String) -> Swatch {
        let key = PaletteScheme.colourKey(name ?? fallback)
        return swatches[key] ?? swatches[fallback]!
    }

    /// The search field on the header: a veil away from the text's lightness (darker under
    /// white text, lighter under black), so the field's text reads at least as well as the
    /// header's (`--search-field` in the generated stylesheet).
    static let searchFieldVeil = 0.2

    /// The colour text of `colour` shows at `opacity` over `background`, as browsers blend.
    static func blend(_ colour: RGB, at opacity: Double, over background: RGB) -> RGB {
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt32 { UInt32((Double(top) * opacity + Double(bottom) * (1 - opacity)).rounded()) }
        return RGB(mix(colour.red, background.red) << 16 | mix(colour.green, background.green) << 8 | mix(colour.blue, background.blue))
    }

    /// The search field's background on a header of `primary` under text of `onPrimary`.
    static func searchField(primary: RGB, onPrimary: RGB) -> RGB {
        blend(onPrimary == RGB(0xFFFFFF) ? RGB(0x000000) : RGB(0xFFFFFF), at: searchFieldVeil, over: primary)
    }

    /// Whether `text` reads on a header of `shade`: the page's title and the tabs' labels, and
    /// the search field's text, each at 4.5:1. Inactive tabs are not faded (galley.css): any
    /// less than the full text colour fails 4.5:1 on brand shades such as red 700 (4.98:1 at
    /// full strength, 3.79:1 at 82 %), so they differ from the current one by weight and
    /// underline.
    static func readsAsHeader(_ shade: RGB, text: RGB) -> Bool {
        shade.contrast(with: text) >= 4.5 && searchField(primary: shade, onPrimary: text).contrast(with: text) >= 4.5
    }

    /// The header: shade 500 when white or black text reads on it, else the nearest darker
    /// shade that white text reads on. The dark scheme darkens the header one step further.
    static func headerColours(_ swatch: Swatch, isDark: Bool) -> (RGB, RGB) {
        let order = isDark ? [3, 4, 5, 2] : [2, 3, 4, 5]
        for index in order {
            let shade = swatch.shades[index]
            if readsAsHeader(shade, text: RGB(0xFFFFFF)) { return (shade, RGB(0xFFFFFF)) }
        }
        let shade = swatch.shades[order[0]]
        return (shade, RGB(0x000000))
    }

    /// The first shade, going away from the background's lightness, that is readable on it.
    static func readable(_ swatch: Swatch, on background: RGB, isDark: Bool) -> RGB {
        let order = isDark ? [2, 1, 0] : [2, 3, 4, 5]
        for index in order where swatch.shades[index].contrast(with: background) >= 4.5 {
            return swatch.shades[index]
        }
        return isDark ? RGB(0xE0E0E0) : RGB(0x212121)
    }
}

/// A colour in sRGB.
package struct RGB: Sendable, Equatable, CustomStringConvertible {
    package var red: UInt8
    package var green: UInt8
    package var blue: UInt8

    package init(_ value: UInt32) {
        red = UInt8((value >> 16) & 0xFF)
        green = UInt8((value >> 8) & 0xFF)
        blue = UInt8(value & 0xFF)
    }

    /// `#rrggbb`.
    package var hex: String {
        let digits = Array("0123456789abcdef")
        return "#" + [red, green, blue].map { String([digits[Int($0 >> 4)], digits[Int($0 & 15)]]) }.joined()
    }

    package var description: String { hex }

    /// WCAG relative luminance.
    package var luminance: Double {
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
    }

    /// WCAG contrast ratio, from 1 to 21.
    package func contrast(with other: RGB) -> Double {
        let (a, b) = (luminance, other.luminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}
