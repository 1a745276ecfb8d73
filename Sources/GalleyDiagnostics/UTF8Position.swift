// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// Where text stops being UTF-8, for an error that points at the byte.
package enum UTF8Position {
    /// The 1-based line and column (counted in characters decoded so far on that line) of the
    /// first byte of `bytes` that is not valid UTF-8, or `nil` when all of it is valid.
    package static func firstInvalid(in bytes: some Sequence<UInt8>) -> (line: Int, column: Int)? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var line = 1
        var column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1, encoded.first == 0x0A {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .error:
                return (line, column)
            case .emptyInput:
                return nil
            }
        }
    }
}
