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

    /// Where a program's code lives.
    enum Layout {
        /// The whole program in `main.swift`: declarations, the scope function, and the
        /// top-level code that calls it.
        case mainFile
        /// One file of a module shared with other pages' programs: declarations made
        /// `fileprivate` so pages cannot clash or see each other, and the statements in a
        /// function named `entry` that the module's `main.swift` calls.
        case sharedModule(entry: String)
    }

    /// Text the shared-module layout inserted before a declaration, which moves the rest of
    /// that line to the right in the compiler's view.
    struct ColumnShift: Sendable, Equatable {
        /// The Markdown line and column the text was inserted at.
        var line: Int
        var column: Int
        var width: Int

        /// `message` with its column as the Markdown has it.
        static func unshift(_ message: CompilerMessage, by shifts: [ColumnShift]) -> CompilerMessage {
            var message = message
            let original = message.column
            for shift in shifts where shift.line == message.line && message.column >= shift.column + shift.width {
                message.column -= shift.width
            }
            guard message.column != original else { return message }
            // The header line, which a later parse reads the column from, says so too.
            let rest = message.text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first.map { "\n" + $0 } ?? ""
            message.text = "\(message.file):\(message.line):\(message.column): \(message.severity): \(message.message)" + rest
            return message
        }
    }

    func text(for snippets: [Snippet], role: (Snippet) -> Role) -> String {
        render(snippets, role: role, layout: .mainFile).text
    }

    func render(_ snippets: [Snippet], role: (Snippet) -> Role, layout: Layout) -> (text: String, shifts: [ColumnShift]) {
        var declarations = ""
        var statements = ""
        var shifts: [ColumnShift] = []
        for snippet in snippets {
            let blockRole = role(snippet)
            if case .excluded = blockRole { continue }
            let pieces = Self.split(snippet)
            for var piece in pieces.declarations {
                if case .sharedModule = layout, let insertion = piece.accessInsertion {
                    let text = Array(piece.text.utf8)
                    piece.text = String(decoding: text[..<insertion.offset], as: UTF8.self) + Self.fileScopeAccess + String(decoding: text[insertion.offset...], as: UTF8.self)
                    // Every line of the block keeps its column, shifted by the fence's indent.
                    shifts.append(ColumnShift(line: snippet.line + insertion.line - 1, column: snippet.column - 1 + insertion.column, width: Self.fileScopeAccess.count))
                }
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
        switch layout {
        case .mainFile:
            program += "\n@MainActor func __galleyScope() async throws {\n"
            program += statements
            program += "}\n\n__galleyStart()\ntry await __galleyScope()\n"
        case .sharedModule(let entry):
            program += "\n@MainActor func \(entry)() async throws {\n"
            program += statements
            program += "}\n"
        }
        return (program, shifts)
    }

    /// The `main.swift` of a shared module: runs the page program its first argument names.
    static func dispatcher(entries: [String]) -> String {
        var text = "import GalleySnippetHost\n\n__galleyStart()\nswitch CommandLine.arguments.dropFirst().first ?? \"\" {\n"
        for entry in entries {
            text += "case \"\(entry)\": try await \(entry)()\n"
        }
        text += "default: fatalError(\"no page program named \\(CommandLine.arguments.dropFirst().first ?? \"\")\")\n}\n"
        return text
    }

    static let fileScopeAccess = "fileprivate "

    /// One top-level item with where it starts in the block's code (from 1).
    struct Piece {
        var text: String
        var line: Int
        var column: Int
        /// For a declaration without an access level that can take one: where `fileprivate`
        /// goes: a UTF-8 offset into `text`, and the line and column in the block's code.
        var accessInsertion: (offset: Int, line: Int, column: Int)?
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
            var piece = Piece(text: item.trimmedDescription, line: location.line, column: location.column)
            if case .decl(let declaration) = item.item, hoists(declaration) {
                if let position = accessInsertionPoint(declaration) {
                    let offset = position.utf8Offset - start.utf8Offset
                    let inserted = converter.location(for: position)
                    piece.accessInsertion = (offset, inserted.line, inserted.column)
                }
                declarations.append(piece)
            } else {
                statements.append(piece)
            }
        }
        return (declarations, statements)
    }

    private static let accessLevels: Set<String> = ["private", "fileprivate", "internal", "public", "open", "package"]

    /// Where `fileprivate` can be inserted: before the declaration's modifiers or keyword,
    /// after its attributes. Nil for imports, operators and the like, for extensions that
    /// declare conformances (which take no access level) and for declarations that already
    /// have one.
    private static func accessInsertionPoint(_ declaration: DeclSyntax) -> AbsolutePosition? {
        if declaration.is(ImportDeclSyntax.self) { return nil }
        if let extensionDecl = declaration.as(ExtensionDeclSyntax.self), extensionDecl.inheritanceClause != nil { return nil }
        guard let withModifiers = declaration.asProtocol((any WithModifiersSyntax).self) else { return nil }
        if withModifiers.modifiers.contains(where: { accessLevels.contains($0.name.text) }) { return nil }
        if let first = withModifiers.modifiers.first { return first.positionAfterSkippingLeadingTrivia }
        guard let attributed = declaration.asProtocol((any WithAttributesSyntax).self), let last = attributed.attributes.last else {
            return declaration.positionAfterSkippingLeadingTrivia
        }
        return last.nextToken(viewMode: .sourceAccurate)?.positionAfterSkippingLeadingTrivia
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
