// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
extension Rule {
    static let codeRules: [Rule] = [
        Rule("MD014", "Dollar signs used before commands without showing output", tags: ["code"], aliases: ["commands-show-output"]) { document, _ in
            document.tree.all(.codeBlock).filter { index in
                let value = document.tree.nodes[index].value
                guard !value.isEmpty else { return false }
                // Ruby's `split(/\n+/)`: runs of newlines split once, and a leading empty
                // line stays when something follows it.
                var lines = value.split(separator: "\n")
                if value.hasPrefix("\n"), !lines.isEmpty { lines.insert("", at: 0) }
                return lines.allSatisfy { $0.hasPrefix("$") && $0.dropFirst().first?.isRubySpace == true }
            }.map { document.tree.nodes[$0].line }
        },
        Rule("MD040", "Fenced code blocks should have a language specified", tags: ["code", "language"], aliases: ["fenced-code-language"]) { document, _ in
            document.tree.all(.codeBlock).filter { index in
                let node = document.tree.nodes[index]
                return node.info.split(separator: " ").first.map { $0.isEmpty } ?? true && !document.elementLine(index).hasPrefix("    ")
            }.map { document.tree.nodes[$0].line }
        },
        Rule("MD046", "Code block style", tags: ["code"], aliases: ["code-block-style"], defaults: ["style": .symbol("fenced")]) { document, parameters in
            // A string is neither `:consistent` nor `:fenced`: mdl takes its `else` branch,
            // which wants indented blocks.
            var style = parameters.symbol("style") ?? "indented"
            return document.tree.all(.codeBlock).filter { index in
                let line = document.elementLine(index)
                if style == "consistent" { style = line.hasPrefix("    ") ? "indented" : "fenced" }
                if style == "fenced" {
                    var ignored = 0
                    if let parent = document.tree.nodes[index].parent, document.tree.nodes[parent].kind == .item {
                        ignored = LintDocument.indent(of: document.elementLine(parent)) + 4
                    }
                    return line.hasPrefix(String(repeating: " ", count: ignored + 4))
                }
                return !line.hasPrefix("    ")
            }.map { document.tree.nodes[$0].line }
        },
    ]
}
