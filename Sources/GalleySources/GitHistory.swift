// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// When each file of a folder was first and last committed, from one `git log` over the whole
/// folder: a site's dates cost one process, however many pages it has.
package enum GitHistory {
    /// A file's first and last commit times (author time, seconds since 1970).
    package struct FileDates: Sendable, Equatable {
        package var created: Int
        package var updated: Int

        package init(created: Int, updated: Int) {
            self.created = created
            self.updated = updated
        }
    }

    /// Each file under `directory` that has commits, by its path relative to `directory`;
    /// `nil` outside a work tree or without git. Renames are not followed.
    package static func fileDates(under directory: String) -> [String: FileDates]? {
        guard LinkStubPolicy.isInWorkTree(directory) else { return nil }
        // Newest commit first; each commit is "\u{1}<time>" and then the files it touched.
        guard let data = GitIndex.run(["log", "--format=%x01%at", "--name-only", "--no-renames", "--relative", "-z", "--", "."], in: directory) else { return nil }
        var dates: [String: FileDates] = [:]
        var time = 0
        for field in data.split(separator: 0, omittingEmptySubsequences: true) {
            var text = Substring(String(decoding: field, as: UTF8.self))
            // With -z the commit line and the first file name share a field: "\u{1}time\n\nname".
            while let start = text.firstIndex(of: "\u{1}") {
                let rest = text[text.index(after: start)...]
                let digits = rest.prefix { $0.isNumber }
                time = Int(digits) ?? time
                text = rest.dropFirst(digits.count).drop { $0 == "\n" }
            }
            let name = text.trimmingCharacters(in: .newlines)
            guard !name.isEmpty else { continue }
            if var known = dates[name] {
                known.created = time
                dates[name] = known
            } else {
                dates[name] = FileDates(created: time, updated: time)
            }
        }
        return dates
    }
}
