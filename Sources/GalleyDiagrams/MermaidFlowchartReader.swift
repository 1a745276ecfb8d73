// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Reads Mermaid's `flowchart` (or `graph`) language into a ``Flowchart``.
///
/// Written here for the reason ``MermaidSequenceReader`` is: Mermaid is a JavaScript library.
/// What is read: the direction; nodes with Mermaid's fourteen bracket shapes, quoted text,
/// `<br>` and `#quot;`-style entities; chains of lines (`-->`, `---`, `-.->`, `==>`, `~~~`,
/// with `o`/`x`/`<` ends, longer forms, and `|text|` or `-- text -->` labels) with `&`;
/// `subgraph`/`end`; `classDef`, `class`, `:::`, `style`; `click` links; `accTitle`,
/// `accDescr`; `%%` comments. Statements Galley reads but does not draw (`linkStyle`, a
/// subgraph's own `direction`, `click` callbacks) are returned as notes for a warning.
package enum MermaidFlowchartReader {
    /// Reads a flowchart whose first word is `flowchart` or `graph`.
    package static func read(_ source: String) throws(DiagramSyntaxError) -> (chart: Flowchart, notes: [DiagramNote]) {
        let body = try MermaidBody(source, types: ["flowchart", "graph"], expected: "`flowchart` or `graph`")
        var state = ReaderState()
        state.chart.title = body.title
        for (number, text) in [body.typeLine] + body.lines {
            let characters = Array(text)
            var statements = split(characters)
            if number == body.typeLine.number {
                // `flowchart LR` (or `graph TD;`), perhaps with statements after a `;`.
                let header = statements.removeFirst()
                try readHeader(header, line: number, into: &state)
            }
            for statement in statements {
                var scanner = Scanner(characters: statement.characters, line: number, columnOffset: statement.column - 1)
                scanner.skipSpaces()
                if scanner.isAtEnd || scanner.rest.hasPrefix("%%") { continue }
                try state.read(&scanner)
            }
        }
        if let open = state.open.last {
            throw DiagramSyntaxError(line: open.line, column: 1, "expected `end` to close the subgraph `\(open.title)` opened here, but the diagram ends first")
        }
        return (state.chart, state.notes)
    }

    /// Reads one `classDef`, `class`, `style` or `linkStyle` statement into `chart`, as a
    /// flowchart reads it: the state and class diagram readers share these statements.
    /// `column` is where `text` starts on its line. A `class` statement naming an id the
    /// chart does not have adds no node here; the styles and classes of the ids it has apply.
    static func readStyling(_ text: String, line: Int, column: Int, into chart: inout Flowchart) throws(DiagramSyntaxError) -> [DiagramNote] {
        var state = ReaderState()
        state.chart = chart
        var scanner = Scanner(characters: Array(text), line: line, columnOffset: column - 1)
        try state.read(&scanner)
        let known = Set(chart.nodes.map(\.id))
        state.chart.nodes.removeAll { !known.contains($0.id) }
        chart = state.chart
        return state.notes
    }

    /// A statement and the column it starts at.
    struct Statement {
        var characters: [Character]
        var column: Int
    }

    /// The line cut at each `;` outside quotes and brackets.
    static func split(_ characters: [Character]) -> [Statement] {
        var statements: [Statement] = []
        var start = 0, depth = 0, quoted = false
        for (index, character) in characters.enumerated() {
            if character == "\"" { quoted.toggle() }
            guard !quoted else { continue }
            if "[({".contains(character) { depth += 1 }
            if "])}".contains(character) { depth = max(0, depth - 1) }
            if character == ";", depth == 0 {
                statements.append(Statement(characters: Array(characters[start..<index]), column: start + 1))
                start = index + 1
            }
        }
        statements.append(Statement(characters: Array(characters[start...]).filter { $0 != "\r" }, column: start + 1))
        return statements
    }

    private static func readHeader(_ header: Statement, line: Int, into state: inout ReaderState) throws(DiagramSyntaxError) {
        var scanner = Scanner(characters: header.characters, line: line, columnOffset: 0)
        scanner.skipSpaces()
        _ = scanner.word()
        scanner.skipSpaces()
        guard !scanner.isAtEnd else { return }
        let column = scanner.column
        let word = scanner.word()
        guard let direction = direction(word) else {
            throw DiagramSyntaxError(line: line, column: column, "expected a direction (`TB`, `TD`, `BT`, `LR` or `RL`) after the diagram type, but found `\(word)`")
        }
        state.chart.direction = direction
        scanner.skipSpaces()
        if !scanner.isAtEnd {
            throw scanner.error("expected the end of the line after the direction, but found `\(scanner.rest)`")
        }
    }

    static func direction(_ word: String) -> Flowchart.Direction? {
        switch word.uppercased() {
        case "TB", "TD": .topBottom
        case "BT": .bottomTop
        case "LR": .leftRight
        case "RL": .rightLeft
        default: nil
        }
    }
}

/// What the reader knows as it goes: the chart so far and the subgraphs open around the line.
private struct ReaderState {
    var chart = Flowchart(direction: .topBottom)
    var notes: [DiagramNote] = []
    /// Open subgraphs, innermost last, as indexes into `chart.subgraphs`.
    var open: [(index: Int, line: Int, title: String)] = []
    /// Which subgraph (index) each node or subgraph id was put in.
    var placed: [String: Int] = [:]

    mutating func read(_ scanner: inout Scanner) throws(DiagramSyntaxError) {
        let start = scanner.index
        let keyword = scanner.word()
        switch keyword {
        case "subgraph": try openSubgraph(&scanner)
        case "end" where scanner.restIsBlank:
            guard open.popLast() != nil else { throw scanner.error(at: start, "found `end` with no subgraph open") }
        case "direction" where !open.isEmpty:
            notes.append(DiagramNote(line: scanner.line, column: scanner.columnOf(start), "a subgraph's own `direction` is not drawn: Galley lays the subgraph out in the chart's direction"))
        case "direction":
            scanner.skipSpaces()
            let word = scanner.word()
            guard let direction = MermaidFlowchartReader.direction(word) else { throw scanner.error("expected a direction (`TB`, `TD`, `BT`, `LR` or `RL`), but found `\(word)`") }
            chart.direction = direction
        case "classDef": try classDef(&scanner)
        case "class" where !scanner.restStartsWithEdge: try assignClass(&scanner)
        case "style": try style(&scanner)
        case "linkStyle":
            notes.append(DiagramNote(line: scanner.line, column: scanner.columnOf(start), "`linkStyle` is not drawn: lines keep the theme's colours"))
        case "click": try click(&scanner, start: start)
        case "accTitle", "accDescr":
            scanner.skipSpaces()
            guard scanner.take(":") else { throw scanner.error("expected `:` after `\(keyword)`") }
            let text = scanner.rest.trimmedSpaces
            if keyword == "accTitle" { chart.title = text } else { chart.accessibleDescription = text }
        default:
            scanner.index = start
            try chain(&scanner)
        }
    }

    // MARK: Subgraphs

    mutating func openSubgraph(_ scanner: inout Scanner) throws(DiagramSyntaxError) {
        scanner.skipSpaces()
        let rest = scanner.rest.trimmedSpaces
        var id: String, title: String
        let beforeBracket = rest.firstIndex(of: "[").map { String(rest[..<$0]).trimmedSpaces } ?? ""
        if let bracket = rest.firstIndex(of: "["), rest.hasSuffix("]"), !beforeBracket.isEmpty, !beforeBracket.contains(" ") {
            id = beforeBracket
            title = String(rest[rest.index(after: bracket)..<rest.index(before: rest.endIndex)]).trimmedSpaces.unquoted
        } else if rest.hasPrefix("\"") {
            title = rest.unquoted
            id = "subgraph-\(chart.subgraphs.count + 1)"
        } else if rest.isEmpty {
            throw scanner.error("expected a name or title after `subgraph`")
        } else {
            title = rest
            id = rest.contains(" ") ? "subgraph-\(chart.subgraphs.count + 1)" : rest
        }
        title = MermaidText.label(title)
        let index = chart.subgraphs.count
        chart.subgraphs.append(Flowchart.Subgraph(id: id, title: title, members: [], line: scanner.line))
        place(id)
        open.append((index, scanner.line, title))
    }

    /// Puts `id` into the innermost open subgraph, the first time one mentions it. A
    /// subgraph (placed as it opens, before it is open) goes into the one around it.
    mutating func place(_ id: String) {
        guard let inner = open.last?.index, placed[id] == nil else { return }
        placed[id] = inner
        chart.subgraphs[inner].members.append(id)
    }

    // MARK: Classes, styles, links

    mutating func classDef(_ scanner: inout Scanner) throws(DiagramSyntaxError) {
        scanner.skipSpaces()
        let names = scanner.until(" ")
        guard !names.isEmpty else { throw scanner.error("expected a class name after `classDef`") }
        let declarations = try styleDeclarations(&scanner)
        for name in names.split(separator: ",") { chart.classStyles[String(name).trimmedSpaces] = declarations }
    }

    mutating func assignClass(_ scanner: inout Scanner) throws(DiagramSyntaxError) {
        scanner.skipSpaces()
        let ids = scanner.until(" ")
        scanner.skipSpaces()
        let name = scanner.rest.trimmedSpaces
        guard !ids.isEmpty, !name.isEmpty else { throw scanner.error("expected node names and a class name after `class`") }
        for id in ids.split(separator: ",").map({ String($0).trimmedSpaces }) {
            addClass(name, to: id, line: scanner.line)
        }
    }

    mutating func addClass(_ name: String, to id: String, line: Int) {
        if let index = chart.nodeIndex(id) {
            chart.nodes[index].classes.append(name)
        } else if !chart.subgraphs.contains(where: { $0.id == id }) {
            chart.nodes.append(Flowchart.Node(id: id, label: id, shape: .rectangle, classes: [name], line: line))
            place(id)
        }
    }

    mutating func style(_ scanner: inout Scanner) throws(DiagramSyntaxError) {
        scanner.skipSpaces()
        let id = scanner.until(" ")
        guard !id.isEmpty else { throw scanner.error("expected a node name after `style`") }
        chart.nodeStyles[id, default: []] += try styleDeclarations(&scanner)
    }

    /// `fill:#f9f,stroke:#333,stroke-width:4px`: the declarations Galley draws. Others, and
    /// values that are not plain colours or lengths, are notes.
    mutating func styleDeclarations(_ scanner: inout Scanner) throws(DiagramSyntaxError) -> [(String, String)] {
        scanner.skipSpaces()
        let column = scanner.column
        let text = scanner.rest.trimmedSpaces
        guard !text.isEmpty else { throw scanner.error("expected style declarations such as `fill:#f9f,stroke:#333`") }
        var declarations: [(String, String)] = []
        for part in text.split(separator: ",") {
            let pieces = part.split(separator: ":", maxSplits: 1).map { String($0).trimmedSpaces }
            guard pieces.count == 2 else { throw DiagramSyntaxError(line: scanner.line, column: column, "expected `name:value` in `\(part)`") }
            let (name, value) = (pieces[0], pieces[1])
            if FlowchartStyle.drawnProperties.contains(name), FlowchartStyle.isSafe(value) {
                declarations.append((name, value))
            } else {
                notes.append(DiagramNote(line: scanner.line, column: column, "the style `\(name):\(value)` is not drawn (Galley draws \(FlowchartStyle.drawnProperties.sorted().map { "`\($0)`" }.joined(separator: ", ")) with colours and lengths)"))
            }
        }
        return declarations
    }

    mutating func click(_ scanner: inout Scanner, start: Int) throws(DiagramSyntaxError) {
        scanner.skipSpaces()
        let id = scanner.until(" ")
        scanner.skipSpaces()
        _ = scanner.take("href ")
        scanner.skipSpaces()
        guard scanner.peek() == "\"" else {
            notes.append(DiagramNote(line: scanner.line, column: scanner.columnOf(start), "`click \(id)` calls a script, which a page drawn at build time does not run; the node is drawn without it"))
            return
        }
        let url = try scanner.quoted()
        scanner.skipSpaces()
        let tooltip = scanner.peek() == "\"" ? try scanner.quoted() : nil
        guard let index = chart.nodeIndex(id) else { throw scanner.error(at: start, "`click` names `\(id)`, which is not a node of the chart (yet)") }
        chart.nodes[index].link = url
        chart.nodes[index].tooltip = tooltip
    }

    // MARK: Nodes and lines

    /// `A[one] --> B & C -- text --> D`.
    mutating func chain(_ scanner: inout Scanner) throws(DiagramSyntaxError) {
        var previous = try group(&scanner)
        while true {
            scanner.skipSpaces()
            if scanner.isAtEnd { return }
            let column = scanner.column
            guard var edge = try scanner.edge() else {
                throw scanner.error("expected a line such as `-->` or the end of the statement, but found `\(scanner.rest)`")
            }
            scanner.skipSpaces()
            guard !scanner.isAtEnd else { throw DiagramSyntaxError(line: scanner.line, column: column, "expected a node after the line") }
            let next = try group(&scanner)
            edge.line = scanner.line
            for from in previous {
                for to in next {
                    var one = edge
                    one.from = from
                    one.to = to
                    chart.edges.append(one)
                }
            }
            previous = next
        }
    }

    /// `A` or `A[text] & B`: the ids, in order.
    mutating func group(_ scanner: inout Scanner) throws(DiagramSyntaxError) -> [String] {
        var ids = [try node(&scanner)]
        while true {
            let mark = scanner.index
            scanner.skipSpaces()
            guard scanner.take("&") else {
                scanner.index = mark
                return ids
            }
            scanner.skipSpaces()
            ids.append(try node(&scanner))
        }
    }

    mutating func node(_ scanner: inout Scanner) throws(DiagramSyntaxError) -> String {
        let id = scanner.identifier()
        guard !id.isEmpty else { throw scanner.error("expected a node name, but found `\(scanner.rest)`") }
        if scanner.peek() == "@", scanner.peek(1) == "{" {
            throw scanner.error("the `@{ shape: … }` form is not read yet; write the node with brackets, as `\(id)[text]`")
        }
        let shaped = try scanner.shape()
        var classes: [String] = []
        while scanner.take(":::") {
            classes.append(scanner.identifier())
        }
        let isSubgraph = chart.subgraphs.contains { $0.id == id }
        if isSubgraph, shaped == nil, classes.isEmpty { return id }
        if let index = chart.nodeIndex(id) {
            if let (shape, label) = shaped {
                chart.nodes[index].shape = shape
                chart.nodes[index].label = label
            }
            chart.nodes[index].classes += classes
        } else {
            let (shape, label) = shaped ?? (.rectangle, id)
            chart.nodes.append(Flowchart.Node(id: id, label: label, shape: shape, classes: classes, line: scanner.line))
        }
        place(id)
        return id
    }
}

/// One statement, read from left to right; columns count from the line's start.
private struct Scanner {
    let characters: [Character]
    let line: Int
    let columnOffset: Int
    var index = 0

    var isAtEnd: Bool { index >= characters.count }
    var column: Int { columnOf(index) }
    func columnOf(_ position: Int) -> Int { columnOffset + position + 1 }
    var rest: String { String(characters[min(index, characters.count)...]) }
    var restIsBlank: Bool { rest.trimmedSpaces.isEmpty }
    /// Whether what follows the word just read is a line (`class --> B` is a node called `class`).
    var restStartsWithEdge: Bool {
        let text = rest.trimmedSpaces
        return text.isEmpty || text.hasPrefix("-") || text.hasPrefix("=") || text.hasPrefix("~") || text.hasPrefix("&") || text.hasPrefix("[") || text.hasPrefix("(")
    }

    func peek(_ offset: Int = 0) -> Character? {
        index + offset < characters.count ? characters[index + offset] : nil
    }

    mutating func skipSpaces() {
        while let character = peek(), character == " " || character == "\t" { index += 1 }
    }

    mutating func take(_ text: String) -> Bool {
        let wanted = Array(text)
        guard index + wanted.count <= characters.count, Array(characters[index..<index + wanted.count]) == wanted else { return false }
        index += wanted.count
        return true
    }

    /// Letters and digits up to the next other character.
    mutating func word() -> String {
        let start = index
        while let character = peek(), character.isLetter || character.isNumber || character == "_" || character == "-" && start < index { index += 1 }
        return String(characters[start..<index])
    }

    /// Characters up to `stop` or the end.
    mutating func until(_ stop: Character) -> String {
        let start = index
        while let character = peek(), character != stop { index += 1 }
        return String(characters[start..<index])
    }

    static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "$"
    }

    /// A node's name: letters, digits, `_`, and `-` or `.` between them.
    mutating func identifier() -> String {
        let start = index
        while let character = peek() {
            if Self.isNameCharacter(character) {
                index += 1
            } else if character == "-" || character == ".", index > start, let next = peek(1), Self.isNameCharacter(next),
                      !(character == "-" && (next == "o" || next == "x") && (peek(2).map { $0 == " " || Self.isNameCharacter($0) == false } ?? true)) {
                index += 1
            } else {
                break
            }
        }
        return String(characters[start..<index])
    }

    mutating func quoted() throws(DiagramSyntaxError) -> String {
        let start = index
        guard take("\"") else { throw error("expected `\"`") }
        let text = until("\"")
        guard take("\"") else { throw error(at: start, "expected a closing `\"` for the text that starts here") }
        return text
    }

    /// The brackets after a node's name, with the text inside: `nil` when none follow.
    mutating func shape() throws(DiagramSyntaxError) -> (Flowchart.Shape, String)? {
        // Longest openers first; each with the closers it takes.
        let forms: [(open: String, closes: [(String, Flowchart.Shape)])] = [
            ("(((", [(")))", .doubleCircle)]), ("((", [("))", .circle)]), ("([", [("])", .stadium)]), ("[[", [("]]", .subroutine)]),
            ("[(", [(")]", .cylinder)]), ("[/", [("/]", .parallelogram), ("\\]", .trapezoid)]), ("[\\", [("\\]", .parallelogramLeft), ("/]", .trapezoidInverted)]),
            ("{{", [("}}", .hexagon)]), ("(", [(")", .rounded)]), ("[", [("]", .rectangle)]), ("{", [("}", .rhombus)]), (">", [("]", .flag)]),
        ]
        let start = index
        for form in forms where take(form.open) {
            var text: String
            if peek() == "\"" {
                text = try quoted()
            } else {
                let textStart = index
                var end: Int?
                var scan = index
                search: while scan < characters.count {
                    for close in form.closes where Array(characters[scan..<min(characters.count, scan + close.0.count)]) == Array(close.0) {
                        end = scan
                        break search
                    }
                    scan += 1
                }
                guard let end else {
                    let closers = form.closes.map { "`\($0.0)`" }.joined(separator: " or ")
                    throw error(at: start, "expected \(closers) to close the node's `\(form.open)`")
                }
                text = String(characters[textStart..<end])
                index = end
            }
            for close in form.closes where take(close.0) {
                return (close.1, MermaidText.label(text))
            }
            let closers = form.closes.map { "`\($0.0)`" }.joined(separator: " or ")
            throw error("expected \(closers) to close the node's `\(form.open)`, but found `\(rest)`")
        }
        return nil
    }

    /// A line between nodes, with its label, at the cursor; `nil` when there is none.
    mutating func edge() throws(DiagramSyntaxError) -> Flowchart.Edge? {
        let start = index
        var edge = Flowchart.Edge(from: "", to: "", label: nil, stroke: .normal, startHead: .none, endHead: .none, length: 1, line: line)
        if take("~~~") {
            while take("~") {}
            edge.stroke = .invisible
            return edge
        }
        // An end mark before the body: `<-->`, `o--o`, `x==x`.
        if let first = peek(), let second = peek(1), "<ox".contains(first), second == "-" || second == "=" {
            edge.startHead = first == "<" ? .arrow : first == "o" ? .circle : .cross
            index += 1
        }
        guard let body = body() else {
            index = start
            return nil
        }
        edge.stroke = body.stroke
        // `-- text -->`: the body was only the opening; the text runs to the closing line.
        if body.isOpening {
            let textStart = index
            while index < characters.count {
                let mark = index
                if let closing = self.body(), closing.stroke == body.stroke, !closing.isOpening || closing.length > 0 {
                    let text = String(characters[textStart..<mark]).trimmedSpaces
                    edge.label = MermaidText.label(text.unquoted)
                    edge.length = closing.length
                    edge.endHead = closing.head
                    return edge
                }
                index = mark + 1
            }
            throw error(at: start, "expected the line's label to end with a line such as `-->`")
        }
        edge.length = body.length
        edge.endHead = body.head
        let mark = index
        skipSpaces()
        if take("|") {
            let text = until("|")
            guard take("|") else { throw error("expected `|` to close the line's label") }
            edge.label = MermaidText.label(text.trimmedSpaces.unquoted)
        } else {
            index = mark
        }
        return edge
    }

    /// `-->`, `---`, `-.->`, `==>` and their longer forms at the cursor, or the opening of a
    /// labelled line (`--`, `-.`, `==` followed by a space).
    private mutating func body() -> (stroke: Flowchart.Stroke, head: Flowchart.Head, length: Int, isOpening: Bool)? {
        let start = index
        var stroke = Flowchart.Stroke.normal
        var count = 0
        if peek() == "=" {
            stroke = .thick
            while take("=") { count += 1 }
            guard count >= 2 else { index = start; return nil }
        } else if peek() == "-", peek(1) == "." {
            stroke = .dotted
            index += 1
            while take(".") { count += 1 }
            guard take("-") else {
                // `-. text .->`: an opening.
                if count == 1, peek() == " " { return (.dotted, .none, 0, true) }
                index = start
                return nil
            }
        } else if peek() == ".", peek(1) == "-" {
            // The closing half of a dotted label: `.->` or `.-`.
            stroke = .dotted
            while take(".") { count += 1 }
            guard take("-") else { index = start; return nil }
        } else {
            while take("-") { count += 1 }
            guard count >= 2 else { index = start; return nil }
        }
        let head: Flowchart.Head
        if take(">") {
            head = .arrow
        } else if let mark = peek(), mark == "o" || mark == "x", peek(1).map({ !Self.isNameCharacter($0) }) ?? true {
            index += 1
            head = mark == "o" ? .circle : .cross
        } else {
            head = .none
        }
        switch stroke {
        case .dotted:
            return (stroke, head, max(1, count), false)
        case .normal, .thick:
            if head == .none, count == 2, peek() == " " { return (stroke, .none, 0, true) }
            // `-->` spans one rank, `--->` two; `---` one, `----` two.
            return (stroke, head, head == .none ? max(1, count - 2) : max(1, count - 1), false)
        case .invisible:
            return (stroke, head, 1, false)
        }
    }

    func error(_ message: String) -> DiagramSyntaxError {
        DiagramSyntaxError(line: line, column: column, message)
    }

    func error(at position: Int, _ message: String) -> DiagramSyntaxError {
        DiagramSyntaxError(line: line, column: columnOf(position), message)
    }
}

/// Mermaid's text conventions in labels.
enum MermaidText {
    /// A label as it shows: `<br>` is a line break, `#quot;` and `#35;` are characters, and the
    /// backquotes and `**` of a Markdown string are dropped.
    static func label(_ text: String) -> String {
        var result = text
        if result.hasPrefix("`"), result.hasSuffix("`"), result.count >= 2 {
            result = String(result.dropFirst().dropLast()).replacingOccurrences(of: "**", with: "")
        }
        for form in ["<br/>", "<br />", "<br>", "<BR>", "<BR/>"] { result = result.replacingOccurrences(of: form, with: "\n") }
        let named = ["quot": "\"", "amp": "&", "lt": "<", "gt": ">", "nbsp": "\u{A0}"]
        var output = ""
        var rest = Substring(result)
        while let hash = rest.firstIndex(of: "#") {
            output += rest[..<hash]
            let after = rest[rest.index(after: hash)...]
            if let semicolon = after.firstIndex(of: ";"), after.distance(from: after.startIndex, to: semicolon) <= 8 {
                let name = String(after[..<semicolon])
                if let character = named[name] {
                    output += character
                    rest = after[after.index(after: semicolon)...]
                    continue
                }
                if let code = Int(name), let scalar = Unicode.Scalar(code) {
                    output.unicodeScalars.append(scalar)
                    rest = after[after.index(after: semicolon)...]
                    continue
                }
            }
            output += "#"
            rest = after
        }
        return output + rest
    }
}

extension String {
    /// Without one pair of surrounding double quotes.
    var unquoted: String {
        count >= 2 && hasPrefix("\"") && hasSuffix("\"") ? String(dropFirst().dropLast()) : self
    }
}
