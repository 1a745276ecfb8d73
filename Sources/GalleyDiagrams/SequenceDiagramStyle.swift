// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// The CSS that colours drawn diagrams. Colours are the theme's variables (so both schemes
/// and every palette apply), each with a fallback for an SVG shown outside the theme.
package enum SequenceDiagramStyle {
    package static let css = """
    .g-seq { font-family: var(--font, system-ui, sans-serif); font-size: 14px; color: var(--fg, #1f2328); overflow: visible; }
    .g-seq text { fill: var(--fg, #1f2328); }
    .g-seq .g-seq-title { font-size: 18px; font-weight: 700; }
    .g-seq .g-seq-participant { fill: var(--bg-soft, #f6f7f9); stroke: var(--link, #3f51b5); stroke-width: 1.5; }
    .g-seq .g-seq-participant-label, .g-seq .g-seq-tab-label, .g-seq .g-seq-number { font-weight: 700; }
    .g-seq .g-seq-actor { fill: none; stroke: var(--link, #3f51b5); stroke-width: 1.5; }
    .g-seq .g-seq-lifeline { stroke: var(--muted, #57606a); stroke-width: 1; stroke-dasharray: 4 4; }
    .g-seq .g-seq-arrow { fill: none; stroke: var(--fg, #1f2328); stroke-width: 1.5; }
    .g-seq .g-seq-reply { stroke-dasharray: 6 4; }
    .g-seq .g-seq-head { fill: var(--fg, #1f2328); }
    .g-seq .g-seq-open-head, .g-seq .g-seq-destroy { fill: none; stroke: var(--fg, #1f2328); stroke-width: 1.5; }
    .g-seq .g-seq-activation { fill: var(--bg-raised, #ffffff); stroke: var(--link, #3f51b5); stroke-width: 1.5; }
    .g-seq .g-seq-note { fill: var(--code-bg, #f5f7f9); stroke: var(--accent, #3f51b5); stroke-width: 1; }
    .g-seq .g-seq-ref { fill: var(--bg, #ffffff); stroke: var(--muted, #57606a); stroke-width: 1.5; }
    .g-seq .g-seq-fragment { fill: none; stroke: var(--muted, #57606a); stroke-width: 1; }
    .g-seq .g-seq-fragment-rect { fill: var(--bg-soft, #f6f7f9); stroke: none; }
    .g-seq .g-seq-tab { fill: var(--bg-soft, #f6f7f9); stroke: var(--muted, #57606a); stroke-width: 1; }
    .g-seq .g-seq-operand { stroke: var(--muted, #57606a); stroke-dasharray: 4 3; }
    .g-seq .g-seq-condition { fill: var(--muted, #57606a); }
    .g-seq .g-seq-footer-bar { fill: var(--muted, #57606a); }
    .g-flow { font-family: var(--font, system-ui, sans-serif); font-size: 14px; overflow: visible; }
    .g-flow text { fill: var(--fg, #1f2328); }
    .g-flow .g-flow-node-group text { fill: inherit; }
    .g-flow .g-flow-node-group { fill: var(--fg, #1f2328); }
    .g-flow .g-flow-node { fill: var(--bg-soft, #f6f7f9); stroke: var(--link, #3f51b5); stroke-width: 1.5; }
    .g-flow .g-flow-node-line { fill: none; stroke: var(--link, #3f51b5); stroke-width: 1.5; }
    .g-flow a .g-flow-node-label { text-decoration: underline; }
    .g-flow .g-flow-edge { fill: none; stroke: var(--fg, #1f2328); stroke-width: 1.5; }
    .g-flow .g-flow-thick { stroke-width: 3.5; }
    .g-flow .g-flow-dotted { stroke-dasharray: 3 4; }
    .g-flow .g-flow-head { fill: var(--fg, #1f2328); }
    .g-flow .g-flow-open-head { fill: var(--bg, #ffffff); stroke: var(--fg, #1f2328); stroke-width: 1.5; }
    .g-flow .g-flow-cross { stroke: var(--fg, #1f2328); stroke-width: 2; }
    .g-flow .g-flow-label-bg { fill: var(--bg, #ffffff); opacity: .9; }
    .g-flow .g-flow-edge-label { font-size: 13px; }
    .g-flow .g-flow-cluster { fill: var(--code-bg, #f5f7f9); stroke: var(--muted, #57606a); stroke-width: 1; }
    .g-flow .g-flow-cluster-title { font-weight: 700; }
    .g-flow .g-flow-dot { fill: var(--fg, #1f2328); }
    .g-flow .g-flow-class-name { font-weight: 700; }
    .g-flow .g-flow-member { font-size: 13px; }
    .g-flow .g-flow-end-label { font-size: 12px; }
    .g-flow .g-flow-attribute { font-weight: 600; }
    .g-flow .g-flow-cardinality { fill: none; stroke: var(--fg, #1f2328); stroke-width: 1.5; }
    .g-flow .g-flow-note { fill: var(--code-bg, #f5f7f9); stroke: var(--accent, #3f51b5); stroke-width: 1; }
    .g-diagram { margin: 1em 0; overflow-x: auto; max-width: 100%; }
    .g-diagram > svg { display: block; max-width: none; height: auto; }
    .g-diagram-error { border-left: 4px solid #c62828; padding: .5em 1em; background: var(--code-bg, #f5f7f9); }
    @media print { .g-diagram { overflow: visible; } .g-diagram > svg { max-width: 100%; } }
    """
}
