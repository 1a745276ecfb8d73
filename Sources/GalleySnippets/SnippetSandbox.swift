// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyDiagnostics
import GalleyFileSystem

/// Runs page programs under bubblewrap (`galley.snippets.sandbox`).
///
/// The threat model: a page's code is untrusted (a contributor's pull request, a pasted
/// sample), and galley may run as root (CI usually does). Inside the sandbox the program
///
/// - runs in a user namespace of its own with every capability dropped, no new privileges
///   (set-uid files do nothing) and no further user namespaces, so it can neither remount
///   nor unmount what it sees, nor gain root's powers back;
/// - sees only what it needs: the system's programs and libraries (`/usr` and the folders
///   that lead to it), a few files of `/etc` the loader and the C library read, the Swift
///   toolchain's libraries, the project, and the built programs — all read-only. Nothing
///   else of the machine exists there: no home folders, no `/etc/shadow`, no `/run` or
///   `/var` with their sockets (`docker.sock`, D-Bus);
/// - has no network (a network namespace of its own, which also hides the host's abstract
///   Unix sockets), its own process, IPC and host-name namespaces, and a session of its own
///   (no terminal to push keystrokes into);
/// - writes only to a private `/tmp`, whose size is the page's memory limit; its working
///   directory and `HOME` are in there;
/// - gets only `PATH`, `HOME`, `LANG` and the configured variables of galley's environment,
///   unless `clean_environment: false` says otherwise;
/// - is held, with everything it starts, to the page's memory limit where the machine has a
///   writable memory control group (``MemoryGroup``); elsewhere the limit holds per process,
///   which the build says.
///
/// The program's process group still leads back to galley, so time-outs and Ctrl-C end it,
/// and bubblewrap ends every process in the sandbox when the program ends.
package struct SnippetSandbox: Sendable {
    /// The `bwrap` executable.
    var executable: String
    /// Folders shown read-only at their own paths: the project, the programs, their
    /// library and the toolchain's libraries.
    var visible: [String] = []

    /// Where the program works inside the sandbox, and its `HOME`.
    static let workingDirectory = "/tmp/work"

    /// Finds `bwrap` and checks that it can make a sandbox here (a container may forbid the
    /// namespaces it needs); the error names the config line.
    static func prepare(configLine: Int, visible: [String]) throws(DiagnosticError) -> SnippetSandbox {
        let location = SourceLocation(file: "mkdocs.yml", line: configLine)
        guard let directory = SwiftToolchain.directory(holding: "bwrap", besides: ["/usr/bin", "/bin"]) else {
            throw DiagnosticError(at: location, "`galley.snippets.sandbox: true` runs snippets under bubblewrap, but `bwrap` is not on PATH (Debian: `apt-get install bubblewrap`)", code: SnippetCodes.sandbox)
        }
        let sandbox = SnippetSandbox(executable: directory + "/bwrap", visible: visible)
        let probe = try? ProcessRunner(executable: sandbox.executable, arguments: sandbox.arguments(temporaryBytes: 1 << 20) + ["/bin/true"], timeout: 10).run()
        guard probe?.ending == .exited(0) else {
            throw DiagnosticError(at: location, "`galley.snippets.sandbox: true`, but bubblewrap cannot make a sandbox on this machine: \(probe?.output.trimmingCharacters(in: .whitespacesAndNewlines) ?? "it could not be started")", code: SnippetCodes.sandbox)
        }
        return sandbox
    }

    /// Whether snippets can run sandboxed here: `nil` when they can, else why not.
    package static func unavailability() -> String? {
        do {
            _ = try prepare(configLine: 0, visible: [])
            return nil
        } catch {
            return error.diagnostics.first?.message
        }
    }

    /// The system folders a program needs: `/usr`, and the top-level folders that are
    /// links into it on a merged-`/usr` system (or folders of their own elsewhere).
    static let systemFolders = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"]

    /// The files of `/etc` that the loader, the C library and Foundation read; the rest of
    /// `/etc` (`shadow`, keys, credentials) is not there.
    static let systemFiles = [
        "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime", "/etc/timezone",
        "/etc/nsswitch.conf", "/etc/passwd", "/etc/group", "/etc/hosts", "/etc/alternatives",
    ]

    /// `bwrap`'s options for a program whose private `/tmp` may hold `temporaryBytes`; the
    /// program and its arguments follow.
    func arguments(temporaryBytes: Int) -> [String] {
        var arguments: [String] = []
        for path in Self.systemFolders + Self.systemFiles {
            switch SystemCalls.linkKind(path) {
            case .link?:
                guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else { continue }
                arguments += ["--symlink", target, path]
            case nil: continue
            default: arguments += ["--ro-bind", path, path]
            }
        }
        arguments += [
            "--dev", "/dev",
            "--proc", "/proc",
            "--size", String(temporaryBytes), "--tmpfs", "/tmp",
        ]
        var shown = Set<String>()
        for folder in visible.sorted() where FileManager.default.fileExists(atPath: folder) {
            // A folder inside one already shown is shown with it.
            guard !shown.contains(where: { folder == $0 || folder.hasPrefix($0 + "/") }) else { continue }
            shown.insert(folder)
            arguments += ["--ro-bind", folder, folder]
        }
        return arguments + [
            "--dir", Self.workingDirectory,
            "--chdir", Self.workingDirectory,
            "--setenv", "HOME", Self.workingDirectory,
            "--unshare-user", "--disable-userns", "--cap-drop", "ALL",
            "--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
            "--new-session", "--die-with-parent",
            "--",
        ]
    }

    /// bubblewrap reports a program killed by signal N as exit status 128 + N.
    static func ending(_ ending: ProcessRunner.Outcome.Ending) -> ProcessRunner.Outcome.Ending {
        if case .exited(let status) = ending, status > 128, status <= 128 + 64 { return .signalled(status - 128) }
        return ending
    }

    /// A sentence saying what the sandbox forbade, when the output shows the program ran
    /// into it.
    static func hint(for output: String) -> String? {
        if output.contains("Read-only file system") {
            return "the sandbox keeps every file read-only except its private /tmp, which holds the program's working directory and HOME"
        }
        if output.contains("Network is unreachable") || output.contains("Cannot assign requested address") || output.contains("Connection refused") {
            return "the sandbox has no network"
        }
        return nil
    }
}
