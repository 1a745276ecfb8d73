// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import GalleySnippets

/// The cache's SHA-256 against the examples of FIPS 180-4 (NIST's published digests) and
/// against `sha256sum` on data of every length around the block boundaries, fed in pieces.
@Suite("SHA-256")
struct SHA256Tests {
    static func hex(_ text: String) -> String {
        var hash = SHA256()
        hash.update(text)
        return hash.hexDigest()
    }

    @Test func nistExamples() {
        #expect(Self.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Self.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Self.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(Self.hex("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu") == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
        var million = SHA256()
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { million.update(chunk) }
        #expect(million.hexDigest() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func everyLengthAroundTheBlocksMatchesSha256sum() throws {
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000, 4097] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("galley-sha-\(UUID().uuidString)")
            try Data(bytes).write(to: path)
            defer { try? FileManager.default.removeItem(at: path) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["sha256sum", path.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            // In uneven pieces, so partial blocks are carried between updates.
            var hash = SHA256()
            var rest = bytes[...]
            var piece = 1
            while !rest.isEmpty {
                hash.update(Array(rest.prefix(piece)))
                rest = rest.dropFirst(piece)
                piece = piece * 3 % 71 + 1
            }
            #expect(hash.hexDigest() == String(output.prefix(64)), "\(length) bytes")
        }
    }
}
