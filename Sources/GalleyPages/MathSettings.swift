// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyConfig
import GalleyMarkdown

/// The options of `pymdownx.arithmatex`, read from its `markdown_extensions` entry.
enum MathSettings {
    static func options(_ config: ConfigValue) -> MathOptions {
        var options = MathOptions()
        if let generic = config["generic"]?.bool { options.generic = generic }
        if let smart = config["smart_dollar"]?.bool { options.smartDollar = smart }
        if let preview = config["preview"]?.bool { options.preview = preview }
        if let tag = config["inline_tag"]?.string { options.inlineTag = tag }
        if let tag = config["block_tag"]?.string { options.blockTag = tag }
        if let inline = config["inline_syntax"]?.list?.compactMap(\.string) {
            options.inlineDollar = inline.contains("dollar")
            options.inlineRound = inline.contains("round")
        }
        if let block = config["block_syntax"]?.list?.compactMap(\.string) {
            options.blockDollar = block.contains("dollar")
            options.blockSquare = block.contains("square")
            options.blockBegin = block.contains("begin")
        }
        if let wrap = config["tex_inline_wrap"]?.list?.compactMap(\.string), wrap.count == 2 { options.inlineWrap = (wrap[0], wrap[1]) }
        if let wrap = config["tex_block_wrap"]?.list?.compactMap(\.string), wrap.count == 2 { options.blockWrap = (wrap[0], wrap[1]) }
        return options
    }
}
