// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The real renderers the parity tests compare with: a script of `Tests/Oracle` run by the
/// Python of the venv `make test` sets up (`.build/oracle-venv`), JSON in and JSON out.
package enum Oracle {
    package static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    package static let python = repository.appendingPathComponent(".build/oracle-venv/bin/python").path

    package struct Missing: Error, CustomStringConvertible {
        package init() {}

        package var description: String {
            "the parity tests need Python-Markdown, pymdown-extensions and Pygments in .build/oracle-venv; `make oracle-venv` installs them"
        }
    }

    /// `requests` encoded as JSON to the standard input of `Tests/Oracle/<script>`, and its
    /// standard output decoded as `Response`.
    package static func run<Request: Encodable, Response: Decodable>(_ script: String, _ requests: Request, as _: Response.Type) throws -> Response {
        guard FileManager.default.isExecutableFile(atPath: python) else { throw Missing() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [repository.appendingPathComponent("Tests/Oracle/" + script).path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let request = try JSONEncoder().encode(requests)
        // Written from a thread of its own, so neither pipe can fill up and stall the other.
        let writer = Thread { input.fileHandleForWriting.write(request); try? input.fileHandleForWriting.close() }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode(Response.self, from: data)
    }
}
