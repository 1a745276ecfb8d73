// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyMarkup

/// Draws a ``Flowchart`` as SVG: each node sized to its text, the whole laid out by
/// ``GraphvizLayout``, then drawn here in the theme's colours with its text as text.
enum FlowchartRenderer {
    static let fontSize = 14.0
    static let lineHeight = 18.0
    static let padding = (x: 14.0, y: 9.0)

    /// The drawing, with the notes of what the source asked for that is not drawn.
    /// `kind` names the diagram and its elements for screen readers when it has no title
    /// ("Flowchart of 3 nodes", "State diagram of 2 states").
    static func draw(_ chart: Flowchart, notes: [DiagramNote], id: String, title: String?, kind: GraphDiagramKind = .flowchart) throws(GraphvizUnavailable) -> RenderedDiagram {
        var notes = notes
        var graph = LayoutGraph(direction: chart.direction)
        // One layout node for each chart node, then one for each edge label (Mermaid too
        // lays a label out as a box between the line's two halves).
        for node in chart.nodes {
            let size = nodeSize(node, direction: chart.direction)
            graph.nodes.append(.init(width: size.width, height: size.height, shape: graphvizShape(node.shape)))
        }
        let subgraphIndex = Dictionary(chart.subgraphs.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, subgraph) in chart.subgraphs.enumerated() {
            let titleWidth = TextMetrics.width(lines: subgraph.title, size: fontSize, bold: true)
            graph.clusters.append(.init(nodes: subgraph.members.compactMap(chart.nodeIndex), clusters: subgraph.members.compactMap { subgraphIndex[$0] }.filter { $0 != index },
                                        titleWidth: titleWidth, titleHeight: subgraph.title.isEmpty ? 4 : lineHeight))
        }
        let inner = Set(graph.clusters.flatMap(\.clusters))
        graph.topClusters = graph.clusters.indices.filter { !inner.contains($0) }
        /// The layout node an edge end attaches to: the node, or a subgraph's first node.
        func anchor(_ id: String) -> Int? {
            if let index = chart.nodeIndex(id) { return index }
            guard let cluster = subgraphIndex[id] else { return nil }
            func first(_ cluster: Int) -> Int? {
                graph.clusters[cluster].nodes.first ?? graph.clusters[cluster].clusters.lazy.compactMap(first).first
            }
            return first(cluster)
        }
        var labelNodes: [Int: Int] = [:]
        var layoutEdges: [(chartEdge: Int, parts: [Int])] = []
        /// The clusters (and those inside them) that hold layout node `node`.
        func holds(_ cluster: Int, _ node: Int) -> Bool {
            graph.clusters[cluster].nodes.contains(node) || graph.clusters[cluster].clusters.contains { holds($0, node) }
        }
        for (index, edge) in chart.edges.enumerated() {
            guard let from = anchor(edge.from), let to = anchor(edge.to) else {
                notes.append(DiagramNote(line: edge.line, "the line from `\(edge.from)` to `\(edge.to)` ends at an empty subgraph, so it is not drawn"))
                continue
            }
            let invisible = edge.stroke == .invisible
            if let label = edge.label, !label.isEmpty, !invisible {
                let lines = label.split(separator: "\n", omittingEmptySubsequences: false)
                let width = lines.map { TextMetrics.width($0, size: fontSize - 1) }.max() ?? 0
                let labelNode = graph.nodes.count
                graph.nodes.append(.init(width: width + 8, height: Double(lines.count) * (lineHeight - 1) + 4, shape: "box"))
                labelNodes[index] = labelNode
                // The label stays inside a subgraph holding both ends.
                for cluster in graph.clusters.indices where graph.clusters[cluster].nodes.contains(from) && graph.clusters[cluster].nodes.contains(to) {
                    graph.clusters[cluster].nodes.append(labelNode)
                }
                let first = graph.edges.count
                var toLabel = LayoutGraph.Edge(from: from, to: labelNode, length: 1, startArrow: arrowName(edge.startHead), endArrow: "none", tailLabel: edge.startLabel)
                var fromLabel = LayoutGraph.Edge(from: labelNode, to: to, length: max(1, edge.length - 1), startArrow: "none", endArrow: arrowName(edge.endHead), headLabel: edge.endLabel)
                if let cluster = subgraphIndex[edge.from], chart.nodeIndex(edge.from) == nil, !holds(cluster, labelNode) { toLabel.tailCluster = cluster }
                if let cluster = subgraphIndex[edge.to], chart.nodeIndex(edge.to) == nil, !holds(cluster, labelNode) { fromLabel.headCluster = cluster }
                graph.edges += [toLabel, fromLabel]
                layoutEdges.append((index, [first, first + 1]))
            } else {
                layoutEdges.append((index, [graph.edges.count]))
                var line = LayoutGraph.Edge(from: from, to: to, length: edge.length, startArrow: arrowName(edge.startHead), endArrow: arrowName(edge.endHead), invisible: invisible,
                                           tailLabel: edge.startLabel, headLabel: edge.endLabel)
                // A line to a subgraph ends at its box, unless it comes from inside it.
                if let cluster = subgraphIndex[edge.to], chart.nodeIndex(edge.to) == nil, !holds(cluster, from) { line.headCluster = cluster }
                if let cluster = subgraphIndex[edge.from], chart.nodeIndex(edge.from) == nil, !holds(cluster, to) { line.tailCluster = cluster }
                graph.edges.append(line)
            }
        }
        let placement = try GraphvizLayout.place(graph)

        var canvas = SVGCanvas()
        canvas.cover(x: 0, y: 0, width: placement.width, height: placement.height)
        for (index, subgraph) in chart.subgraphs.enumerated() {
            let box = placement.clusters[index]
            canvas.rect(box.x, box.y, box.width, box.height, class: "g-flow-cluster", layer: .fragments, radius: 4)
            if !subgraph.title.isEmpty {
                canvas.text(subgraph.title.split(separator: "\n"), x: box.x + 8, y: box.y + lineHeight - 2, class: "g-flow-cluster-title", anchor: "start",
                            lineHeight: lineHeight, box: (box.x + 8, TextMetrics.width(lines: subgraph.title, size: fontSize, bold: true)))
            }
        }
        for (chartEdge, parts) in layoutEdges {
            let edge = chart.edges[chartEdge]
            guard edge.stroke != .invisible else { continue }
            drawEdge(edge, parts: parts.map { placement.edges[$0] }, on: &canvas)
            // Cardinalities, where Graphviz put them.
            for (text, point) in [(edge.startLabel, parts.first.flatMap { placement.endLabels[$0].tail }), (edge.endLabel, parts.last.flatMap { placement.endLabels[$0].head })] {
                guard let text, let point else { continue }
                let width = TextMetrics.width(Substring(text), size: 12)
                canvas.text([Substring(text)], x: point.x, y: point.y + 4, class: "g-flow-end-label", lineHeight: 15, box: (point.x - width / 2, width))
            }
            if let labelNode = labelNodes[chartEdge], let label = edge.label {
                let centre = placement.centres[labelNode]
                let size = graph.nodes[labelNode]
                canvas.rect(centre.x - size.width / 2, centre.y - size.height / 2, size.width, size.height, class: "g-flow-label-bg", layer: .activations, radius: 2)
                let lines = label.split(separator: "\n", omittingEmptySubsequences: false)
                let top = centre.y - Double(lines.count - 1) * (lineHeight - 1) / 2 + 4.5
                canvas.text(lines, x: centre.x, y: top, class: "g-flow-edge-label", lineHeight: lineHeight - 1, box: (centre.x - size.width / 2, size.width))
            }
        }
        for (index, node) in chart.nodes.enumerated() {
            var href = node.link
            if let link = href, !FlowchartStyle.isSafeLink(link) {
                notes.append(DiagramNote(line: node.line, "the link of `\(node.id)` is not drawn: only web, relative and `mailto:` addresses are"))
                href = nil
            }
            drawNode(node, centre: placement.centres[index], size: graph.nodes[index], style: style(of: node, in: chart), href: href, on: &canvas)
        }

        let name = chart.title ?? title ?? kind.name
        let description = chart.accessibleDescription ?? describe(chart, kind: kind)
        let head: HTML = "<title id=\"\(id)-title\">\(name)</title><desc id=\"\(id)-desc\">\(description)</desc>"
        let attributes: HTML = "class=\"g-flow\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\""
        let svg = canvas.svg(attributes: attributes, head: head, margin: 8)
        return RenderedDiagram(svg: svg, text: searchText(chart), title: name, notes: notes)
    }

    // MARK: Sizes and shapes

    /// Graphviz's arrow for a head, so the line stops where the drawn head begins.
    static func arrowName(_ head: Flowchart.Head) -> String {
        switch head {
        case .none, .zeroOrOne, .exactlyOne, .zeroOrMore, .oneOrMore: "none"
        case .arrow, .circle, .cross: "normal"
        case .triangle: "empty"
        case .diamond, .openDiamond: "diamond"
        }
    }

    static func nodeSize(_ node: Flowchart.Node, direction: Flowchart.Direction = .topBottom) -> (width: Double, height: Double) {
        let across = direction == .topBottom || direction == .bottomTop
        switch node.shape {
        case .start: return (16, 16)
        case .end: return (20, 20)
        case .bar: return across ? (80, 8) : (8, 80)
        case .choice: return (28, 28)
        case .classBox: return classSize(node)
        case .entity: return entitySize(node)
        default: break
        }
        let lines = node.label.split(separator: "\n", omittingEmptySubsequences: false)
        let textWidth = lines.map { TextMetrics.width($0, size: fontSize) }.max() ?? 0
        let textHeight = Double(max(1, lines.count)) * lineHeight
        var width = textWidth + padding.x * 2, height = textHeight + padding.y * 2
        switch node.shape {
        case .rectangle, .rounded, .flag: width += node.shape == .flag ? 12 : 0
        case .stadium: width += height / 2
        case .subroutine: width += 16
        case .cylinder: height += 14
        case .circle, .doubleCircle:
            let diameter = max(width, height) + (node.shape == .doubleCircle ? 10 : 0)
            (width, height) = (diameter, diameter)
        case .rhombus:
            // The text fits the diamond's inner box: the diamond is twice as wide and tall.
            let side = max(textWidth + 20, textHeight + 20)
            (width, height) = (side + textWidth * 0.5 + 20, side * 0.75 + textHeight * 0.5 + 10)
        case .hexagon: width += height / 2
        case .parallelogram, .parallelogramLeft, .trapezoid, .trapezoidInverted: width += height
        case .note: width += 10
        case .start, .end, .bar, .choice, .classBox, .entity: break
        }
        return (width.rounded(.up), height.rounded(.up))
    }

    /// A class's box: its name (bold) and annotation, then each compartment of members.
    static func classSize(_ node: Flowchart.Node) -> (width: Double, height: Double) {
        let header = node.label.split(separator: "\n", omittingEmptySubsequences: false)
        var width = header.map { TextMetrics.width($0, size: fontSize, bold: true) }.max() ?? 0
        for member in node.members.joined() { width = max(width, TextMetrics.width(Substring(member), size: fontSize - 1)) }
        let height = Double(header.count) * lineHeight + 12 + node.members.map { Double($0.count) * (lineHeight - 1) + 10 }.reduce(0, +)
        return ((width + padding.x * 2).rounded(.up), height.rounded(.up))
    }

    /// Each column's width in an entity's table of attributes.
    static func entityColumns(_ node: Flowchart.Node) -> [Double] {
        var widths: [Double] = []
        for row in node.members.joined() {
            for (index, cell) in row.split(separator: "\t", omittingEmptySubsequences: false).enumerated() {
                let width = TextMetrics.width(cell, size: fontSize - 1)
                if index < widths.count { widths[index] = max(widths[index], width) } else { widths.append(width) }
            }
        }
        return widths
    }

    static func entitySize(_ node: Flowchart.Node) -> (width: Double, height: Double) {
        let columns = entityColumns(node)
        let table = columns.reduce(0, +) + Double(max(0, columns.count - 1)) * 16
        let name = TextMetrics.width(Substring(node.label), size: fontSize, bold: true)
        let rows = node.members.joined().count
        let height = lineHeight + 14 + (rows == 0 ? 0 : Double(rows) * (lineHeight + 2) + 8)
        return ((max(table, name) + padding.x * 2).rounded(.up), height.rounded(.up))
    }

    /// The entity's name and its attributes in columns, each row ruled off.
    static func entityTable(_ node: Flowchart.Node, x: Double, y: Double, width: Double) -> (lines: HTML, text: SVGCanvas) {
        var lines: HTML = .empty
        var text = SVGCanvas()
        text.text([Substring(node.label)], x: x + width / 2, y: y + lineHeight + 1, class: "g-flow-class-name", lineHeight: lineHeight, box: (x, width))
        let columns = entityColumns(node)
        var top = y + lineHeight + 14
        for row in node.members.joined() {
            lines += "<path class=\"g-flow-node-line\" d=\"M\(number(x)) \(number(top))H\(number(x + width))\"/>"
            var left = x + padding.x
            for (index, cell) in row.split(separator: "\t", omittingEmptySubsequences: false).enumerated() {
                if !cell.isEmpty {
                    let cellWidth = TextMetrics.width(cell, size: fontSize - 1)
                    text.text([cell], x: left, y: top + lineHeight - 2, class: index == 1 ? "g-flow-member g-flow-attribute" : "g-flow-member", anchor: "start",
                              lineHeight: lineHeight, box: (left, cellWidth))
                }
                left += (index < columns.count ? columns[index] : 0) + 16
            }
            top += lineHeight + 2
        }
        return (lines, text)
    }

    /// The class box's compartments: separators and members, left-aligned.
    static func classMembers(_ node: Flowchart.Node, x: Double, y: Double, width: Double) -> (lines: HTML, text: SVGCanvas) {
        var lines: HTML = .empty
        var text = SVGCanvas()
        let header = node.label.split(separator: "\n", omittingEmptySubsequences: false)
        text.text(header, x: x + width / 2, y: y + lineHeight + 1, class: "g-flow-class-name", lineHeight: lineHeight, box: (x, width))
        var top = y + Double(header.count) * lineHeight + 12
        for compartment in node.members {
            lines += "<path class=\"g-flow-node-line\" d=\"M\(number(x)) \(number(top))H\(number(x + width))\"/>"
            if !compartment.isEmpty {
                text.text(compartment.map { Substring($0) }, x: x + padding.x, y: top + lineHeight - 2, class: "g-flow-member", anchor: "start",
                          lineHeight: lineHeight - 1, box: (x + padding.x, width - padding.x * 2))
            }
            top += Double(compartment.count) * (lineHeight - 1) + 10
        }
        return (lines, text)
    }

    static func graphvizShape(_ shape: Flowchart.Shape) -> String {
        switch shape {
        case .rectangle, .rounded, .stadium, .subroutine, .flag: "box"
        case .cylinder: "cylinder"
        case .circle: "circle"
        case .doubleCircle: "doublecircle"
        case .rhombus: "diamond"
        case .hexagon: "hexagon"
        case .parallelogram, .parallelogramLeft: "parallelogram"
        case .trapezoid: "trapezium"
        case .trapezoidInverted: "invtrapezium"
        case .start, .end: "circle"
        case .bar, .note, .classBox, .entity: "box"
        case .choice: "diamond"
        }
    }

    /// The CSS of `node`'s classes and own `style`, later ones winning: the shape's, and the
    /// text's colour (`color`), which the label takes as its fill.
    static func style(of node: Flowchart.Node, in chart: Flowchart) -> (shape: String?, text: String?) {
        var declarations: [(String, String)] = chart.classStyles["default"] ?? []
        for name in node.classes { declarations += chart.classStyles[name] ?? [] }
        declarations += chart.nodeStyles[node.id] ?? []
        let shape = declarations.filter { $0.0 != "color" && $0.0 != "font-weight" }.map { "\($0.0):\($0.1)" }
        let text = declarations.filter { $0.0 == "color" || $0.0 == "font-weight" }.map { $0.0 == "color" ? "fill:\($0.1)" : "\($0.0):\($0.1)" }
        return (shape.isEmpty ? nil : shape.joined(separator: ";"), text.isEmpty ? nil : text.joined(separator: ";"))
    }

    static func drawNode(_ node: Flowchart.Node, centre: (x: Double, y: Double), size: LayoutGraph.Node, style: (shape: String?, text: String?), href: String?, on canvas: inout SVGCanvas) {
        let (w, h) = (size.width, size.height)
        let (x, y) = (centre.x - w / 2, centre.y - h / 2)
        canvas.cover(x: x, y: y, width: w, height: h)
        let styled: HTML = style.shape.map { " style=\"\($0)\"" } ?? .empty
        var shapes: HTML = .empty
        func polygon(_ points: [(Double, Double)]) -> HTML {
            "<polygon class=\"g-flow-node\"\(styled) points=\"\(points.map { "\(number($0.0)),\(number($0.1))" }.joined(separator: " "))\"/>"
        }
        func rect(radius: Double, inset: Double = 0) -> HTML {
            let corner: HTML = radius > 0 ? " rx=\"\(number(radius))\"" : .empty
            return "<rect class=\"g-flow-node\"\(styled) x=\"\(number(x + inset))\" y=\"\(number(y + inset))\" width=\"\(number(w - inset * 2))\" height=\"\(number(h - inset * 2))\"\(corner)/>"
        }
        let slant = h / 2
        switch node.shape {
        case .rectangle: shapes = rect(radius: 0)
        case .rounded: shapes = rect(radius: 6)
        case .stadium: shapes = rect(radius: h / 2)
        case .subroutine:
            shapes = rect(radius: 0)
            shapes += "<path class=\"g-flow-node-line\" d=\"M\(number(x + 8)) \(number(y))V\(number(y + h))M\(number(x + w - 8)) \(number(y))V\(number(y + h))\"/>"
        case .cylinder:
            let ry = 7.0, rx = w / 2
            shapes = "<path class=\"g-flow-node\"\(styled) d=\"M\(number(x)) \(number(y + ry))a\(number(rx)) \(number(ry)) 0 0 1 \(number(w)) 0V\(number(y + h - ry))a\(number(rx)) \(number(ry)) 0 0 1 \(number(-w)) 0Z\"/>"
            shapes += "<path class=\"g-flow-node-line\" d=\"M\(number(x)) \(number(y + ry))a\(number(rx)) \(number(ry)) 0 0 0 \(number(w)) 0\"/>"
        case .circle:
            shapes = "<circle class=\"g-flow-node\"\(styled) cx=\"\(number(centre.x))\" cy=\"\(number(centre.y))\" r=\"\(number(w / 2))\"/>"
        case .doubleCircle:
            shapes = "<circle class=\"g-flow-node\"\(styled) cx=\"\(number(centre.x))\" cy=\"\(number(centre.y))\" r=\"\(number(w / 2))\"/>"
            shapes += "<circle class=\"g-flow-node-line\" cx=\"\(number(centre.x))\" cy=\"\(number(centre.y))\" r=\"\(number(w / 2 - 5))\"/>"
        case .flag: shapes = polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h), (x + 12, centre.y)])
        case .rhombus: shapes = polygon([(centre.x, y), (x + w, centre.y), (centre.x, y + h), (x, centre.y)])
        case .hexagon: shapes = polygon([(x + h / 4, y), (x + w - h / 4, y), (x + w, centre.y), (x + w - h / 4, y + h), (x + h / 4, y + h), (x, centre.y)])
        case .parallelogram: shapes = polygon([(x + slant, y), (x + w, y), (x + w - slant, y + h), (x, y + h)])
        case .parallelogramLeft: shapes = polygon([(x, y), (x + w - slant, y), (x + w, y + h), (x + slant, y + h)])
        case .trapezoid: shapes = polygon([(x + slant, y), (x + w - slant, y), (x + w, y + h), (x, y + h)])
        case .trapezoidInverted: shapes = polygon([(x, y), (x + w, y), (x + w - slant, y + h), (x + slant, y + h)])
        case .start:
            shapes = "<circle class=\"g-flow-dot\" cx=\"\(number(centre.x))\" cy=\"\(number(centre.y))\" r=\"\(number(w / 2))\"/>"
        case .end:
            shapes = "<circle class=\"g-flow-node\"\(styled) cx=\"\(number(centre.x))\" cy=\"\(number(centre.y))\" r=\"\(number(w / 2))\"/>"
            shapes += "<circle class=\"g-flow-dot\" cx=\"\(number(centre.x))\" cy=\"\(number(centre.y))\" r=\"\(number(w / 2 - 4))\"/>"
        case .bar:
            shapes = "<rect class=\"g-flow-dot\" x=\"\(number(x))\" y=\"\(number(y))\" width=\"\(number(w))\" height=\"\(number(h))\" rx=\"2\"/>"
        case .choice: shapes = polygon([(centre.x, y), (x + w, centre.y), (centre.x, y + h), (x, centre.y)])
        case .note:
            let fold = 8.0
            shapes = "<path class=\"g-flow-note\"\(styled) d=\"M\(number(x)) \(number(y))H\(number(x + w - fold))L\(number(x + w)) \(number(y + fold))V\(number(y + h))H\(number(x))Z\"/>"
        case .classBox, .entity:
            shapes = rect(radius: 0)
        }
        var text = SVGCanvas()
        if node.shape == .classBox || node.shape == .entity {
            let (lines, members) = node.shape == .classBox ? classMembers(node, x: x, y: y, width: w) : entityTable(node, x: x, y: y, width: w)
            shapes += lines
            text = members
        } else {
            let lines = node.label.split(separator: "\n", omittingEmptySubsequences: false)
            let top = centre.y - Double(lines.count - 1) * lineHeight / 2 + 5
            text.text(lines, x: centre.x, y: top, class: "g-flow-node-label", lineHeight: lineHeight, box: (x, w))
        }
        // Each node is one group, so a link or a tooltip covers its shape and its text.
        let textStyle: HTML = style.text.map { " style=\"\($0)\"" } ?? .empty
        var group: HTML = "<g class=\"g-flow-node-group\" data-id=\"\(node.id)\"\(textStyle)>"
        if let tooltip = node.tooltip { group += "<title>\(tooltip)</title>" }
        group += shapes + text.elements(in: .text) + "</g>"
        if let href { group = "<a href=\"\(href)\">" + group + "</a>" }
        canvas.add(group, to: .shapes)
    }

    // MARK: Lines

    static func drawEdge(_ edge: Flowchart.Edge, parts: [(points: [(x: Double, y: Double)], startTip: (x: Double, y: Double)?, endTip: (x: Double, y: Double)?)], on canvas: inout SVGCanvas) {
        var data = ""
        for part in parts where !part.points.isEmpty {
            let first = part.points[0]
            data += data.isEmpty ? "M\(number(first.x)) \(number(first.y))" : "L\(number(first.x)) \(number(first.y))"
            var index = 1
            while index + 2 < part.points.count {
                let (a, b, c) = (part.points[index], part.points[index + 1], part.points[index + 2])
                data += "C\(number(a.x)) \(number(a.y)) \(number(b.x)) \(number(b.y)) \(number(c.x)) \(number(c.y))"
                index += 3
            }
            for point in part.points { canvas.cover(x: point.x, y: point.y, width: 0, height: 0) }
        }
        guard !data.isEmpty else { return }
        let stroke = edge.stroke == .thick ? " g-flow-thick" : edge.stroke == .dotted ? " g-flow-dotted" : ""
        canvas.add("<path class=\"g-flow-edge\(stroke)\" d=\"\(data)\"/>", to: .lifelines)
        if let first = parts.first, let tip = first.startTip, let base = first.points.first {
            drawHead(edge.startHead, from: base, to: tip, on: &canvas)
        }
        if let last = parts.last, let tip = last.endTip, let base = last.points.last {
            drawHead(edge.endHead, from: base, to: tip, on: &canvas)
        }
        // Marks on the line itself: at the end that meets the box, turned along the curve.
        if edge.startHead.isOnLine, let first = parts.first, first.points.count >= 2 {
            drawCardinality(edge.startHead, at: first.points[0], towards: first.points[1], on: &canvas)
        }
        if edge.endHead.isOnLine, let last = parts.last, last.points.count >= 2 {
            drawCardinality(edge.endHead, at: last.points[last.points.count - 1], towards: last.points[last.points.count - 2], on: &canvas)
        }
    }

    /// Crow's-foot marks for an entity's end of a relationship: `end` is on the box, `inner`
    /// a point further along the line.
    static func drawCardinality(_ head: Flowchart.Head, at end: (x: Double, y: Double), towards inner: (x: Double, y: Double), on canvas: inout SVGCanvas) {
        let (dx, dy) = (inner.x - end.x, inner.y - end.y)
        let length = max(0.001, (dx * dx + dy * dy).squareRoot())
        let (ux, uy) = (dx / length, dy / length)
        // `along(d, side)`: `d` along the line from the box, `side` across it.
        func along(_ distance: Double, _ side: Double) -> (Double, Double) { (end.x + ux * distance - uy * side, end.y + uy * distance + ux * side) }
        func bar(_ distance: Double) -> String {
            let (a, b) = (along(distance, -6), along(distance, 6))
            return "M\(number(a.0)) \(number(a.1))L\(number(b.0)) \(number(b.1))"
        }
        var path = ""
        var circle: (Double, Double)?
        switch head {
        case .exactlyOne: path = bar(6) + bar(11)
        case .zeroOrOne: path = bar(6); circle = along(16, 0)
        case .oneOrMore, .zeroOrMore:
            let apex = along(12, 0)
            for side in [-6.0, 0, 6] {
                let foot = along(0, side)
                path += "M\(number(apex.0)) \(number(apex.1))L\(number(foot.0)) \(number(foot.1))"
            }
            if head == .oneOrMore { path += bar(15) } else { circle = along(18, 0) }
        default: return
        }
        canvas.cover(x: end.x - 20, y: end.y - 20, width: 40, height: 40)
        canvas.add("<path class=\"g-flow-cardinality\" d=\"\(path)\"/>", to: .shapes)
        if let circle {
            canvas.add("<circle class=\"g-flow-open-head\" cx=\"\(number(circle.0))\" cy=\"\(number(circle.1))\" r=\"4\"/>", to: .shapes)
        }
    }

    static func drawHead(_ head: Flowchart.Head, from base: (x: Double, y: Double), to tip: (x: Double, y: Double), on canvas: inout SVGCanvas) {
        let (dx, dy) = (tip.x - base.x, tip.y - base.y)
        let length = max(0.001, (dx * dx + dy * dy).squareRoot())
        let (ux, uy) = (dx / length, dy / length)
        canvas.cover(x: tip.x - 5, y: tip.y - 5, width: 10, height: 10)
        switch head {
        case .none, .zeroOrOne, .exactlyOne, .zeroOrMore, .oneOrMore:
            // No head, or a mark on the line (drawn by `drawCardinality`): the line runs on.
            canvas.add("<path class=\"g-flow-edge\" d=\"M\(number(base.x)) \(number(base.y))L\(number(tip.x)) \(number(tip.y))\"/>", to: .lifelines)
        case .arrow:
            let half = length * 0.45
            let points = [(tip.x, tip.y), (base.x - uy * half, base.y + ux * half), (base.x + uy * half, base.y - ux * half)]
            canvas.add("<polygon class=\"g-flow-head\" points=\"\(points.map { "\(number($0.0)),\(number($0.1))" }.joined(separator: " "))\"/>", to: .shapes)
        case .circle:
            let radius = length / 2
            canvas.add("<circle class=\"g-flow-open-head\" cx=\"\(number(base.x + ux * radius))\" cy=\"\(number(base.y + uy * radius))\" r=\"\(number(radius))\"/>", to: .shapes)
        case .triangle:
            let half = length * 0.55
            let points = [(tip.x, tip.y), (base.x - uy * half, base.y + ux * half), (base.x + uy * half, base.y - ux * half)]
            canvas.add("<polygon class=\"g-flow-open-head\" points=\"\(points.map { "\(number($0.0)),\(number($0.1))" }.joined(separator: " "))\"/>", to: .shapes)
        case .diamond, .openDiamond:
            let half = length * 0.33
            let middle = (x: (tip.x + base.x) / 2, y: (tip.y + base.y) / 2)
            let points = [(tip.x, tip.y), (middle.x - uy * half, middle.y + ux * half), (base.x, base.y), (middle.x + uy * half, middle.y - ux * half)]
            canvas.add("<polygon class=\"\(head == .diamond ? "g-flow-head" : "g-flow-open-head")\" points=\"\(points.map { "\(number($0.0)),\(number($0.1))" }.joined(separator: " "))\"/>", to: .shapes)
        case .cross:
            let (cx, cy, r) = (base.x + ux * length / 2, base.y + uy * length / 2, length / 2.8)
            canvas.add("<path class=\"g-flow-cross\" d=\"M\(number(cx - r)) \(number(cy - r))L\(number(cx + r)) \(number(cy + r))M\(number(cx - r)) \(number(cy + r))L\(number(cx + r)) \(number(cy - r))\"/>", to: .shapes)
        }
    }

    // MARK: Words

    /// One sentence for screen readers: the nodes, then each line as "A to B".
    static func describe(_ chart: Flowchart, kind: GraphDiagramKind = .flowchart) -> String {
        let labels = Dictionary(chart.nodes.map { ($0.id, $0.label.replacingNewlines) }, uniquingKeysWith: { first, _ in first })
        let subgraphTitles = Dictionary(chart.subgraphs.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        func name(_ id: String) -> String {
            if id.hasPrefix("[*]start") { return "the start" }
            if id.hasPrefix("[*]end") { return "the end" }
            return labels[id].flatMap { $0.isEmpty ? nil : $0 } ?? subgraphTitles[id] ?? id
        }
        let count = chart.nodes.filter { ![.start, .end, .note].contains($0.shape) }.count
        let element = kind.element
        let plural = element == "class" ? "classes" : element == "entity" ? "entities" : element + "s"
        var sentence = "\(kind.name) of \(count) \(count == 1 ? element : plural)"
        let notes = Set(chart.nodes.filter { $0.shape == .note }.map(\.id))
        let steps = chart.edges.filter { $0.stroke != .invisible && !notes.contains($0.to) }.map { edge in
            "\(name(edge.from)) to \(name(edge.to))" + (edge.label.map { " (\($0.replacingNewlines))" } ?? "")
        }
        if !steps.isEmpty { sentence += ": " + steps.joined(separator: "; ") }
        return sentence + "."
    }

    /// The labels, in the order they were written.
    static func searchText(_ chart: Flowchart) -> String {
        var parts: [String] = chart.title.map { [$0] } ?? []
        parts += chart.subgraphs.map(\.title).filter { !$0.isEmpty }
        parts += chart.nodes.map(\.label).filter { !$0.isEmpty }
        parts += chart.edges.compactMap(\.label)
        return parts.map(\.replacingNewlines).joined(separator: " ")
    }
}

/// What of Mermaid's `style` and `classDef` Galley draws, and which values it lets through.
enum FlowchartStyle {
    static let drawnProperties: Set<String> = ["fill", "stroke", "stroke-width", "stroke-dasharray", "color", "font-weight", "opacity"]

    /// A colour (`#f9f`, `rgb(1,2,3)`, a name), a length or a number list: nothing that could
    /// close the attribute or reach for a URL.
    static func isSafe(_ value: String) -> Bool {
        !value.isEmpty && value.allSatisfy { $0.isLetter || $0.isNumber || " #().,%-".contains($0) } && !value.lowercased().contains("url")
    }

    static func isSafeLink(_ link: String) -> Bool {
        let lowered = link.lowercased().trimmingCharacters(in: .whitespaces)
        guard let colon = lowered.firstIndex(of: ":"), !lowered[..<colon].contains("/") else { return true }
        return ["http", "https", "mailto"].contains(String(lowered[..<colon]))
    }
}
