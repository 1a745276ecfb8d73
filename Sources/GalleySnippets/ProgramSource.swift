// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import SwiftParser
import SwiftSyntax

/// The Swift program of one scope: its blocks, joined in reading order, as the top-level
/// code of a `main.swift`, so they mean exactly what the same text means in an executable
/// compiled by `swiftc` (globals, top-level `await`, `#if`, declarations used before they
/// appear). Each block is preceded by `#sourceLocation` and keeps its Markdown columns, so
/// the compiler and run-time traps name the page's lines and columns.
///
/// Between blocks stands one call that marks the block in the output. `compile` and `crash`
/// blocks keep their declarations at file scope and put their statements behind a condition
/// that is false in the normal run.
struct ProgramSource {
    /// The page, as diagnostics should name it.
    var file: String
    var imports: [String]

    /// How each block takes part in this program.
    enum Role {
        /// Runs in order, as written.
        case run
        /// Statements type-check but never run.
        case compileOnly
        /// Statements run only in the run that lets this crash block trap.
        case crash
        /// Left out.
        case excluded
    }

    /// The lines before the first block, which the compiler sees outside the page.
    var prologue: String {
        var text = "import GalleySnippetHost\n"
        for module in imports { text += "import \(module)\n" }
        return text + "__galleyStart()\n"
    }

    func text(for snippets: [Snippet], role: (Snippet) -> Role) -> String {
        var program = prologue
        for snippet in snippets {
            let blockRole = role(snippet)
            if case .excluded = blockRole { continue }
            program += "__galleyBlock(\(snippet.index))\n"
            switch blockRole {
            case .run, .excluded:
                program += located(snippet.code, line: 1, column: 1, snippet: snippet)
            case .compileOnly, .crash:
                let condition = blockRole == .crash ? "__galleyCrashTarget(\(snippet.index))" : "__galleyNever()"
                let pieces = Self.split(snippet)
                for piece in pieces.declarations {
                    program += located(piece.text, line: piece.line, column: piece.column, snippet: snippet)
                }
                guard !pieces.statements.isEmpty else { continue }
                program += "if \(condition) {\n"
                for piece in pieces.statements {
                    program += located(piece.text, line: piece.line, column: piece.column, snippet: snippet)
                }
                program += "}\n"
            }
        }
        return program
    }

    /// One top-level item with where it starts in the block's code (from 1).
    struct Piece {
        var text: String
        var line: Int
        var column: Int
    }

    /// A block's top-level items: declarations that stay at file scope (types, functions,
    /// extensions, imports, operators), and everything else, `let` and `var` included, which
    /// a `compile` or `crash` block keeps behind its condition.
    static func split(_ snippet: Snippet) -> (declarations: [Piece], statements: [Piece]) {
        let tree = Parser.parse(source: snippet.code)
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        var declarations: [Piece] = []
        var statements: [Piece] = []
        for item in tree.statements {
            let location = converter.location(for: item.positionAfterSkippingLeadingTrivia)
            let piece = Piece(text: item.trimmedDescription, line: location.line, column: location.column)
            if case .decl(let declaration) = item.item, staysAtFileScope(declaration) {
                declarations.append(piece)
            } else {
                statements.append(piece)
            }
        }
        return (declarations, statements)
    }

    private static func staysAtFileScope(_ declaration: DeclSyntax) -> Bool {
        if let conditional = declaration.as(IfConfigDeclSyntax.self) {
            // `#if canImport(UIKit)` around an import and a type (platform code shared with
            // an app) stays at file scope, as declarations must; an `#if` that holds
            // statements runs where it is written.
            return conditional.clauses.allSatisfy { clause in
                guard let elements = clause.elements else { return true }
                guard case .statements(let items) = elements else { return false }
                return items.allSatisfy { item in
                    if case .decl(let inner) = item.item { return staysAtFileScope(inner) }
                    return false
                }
            }
        }
        return !(declaration.is(VariableDeclSyntax.self) || declaration.is(MacroExpansionDeclSyntax.self))
    }

    /// `text` placed at its Markdown line and column: the directive names the line, and
    /// spaces restore the column. `line` and `column` are where `text` starts in the block's
    /// code; its later lines keep their own indent, plus the fence's, which the Markdown
    /// took off.
    private func located(_ text: String, line: Int, column: Int, snippet: Snippet) -> String {
        let markdownLine = snippet.line + line - 1
        let indent = String(repeating: " ", count: snippet.column - 1 + column - 1)
        let fenceIndent = String(repeating: " ", count: snippet.column - 1)
        var body = ""
        for (offset, text) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if offset > 0 { body += "\n" }
            if text.isEmpty { continue }
            body += (offset == 0 ? indent : fenceIndent) + text
        }
        if !body.hasSuffix("\n") { body += "\n" }
        let quoted = file.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "#sourceLocation(file: \"\(quoted)\", line: \(markdownLine))\n\(body)#sourceLocation()\n"
    }
}
