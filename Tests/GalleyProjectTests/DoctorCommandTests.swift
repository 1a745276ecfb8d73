// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyOracle
import Testing

/// `galley doctor` finds the optional parts the way a build does, and says what a missing
/// one turns off.
@Suite("galley doctor", .enabled(if: galleyExecutable() != nil, "the galley executable is not built"))
struct DoctorCommandTests {
    @Test func thePythonPackagesOfTheTestVenvAreFoundAndTheirAbsenceIsExplained() throws {
        let folder = try NewCommandTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let venv = Oracle.repository.appendingPathComponent(".build/oracle-venv").path
        let found = try runGalley(["doctor"], in: folder, environment: ["VIRTUAL_ENV": venv])
        let lines = found.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("galley 0.1.0 (commit ") == true)
        #expect(lines.contains { $0.hasPrefix("ok      emoji index (pymdown-extensions): \(venv)/lib/python3") && $0.hasSuffix("/pymdownx") }, "\(found.stdout)")
        #expect(lines.contains { $0.hasPrefix("ok      Material icons (mkdocs-material): \(venv)/lib/python3") }, "\(found.stdout)")
        #expect(lines.contains { $0.hasPrefix("ok      Swift toolchain: ") && $0.contains("Swift version") })
        #expect(lines.contains { $0.hasPrefix("ok      git: ") })
        // No environment, no user folder: the copy Galley's build fetched is found, and said to be it.
        let bundled = try runGalley(["doctor"], in: folder, environment: ["VIRTUAL_ENV": "", "HOME": folder.path, "PATH": "/usr/bin:/bin"])
        #expect(bundled.stdout.split(separator: "\n").contains { $0.hasPrefix("ok      emoji index (pymdown-extensions): ") && $0.hasSuffix("/galley-data/python/pymdownx (the copy this Galley was built with)") }, "\(bundled.stdout)")
        #expect(bundled.stdout.split(separator: "\n").contains { $0.hasPrefix("ok      Material icons (mkdocs-material): ") && $0.hasSuffix("(the copy this Galley was built with)") }, "\(bundled.stdout)")
    }
}
