// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0

/// The part of the remote-execution API's `ActionResult` message that an action-cache entry
/// of galley holds: the files an action made, each named by a relative path and the digest of
/// its content in the content-addressed store. Entries are real protocol-buffer messages, so
/// that caches which check what is uploaded to `/ac/` (bazel-remote does) accept them.
///
/// Written here rather than generated: the message needs three fields of two nested
/// messages, and the protocol-buffer compiler plugin would add minutes to every clean build.
/// Tested by decoding what it encodes, and against the wire format's bytes worked out by hand.
struct ActionResultMessage: Sendable, Equatable {
    struct OutputFile: Sendable, Equatable {
        var path: String
        /// The content's SHA-256, in lowercase hexadecimal.
        var hash: String
        var size: Int
        var isExecutable: Bool
    }

    var outputFiles: [OutputFile]

    // Field numbers from the API's `remote_execution.proto`.
    private enum Field {
        static let outputFiles: UInt64 = 2
        static let exitCode: UInt64 = 4
        static let path: UInt64 = 1
        static let digest: UInt64 = 2
        static let isExecutable: UInt64 = 4
        static let hash: UInt64 = 1
        static let sizeBytes: UInt64 = 2
    }

    private enum WireType {
        static let varint: UInt64 = 0
        static let fixed64: UInt64 = 1
        static let lengthDelimited: UInt64 = 2
        static let fixed32: UInt64 = 5
    }

    /// The message's bytes. An exit code of 0 is the default, so it is not written.
    func encoded() -> [UInt8] {
        var message: [UInt8] = []
        for file in outputFiles {
            var digest: [UInt8] = []
            Self.append(bytes: Array(file.hash.utf8), field: Field.hash, to: &digest)
            Self.append(varint: UInt64(file.size), field: Field.sizeBytes, to: &digest)
            var output: [UInt8] = []
            Self.append(bytes: Array(file.path.utf8), field: Field.path, to: &output)
            Self.append(bytes: digest, field: Field.digest, to: &output)
            if file.isExecutable { Self.append(varint: 1, field: Field.isExecutable, to: &output) }
            Self.append(bytes: output, field: Field.outputFiles, to: &message)
        }
        return message
    }

    /// The message in `bytes`, or `nil` when they are not a well-formed `ActionResult` whose
    /// files all have a path, a SHA-256 and a size, and whose action exited with 0.
    init?(decoding bytes: [UInt8]) {
        var files: [OutputFile] = []
        var exitCode: UInt64 = 0
        guard Self.fields(of: bytes[...], { field, value in
            switch (field, value) {
            case (Field.outputFiles, .bytes(let output)):
                guard let file = Self.outputFile(output) else { return false }
                files.append(file)
            case (Field.exitCode, .varint(let code)):
                exitCode = code
            default:
                break
            }
            return true
        }), exitCode == 0 else { return nil }
        outputFiles = files
    }

    init(outputFiles: [OutputFile]) {
        self.outputFiles = outputFiles
    }

    private static func outputFile(_ bytes: ArraySlice<UInt8>) -> OutputFile? {
        var path: String?
        var hash: String?
        var size: Int?
        var executable = false
        let wellFormed = fields(of: bytes) { field, value in
            switch (field, value) {
            case (Field.path, .bytes(let text)): path = String(decoding: text, as: UTF8.self)
            case (Field.isExecutable, .varint(let flag)): executable = flag != 0
            case (Field.digest, .bytes(let digest)):
                return fields(of: digest) { field, value in
                    switch (field, value) {
                    case (Field.hash, .bytes(let text)): hash = String(decoding: text, as: UTF8.self)
                    case (Field.sizeBytes, .varint(let count)):
                        guard count <= UInt64(Int.max) else { return false }
                        size = Int(count)
                    default: break
                    }
                    return true
                }
            default: break
            }
            return true
        }
        guard wellFormed, let path, let hash, hash.utf8.count == 64, hash.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return nil }
        return OutputFile(path: path, hash: hash, size: size ?? 0, isExecutable: executable)
    }

    private enum Value {
        case varint(UInt64)
        case bytes(ArraySlice<UInt8>)
        case fixed
    }

    /// Calls `visit` with each field of the message in `bytes`, in order; false when the
    /// bytes are malformed or `visit` refuses a field.
    private static func fields(of bytes: ArraySlice<UInt8>, _ visit: (UInt64, Value) -> Bool) -> Bool {
        var position = bytes.startIndex
        while position < bytes.endIndex {
            guard let key = varint(bytes, &position) else { return false }
            let value: Value
            switch key & 7 {
            case WireType.varint:
                guard let number = varint(bytes, &position) else { return false }
                value = .varint(number)
            case WireType.lengthDelimited:
                guard let length = varint(bytes, &position), length <= UInt64(bytes.endIndex - position) else { return false }
                value = .bytes(bytes[position..<(position + Int(length))])
                position += Int(length)
            case WireType.fixed64, WireType.fixed32:
                let width = key & 7 == WireType.fixed64 ? 8 : 4
                guard bytes.endIndex - position >= width else { return false }
                position += width
                value = .fixed
            default:
                return false
            }
            guard key >> 3 > 0, visit(key >> 3, value) else { return false }
        }
        return true
    }

    private static func varint(_ bytes: ArraySlice<UInt8>, _ position: inout Int) -> UInt64? {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while position < bytes.endIndex, shift < 64 {
            let byte = bytes[position]
            position += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
        return nil
    }

    private static func append(varint value: UInt64, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    private static func append(varint value: UInt64, field: UInt64, to bytes: inout [UInt8]) {
        append(varint: field << 3 | WireType.varint, to: &bytes)
        append(varint: value, to: &bytes)
    }

    private static func append(bytes value: [UInt8], field: UInt64, to bytes: inout [UInt8]) {
        append(varint: field << 3 | WireType.lengthDelimited, to: &bytes)
        append(varint: UInt64(value.count), to: &bytes)
        bytes += value
    }
}
