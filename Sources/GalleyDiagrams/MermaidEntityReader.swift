// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Reads Mermaid's `erDiagram` language into a ``Flowchart`` of entities, which the flowchart
/// drawing lays out and draws with crow's-foot ends.
///
/// What is read: relationships `A ||--o{ B : label` with the four cardinalities at each end
/// (`|o`/`o|`, `||`, `}o`/`o{`, `}|`/`|{`), identifying (`--`) or not (`..`), and a quoted
/// or plain label; entities with `{ type name PK, FK "comment" }` attributes; an entity's
/// `alias[Shown name]`; `direction`; `accTitle`, `accDescr`; `%%` comments.
package enum MermaidEntityReader {
    package static func read(_ source: String) throws(DiagramSyntaxError) -> (chart: Flowchart, notes: [DiagramNote]) {
        let body = try MermaidBody(source, types: ["erDiagram"], expected: "`erDiagram`")
        var chart = Flowchart(direction: .topBottom)
        chart.title = body.title
        var open: (id: String, line: Int)?
        func entity(_ text: String, line: Int, column: Int) throws(DiagramSyntaxError) -> String {
            var name = text.trimmedSpaces.unquoted
            var label: String?
            if let bracket = name.firstIndex(of: "["), name.hasSuffix("]") {
                label = String(name[name.index(after: bracket)..<name.index(before: name.endIndex)]).trimmedSpaces.unquoted
                name = String(name[..<bracket]).trimmedSpaces
            }
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else {
                throw DiagramSyntaxError(line: line, column: column, "expected an entity's name, but found `\(text.trimmedSpaces)`")
            }
            if let index = chart.nodeIndex(name) {
                if let label { chart.nodes[index].label = label }
            } else {
                var node = Flowchart.Node(id: name, label: label ?? name, shape: .entity, line: line)
                node.members = [[]]
                chart.nodes.append(node)
            }
            return name
        }
        for (number, line, column) in body.statements {
            if let entityBody = open {
                if line == "}" {
                    open = nil
                } else {
                    let row = try attribute(line, number: number, column: column)
                    chart.nodes[chart.nodeIndex(entityBody.id)!].members[0].append(row)
                }
                continue
            }
            if line.hasPrefix("direction ") {
                let word = String(line.dropFirst(10)).trimmedSpaces
                guard let direction = MermaidFlowchartReader.direction(word) else {
                    throw DiagramSyntaxError(line: number, column: column + 10, "expected a direction (`TB`, `TD`, `BT`, `LR` or `RL`), but found `\(word)`")
                }
                chart.direction = direction
                continue
            }
            if line.hasPrefix("accTitle") || line.hasPrefix("accDescr") {
                let value = String(line.drop { $0 != ":" }.dropFirst()).trimmedSpaces
                if line.hasPrefix("accTitle") { chart.title = value } else { chart.accessibleDescription = value }
                continue
            }
            if line.hasSuffix("{") {
                let id = try entity(String(line.dropLast()), line: number, column: column)
                open = (id, number)
                continue
            }
            if let relation = try relationship(line, number: number, column: column, entity: entity) {
                chart.edges.append(relation)
                continue
            }
            _ = try entity(line, line: number, column: column)
        }
        if let open {
            throw DiagramSyntaxError(line: open.line, column: 1, "expected `}` to close the entity `\(open.id)` opened here, but the diagram ends first")
        }
        return (chart, [])
    }

    /// `type name PK, FK "comment"` as a row of tab-separated cells: type, name, keys, comment.
    static func attribute(_ line: String, number: Int, column: Int) throws(DiagramSyntaxError) -> String {
        var rest = line
        var comment = ""
        if let quote = rest.firstIndex(of: "\""), rest.hasSuffix("\""), rest.distance(from: quote, to: rest.endIndex) >= 2 {
            comment = String(rest[rest.index(after: quote)..<rest.index(before: rest.endIndex)])
            rest = String(rest[..<quote]).trimmedSpaces
        }
        let words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard words.count >= 2 else {
            throw DiagramSyntaxError(line: number, column: column, "expected an attribute as `type name`, with `PK`, `FK` or `UK` and a quoted comment if any")
        }
        let keys = words.dropFirst(2).joined(separator: " ").replacingOccurrences(of: " ,", with: ",")
        for key in keys.split(whereSeparator: { $0 == "," || $0 == " " }) where !["PK", "FK", "UK"].contains(String(key)) {
            throw DiagramSyntaxError(line: number, column: column, "expected `PK`, `FK` or `UK` after the attribute's name, but found `\(key)`")
        }
        return [MermaidGenerics.shown(words[0]), words[1], keys, comment].joined(separator: "\t")
    }

    /// A relationship line, or `nil` when the line is none.
    static func relationship(_ line: String, number: Int, column: Int, entity: (String, Int, Int) throws(DiagramSyntaxError) -> String) throws(DiagramSyntaxError) -> Flowchart.Edge? {
        let pattern = #"^(\S+)\s*(\|o|\|\||\}o|\}\|)(--|\.\.)(o\||\|\||o\{|\|\{)\s*(\S+)\s*(?::\s*(.*))?$"#
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let match = regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) else { return nil }
        func group(_ index: Int) -> String? { Range(match.range(at: index), in: line).map { String(line[$0]) } }
        let from = try entity(group(1)!, number, column), to = try entity(group(5)!, number, column)
        func cardinality(_ mark: String) -> Flowchart.Head {
            switch mark {
            case "|o", "o|": .zeroOrOne
            case "||": .exactlyOne
            case "}o", "o{": .zeroOrMore
            default: .oneOrMore
            }
        }
        let label = group(6).map { $0.trimmedSpaces.unquoted }.flatMap { $0.isEmpty ? nil : $0 }
        return Flowchart.Edge(from: from, to: to, label: label, stroke: group(3) == ".." ? .dotted : .normal,
                              startHead: cardinality(group(2)!), endHead: cardinality(group(4)!), length: 1, line: number)
    }
}

/// Mermaid writes generics with tildes (`List~int~`) in class and entity diagrams alike.
enum MermaidGenerics {
    /// `List~int~` as `List<int>`: tildes open and close in turn.
    static func shown(_ text: String) -> String {
        var open = false
        return String(text.map { character -> Character in
            guard character == "~" else { return character }
            defer { open.toggle() }
            return open ? ">" : "<"
        })
    }
}
