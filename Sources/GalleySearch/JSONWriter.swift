/// Writes JSON straight into bytes, for the search files: at thousands of pages Foundation's
/// `JSONEncoder`, which goes through `Encodable` containers value by value, was a tenth of a
/// build's time. The output is the encoder's with `.sortedKeys` and
/// `.withoutEscapingSlashes`, byte for byte, so the files did not change: callers write
/// object keys in sorted order themselves.
package struct JSONWriter {
    package private(set) var bytes: [UInt8] = []
    /// For each open array or object, whether it has a value yet (a comma goes before the next).
    private var hasValue: [Bool] = []

    package init(prefix: String = "") {
        bytes.reserveCapacity(1 << 16)
        bytes.append(contentsOf: prefix.utf8)
    }

    package mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Set after a key: the next value belongs to it and takes no comma.
    private var keyPending = false

    /// Before a value: the comma that separates it from the one before, unless it follows a key.
    private mutating func valueStart() {
        if keyPending {
            keyPending = false
        } else if let last = hasValue.last {
            if last { bytes.append(UInt8(ascii: ",")) }
            hasValue[hasValue.count - 1] = true
        }
    }

    package mutating func beginObject() {
        valueStart()
        bytes.append(UInt8(ascii: "{"))
        hasValue.append(false)
    }

    package mutating func endObject() {
        hasValue.removeLast()
        bytes.append(UInt8(ascii: "}"))
    }

    package mutating func beginArray() {
        valueStart()
        bytes.append(UInt8(ascii: "["))
        hasValue.append(false)
    }

    package mutating func endArray() {
        hasValue.removeLast()
        bytes.append(UInt8(ascii: "]"))
    }

    /// An object's key; the value written next belongs to it.
    package mutating func key(_ name: String) {
        valueStart()
        appendQuoted(name)
        bytes.append(UInt8(ascii: ":"))
        keyPending = true
    }

    package mutating func string(_ value: String) {
        valueStart()
        appendQuoted(value)
    }

    package mutating func int(_ value: Int) {
        valueStart()
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Runs of bytes that need no escape are copied whole; the index is mostly such runs.
    private mutating func appendQuoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { source in
            var runStart = 0
            for (index, byte) in source.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: source[runStart..<index])
                appendEscape(byte)
                runStart = index + 1
            }
            bytes.append(contentsOf: source[runStart...])
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
        case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
        case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
        case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
        default:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }
}
