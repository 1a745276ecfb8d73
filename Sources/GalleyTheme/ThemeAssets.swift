import Foundation

/// The theme's static files, copied to `assets/galley/` in every site.
public enum ThemeAssets {
    /// Site-relative directory of the theme's files.
    public static let directory = "assets/galley"

    /// Each asset's name and contents.
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
