// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import CustomDump
import Workflow

/// A stable, readable text form of a rendering: nested structure with field names and
/// values, enum cases, and closures shown as such. Two equal renderings give the same text,
/// so the text can be printed into documentation and compared in tests.
public func renderingDescription<Rendering>(_ rendering: Rendering) -> String {
    var text = ""
    customDump(rendering, to: &text)
    return text
}

/// Prints the ``renderingDescription(_:)`` of `rendering`, optionally under a heading line.
public func printRendering<Rendering>(_ rendering: Rendering, label: String? = nil) {
    if let label {
        print("\(label):")
    }
    print(renderingDescription(rendering))
}

extension AnyScreen: CustomDumpReflectable {
    /// Shows the wrapped screen, not the wrapper.
    public var customDumpMirror: Mirror {
        Mirror(self, children: ["wrappedScreen": wrappedScreen], displayStyle: .struct)
    }
}

extension ViewEnvironment: CustomDumpStringConvertible {
    public var customDumpDescription: String { "ViewEnvironment" }
}
