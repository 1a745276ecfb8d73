// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Reads Mermaid's `classDiagram` language into a ``Flowchart`` of class boxes, which the
/// flowchart drawing lays out and draws.
///
/// What is read: `class Name` with a `{ … }` body, generics (`~T~`), a `["label"]`, and
/// `:::style`; members as `Name : member` or in the body, split into attributes and methods
/// (a member with `(`); annotations (`<<interface>>`, in the body or before the name); the
/// relations `<|--`, `*--`, `o--`, `-->`, `--`, `..>`, `..|>`, `..` in either direction or both,
/// with cardinalities (`"1" --> "*"`) and `: label`; `note for Name "text"` and `note "text"`;
/// `namespace Name { … }`; `direction`; `classDef`, `cssClass`, `style`; `link` and `click`
/// with an address; `accTitle`, `accDescr`; `%%` comments.
package enum MermaidClassReader {
    package static func read(_ source: String) throws(DiagramSyntaxError) -> (chart: Flowchart, notes: [DiagramNote]) {
        let body = try MermaidBody(source, types: ["classDiagram", "classDiagram-v2"], expected: "`classDiagram`")
        var reader = ClassReaderState()
        reader.chart.title = body.title
        for (number, line, column) in body.statements {
            try reader.read(line, number: number, column: column)
        }
        if let open = reader.openClass {
            throw DiagramSyntaxError(line: open.line, column: 1, "expected `}` to close the class `\(open.id)` opened here, but the diagram ends first")
        }
        if let open = reader.namespaces.last {
            throw DiagramSyntaxError(line: open.line, column: 1, "expected `}` to close the namespace `\(open.id)` opened here, but the diagram ends first")
        }
        return (reader.chart, reader.notes)
    }
}

private struct ClassReaderState {
    var chart = Flowchart(direction: .topBottom)
    var notes: [DiagramNote] = []
    /// The class whose `{ … }` body is being read.
    var openClass: (id: String, line: Int)?
    var namespaces: [(id: String, subgraph: Int, line: Int)] = []
    var noteCount = 0
    /// Annotations given before their class is declared (`<<interface>> Shape`).
    var placed: Set<String> = []

    /// The class called `name` (`Name~T~`, `Name["Label"]`), made on first mention.
    mutating func declare(_ text: String, line: Int) throws(DiagramSyntaxError) -> String {
        var name = text.trimmedSpaces
        var label: String?
        if let bracket = name.firstIndex(of: "["), name.hasSuffix("]") {
            label = String(name[name.index(after: bracket)..<name.index(before: name.endIndex)]).trimmedSpaces.unquoted
            name = String(name[..<bracket]).trimmedSpaces
        }
        var generic = ""
        if let tilde = name.firstIndex(of: "~") {
            generic = MermaidGenerics.shown(String(name[tilde...]))
            name = String(name[..<tilde])
        }
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }) else {
            throw DiagramSyntaxError(line: line, column: 1, "expected a class name, but found `\(text.trimmedSpaces)`")
        }
        if chart.nodeIndex(name) == nil {
            var node = Flowchart.Node(id: name, label: (label ?? name) + generic, shape: .classBox, line: line)
            node.members = [[], []]
            chart.nodes.append(node)
        } else if let label, let index = chart.nodeIndex(name) {
            chart.nodes[index].label = label + generic
        }
        if let namespace = namespaces.last, !placed.contains(name) {
            placed.insert(name)
            chart.subgraphs[namespace.subgraph].members.append(name)
        }
        return name
    }

    mutating func addMember(_ member: String, to id: String) {
        guard let index = chart.nodeIndex(id) else { return }
        let text = member.trimmedSpaces
        if text.hasPrefix("<<"), text.hasSuffix(">>") {
            annotate(id, String(text.dropFirst(2).dropLast(2)))
            return
        }
        chart.nodes[index].members[text.contains("(") ? 1 : 0].append(MermaidGenerics.shown(text))
    }

    mutating func annotate(_ id: String, _ annotation: String) {
        guard let index = chart.nodeIndex(id) else { return }
        chart.nodes[index].label = "«\(annotation)»\n" + chart.nodes[index].label
    }

    mutating func read(_ line: String, number: Int, column: Int) throws(DiagramSyntaxError) {
        func error(_ message: String) -> DiagramSyntaxError { DiagramSyntaxError(line: number, column: column, message) }
        if let open = openClass {
            if line == "}" {
                openClass = nil
            } else {
                addMember(line, to: open.id)
            }
            return
        }
        if line == "}" {
            guard namespaces.popLast() != nil else { throw error("found `}` with nothing open") }
            return
        }
        let word = String(line.prefix { !$0.isWhitespace })
        let rest = String(line.dropFirst(word.count)).trimmedSpaces
        switch word {
        case "direction":
            guard let direction = MermaidFlowchartReader.direction(rest) else { throw error("expected a direction (`TB`, `TD`, `BT`, `LR` or `RL`), but found `\(rest)`") }
            chart.direction = direction
            return
        case "class":
            var body = rest
            let opens = body.hasSuffix("{")
            if opens { body = String(body.dropLast()).trimmedSpaces }
            let parts = body.components(separatedBy: ":::")
            let id = try declare(parts[0], line: number)
            if parts.count > 1, let index = chart.nodeIndex(id) { chart.nodes[index].classes += parts.dropFirst().map { $0.trimmedSpaces } }
            if opens { openClass = (id, number) }
            return
        case "namespace":
            let name = rest.hasSuffix("{") ? String(rest.dropLast()).trimmedSpaces : rest
            guard !name.isEmpty else { throw error("expected a name after `namespace`") }
            chart.subgraphs.append(Flowchart.Subgraph(id: "namespace-" + name, title: name, members: [], line: number))
            if let outer = namespaces.last { chart.subgraphs[outer.subgraph].members.append("namespace-" + name) }
            namespaces.append((name, chart.subgraphs.count - 1, number))
            return
        case "note":
            try note(rest, number: number, column: column)
            return
        case "classDef", "style":
            notes += try MermaidFlowchartReader.readStyling(line, line: number, column: column, into: &chart)
            return
        case "cssClass":
            // `cssClass "A,B" name`
            guard rest.hasPrefix("\""), let close = rest.dropFirst().firstIndex(of: "\"") else { throw error("expected the classes in quotes after `cssClass`") }
            let ids = rest[rest.index(after: rest.startIndex)..<close].split(separator: ",").map { String($0).trimmedSpaces }
            let name = String(rest[rest.index(after: close)...]).trimmedSpaces
            for id in ids { if let index = chart.nodeIndex(id) { chart.nodes[index].classes.append(name) } }
            return
        case "link", "click":
            let parts = rest.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2, let index = chart.nodeIndex(parts[0]) else { throw error("expected a class and an address after `\(word)`") }
            var tail = parts[1].trimmedSpaces
            if tail.hasPrefix("href ") { tail = String(tail.dropFirst(5)).trimmedSpaces }
            guard tail.hasPrefix("\"") else {
                notes.append(DiagramNote(line: number, column: column, "`\(word) \(parts[0])` calls a script, which a page drawn at build time does not run; the class is drawn without it"))
                return
            }
            let pieces = tail.split(separator: "\"", omittingEmptySubsequences: true).map { String($0).trimmedSpaces }.filter { !$0.isEmpty }
            chart.nodes[index].link = pieces.first
            chart.nodes[index].tooltip = pieces.count > 1 ? pieces[1] : nil
            return
        case "callback":
            notes.append(DiagramNote(line: number, column: column, "`callback` calls a script, which a page drawn at build time does not run"))
            return
        case "accTitle:", "accDescr:", "accTitle", "accDescr":
            let text = line.drop { $0 != ":" }.dropFirst()
            if word.hasPrefix("accTitle") { chart.title = String(text).trimmedSpaces } else { chart.accessibleDescription = String(text).trimmedSpaces }
            return
        default:
            break
        }
        if line.hasPrefix("<<"), let close = line.range(of: ">>") {
            let annotation = String(line[line.index(line.startIndex, offsetBy: 2)..<close.lowerBound])
            let id = try declare(String(line[close.upperBound...]), line: number)
            annotate(id, annotation)
            return
        }
        if try relation(line, number: number, column: column) { return }
        // `Name : member`
        if let colon = line.firstIndex(of: ":") {
            let id = try declare(String(line[..<colon]), line: number)
            addMember(String(line[line.index(after: colon)...]), to: id)
            return
        }
        _ = try declare(line, line: number)
    }

    /// `A "1" <|-- "many" B : label`; `false` when `line` is no relation.
    mutating func relation(_ line: String, number: Int, column: Int) throws(DiagramSyntaxError) -> Bool {
        let pattern = #"^([^\s"]+)\s*(?:"([^"]*)"\s*)?(<\||\*|o|<)?(--|\.\.)(\|>|\*|o|>)?\s*(?:"([^"]*)"\s*)?([^\s":]+)\s*(?::\s*(.*))?$"#
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let match = regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) else { return false }
        func group(_ index: Int) -> String? {
            Range(match.range(at: index), in: line).map { String(line[$0]) }
        }
        let from = try declare(group(1)!, line: number), to = try declare(group(7)!, line: number)
        func head(_ mark: String?) -> Flowchart.Head {
            switch mark {
            case "<|", "|>": .triangle
            case "*": .diamond
            case "o": .openDiamond
            case "<", ">": .arrow
            default: .none
            }
        }
        var edge = Flowchart.Edge(from: from, to: to, label: group(8).map { MermaidText.label($0.trimmedSpaces) }, stroke: group(4) == ".." ? .dotted : .normal,
                                  startHead: head(group(3)), endHead: head(group(5)), length: 1, line: number)
        edge.startLabel = group(2)
        edge.endLabel = group(6)
        chart.edges.append(edge)
        return true
    }

    /// `note for Name "text"` beside its class, or `note "text"` on its own.
    mutating func note(_ rest: String, number: Int, column: Int) throws(DiagramSyntaxError) {
        var rest = rest
        var target: String?
        if rest.hasPrefix("for ") {
            let name = String(rest.dropFirst(4).prefix { !$0.isWhitespace })
            target = try declare(name, line: number)
            rest = String(rest.dropFirst(4 + name.count)).trimmedSpaces
        }
        guard rest.hasPrefix("\""), rest.hasSuffix("\""), rest.count >= 2 else {
            throw DiagramSyntaxError(line: number, column: column, "expected the note's text in quotes")
        }
        noteCount += 1
        let id = "note-\(noteCount)"
        let text = MermaidText.label(String(rest.dropFirst().dropLast()).replacingOccurrences(of: "\\n", with: "\n"))
        chart.nodes.append(Flowchart.Node(id: id, label: text, shape: .note, line: number))
        if let target {
            chart.edges.append(Flowchart.Edge(from: id, to: target, label: nil, stroke: .dotted, startHead: .none, endHead: .none, length: 1, line: number))
        }
    }
}
