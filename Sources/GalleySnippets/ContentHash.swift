import Crypto
import Foundation

/// SHA-256 over a sequence of labelled parts: the cache keys of snippets.
struct ContentHash {
    private var hasher = SHA256()

    mutating func add(_ label: String, _ text: String) {
        add(label, Data(text.utf8))
    }

    mutating func add(_ label: String, _ data: Data) {
        // Lengths keep ("ab","c") and ("a","bc") apart.
        hasher.update(data: Data("\(label):\(data.count):".utf8))
        hasher.update(data: data)
    }

    func finish() -> String {
        hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }

    static func of(_ text: String) -> String {
        var hash = ContentHash()
        hash.add("", text)
        return hash.finish()
    }
}
