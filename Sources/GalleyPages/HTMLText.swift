/// Escaping for text and attribute values in generated HTML.
public enum HTMLText {
    /// `text` with `&`, `<`, `>` and `"` escaped.
    public static func escape(_ text: String) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" || $0 == "\"" }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
