// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SystemCalls {
    /// A running process, as `/proc` describes it.
    package struct ProcessEntry: Sendable, Equatable {
        package var pid: Int32
        /// Its arguments, the first being what it was started as.
        package var arguments: [String]

        /// The arguments joined with spaces, as `ps` shows a command.
        package var command: String { arguments.joined(separator: " ") }
    }

    /// Every process below `root` (its children, theirs, and so on), parents before their
    /// children; empty where there is no `/proc` (Darwin).
    package static func descendants(of root: Int32) -> [ProcessEntry] {
        #if os(Linux)
        var byParent: [Int32: [Int32]] = [:]
        for name in names(in: "/proc") ?? [] {
            guard let pid = Int32(name), let stat = try? readFile("/proc/\(name)/stat"),
                  let close = stat.lastIndex(of: UInt8(ascii: ")")) else { continue }
            // After the command's closing parenthesis: " S PPID ...".
            let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
            guard fields.count > 1, let parent = Int32(String(decoding: fields[1], as: UTF8.self)) else { continue }
            byParent[parent, default: []].append(pid)
        }
        var found: [ProcessEntry] = []
        var queue = byParent[root] ?? []
        var seen: Set<Int32> = [root]
        while !queue.isEmpty {
            let pid = queue.removeFirst()
            guard seen.insert(pid).inserted else { continue }
            let raw = (try? readFile("/proc/\(pid)/cmdline")) ?? []
            let arguments = raw.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            found.append(ProcessEntry(pid: pid, arguments: arguments))
            queue += byParent[pid] ?? []
        }
        return found
        #else
        return []
        #endif
    }
}
