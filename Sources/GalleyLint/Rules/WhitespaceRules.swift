// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
extension Rule {
    static let whitespaceRules: [Rule] = [
        Rule("MD009", "Trailing spaces", tags: ["whitespace"], aliases: ["no-trailing-spaces"], defaults: ["br_spaces": .integer(0)]) { document, parameters in
            let allowed = parameters.integer("br_spaces")
            return document.matchingLines { line in
                guard line.last?.isRubySpace == true else { return false }
                if allowed > 1 {
                    let trailing = line.reversed().prefix { $0.isRubySpace }.count
                    // `\S\s{n}$`: exactly n trailing, after text, is a deliberate line break.
                    if trailing >= allowed, line.count > allowed, !Array(line)[line.count - allowed - 1].isRubySpace { return false }
                }
                return true
            }
        },
        Rule("MD010", "Hard tabs", tags: ["whitespace", "hard_tab"], aliases: ["no-hard-tabs"], defaults: ["ignore_code_blocks": .boolean(false)]) { document, parameters in
            let tabs = document.matchingLines { $0.utf8.contains(0x09) }
            guard parameters.boolean("ignore_code_blocks") else { return tabs }
            let code = document.codeBlockLines()
            return tabs.filter { !code.contains($0) }
        },
        Rule("MD012", "Multiple consecutive blank lines", tags: ["whitespace", "blank_lines"], aliases: ["no-multiple-blanks"]) { document, _ in
            let blanks = document.matchingLines { $0.utf8.allSatisfy { RubyBytes.isSpace($0) && $0 != 0x0A } }
            let code = document.codeBlockLines()
            return zip(blanks, blanks.dropFirst()).filter { $1 - $0 == 1 }.map(\.1).filter { !code.contains($0) }
        },
        Rule("MD013", "Line length", tags: ["line_length"], aliases: ["line-length"],
             defaults: ["line_length": .integer(80), "ignore_code_blocks": .boolean(false), "code_blocks": .boolean(true), "tables": .boolean(true)]) { document, parameters in
            let limit = parameters.integer("line_length")
            var long = document.matchingLines { line in
                // `^.{N}.*\s`: whitespace somewhere past the first N characters, where Ruby's
                // `.` is one code point (a combining accent or an emoji's parts count apart).
                guard line.utf8.count > limit else { return false }
                var position = 0
                for scalar in line.unicodeScalars {
                    if position >= limit, scalar.isASCII, RubyBytes.isSpace(UInt8(scalar.value)) { return true }
                    position += 1
                }
                return false
            }
            if !parameters.boolean("code_blocks") || parameters.boolean("ignore_code_blocks") {
                let code = document.codeBlockLines()
                long.removeAll { code.contains($0) }
            }
            if !parameters.boolean("tables") {
                var tableLines = Set<Int>()
                // mdl takes the tables among the document's top-level elements only: a table
                // inside a list item is checked like any other line.
                for table in document.tree.all(.table, nested: false) {
                    tableLines.formUnion(document.tree.nodes[table].line...document.tree.nodes[table].endLine)
                }
                long.removeAll { tableLines.contains($0) }
            }
            return long
        },
        Rule("MD027", "Multiple spaces after blockquote symbol", tags: ["blockquote", "whitespace", "indentation"], aliases: ["no-multiple-space-blockquote"]) { document, _ in
            var errors: [Int] = []
            for quote in document.tree.all(.blockquote) {
                var number = document.tree.nodes[quote].line
                for line in document.extractedText(quote, removing: Self.quotePrefix) {
                    if line.hasPrefix(" ") { errors.append(number) }
                    number += 1
                }
            }
            return errors
        },
        Rule("MD028", "Blank line inside blockquote", tags: ["blockquote", "whitespace"], aliases: ["no-blanks-blockquote"]) { document, _ in
            var errors: [Int] = []
            // A quote, a blank, a quote among siblings: the line before the second quote.
            func check(_ siblings: [Int]) {
                var previous: [LintTree.Kind?] = [nil, nil]
                for sibling in siblings {
                    let kind = document.tree.nodes[sibling].kind
                    if previous == [.blockquote, .blank], kind == .blockquote { errors.append(document.tree.nodes[sibling].line - 1) }
                    previous = [previous[1], kind]
                    check(document.tree.nodes[sibling].children)
                }
            }
            check(document.tree.roots)
            return errors
        },
        Rule("MD031", "Fenced code blocks should be surrounded by blank lines", tags: ["code", "blank_lines"], aliases: ["blanks-around-fences"]) { document, _ in
            let lines = [""] + document.source.structureLines + [""]
            var fence = FenceTracker()
            var errors: [Int] = []
            for number in lines.indices where fence.toggles(strippedBytes(lines[number])) {
                let before = lines[number - 1].isEmpty || document.source.containerLines.contains(number - 1)
                if fence.inCode ? !before : (number + 1 < lines.count && !lines[number + 1].isEmpty) {
                    errors.append(number)
                }
            }
            return errors
        },
        Rule("MD047", "File should end with a single newline character", tags: ["blank_lines"], aliases: ["single-trailing-newline"]) { document, _ in
            guard let last = document.lines.last, !last.isEmpty else { return [] }
            return [document.lines.count]
        },
    ]

    /// `^\s*> `: a quote's marker, as MD027 takes it off the quote's first line.
    static func quotePrefix(_ line: Substring) -> Substring {
        let rest = line.drop { $0.isRubySpace }
        return rest.hasPrefix("> ") ? rest.dropFirst(2) : line
    }
}
