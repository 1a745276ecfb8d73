// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyConfig
import Testing
@testable import GalleyTheme

@Suite struct PaletteTests {
    @Test(arguments: Palette.colourNames)
    func everyColourReadsAtAAInBothSchemes(_ name: String) {
        let schemes = Palette.schemes([PaletteScheme(primary: name, accent: name)])
        #expect(schemes.count == 2)
        for scheme in schemes {
            let background = scheme.isDark ? Palette.darkSurface : Palette.lightSurface
            #expect(scheme.link.contrast(with: scheme.isDark ? Palette.darkBackground : Palette.lightBackground) >= 4.5)
            #expect(scheme.onPrimary.contrast(with: scheme.primary) >= 4.5, "\(name) header")
            // The search field's text on its veiled background reads at AA too (the tabs'
            // labels are the header's text; the browser suite measures them as drawn).
            let field = Palette.searchField(primary: scheme.primary, onPrimary: scheme.onPrimary)
            #expect(scheme.onPrimary.contrast(with: field) >= 4.5, "\(name) search field, \(scheme.isDark ? "dark" : "light")")
            #expect(Palette.stylesheet([scheme]).contains("--search-field: \(field.hex);"))
            #expect(scheme.link.contrast(with: background) >= 4.5, "\(name) link on \(scheme.isDark ? "dark" : "light")")
            #expect(scheme.accent.contrast(with: background) >= 4.5, "\(name) accent")
            // WCAG 1.4.1: told apart from the text by 3:1, or underlined.
            let text = scheme.isDark ? Palette.darkText : Palette.lightText
            #expect(scheme.link.contrast(with: text) >= 3 || scheme.underlinesLinks, "\(name) link against text")
            #expect(Palette.stylesheet([scheme]).contains("--link-decoration: underline") == scheme.underlinesLinks)
        }
    }

    @Test func blackLinksAreUnderlined() {
        let schemes = Palette.schemes([PaletteScheme(scheme: "default", primary: "black"), PaletteScheme(scheme: "slate", primary: "black")])
        #expect(schemes[0].underlinesLinks)
        // Red 700, readable on the lightest surface, is 3.2:1 against the text: colour alone tells
        // it apart. Indigo (2.3:1) and the colours whose links fall back to text colour
        // (yellow, white) are underlined.
        #expect(!Palette.schemes([PaletteScheme(primary: "red")])[0].underlinesLinks)
        #expect(Palette.schemes([PaletteScheme(primary: "indigo")])[0].underlinesLinks)
        #expect(Palette.schemes([PaletteScheme(primary: "yellow")])[0].underlinesLinks)
    }

    @Test func materialsAutomaticEntryIsRecognised() {
        let schemes = Palette.schemes([
            PaletteScheme(media: "(prefers-color-scheme)"),
            PaletteScheme(scheme: "default", media: "(prefers-color-scheme: light)"),
            PaletteScheme(scheme: "slate", media: "(prefers-color-scheme: dark)"),
        ])
        #expect(schemes.map(\.isAutomatic) == [true, false, false])
        // The dark entry's toggle offers the automatic one next.
        #expect(schemes[2].toggleName == "Switch to system preference")
    }

    @Test func theTableCoversExactlyTheNamesTheConfigAccepts() {
        #expect(Set(Palette.colourNames) == PaletteScheme.colourNames)
    }

    @Test func namedColoursPickTheirShades() {
        let schemes = Palette.schemes([PaletteScheme(primary: "red", accent: "pink")])
        // Red 500 (#f44336) is too light for white text, so the header takes red 700.
        #expect(schemes[0].primary.hex == "#d32f2f")
        #expect(schemes[0].onPrimary.hex == "#ffffff")
        #expect(schemes[0].accent.hex == "#c2185b")
        // Yellow keeps no white text at AA on any shade, so its header text is black.
        let yellow = Palette.schemes([PaletteScheme(primary: "yellow")])[0]
        #expect(yellow.onPrimary.hex == "#000000")
        // Names are matched as Material writes them, with spaces or dashes.
        #expect(Palette.schemes([PaletteScheme(primary: "Deep Purple")])[0].primary.hex == "#673ab7")
        // An unknown name falls back to indigo.
        #expect(Palette.schemes([PaletteScheme(primary: "chartreuse")])[0].primary.hex == "#3f51b5")
    }

    @Test func oneSchemeIsCompletedWithItsOpposite() {
        let light = Palette.schemes([PaletteScheme(primary: "teal")])
        #expect(light.map(\.isDark) == [false, true])
        #expect(light.map(\.media) == ["(prefers-color-scheme: light)", "(prefers-color-scheme: dark)"])
        #expect(light.map(\.toggleName) == ["Switch to dark mode", "Switch to light mode"])
        let dark = Palette.schemes([PaletteScheme(scheme: "slate")])
        #expect(dark.map(\.isDark) == [true, false])
        #expect(dark[0].media == "(prefers-color-scheme: dark)")
    }

    @Test func configuredSchemesKeepTheirOrderNamesAndMedia() {
        let schemes = Palette.schemes([
            PaletteScheme(scheme: "default", primary: "indigo", media: "(prefers-color-scheme: light)", toggleName: "Night"),
            PaletteScheme(scheme: "slate", primary: "blue-grey", media: "(prefers-color-scheme: dark)", toggleName: "Day"),
            PaletteScheme(scheme: "slate", primary: "black"),
        ])
        #expect(schemes.count == 3)
        #expect(schemes.map(\.toggleName) == ["Night", "Day", "Switch to light mode"])
        let css = Palette.stylesheet(schemes)
        #expect(css.contains("html[data-palette=\"0\"] { color-scheme: light; --primary: #3f51b5;"))
        #expect(css.contains("html[data-palette=\"2\"] { color-scheme: dark;"))
    }

    @Test func contrastFollowsWCAG() {
        #expect(abs(RGB(0x000000).contrast(with: RGB(0xFFFFFF)) - 21) < 0.001)
        #expect(abs(RGB(0x777777).contrast(with: RGB(0xFFFFFF)) - 4.48) < 0.01)
    }
}
