import Foundation

/// The theme's static files, copied to `assets/galley/` in every site.
public enum ThemeAssets {
    /// Site-relative directory of the theme's files.
    public static let directory = "assets/galley"

    /// The generated stylesheet with the site's colour schemes.
    public static let paletteFile = "palette.css"

    /// Each asset's name and contents, the palette stylesheet for `context` among them.
    public static func files(for context: SiteContext) throws -> [(name: String, data: Data)] {
        try files() + [(paletteFile, Data(Palette.stylesheet(context.schemes).utf8))]
    }

    /// Each static asset's name and contents.
    public static func files() throws -> [(name: String, data: Data)] {
        guard let folder = Bundle.module.url(forResource: "Assets", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        return try names.map { name in
            (name, try Data(contentsOf: folder.appendingPathComponent(name)))
        }
    }
}
