// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyMarkup

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

    private mutating func appendQuoted(_ text: String) {
        JSONText.appendQuoted(text, to: &bytes)
    }
}
