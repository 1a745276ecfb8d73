// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
/// The key names `pymdownx.keys` knows (its English US keymap): each key's canonical name,
/// which becomes the `key-NAME` class, the label shown in `<kbd>`, and the other names it
/// answers to. Letters, digits and F1–F24 follow a rule and are made, not listed.
///
/// Written here as data in this format, from the extension's documented key list: the
/// output must carry the same classes and labels for stylesheets written for it to apply.
enum KeyNames {
    struct Key: Sendable, Equatable {
        var name: String
        var label: String
    }

    /// `name|Label|alias alias`, by group.
    private static let table = """
    space|Space|spc
    backslash|\\|
    bar|||pipe
    brace-left|{|open-brace
    brace-right|}|close-brace
    bracket-left|[|open-bracket
    bracket-right|]|close-bracket
    colon|:|
    comma|,|
    double-quote|"|dblquote
    equal|=|
    exclam|!|exclamation
    grave|`|grave-accent
    greater|>|greater-than gt
    less|<|less-than lt
    minus|-|hyphen
    period|.|
    plus|+|
    question|?|question-mark
    semicolon|;|
    single-quote|'|
    slash|/|
    tilde|~|
    underscore|_|
    arrow-up|Up|up
    arrow-down|Down|down
    arrow-left|Left|left
    arrow-right|Right|right
    page-up|Page Up|pg-up prior
    page-down|Page Down|page-dn pg-dn next
    home|Home|
    end|End|
    backspace|Backspace|back bksp
    delete|Del|del
    insert|Ins|ins
    tab|Tab|tabulator
    break|Break|cancel
    caps-lock|Caps Lock|capital cplk
    clear|Clear|clr
    eject|Eject|
    enter|Enter|return
    escape|Esc|esc
    help|Help|
    print-screen|Print Screen|prtsc
    scroll-lock|Scroll Lock|scroll
    num-asterisk|Num *|multiply
    num-clear|Num Clear|
    num-delete|Num Del|num-del
    num-equal|Num =|
    num-lock|Num Lock|numlk
    num-minus|Num -|subtract
    num-plus|Num +|add
    num-separator|Num .|decimal separator
    num-slash|Num /|divide
    num-enter|Num Enter|
    alt|Alt|
    alt-graph|AltGr|altgr
    command|Cmd|cmd
    control|Ctrl|ctrl
    function|Fn|fn
    left-alt|Left Alt|lalt
    left-command|Left Command|lcmd lcommand left-cmd
    left-control|Left Ctrl|lcontrol lctrl left-ctrl
    left-meta|Left Meta|lmeta
    left-option|Left Option|lopt loption left-opt
    left-shift|Left Shift|lshift
    left-super|Left Super|lsuper
    left-windows|Left Win|left-win lwin lwindows
    meta|Meta|
    option|Option|opt
    right-alt|Right Alt|ralt
    right-command|Right Command|rcmd rcommand right-cmd
    right-control|Right Ctrl|rcontrol rctrl right-ctrl
    right-meta|Right Meta|rmeta
    right-option|Right Option|ropt roption right-opt
    right-shift|Right Shift|rshift
    right-super|Right Super|rsuper
    right-windows|Right Win|right-win rwin rwindows
    shift|Shift|
    super|Super|
    windows|Win|win
    backtab|Back Tab|bktab
    browser-back|Browser Back|
    browser-favorites|Browser Favorites|favorites
    browser-forward|Browser Forward|forward
    browser-home|Browser Home|
    browser-refresh|Browser Refresh|refresh
    browser-search|Browser Search|search
    browser-stop|Browser Stop|
    context-menu|Menu|apps menu
    copy|Copy|
    mail|Mail|launch-mail
    media|Media|launch-media
    media-next-track|Next Track|next-track
    media-pause|Pause|pause
    media-play|Play|play
    media-play-pause|Play/Pause|play-pause
    media-prev-track|Previous Track|prev-track
    media-stop|Stop|stop
    print|Print|
    reset|Reset|
    select|Select|
    sleep|Sleep|
    volume-down|Volume Down|vol-down
    volume-mute|Mute|mute vol-mute
    volume-up|Volume Up|vol-up
    zoom|Zoom|
    power|Power|
    fingerprint|Fingerprint|
    left-button|Left Button|lbutton
    middle-button|Middle Button|mbutton
    right-button|Right Button|rbutton
    x-button1|X Button 1|xbutton1
    x-button2|X Button 2|xbutton2
    """

    /// Every name and alias, to its key.
    static let byName: [String: Key] = {
        var keys: [String: Key] = [:]
        func add(_ name: String, _ label: String, aliases: [Substring] = []) {
            let key = Key(name: name, label: label)
            keys[name] = key
            for alias in aliases { keys[String(alias)] = key }
        }
        for scalar in UnicodeScalar("a").value...UnicodeScalar("z").value {
            let letter = String(UnicodeScalar(scalar)!)
            add(letter, letter.uppercased())
        }
        for digit in 0...9 {
            add("\(digit)", "\(digit)")
            add("num\(digit)", "Num \(digit)")
        }
        for number in 1...24 { add("f\(number)", "F\(number)") }
        for line in table.split(separator: "\n") {
            // The label may itself be `|` (the `bar` key), so the fields are found from the ends.
            guard let first = line.firstIndex(of: "|"), let last = line.lastIndex(of: "|"), first < last else { continue }
            let name = String(line[..<first])
            let label = String(line[line.index(after: first)..<last])
            add(name, label, aliases: line[line.index(after: last)...].split(separator: " "))
        }
        return keys
    }()
}
