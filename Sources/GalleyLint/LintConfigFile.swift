import Foundation

/// Where mdl looks for its configuration: the given path, else `.mdlrc` in the current
/// directory or any above it, else in the home directory.
public enum LintConfigFile {
    public static func find(_ path: String) -> String? {
        let expanded = (path as NSString).expandingTildeInPath
        let absolute = expanded.hasPrefix("/") ? expanded : FileManager.default.currentDirectoryPath + "/" + expanded
        if FileManager.default.fileExists(atPath: absolute) { return absolute }
        guard path == ".mdlrc" else { return nil }
        var directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent(".mdlrc").path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        let home = (("~/.mdlrc") as NSString).expandingTildeInPath
        return FileManager.default.fileExists(atPath: home) ? home : nil
    }
}
