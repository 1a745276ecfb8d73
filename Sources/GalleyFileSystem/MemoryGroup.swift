// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A memory control group made for one child process and everything it starts, so that a
/// memory limit holds for the whole tree (an address-space limit holds per process only) and
/// counts what the tree keeps in a private `tmpfs` too.
///
/// Made under the control group galley itself is in, with cgroup v2 (`memory.max`) or the
/// v1 memory controller (`memory.limit_in_bytes`), wherever that folder is writable (as root,
/// or in a delegated subtree); ``make(limit:)`` is nil elsewhere, and on Darwin.
package final class MemoryGroup: @unchecked Sendable {
    /// The group's folder.
    package let path: String
    /// An open `cgroup.procs` of the group, for ``ChildProcess/spawn`` to join.
    package let processesDescriptor: Int32
    private let version: Int

    private init(path: String, descriptor: Int32, version: Int) {
        self.path = path
        processesDescriptor = descriptor
        self.version = version
    }

    deinit { close(processesDescriptor) }

    private static let counter = Atomic<Int>(0)

    /// A new group holding its members to `limit` bytes of memory, swap included where the
    /// system counts it; nil when this machine offers no writable memory controller.
    package static func make(limit: Int) -> MemoryGroup? {
        #if os(Linux)
        guard let parent = ownGroup else { return nil }
        let number = counter.wrappingAdd(1, ordering: .relaxed).newValue
        let path = parent.path + "/galley-\(getpid())-\(number)"
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else { return nil }
        let limited: Bool
        if parent.version == 2 {
            limited = put("\(limit)", to: path + "/memory.max")
            _ = put("0", to: path + "/memory.swap.max")
        } else {
            limited = put("\(limit)", to: path + "/memory.limit_in_bytes")
            _ = put("\(limit)", to: path + "/memory.memsw.limit_in_bytes")
        }
        let descriptor = open(path + "/cgroup.procs", O_WRONLY | O_CLOEXEC)
        guard limited, descriptor >= 0 else {
            if descriptor >= 0 { close(descriptor) }
            rmdir(path)
            return nil
        }
        return MemoryGroup(path: path, descriptor: descriptor, version: parent.version)
        #else
        return nil
        #endif
    }

    /// Whether the group is usable here at all: `make` succeeds and the group is removed.
    package static var isAvailable: Bool {
        guard let group = make(limit: 1 << 30) else { return false }
        group.remove()
        return true
    }

    /// How many times the kernel ended a member for reaching the limit.
    package var outOfMemoryKills: Int {
        let file = version == 2 ? path + "/memory.events" : path + "/memory.oom_control"
        guard let text = Self.read(file) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix("oom_kill ") {
            return Int(line.dropFirst("oom_kill ".count)) ?? 0
        }
        return 0
    }

    /// Ends every member still there and removes the group.
    package func remove() {
        for _ in 0..<100 {
            if rmdir(path) == 0 || errno == ENOENT { return }
            if version == 2, Self.put("1", to: path + "/cgroup.kill") {
                // The kernel ends them all at once.
            } else if let members = Self.read(path + "/cgroup.procs") {
                for member in members.split(separator: "\n").compactMap({ Int32($0) }) { kill(member, SIGKILL) }
            }
            usleep(10_000)
        }
    }

    /// The control group this process is in, where a memory controller can be given limits.
    private static let ownGroup: (path: String, version: Int)? = {
        guard let membership = read("/proc/self/cgroup"), let mounts = read("/proc/self/mountinfo") else { return nil }
        for line in membership.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let controllers = fields[1].split(separator: ",")
            let version: Int
            if fields[0] == "0", controllers.isEmpty {
                version = 2
            } else if controllers.contains("memory") {
                version = 1
            } else {
                continue
            }
            guard let (mountPoint, root) = mountPoint(version: version, in: mounts) else { continue }
            var relative = String(fields[2])
            if root != "/", relative.hasPrefix(root) { relative = String(relative.dropFirst(root.count)) }
            let path = mountPoint + (relative == "/" ? "" : relative)
            if version == 2 {
                // cgroup v2 gives a child a controller only when the parent passes it on,
                // which a group that has processes of its own (other than the root) cannot.
                guard read(path + "/cgroup.controllers")?.split(whereSeparator: { $0 == " " || $0 == "\n" }).contains("memory") == true else { continue }
                let passed = read(path + "/cgroup.subtree_control")?.split(whereSeparator: { $0 == " " || $0 == "\n" }).contains("memory") == true
                guard passed || put("+memory", to: path + "/cgroup.subtree_control") else { continue }
            }
            guard access(path, W_OK) == 0 else { continue }
            return (path, version)
        }
        return nil
    }()

    /// The mount point and mounted root of the memory hierarchy (`cgroup` with the memory
    /// option, or `cgroup2`) in `/proc/self/mountinfo`'s text.
    private static func mountPoint(version: Int, in mounts: String) -> (String, String)? {
        for line in mounts.split(separator: "\n") {
            let halves = line.split(separator: " - ", maxSplits: 1)
            guard halves.count == 2 else { continue }
            let before = halves[0].split(separator: " ")
            let after = halves[1].split(separator: " ")
            guard before.count >= 5, after.count >= 3 else { continue }
            let matches = version == 2
                ? after[0] == "cgroup2"
                : after[0] == "cgroup" && after[2].split(separator: ",").contains("memory")
            if matches { return (String(before[4]), String(before[3])) }
        }
        return nil
    }

    private static func read(_ path: String) -> String? {
        guard let bytes = try? SystemCalls.readFile(path) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    @discardableResult
    private static func put(_ text: String, to path: String) -> Bool {
        #if canImport(Glibc)
        let systemWrite = Glibc.write
        #else
        let systemWrite = Darwin.write
        #endif
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return text.withCString { systemWrite(descriptor, $0, strlen($0)) } == text.utf8.count
    }
}
