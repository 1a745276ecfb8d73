// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import CGalleySystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A C library opened at run time (`dlopen`), for a part Galley can do without: the released
/// executable then needs nothing beyond the C and C++ libraries, and a machine that has the
/// library gets the feature. Opened once and never closed, so its functions stay valid.
package struct SharedLibrary: @unchecked Sendable {
    private let handle: UnsafeMutableRawPointer

    /// The first of `names` that opens (`libgvc.so.6`, then `libgvc.so`, or a full path), or
    /// `nil` with the loader's message for the last one tried. Its symbols stay its own, so
    /// nothing else in the process binds to them.
    package static func open(_ names: [String]) -> (library: SharedLibrary?, error: String) {
        var error = "no library names were given"
        for name in names {
            if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) { return (SharedLibrary(handle: handle), "") }
            error = dlerror().map { String(cString: $0) } ?? "\(name) cannot be opened"
        }
        return (nil, error)
    }

    /// The folder of the file this library was loaded from, found through one of its symbols.
    package func folder(containing symbolName: String) -> String? {
        guard let address = symbol(symbolName), let file = galley_library_file(address) else { return nil }
        let path = String(cString: file)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }

    /// The address of the function or variable called `name`, or `nil`.
    package func symbol(_ name: String) -> UnsafeMutableRawPointer? {
        dlsym(handle, name)
    }

    /// The function called `name` as a C function of type `T` (a `@convention(c)` type).
    package func function<T>(_ name: String, as type: T.Type) -> T? {
        symbol(name).map { unsafeBitCast($0, to: type) }
    }

    /// The file names a library has on this platform: `libgvc.so.6` on Linux, `libgvc.6.dylib`
    /// on macOS, each then without its version.
    package static func fileNames(_ base: String, version: Int) -> [String] {
        #if canImport(Darwin)
        ["\(base).\(version).dylib", "\(base).dylib"]
        #else
        ["\(base).so.\(version)", "\(base).so"]
        #endif
    }
}
