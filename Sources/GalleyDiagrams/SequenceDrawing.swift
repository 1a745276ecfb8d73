// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// Pass 3 of the layout: walks the events from top to bottom and draws them.
struct SequenceDrawing {
    typealias L = SequenceLayout

    let layout: SequenceLayout
    var canvas = SVGCanvas()
    var y = 0.0
    /// Open activations of each participant: where each started.
    var activations: [[Double]]
    /// Where the last arrow was drawn: activations start and end there.
    var lastArrowY: Double?
    /// Where a destroyed participant's lifeline ends.
    var lifelineEnds: [Int: Double] = [:]
    var fragments: [OpenFragment] = []

    struct OpenFragment {
        var kind: FragmentKind
        var condition: String
        var top: Double
        var minX = Double.infinity
        var maxX = -Double.infinity
        var operands: [(y: Double, condition: String)] = []
    }

    init(layout: SequenceLayout) {
        self.layout = layout
        activations = Array(repeating: [], count: layout.participantCount)
    }

    var diagram: SequenceDiagram { layout.diagram }

    func x(_ endpoint: Endpoint) -> Double { layout.columns[layout.column(endpoint)] }

    mutating func draw() {
        drawTitle()
        let lifelineTop = y + layout.boxHeight
        drawBoxes(top: y)
        y = lifelineTop + 16
        for event in diagram.events { draw(event) }
        for index in activations.indices {
            while !activations[index].isEmpty { endActivation(index, at: y) }
        }
        y += 8
        drawFooter(lifelineTop: lifelineTop)
    }

    // MARK: Frame

    private mutating func drawTitle() {
        guard let title = diagram.title, !title.isEmpty, layout.participantCount > 0 else { return }
        // At the left, where a wide diagram's reader starts (it may scroll sideways).
        let lines = L.lines(title)
        let left = min(layout.columns[0], layout.columns[1] - layout.boxWidths[0] / 2)
        let width = TextMetrics.width(lines: title, size: L.titleSize, bold: true)
        canvas.text(lines, x: left, y: y + 18, class: "g-seq-title", anchor: "start", lineHeight: 24, box: (left, width))
        y += Double(lines.count) * 24 + 14
    }

    private mutating func drawBoxes(top: Double) {
        for (index, participant) in diagram.participants.enumerated() {
            let center = layout.columns[index + 1], width = layout.boxWidths[index]
            let lines = L.lines(participant.label)
            let textHeight = Double(lines.count) * L.lineHeight
            switch participant.shape {
            case .box:
                canvas.rect(center - width / 2, top, width, layout.boxHeight, class: "g-seq-participant", radius: 3)
                let firstBaseline = top + (layout.boxHeight - textHeight) / 2 + L.ascent
                canvas.text(lines, x: center, y: firstBaseline, class: "g-seq-participant-label", lineHeight: L.lineHeight, box: (center - width / 2 + 12, width - 24))
            case .actor:
                drawActor(center: center, top: top)
                canvas.text(lines, x: center, y: top + 40 + L.ascent, class: "g-seq-participant-label g-seq-actor-label", lineHeight: L.lineHeight, box: (center - width / 2 + 4, width - 8))
            }
        }
    }

    /// A stick figure, 36 high, its head at `top`.
    private mutating func drawActor(center: Double, top: Double) {
        canvas.circle(center, top + 7, radius: 6, class: "g-seq-actor")
        canvas.path([(center, top + 13), (center, top + 26)], class: "g-seq-actor")
        canvas.path([(center - 10, top + 18), (center + 10, top + 18)], class: "g-seq-actor")
        canvas.path([(center - 8, top + 36), (center, top + 26), (center + 8, top + 36)], class: "g-seq-actor")
    }

    private mutating func drawFooter(lifelineTop: Double) {
        for index in diagram.participants.indices {
            let center = layout.columns[index + 1]
            let end = lifelineEnds[index] ?? y
            canvas.line(center, lifelineTop, center, end, class: "g-seq-lifeline", layer: .lifelines)
        }
        switch diagram.footer {
        case .boxes:
            drawBoxes(top: y)
            y += layout.boxHeight
        case .bar:
            guard layout.participantCount > 0 else { return }
            let left = layout.columns[1] - layout.boxWidths[0] / 2
            let right = layout.columns[layout.participantCount] + layout.boxWidths[layout.participantCount - 1] / 2
            canvas.rect(left, y, right - left, 4, class: "g-seq-footer-bar")
            y += 4
        case .none:
            break
        }
    }

    // MARK: Events

    private mutating func draw(_ event: Event) {
        switch event {
        case .message(let message):
            drawMessage(message)
        case .activate(let index):
            activations[index].append(lastArrowY ?? y - 8)
        case .deactivate(let index):
            endActivation(index, at: lastArrowY ?? y)
        case .destroy(let index):
            let at = lastArrowY ?? y
            while !activations[index].isEmpty { endActivation(index, at: at) }
            let center = layout.columns[index + 1]
            canvas.path([(center - 7, at - 7), (center + 7, at + 7)], class: "g-seq-destroy")
            canvas.path([(center - 7, at + 7), (center + 7, at - 7)], class: "g-seq-destroy")
            lifelineEnds[index] = at
            y = max(y, at + 16)
        case .note(let note):
            drawNote(note)
        case .reference(let reference):
            drawReference(reference)
        case .fragmentStart(let kind, let condition):
            y += 6
            fragments.append(OpenFragment(kind: kind, condition: condition, top: y))
            y += kind == .rect ? 10 : 30
        case .fragmentElse(let condition):
            guard !fragments.isEmpty else { return }
            y += 4
            fragments[fragments.count - 1].operands.append((y, condition))
            y += condition.isEmpty ? 10 : 26
        case .fragmentEnd:
            y += 6
            closeFragment()
            y += 10
        }
    }

    /// How far an arrow stops short of a lifeline, on the side facing `towards`, for the
    /// participant's open activations (each nested bar sits half a bar to the right).
    private func edge(_ endpoint: Endpoint, towards other: Double, depth: Int? = nil) -> Double {
        let center = x(endpoint)
        guard case .participant(let index) = endpoint else { return center }
        let open = depth ?? activations[index].count
        guard open > 0 else { return center }
        let shift = Double(open - 1) * L.barWidth / 2
        return other > center ? center + shift + L.barWidth / 2 : center + shift - L.barWidth / 2
    }

    private mutating func drawMessage(_ message: Message) {
        let lines = L.lines(message.text)
        let textHeight = Double(max(lines.count, message.number == nil ? 0 : 1)) * L.lineHeight
        let arrowY = y + textHeight + 6
        let width = L.labelWidth(message)
        if message.from == message.to, case .participant(let index) = message.from {
            let start = edge(message.from, towards: .infinity)
            let depthAfter = activations[index].count + (message.activatesTarget ? 1 : 0) - (message.deactivatesSource ? 1 : 0)
            let end = edge(message.to, towards: .infinity, depth: max(depthAfter, 0))
            let loopRight = max(start, end) + 30
            canvas.path([(start, arrowY), (loopRight, arrowY), (loopRight, arrowY + 18), (end, arrowY + 18)], class: lineClass(message))
            drawHead(message.head, at: end, arrowY + 18, pointingRight: false)
            let left = start + 6
            canvas.text(lines, x: left, y: y + L.ascent, class: "g-seq-message-label", anchor: "start", lineHeight: L.lineHeight, box: (left, width), prefix: L.numberPrefix(message))
            extend(start, max(loopRight, left + width))
            finishMessage(message, arrowY: arrowY + 18)
            y = arrowY + 18 + 16
            return
        }
        let towardsTarget = x(message.to)
        let startX = edge(message.from, towards: towardsTarget)
        var endDepth: Int?
        if message.activatesTarget, case .participant(let index) = message.to { endDepth = activations[index].count + 1 }
        let endX = edge(message.to, towards: startX, depth: endDepth)
        drawArrow(message, from: startX, to: endX, y: arrowY)
        let center = (startX + endX) / 2
        canvas.text(lines, x: center, y: y + L.ascent, class: "g-seq-message-label", lineHeight: L.lineHeight, box: (center - width / 2, width), prefix: L.numberPrefix(message))
        extend(min(startX, endX, center - width / 2), max(startX, endX, center + width / 2))
        finishMessage(message, arrowY: arrowY)
        y = arrowY + 16
    }

    private mutating func drawArrow(_ message: Message, from startX: Double, to endX: Double, y arrowY: Double) {
        canvas.line(startX, arrowY, endX, arrowY, class: lineClass(message))
        drawHead(message.head, at: endX, arrowY, pointingRight: endX >= startX)
    }

    /// Opens and closes the activations the arrow's `+` and `-` ask for.
    private mutating func finishMessage(_ message: Message, arrowY: Double) {
        if message.deactivatesSource, case .participant(let index) = message.from { endActivation(index, at: arrowY) }
        if message.activatesTarget, case .participant(let index) = message.to { activations[index].append(arrowY) }
        lastArrowY = arrowY
    }

    private func lineClass(_ message: Message) -> String {
        message.line == .dashed ? "g-seq-arrow g-seq-reply" : "g-seq-arrow"
    }

    private mutating func drawHead(_ head: Message.Head, at tipX: Double, _ tipY: Double, pointingRight: Bool) {
        let back = pointingRight ? -9.0 : 9.0
        switch head {
        case .filled:
            canvas.path([(tipX, tipY), (tipX + back, tipY - 4.5), (tipX + back, tipY + 4.5)], class: "g-seq-head", closed: true)
        case .open:
            canvas.path([(tipX + back, tipY - 5), (tipX, tipY), (tipX + back, tipY + 5)], class: "g-seq-open-head")
        case .cross:
            canvas.path([(tipX - 5, tipY - 5), (tipX + 5, tipY + 5)], class: "g-seq-open-head")
            canvas.path([(tipX - 5, tipY + 5), (tipX + 5, tipY - 5)], class: "g-seq-open-head")
        case .none:
            break
        }
    }

    private mutating func endActivation(_ index: Int, at end: Double) {
        guard let start = activations[index].popLast() else { return }
        let level = Double(activations[index].count)
        let left = layout.columns[index + 1] - L.barWidth / 2 + level * L.barWidth / 2
        canvas.rect(left, start, L.barWidth, max(end - start, 8), class: "g-seq-activation", layer: .activations)
    }

    // MARK: Notes, references, fragments

    private mutating func drawNote(_ note: Note) {
        let lines = L.lines(note.text)
        let width = TextMetrics.width(lines: note.text, size: L.fontSize) + 16
        let height = Double(max(lines.count, 1)) * L.lineHeight + 12
        let left: Double
        switch note.placement {
        case .leftOf(let index): left = layout.columns[index + 1] - 8 - width
        case .rightOf(let index): left = layout.columns[index + 1] + 8
        case .over(let first, let last):
            let a = layout.columns[first + 1], b = layout.columns[last + 1]
            let span = first == last ? width : max(width, b - a + 40)
            left = (a + b) / 2 - span / 2
            drawNoteBox(note, lines: lines, left: left, width: span, height: height)
            return
        }
        drawNoteBox(note, lines: lines, left: left, width: width, height: height)
    }

    private mutating func drawNoteBox(_ note: Note, lines: [Substring], left: Double, width: Double, height: Double) {
        canvas.rect(left, y, width, height, class: note.isState ? "g-seq-note g-seq-state" : "g-seq-note", radius: note.isState ? 8 : 0)
        let centered = if case .over = note.placement { true } else { false }
        let textX = centered ? left + width / 2 : left + 8
        canvas.text(lines, x: textX, y: y + 6 + L.ascent, class: "g-seq-note-label", anchor: centered ? "middle" : "start", lineHeight: L.lineHeight, box: (left + 8, width - 16))
        extend(left, left + width)
        y += height + 12
    }

    private mutating func drawReference(_ reference: Reference) {
        let a = layout.columns[reference.first + 1], b = layout.columns[reference.last + 1]
        let lines = L.lines(reference.text)
        let textWidth = TextMetrics.width(lines: reference.text, size: L.fontSize)
        let width = max(b - a + 48, L.referenceWidth(reference))
        let left = (a + b) / 2 - width / 2, right = left + width
        var top = y
        var inArrowY: Double?
        if let incoming = reference.incoming {
            let inLines = L.lines(incoming.text)
            let arrowY = y + Double(max(inLines.count, incoming.number == nil ? 0 : 1)) * L.lineHeight + 6
            let source = x(incoming.from)
            let startX = edge(incoming.from, towards: a)
            let endX = source < left ? left : right
            drawArrow(incoming, from: startX, to: endX, y: arrowY)
            let center = (startX + endX) / 2, labelWidth = L.labelWidth(incoming)
            canvas.text(inLines, x: center, y: y + L.ascent, class: "g-seq-message-label", lineHeight: L.lineHeight, box: (center - labelWidth / 2, labelWidth), prefix: L.numberPrefix(incoming))
            extend(min(startX, center - labelWidth / 2), max(startX, center + labelWidth / 2))
            finishMessage(incoming, arrowY: arrowY)
            top = arrowY - 10
            inArrowY = arrowY
        }
        let tab = L.tabWidth(.group) - 4
        let contentHeight = 22 + Double(max(lines.count, 1)) * L.lineHeight + 10
        var height = contentHeight
        if let outgoing = reference.outgoing {
            // Room under the incoming arrow for the outgoing label, so the two never meet.
            let outLines = Double(max(L.lines(outgoing.text).count, outgoing.number == nil ? 0 : 1))
            let needed = (inArrowY.map { $0 - top } ?? 0) + 8 + outLines * L.lineHeight + 6 + 10
            height = max(height, needed)
        }
        canvas.rect(left, top, width, height, class: "g-seq-ref", layer: .shapes)
        canvas.path([(left, top), (left + tab, top), (left + tab, top + 12), (left + tab - 8, top + 20), (left, top + 20)], class: "g-seq-tab", closed: true)
        canvas.text(["ref"], x: left + 8, y: top + 15, class: "g-seq-tab-label", anchor: "start", lineHeight: L.lineHeight, box: (left + 8, tab - 8))
        canvas.text(lines, x: (left + right) / 2, y: top + 22 + L.ascent, class: "g-seq-ref-label", lineHeight: L.lineHeight, box: ((left + right) / 2 - textWidth / 2, textWidth))
        extend(left, right)
        let bottom = top + height
        var lastY = bottom
        if let outgoing = reference.outgoing {
            let outLines = L.lines(outgoing.text)
            let arrowY = bottom - 10
            let target = x(outgoing.to)
            let startX = target < left ? left : right
            let endX = edge(outgoing.to, towards: startX)
            drawArrow(outgoing, from: startX, to: endX, y: arrowY)
            let center = (startX + endX) / 2, labelWidth = L.labelWidth(outgoing)
            let labelTop = arrowY - 6 - Double(max(outLines.count, outgoing.number == nil ? 0 : 1)) * L.lineHeight
            canvas.text(outLines, x: center, y: labelTop + L.ascent, class: "g-seq-message-label", lineHeight: L.lineHeight, box: (center - labelWidth / 2, labelWidth), prefix: L.numberPrefix(outgoing))
            extend(min(endX, center - labelWidth / 2), max(endX, center + labelWidth / 2))
            finishMessage(outgoing, arrowY: arrowY)
            lastY = arrowY
        }
        lastArrowY = lastY
        y = bottom + 16
    }

    /// Grows the open fragments to hold what was just drawn between `low` and `high`.
    private mutating func extend(_ low: Double, _ high: Double) {
        for index in fragments.indices {
            fragments[index].minX = min(fragments[index].minX, low)
            fragments[index].maxX = max(fragments[index].maxX, high)
        }
    }

    private mutating func closeFragment() {
        guard var fragment = fragments.popLast() else { return }
        if fragment.minX > fragment.maxX {
            // Nothing inside: as wide as its header, on the first lifeline.
            fragment.minX = layout.columns[min(1, layout.columns.count - 1)]
            fragment.maxX = fragment.minX
        }
        let conditionText = fragment.condition.isEmpty ? "" : "[\(fragment.condition)]"
        let tab = L.tabWidth(fragment.kind)
        let header = fragment.kind == .rect ? 0 : tab + (conditionText.isEmpty ? 0 : L.width(conditionText) + 12)
        let operandWidth = fragment.operands.map { L.width("[\($0.condition)]") + 16 }.max() ?? 0
        let left = fragment.minX - L.fragmentPadding
        let right = max(fragment.maxX + L.fragmentPadding, left + header, left + operandWidth)
        let height = y - fragment.top
        canvas.rect(left, fragment.top, right - left, height, class: "g-seq-fragment g-seq-fragment-\(fragment.kind.rawValue)", layer: .fragments)
        if fragment.kind != .rect {
            canvas.path([(left, fragment.top), (left + tab, fragment.top), (left + tab, fragment.top + 12), (left + tab - 8, fragment.top + 20), (left, fragment.top + 20)], class: "g-seq-tab", closed: true, layer: .fragments)
            canvas.text([Substring(fragment.kind.rawValue)], x: left + 8, y: fragment.top + 15, class: "g-seq-tab-label", anchor: "start", lineHeight: L.lineHeight, box: (left + 8, tab - 16))
            if !conditionText.isEmpty {
                let width = L.width(conditionText)
                canvas.text([Substring(conditionText)], x: left + tab + 8, y: fragment.top + 15, class: "g-seq-condition", anchor: "start", lineHeight: L.lineHeight, box: (left + tab + 8, width))
            }
        }
        for operand in fragment.operands {
            canvas.line(left, operand.y, right, operand.y, class: "g-seq-operand", layer: .fragments)
            if !operand.condition.isEmpty {
                let text = "[\(operand.condition)]"
                canvas.text([Substring(text)], x: left + 8, y: operand.y + 16, class: "g-seq-condition", anchor: "start", lineHeight: L.lineHeight, box: (left + 8, L.width(text)))
            }
        }
        extend(left, right)
    }
}
