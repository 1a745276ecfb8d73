import Foundation
import GalleyDiagnostics

/// Runs page programs under bubblewrap (`galley.snippets.sandbox`): in a network namespace
/// of their own (no network, not even the host's loopback), with the whole file system
/// read-only, a private `/tmp`, and a fresh scratch folder as working directory and `HOME`.
/// The program's process group still leads back to galley, so time-outs and Ctrl-C end it.
struct SnippetSandbox: Sendable {
    /// The `bwrap` executable.
    var executable: String
    /// Folders shown read-only again over the private `/tmp`: the project, the programs and
    /// their library may live under `/tmp`.
    var visible: [String] = []

    /// Finds `bwrap` and checks that it can make a sandbox here (a container may forbid the
    /// namespaces it needs); the error names the config line.
    static func prepare(configLine: Int, visible: [String]) throws(DiagnosticError) -> SnippetSandbox {
        let location = SourceLocation(file: "mkdocs.yml", line: configLine)
        guard let directory = SwiftToolchain.directory(holding: "bwrap", besides: ["/usr/bin", "/bin"]) else {
            throw DiagnosticError(at: location, "`galley.snippets.sandbox: true` runs snippets under bubblewrap, but `bwrap` is not on PATH (Debian: `apt-get install bubblewrap`)", code: "snippets.sandbox")
        }
        let sandbox = SnippetSandbox(executable: directory + "/bwrap", visible: visible)
        let probe = try? ProcessRunner(executable: sandbox.executable, arguments: sandbox.arguments(scratch: "/tmp") + ["/bin/true"], timeout: 10).run()
        guard probe?.ending == .exited(0) else {
            throw DiagnosticError(at: location, "`galley.snippets.sandbox: true`, but bubblewrap cannot make a sandbox on this machine: \(probe?.output.trimmingCharacters(in: .whitespacesAndNewlines) ?? "it could not be started")", code: "snippets.sandbox")
        }
        return sandbox
    }

    /// `bwrap`'s options for a program that works in `scratch`; the program and its
    /// arguments follow.
    func arguments(scratch: String) -> [String] {
        var arguments = [
            "--ro-bind", "/", "/",
            "--dev", "/dev",
            "--proc", "/proc",
            "--tmpfs", "/tmp",
        ]
        for folder in visible where FileManager.default.fileExists(atPath: folder) {
            arguments += ["--ro-bind", folder, folder]
        }
        return arguments + [
            "--bind", scratch, scratch,
            "--chdir", scratch,
            "--setenv", "HOME", scratch,
            "--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts",
            "--die-with-parent",
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
            return "the sandbox keeps every file read-only except the program's working directory (its HOME) and /tmp"
        }
        if output.contains("Network is unreachable") || output.contains("Cannot assign requested address") || output.contains("Connection refused") {
            return "the sandbox has no network"
        }
        return nil
    }
}
