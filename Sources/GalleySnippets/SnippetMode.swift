// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
import GalleyConfig

/// What a Swift fence asks for, read from the words after `swift` in its info string.
package struct SnippetMode: Sendable, Equatable {
    /// What happens to the block when the program is built and run.
    package enum Action: String, Sendable, Equatable, CaseIterable {
        /// Compile and run; show what it printed.
        case run
        /// Compile only.
        case compile
        /// Run; show the code, not the output.
        case silent
        /// Run; show nothing (setup code).
        case invisible
        /// Must fail to compile; show the compiler's diagnostics.
        case fails
        /// Must trap at run time; show the trap message.
        case crash
        /// Run and show the value each line produced.
        case values
    }

    package var action: Action
    /// The next fence, ```` ```output ````, holds the output this block must print.
    package var expectsOutput = false
    /// This block starts a fresh scope.
    package var resets = false
    /// The scope the block belongs to; `""` is the page's main scope.
    package var session = ""
    /// For `fails` and `crash` blocks written `fails="…"` or `crash="…"`: text the compiler's
    /// error or the trap message must contain, so that a block failing for another reason
    /// (a typo) does not pass.
    package var pin: String?

    package init(action: Action, expectsOutput: Bool = false, resets: Bool = false, session: String = "", pin: String? = nil) {
        self.action = action
        self.expectsOutput = expectsOutput
        self.resets = resets
        self.session = session
        self.pin = pin
    }

    /// The mode of a fence with these `flags` and `options`, given the words a plain
    /// ```` ```swift ```` fence gets by default; `nil` when the fence is plain code (no mode
    /// word and no default, or `norun`, with or without a reason: `norun="needs UIKit"`).
    /// Words that are not mode words are left to ``SnippetFenceCheck``, which reports them.
    package static func of(flags: [String], options: [String: String], defaults: [String]) -> SnippetMode? {
        if flags.contains(SnippetWords.optOut) || options[SnippetWords.optOut] != nil { return nil }
        let pinned = Action.pinnable.first { options[$0.rawValue] != nil }
        let ownWords = flags.contains(where: Self.isModeWord) || options["session"] != nil || pinned != nil
        let words = ownWords ? flags : defaults + flags
        guard ownWords || words.contains(where: Self.isModeWord) else { return nil }
        let actions = words.compactMap(Action.init(rawValue:))
        var mode = SnippetMode(action: pinned ?? actions.last ?? .run)
        mode.expectsOutput = words.contains("expect")
        mode.resets = words.contains("reset")
        mode.session = options["session"] ?? ""
        if let pinned { mode.pin = options[pinned.rawValue] }
        return mode
    }

    static func isModeWord(_ word: String) -> Bool {
        Action(rawValue: word) != nil || SnippetWords.modifiers.contains(word)
    }
}

extension SnippetMode.Action {
    /// The actions whose failure can be pinned with `action="text"`.
    static let pinnable: [Self] = [.fails, .crash]
}

extension SnippetMode: CustomStringConvertible {
    /// The mode as info-string words, such as `run expect`.
    package var description: String {
        var words = [pin.map { "\(action.rawValue)=\"\($0)\"" } ?? action.rawValue]
        if expectsOutput { words.append("expect") }
        if resets { words.append("reset") }
        if !session.isEmpty { words.append("session=\(session)") }
        return words.joined(separator: " ")
    }
}
