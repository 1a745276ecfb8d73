// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyMarkup

/// Collects an SVG picture's shapes and text in drawing order as typed ``HTML``, so every
/// text and attribute is escaped on its way in, and writing numbers so that the same diagram always gives the same bytes.
struct SVGCanvas {
    /// Drawing layers, back to front.
    enum Layer: Int, CaseIterable {
        case fragments, lifelines, activations, shapes, text
    }

    /// Where each piece of text is drawn (its lines' estimated box), for overlap checks.
    private(set) var labelBoxes: [(x: Double, y: Double, width: Double, height: Double, text: String)] = []
    private var layers: [[HTML]] = Array(repeating: [], count: Layer.allCases.count)
    /// The extent of everything drawn, for the view box.
    private(set) var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity

    mutating func add(_ element: HTML, to layer: Layer) {
        layers[layer.rawValue].append(element)
    }

    /// Grows the drawn extent to hold the rectangle.
    mutating func cover(x: Double, y: Double, width: Double, height: Double) {
        minX = Swift.min(minX, x)
        minY = Swift.min(minY, y)
        maxX = Swift.max(maxX, x + width)
        maxY = Swift.max(maxY, y + height)
    }

    mutating func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, class name: String, layer: Layer = .shapes, radius: Double = 0) {
        cover(x: x, y: y, width: width, height: height)
        let corner: HTML = radius > 0 ? " rx=\"\(number(radius))\"" : .empty
        add("<rect class=\"\(name)\" x=\"\(number(x))\" y=\"\(number(y))\" width=\"\(number(width))\" height=\"\(number(height))\"\(corner)/>", to: layer)
    }

    mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, class name: String, layer: Layer = .shapes) {
        cover(x: Swift.min(x1, x2), y: Swift.min(y1, y2), width: abs(x2 - x1), height: abs(y2 - y1))
        add("<line class=\"\(name)\" x1=\"\(number(x1))\" y1=\"\(number(y1))\" x2=\"\(number(x2))\" y2=\"\(number(y2))\"/>", to: layer)
    }

    /// A path of straight segments through `points`, closed when `closed`.
    mutating func path(_ points: [(Double, Double)], class name: String, closed: Bool = false, layer: Layer = .shapes) {
        guard let first = points.first else { return }
        var data = "M\(number(first.0)) \(number(first.1))"
        for point in points.dropFirst() {
            data += "L\(number(point.0)) \(number(point.1))"
            cover(x: point.0, y: point.1, width: 0, height: 0)
        }
        if closed { data += "Z" }
        add("<path class=\"\(name)\" d=\"\(data)\"/>", to: layer)
    }

    mutating func circle(_ x: Double, _ y: Double, radius: Double, class name: String) {
        cover(x: x - radius, y: y - radius, width: radius * 2, height: radius * 2)
        add("<circle class=\"\(name)\" cx=\"\(number(x))\" cy=\"\(number(y))\" r=\"\(number(radius))\"/>", to: .shapes)
    }

    /// Lines of text, the first baseline at `y`; `anchor` is `start`, `middle` or `end`.
    /// `prefix` is drawn bold before the first line (a message's number).
    mutating func text(_ lines: [Substring], x: Double, y: Double, class name: String, anchor: String = "middle", lineHeight: Double, box: (x: Double, width: Double), prefix: String? = nil) {
        cover(x: box.x, y: y - lineHeight * 0.8, width: box.width, height: lineHeight * Double(lines.count))
        labelBoxes.append((box.x, y - lineHeight * 0.8, box.width, lineHeight * Double(lines.count), lines.joined(separator: "\n")))
        var element: HTML = "<text class=\"\(name)\" x=\"\(number(x))\" y=\"\(number(y))\" text-anchor=\"\(anchor)\">"
        for (offset, line) in lines.enumerated() {
            let position: HTML = offset == 0 ? .empty : " x=\"\(number(x))\" dy=\"\(number(lineHeight))\""
            let badge: HTML = offset == 0 ? prefix.map { "<tspan class=\"g-seq-number\">\($0)</tspan>" } ?? .empty : .empty
            element += "<tspan\(position)>\(badge)\(String(line))</tspan>"
        }
        element += "</text>"
        add(element, to: .text)
    }

    /// What was drawn on `layer`, in order, for a group of one's own.
    func elements(in layer: Layer) -> HTML {
        layers[layer.rawValue].joined()
    }

    /// The picture: a root `<svg>` around the layers.
    func svg(attributes: HTML, head: HTML, margin: Double) -> HTML {
        let x = minX - margin, y = minY - margin
        let width = (maxX - minX) + margin * 2, height = (maxY - minY) + margin * 2
        var out: HTML = "<svg xmlns=\"http://www.w3.org/2000/svg\" \(attributes) viewBox=\"\(number(x)) \(number(y)) \(number(width)) \(number(height))\" width=\"\(number(width))\" height=\"\(number(height))\">"
        out += head
        for (index, layer) in layers.enumerated() where !layer.isEmpty {
            out += "\n<g class=\"g-seq-\(Layer(rawValue: index)!.name)\">\(layer.joined())</g>"
        }
        return out + "\n</svg>"
    }
}

private extension SVGCanvas.Layer {
    var name: String {
        switch self {
        case .fragments: "fragments"
        case .lifelines: "lifelines"
        case .activations: "activations"
        case .shapes: "shapes"
        case .text: "labels"
        }
    }
}

/// A coordinate with at most one decimal, and no `.0`.
func number(_ value: Double) -> String {
    let tenths = (value * 10).rounded()
    if tenths.truncatingRemainder(dividingBy: 10) == 0 { return String(Int(tenths / 10)) }
    return String(Double(tenths) / 10)
}
