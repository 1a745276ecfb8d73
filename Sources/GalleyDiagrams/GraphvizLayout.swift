// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import Foundation
import GalleyFileSystem
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A graph to lay out: boxes of known sizes, the lines between them, and clusters of boxes.
/// Sizes and positions are in points, y growing downwards.
struct LayoutGraph {
    struct Node {
        var width: Double
        var height: Double
        /// Graphviz's shape, so that lines end on the drawn outline (`box`, `diamond`, `circle`…).
        var shape: String
    }

    struct Edge {
        var from: Int
        var to: Int
        /// Ranks the line spans at least.
        var length: Int = 1
        /// Graphviz's arrow at each end (`none`, `normal`, `empty`, `diamond`…), which sets how
        /// far the line stops short of the node for the head drawn there.
        var startArrow = "none"
        var endArrow = "normal"
        /// A line Graphviz places but nothing draws (`~~~`).
        var invisible = false
        /// A line from or to a whole cluster (a subgraph, a composite state): it is clipped
        /// at the cluster's box rather than at the node it is tied to inside.
        var tailCluster: Int?
        var headCluster: Int?
        /// Text near each end (cardinalities), placed by Graphviz.
        var tailLabel: String?
        var headLabel: String?
    }

    struct Cluster {
        var nodes: [Int]
        /// Clusters directly inside, by index.
        var clusters: [Int]
        /// The title's size, kept clear at the cluster's top.
        var titleWidth: Double
        var titleHeight: Double
    }

    var direction: Flowchart.Direction
    var nodes: [Node] = []
    var edges: [Edge] = []
    var clusters: [Cluster] = []
    /// Clusters not inside another.
    var topClusters: [Int] = []
}

/// Where Graphviz put everything, y growing downwards from the top left.
struct GraphPlacement {
    var width: Double
    var height: Double
    /// Each node's centre.
    var centres: [(x: Double, y: Double)]
    /// Each edge's cubic Bézier points (a start, then three points a segment), and where an
    /// arrowhead at either end points to.
    var edges: [(points: [(x: Double, y: Double)], startTip: (x: Double, y: Double)?, endTip: (x: Double, y: Double)?)]
    /// Where each edge's end labels go (their centres), when it has them.
    var endLabels: [(tail: (x: Double, y: Double)?, head: (x: Double, y: Double)?)]
    /// Each cluster's box.
    var clusters: [(x: Double, y: Double, width: Double, height: Double)]
}

/// Why a graph was not laid out.
struct GraphvizUnavailable: Error {
    var reason: String
}

/// Graphviz's `dot` layout, through its C library (`libgvc`, `libcgraph`), opened when the
/// first flowchart is drawn. The graph goes in as DOT text with every node's size fixed; the
/// positions come back as Graphviz's JSON output. The drawing is Galley's own.
///
/// Graphviz keeps global state and is not safe to call from two threads at once, so every
/// use takes one lock; laying out a diagram takes about a millisecond.
enum GraphvizLayout {
    private typealias ContextFunction = @convention(c) (UnsafeRawPointer?, Int32) -> OpaquePointer?
    private typealias ReadFunction = @convention(c) (UnsafePointer<CChar>) -> OpaquePointer?
    private typealias LayoutFunction = @convention(c) (OpaquePointer, OpaquePointer, UnsafePointer<CChar>) -> Int32
    private typealias RenderFunction = @convention(c) (OpaquePointer, OpaquePointer, UnsafePointer<CChar>, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, UnsafeMutablePointer<UInt32>) -> Int32
    private typealias FreeDataFunction = @convention(c) (UnsafeMutablePointer<CChar>?) -> Void
    private typealias FreeLayoutFunction = @convention(c) (OpaquePointer, OpaquePointer) -> Int32
    private typealias CloseFunction = @convention(c) (OpaquePointer) -> Int32
    private typealias ErrorLevelFunction = @convention(c) (Int32) -> Int32

    private struct Library: @unchecked Sendable {
        var context: OpaquePointer
        var read: ReadFunction
        var layout: LayoutFunction
        var render: RenderFunction
        var freeData: FreeDataFunction
        var freeLayout: FreeLayoutFunction
        var close: CloseFunction
    }

    /// The library, opened once; or why it cannot be.
    private static let library = Mutex<Result<Library, GraphvizUnavailable>?>(nil)

    /// The plugins Galley needs, as Graphviz names their tables: the `dot` layout, and the
    /// core renderers (JSON). Only these are given to the context, so Graphviz loads no text
    /// renderer (pango, cairo and their libraries): label sizes are its own estimates, and
    /// only the room kept for subgraph titles uses them.
    private static let plugins = [("gvplugin_dot_layout", "libgvplugin_dot_layout"), ("gvplugin_core", "libgvplugin_core")]

    private static func open() -> Result<Library, GraphvizUnavailable> {
        let (gvc, error) = SharedLibrary.open(SharedLibrary.fileNames("libgvc", version: 6))
        guard let gvc else { return .failure(GraphvizUnavailable(reason: "Graphviz's layout library (libgvc) cannot be opened: \(error)")) }
        // Graphviz's plugins live in a `graphviz` folder beside the library.
        guard let folder = gvc.folder(containing: "gvContextPlugins") else {
            return .failure(GraphvizUnavailable(reason: "the folder of Graphviz's library cannot be found"))
        }
        // `lt_symlist_t` entries (a name and a table's address), ending with an empty one;
        // kept for the process's life, as the context refers to them.
        let table = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: plugins.count * 2 + 2)
        for (index, (symbol, file)) in plugins.enumerated() {
            let (plugin, pluginError) = SharedLibrary.open(SharedLibrary.fileNames(folder + "/graphviz/" + file, version: 6))
            let name = "\(symbol)_LTX_library"
            guard let plugin, let address = plugin.symbol(name) else {
                return .failure(GraphvizUnavailable(reason: "Graphviz's `\(file)` plugin cannot be opened: \(pluginError)"))
            }
            table[index * 2] = UnsafeRawPointer(strdup(name))
            table[index * 2 + 1] = UnsafeRawPointer(address)
        }
        table[plugins.count * 2] = nil
        table[plugins.count * 2 + 1] = nil
        guard let makeContext = gvc.function("gvContextPlugins", as: ContextFunction.self),
              let read = gvc.function("agmemread", as: ReadFunction.self),
              let layout = gvc.function("gvLayout", as: LayoutFunction.self),
              let render = gvc.function("gvRenderData", as: RenderFunction.self),
              let freeData = gvc.function("gvFreeRenderData", as: FreeDataFunction.self),
              let freeLayout = gvc.function("gvFreeLayout", as: FreeLayoutFunction.self),
              let close = gvc.function("agclose", as: CloseFunction.self)
        else { return .failure(GraphvizUnavailable(reason: "Graphviz's library lacks the functions Galley calls (gvContext, agmemread, gvLayout, gvRenderData)")) }
        // Graphviz writes its warnings to standard error; the drawing is checked here instead.
        gvc.function("agseterr", as: ErrorLevelFunction.self).map { _ = $0(2) }
        // Demand loading off: no other plugin is looked for.
        guard let context = makeContext(UnsafeRawPointer(table), 0) else { return .failure(GraphvizUnavailable(reason: "Graphviz's context cannot be made")) }
        return .success(Library(context: context, read: read, layout: layout, render: render, freeData: freeData, freeLayout: freeLayout, close: close))
    }

    /// Lays `graph` out.
    static func place(_ graph: LayoutGraph) throws(GraphvizUnavailable) -> GraphPlacement {
        let dot = dotText(graph)
        let json: Data = try library.withLock { (state) throws(GraphvizUnavailable) -> Data in
            if state == nil { state = open() }
            let library: Library
            switch state! {
            case .success(let found): library = found
            case .failure(let failure): throw failure
            }
            guard let parsed = dot.withCString({ library.read($0) }) else { throw GraphvizUnavailable(reason: "Graphviz could not read the graph Galley wrote") }
            defer { _ = library.close(parsed) }
            guard library.layout(library.context, parsed, "dot") == 0 else { throw GraphvizUnavailable(reason: "Graphviz's `dot` layout failed (is its layout plugin installed?)") }
            defer { _ = library.freeLayout(library.context, parsed) }
            var bytes: UnsafeMutablePointer<CChar>?
            var length: UInt32 = 0
            guard library.render(library.context, parsed, "json", &bytes, &length) == 0, let bytes else {
                throw GraphvizUnavailable(reason: "Graphviz could not write the layout as JSON")
            }
            defer { library.freeData(bytes) }
            return Data(bytes: bytes, count: Int(length))
        }
        return try placement(json, graph: graph)
    }

    /// The graph as DOT. Sizes are in inches, as Graphviz takes them; every node's size is
    /// fixed, and each cluster gets a clear band for its title (an empty box as tall as it).
    static func dotText(_ graph: LayoutGraph) -> String {
        func inches(_ points: Double) -> String { String(format: "%.4f", points / 72) }
        var lines = ["digraph G {"]
        lines.append("graph [rankdir=\(graph.direction.rawValue), nodesep=0.45, ranksep=0.5, margin=0, fontsize=14, compound=true];")
        lines.append("node [fixedsize=true, label=\"\", margin=0];")
        lines.append("edge [arrowsize=0.7];")
        func writeCluster(_ index: Int, indent: String) {
            let cluster = graph.clusters[index]
            lines.append("\(indent)subgraph cluster_\(index) {")
            // The title's room: Graphviz sizes a cluster label itself, so an empty label of
            // fixed size is not possible; a label of spaces as wide as the title holds it.
            lines.append("\(indent)  label=\"\(String(repeating: " ", count: max(1, Int((cluster.titleWidth / 4).rounded(.up)))))\"; fontsize=\(Int(cluster.titleHeight)); labeljust=l; margin=12;")
            for node in cluster.nodes { lines.append("\(indent)  n\(node);") }
            for inner in cluster.clusters { writeCluster(inner, indent: indent + "  ") }
            lines.append("\(indent)}")
        }
        for (index, node) in graph.nodes.enumerated() {
            lines.append("n\(index) [width=\(inches(node.width)), height=\(inches(node.height)), shape=\(node.shape)];")
        }
        for index in graph.topClusters { writeCluster(index, indent: "") }
        for (index, edge) in graph.edges.enumerated() {
            var attributes = ["id=\"e\(index)\""]
            attributes.append("arrowhead=\(edge.endArrow)")
            if edge.startArrow != "none" { attributes += ["dir=both", "arrowtail=\(edge.startArrow)"] }
            // A class diagram's triangles and diamonds are drawn larger than arrows.
            if [edge.startArrow, edge.endArrow].contains(where: { $0 == "empty" || $0 == "diamond" }) { attributes.append("arrowsize=1.2") }
            if let text = edge.tailLabel { attributes.append("taillabel=\(quoted(text)), labelfontsize=12, labeldistance=1.6") }
            if let text = edge.headLabel { attributes.append("headlabel=\(quoted(text)), labelfontsize=12, labeldistance=1.6") }
            if edge.length > 1 { attributes.append("minlen=\(edge.length)") }
            if edge.invisible { attributes.append("style=invis") }
            if let cluster = edge.tailCluster { attributes.append("ltail=cluster_\(cluster)") }
            if let cluster = edge.headCluster { attributes.append("lhead=cluster_\(cluster)") }
            lines.append("n\(edge.from) -> n\(edge.to) [\(attributes.joined(separator: ", "))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// `text` as a DOT string.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: " ") + "\""
    }

    /// Reads Graphviz's JSON: the bounding box, each node's `pos`, each cluster's `bb`, each
    /// edge's `pos` (Bézier points, with `s,` and `e,` arrow tips), flipped so y grows down.
    static func placement(_ json: Data, graph: LayoutGraph) throws(GraphvizUnavailable) -> GraphPlacement {
        guard let root = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
              let box = (root["bb"] as? String).map(numbers), box.count == 4 else {
            throw GraphvizUnavailable(reason: "Graphviz's layout has no bounding box")
        }
        let (width, height) = (box[2] - box[0], box[3] - box[1])
        func flip(_ x: Double, _ y: Double) -> (x: Double, y: Double) { (x - box[0], box[3] - y) }
        var centres = Array(repeating: (x: 0.0, y: 0.0), count: graph.nodes.count)
        var clusters = Array(repeating: (x: 0.0, y: 0.0, width: 0.0, height: 0.0), count: graph.clusters.count)
        for object in root["objects"] as? [[String: Any]] ?? [] {
            guard let name = object["name"] as? String else { continue }
            if name.hasPrefix("cluster_"), let index = Int(name.dropFirst(8)), index < clusters.count,
               let bb = (object["bb"] as? String).map(numbers), bb.count == 4 {
                let top = flip(bb[0], bb[3])
                clusters[index] = (top.x, top.y, bb[2] - bb[0], bb[3] - bb[1])
            } else if name.hasPrefix("n"), let index = Int(name.dropFirst()), index < centres.count,
                      let pos = (object["pos"] as? String).map(numbers), pos.count == 2 {
                centres[index] = flip(pos[0], pos[1])
            }
        }
        var edges: [(points: [(x: Double, y: Double)], startTip: (x: Double, y: Double)?, endTip: (x: Double, y: Double)?)] =
            Array(repeating: ([], nil, nil), count: graph.edges.count)
        var endLabels: [(tail: (x: Double, y: Double)?, head: (x: Double, y: Double)?)] = Array(repeating: (nil, nil), count: graph.edges.count)
        for edge in root["edges"] as? [[String: Any]] ?? [] {
            guard let id = edge["id"] as? String, id.hasPrefix("e"), let index = Int(id.dropFirst()), index < edges.count,
                  let pos = edge["pos"] as? String else { continue }
            var points: [(x: Double, y: Double)] = []
            var startTip: (x: Double, y: Double)?, endTip: (x: Double, y: Double)?
            for part in pos.split(separator: " ") {
                if part.hasPrefix("s,") || part.hasPrefix("e,") {
                    let values = numbers(String(part.dropFirst(2)))
                    guard values.count == 2 else { continue }
                    if part.hasPrefix("s,") { startTip = flip(values[0], values[1]) } else { endTip = flip(values[0], values[1]) }
                } else {
                    let values = numbers(String(part))
                    if values.count == 2 { points.append(flip(values[0], values[1])) }
                }
            }
            edges[index] = (points, startTip, endTip)
            let point = { (key: String) -> (x: Double, y: Double)? in
                (edge[key] as? String).map(numbers).flatMap { $0.count == 2 ? flip($0[0], $0[1]) : nil }
            }
            endLabels[index] = (point("tail_lp"), point("head_lp"))
        }
        return GraphPlacement(width: width, height: height, centres: centres, edges: edges, endLabels: endLabels, clusters: clusters)
    }

    private static func numbers(_ text: String) -> [Double] {
        text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    }
}
