// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// The unified diff `--fix --dry-run` prints: `a/` and `b/` paths, hunks with three lines of
/// context, and `\ No newline at end of file` where a file ends without one, so that
/// `git apply` and `patch -p1` take it as it is.
package enum LineDiff {
    package static let context = 3

    /// Lines with their `\n` kept, so that a changed final newline is a changed line.
    package static func lines(_ text: String) -> [Substring] {
        var result: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == "\n" || text[index] == "\r\n" {
                result.append(text[start..<next])
                start = next
            }
            index = next
        }
        if start < text.endIndex { result.append(text[start...]) }
        return result
    }

    /// The positions of the lines of `a` that `b` drops and of the lines of `b` that are new.
    private static func changedLines(_ a: [Substring], _ b: [Substring]) -> (removed: Set<Int>, inserted: Set<Int>) {
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in b.difference(from: a) {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        return (removed, inserted)
    }

    /// The runs of changed lines that turn `a` into `b`: the lines of `a` each run replaces,
    /// and the lines of `b` it puts there.
    package static func changedRuns(_ a: [Substring], _ b: [Substring]) -> [(old: Range<Int>, new: [Substring])] {
        let (removed, inserted) = changedLines(a, b)
        var runs: [(old: Range<Int>, new: [Substring])] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            guard removed.contains(i) || inserted.contains(j) else { i += 1; j += 1; continue }
            let start = i
            var added: [Substring] = []
            while (i < a.count && removed.contains(i)) || (j < b.count && inserted.contains(j)) {
                if i < a.count, removed.contains(i) { i += 1 } else { added.append(b[j]); j += 1 }
            }
            runs.append((start..<i, added))
        }
        return runs
    }

    private enum Operation {
        case same(Int, Int), remove(Int), insert(Int)
    }

    package static func unified(old: String, new: String, name: String) -> String {
        let path = name.hasPrefix("./") ? String(name.dropFirst(2)) : name
        let body = hunks(old: old, new: new)
        return body.isEmpty ? "" : "--- a/\(path)\n+++ b/\(path)\n" + body
    }

    /// The hunks alone, without the file names: what the terminal shows under an `expect`
    /// block whose output drifted.
    package static func hunks(old: String, new: String) -> String {
        let a = lines(old), b = lines(new)
        let (removed, inserted) = changedLines(a, b)
        guard !removed.isEmpty || !inserted.isEmpty else { return "" }
        // The edit script, removals before insertions within a change.
        var operations: [Operation] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, removed.contains(i) {
                operations.append(.remove(i)); i += 1
            } else if j < b.count, inserted.contains(j) {
                operations.append(.insert(j)); j += 1
            } else {
                operations.append(.same(i, j)); i += 1; j += 1
            }
        }
        var output = ""
        func line(_ prefix: String, _ text: Substring) -> String {
            // `\r\n` is one Character to Swift, so the last scalar is what tells.
            text.unicodeScalars.last == "\n" ? prefix + text : prefix + text + "\n\\ No newline at end of file\n"
        }
        // Hunks: each change with up to three unchanged lines around it, joined when close.
        var index = 0
        while index < operations.count {
            guard let firstChange = operations[index...].firstIndex(where: { if case .same = $0 { false } else { true } }) else { break }
            let start = max(firstChange - context, index)
            var end = firstChange
            var sameRun = 0
            var cursor = firstChange
            while cursor < operations.count {
                if case .same = operations[cursor] {
                    sameRun += 1
                    if sameRun > 2 * context { break }
                } else {
                    sameRun = 0
                    end = cursor
                }
                cursor += 1
            }
            let stop = min(end + context + 1, operations.count)
            var oldStart = 0, newStart = 0, oldCount = 0, newCount = 0
            var body = ""
            for operation in operations[start..<stop] {
                switch operation {
                case .same(let x, let y):
                    if oldCount == 0 && newCount == 0 { oldStart = x + 1; newStart = y + 1 }
                    oldCount += 1; newCount += 1
                    body += line(" ", a[x])
                case .remove(let x):
                    if oldCount == 0 && newCount == 0 { oldStart = x + 1; newStart = Self.newPosition(operations, before: start) + 1 }
                    oldCount += 1
                    body += line("-", a[x])
                case .insert(let y):
                    if oldCount == 0 && newCount == 0 { newStart = y + 1; oldStart = Self.oldPosition(operations, before: start) + 1 }
                    newCount += 1
                    body += line("+", b[y])
                }
            }
            // An empty side starts at the line before it, as diff writes it.
            if oldCount == 0 { oldStart -= 1 }
            if newCount == 0 { newStart -= 1 }
            output += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n" + body
            index = stop
        }
        return output
    }

    /// How many old lines come before operation `position`.
    private static func oldPosition(_ operations: [Operation], before position: Int) -> Int {
        operations[..<position].reduce(0) { count, operation in
            if case .insert = operation { return count }
            return count + 1
        }
    }

    /// How many new lines come before operation `position`.
    private static func newPosition(_ operations: [Operation], before position: Int) -> Int {
        operations[..<position].reduce(0) { count, operation in
            if case .remove = operation { return count }
            return count + 1
        }
    }
}
