// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import PackagePlugin

/// Writes `BuildInfo.swift` for the `galley` executable: the commit its source was built
/// from, so that `galley --version` names it. The command reruns when git's `HEAD`, or the
/// branch it names, moves.
@main
struct GalleyBuildInfo: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let tool = try context.tool(named: "GalleyBuildInfoTool")
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildInfo.swift")
        let gitDirectory = context.package.directoryURL.appending(path: ".git")
        var inputs = [gitDirectory.appending(path: "HEAD"), gitDirectory.appending(path: "packed-refs")]
        if let head = try? String(contentsOf: gitDirectory.appending(path: "HEAD"), encoding: .utf8), head.hasPrefix("ref: ") {
            inputs.append(gitDirectory.appending(path: head.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        return [.buildCommand(
            displayName: "Recording the commit galley is built from",
            executable: tool.url,
            arguments: [gitDirectory.path, output.path],
            inputFiles: inputs.filter { FileManager.default.fileExists(atPath: $0.path) },
            outputFiles: [output]
        )]
    }
}
