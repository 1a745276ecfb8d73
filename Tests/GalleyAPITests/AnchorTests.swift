// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
@testable import GalleyAPI
import Testing

@Suite struct AnchorTests {
    @Test func membersGetReadableUniqueAnchors() {
        var anchors = AnchorSet()
        #expect(anchors.take("makeSink(of:)") == "makeSink-of")
        #expect(anchors.take("init(_:)") == "init")
        #expect(anchors.take("init(_:)") == "init-2")
        #expect(anchors.take("==(_:_:)") == "op-equals-equals")
        #expect(anchors.take("rendered(in:key:)") == "rendered-in-key")
    }
}
