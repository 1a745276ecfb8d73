import GalleyMarkdown
import GalleySources

/// A page's title as mkdocs derives it: front matter, else the first level-1 heading, else
/// the file name.
public enum PageTitle {
    public static func derive(metadata: PageMetadata, blocks: [Block], path: String) -> String {
        if let title = metadata.title, !title.isEmpty { return title }
        for block in blocks {
            if case .heading(let heading) = block, heading.level == 1 {
                return TableOfContents.headingText(heading.content)
            }
        }
        return fromFileName(path)
    }

    /// `getting-started.md` → `Getting started`; an index page takes its folder's name, and
    /// the home page is `Home`.
    public static func fromFileName(_ path: String) -> String {
        var components = path.split(separator: "/").map(String.init)
        var name = String(components.removeLast().split(separator: ".").first ?? "")
        if name == "index" || name == "README" {
            guard let folder = components.last else { return "Home" }
            name = folder
        }
        let spaced = name.replacingAll(["-", "_"], with: " ")
        // Like Python's str.capitalize(), applied only to names written all in lowercase.
        guard spaced == spaced.lowercased(), let first = spaced.first else { return spaced }
        return first.uppercased() + spaced.dropFirst()
    }
}

extension String {
    func replacingAll(_ characters: Set<Character>, with replacement: Character) -> String {
        String(map { characters.contains($0) ? replacement : $0 })
    }
}
