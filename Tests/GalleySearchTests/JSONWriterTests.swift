// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import GalleySearch
import Testing

/// The search files' writer gives `JSONEncoder`'s bytes (`.sortedKeys`,
/// `.withoutEscapingSlashes`), so replacing the encoder changed no file.
@Suite struct JSONWriterTests {
    static let strings = [
        "", "plain", "quote \" and backslash \\", "slash / stays", "tab\tnew\nline\rreturn", "\u{8}\u{c}",
        "\u{0}\u{1}\u{1f}", "\u{7f} del", "中文 and emoji 🧭", "line\u{2028}separator", "<script>&</script>",
    ]

    struct Record: Encodable {
        var a: [String]
        var b: Int
        var c: [[Int]]
    }

    @Test func writesWhatJSONEncoderWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let expected = try encoder.encode(Record(a: Self.strings, b: -42, c: [[], [1, 2], [3]]))
        var json = JSONWriter()
        json.beginObject()
        json.key("a")
        json.beginArray()
        for string in Self.strings { json.string(string) }
        json.endArray()
        json.key("b")
        json.int(-42)
        json.key("c")
        json.beginArray()
        for list in [[Int](), [1, 2], [3]] {
            json.beginArray()
            for number in list { json.int(number) }
            json.endArray()
        }
        json.endArray()
        json.endObject()
        #expect(String(decoding: json.bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }
}
