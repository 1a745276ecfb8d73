import SwiftParser
import SwiftSyntax

/// The Swift program of one scope: its blocks' declarations hoisted to file scope, their
/// statements in order inside one main-actor async function, each piece preceded by
/// `#sourceLocation` so the compiler and run-time traps name the Markdown's lines and
/// columns.
struct ProgramSource {
    /// The module name snippets compile in; traps print it before the file name.
    static let moduleName = "GalleySnippet"

    /// The page, as diagnostics should name it.
    var file: String
    var imports: [String]

    /// How each block takes part in this program.
    enum Role {
        /// Statements run in order.
        case run
        /// Statements type-check but never run.
        case compileOnly
        /// Statements run only in the run that lets this crash block trap.
        case crash
        /// Left out.
        case excluded
    }

    func text(for snippets: [Snippet], role: (Snippet) -> Role) -> String {
        var declarations = ""
        var statements = ""
        for snippet in snippets {
            let blockRole = role(snippet)
            if case .excluded = blockRole { continue }
            let pieces = Self.split(snippet)
            for piece in pieces.declarations {
                declarations += located(piece, snippet: snippet)
            }
            statements += "    __galleyBlock(\(snippet.index))\n"
            guard !pieces.statements.isEmpty else { continue }
            switch blockRole {
            case .run, .excluded:
                for piece in pieces.statements { statements += located(piece, snippet: snippet) }
            case .compileOnly, .crash:
                let condition = blockRole == .crash ? "__galleyCrashTarget(\(snippet.index))" : "__galleyNever()"
                statements += "    if \(condition) {\n"
                for piece in pieces.statements { statements += located(piece, snippet: snippet) }
                statements += "    }\n"
            }
        }
        var program = "import GalleySnippetHost\n"
        for module in imports { program += "import \(module)\n" }
        program += declarations
        program += "\n@MainActor func __galleyScope() async throws {\n"
        program += statements
        program += "}\n\n__galleyStart()\ntry await __galleyScope()\n"
        return program
    }

    /// One top-level item with where it starts in the block's code (from 1).
    struct Piece {
        var text: String
        var line: Int
        var column: Int
    }

    /// A block's top-level items: type, function, extension and import declarations to
    /// hoist, and everything else (including `let` and `var`) to run in order.
    static func split(_ snippet: Snippet) -> (declarations: [Piece], statements: [Piece]) {
        let tree = Parser.parse(source: snippet.code)
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        var declarations: [Piece] = []
        var statements: [Piece] = []
        for item in tree.statements {
            let start = item.positionAfterSkippingLeadingTrivia
            let location = converter.location(for: start)
            let piece = Piece(text: item.trimmedDescription, line: location.line, column: location.column)
            if case .decl(let declaration) = item.item, hoists(declaration) {
                declarations.append(piece)
            } else {
                statements.append(piece)
            }
        }
        return (declarations, statements)
    }

    private static func hoists(_ declaration: DeclSyntax) -> Bool {
        !(declaration.is(VariableDeclSyntax.self) || declaration.is(IfConfigDeclSyntax.self) || declaration.is(MacroExpansionDeclSyntax.self))
    }

    /// `piece` placed at its Markdown line and column: the directive names the line, and
    /// spaces before the text restore the column (the fence's indent plus the item's own).
    private func located(_ piece: Piece, snippet: Snippet) -> String {
        let line = snippet.line + piece.line - 1
        let indent = String(repeating: " ", count: snippet.column - 1 + piece.column - 1)
        // Later lines of a multi-line item keep their place relative to the first line; the
        // fence's indent was removed from them in the Markdown, so it is put back.
        let fenceIndent = String(repeating: " ", count: snippet.column - 1)
        let body = piece.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { offset, text in
            offset == 0 ? indent + text : (text.isEmpty ? "" : fenceIndent + text)
        }.joined(separator: "\n")
        return "#sourceLocation(file: \"\(file)\", line: \(line))\n\(body)\n#sourceLocation()\n"
    }
}
