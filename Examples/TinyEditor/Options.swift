import BindingRuntime
/// The command line: `tiny-editor [--keymap text|vim|ide] [--layout ID] [--keys "…"]
/// [--text "…"] [--read-only] [--signed-in] [FILE]`.
struct Options: Equatable {
    var keymap = "text"
    /// The keyboard layout keys are decoded and shown for (`--layout de`).
    var layout = "us"
    /// A `.bind` file to run instead of the examples (`--keymap-file`; its `layer over` bases
    /// are loaded too).
    var keymapFile: String?
    /// Scripted strokes; nil for interactive use (or keys on standard input).
    var keys: String?
    /// Initial text instead of a file's.
    var text: String?
    var path: String?
    var readOnly = false
    var signedIn = false
    /// Whether scripted mode may write FILE (`--write`; scripts never write it otherwise).
    var write = false
    var help = false
    /// `--version`: print the version and exit.
    var version = false

    /// The options, for a misspelt one's did-you-mean.
    static let flags = ["--keymap", "--keymap-file", "--layout", "--keys", "--text", "--read-only", "--write",
                        "--signed-in", "--help", "--version"]
    /// What `--version` prints.
    static let version = "tiny-editor 0.1.0 (BindKit's example editor)"

    static let usage = """
        usage: tiny-editor [--keymap text|vim|ide|FILE.bind | --keymap-file FILE.bind] [--layout ID]
                           [--keys "STROKES" [--write]] [--text "TEXT"] [--read-only] [--signed-in] [FILE]

        A small terminal editor whose every key goes through BindingRuntime.

          --keymap NAME   text (macOS style, the default), vim (modal) or ide (VS Code style,
                          IDE.bind with IDE-user.bind layered on top)
          --keymap-file F run the .bind file F (and the files it layers over) instead, e.g. one
                          made by `bindc import`; its bindings are performed by the editor's
                          responders (roles TextView, Buffer, FindBar, Editor, Panel, Window,
                          Workbench, App) when the action is one of the editor's. The
                          editor watches F and its bases: when one is saved it recompiles and
                          swaps the new table in; on errors it keeps the old one and shows the
                          first error in the status line. `--keymap F.bind` is the same (one
                          file; use `layer over` inside it to combine several)
          --layout ID     the keyboard layout (default us; de, fr, ru, dvorak, de-mac, … as in
                          `bindc layouts --help`): each typed character is taken as the key that
                          types it there, so key-position bindings (ctrl+Backquote) and the
                          US-character fallback of non-Latin layouts work, and the overlay and
                          the pending hint show each chord as it is typed on that layout
          --keys STROKES  scripted mode: run the strokes, print what each did and the buffer;
                          strokes are chords as in .bind (`i`, `ctrl+k ctrl+c`, `G`, `"$"`) and
                          text:"…" types literal text. Without a terminal on standard input,
                          strokes are read from it instead (one or more per line, # comments).
          --write         scripted mode: let the save actions write FILE (without it a
                          script never changes the file)
          --text TEXT     start with this text (\\n for new lines) instead of FILE's
          --read-only     open the document read-only
          --signed-in     start signed in (the IDE keymap's account commands)

        Keys of the editor itself (used only when the keymap leaves the key unbound):
          F1 show the key commands   F3 next keymap   F4 toggle read-only   ctrl+q quit
        """

    /// Why the command line was rejected.
    struct Error: Swift.Error, Equatable, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws(Options.Error) -> Options {
        var o = Options()
        var i = 0
        func value(_ flag: String) throws(Options.Error) -> String {
            i += 1
            guard i < arguments.count else { throw Error(message: "\(flag) needs a value") }
            return arguments[i]
        }
        var onlyFiles = false
        while i < arguments.count {
            let a = arguments[i]
            if onlyFiles || !a.hasPrefix("-") || a == "-" {
                guard o.path == nil else { throw Error(message: "one FILE at most (got '\(o.path ?? "")' and '\(a)')") }
                o.path = a
            } else {
                var flag = a
                var inline: String?
                if let eq = a.firstIndex(of: "="), a.hasPrefix("--") {
                    flag = String(a[..<eq])
                    inline = String(a[a.index(after: eq)...])
                }
                func take() throws(Options.Error) -> String {
                    if let inline { return inline }
                    return try value(flag)
                }
                switch flag {
                case "--keymap", "-k":
                    let k = try take()
                    // `--keymap FILE.bind` is `--keymap-file FILE.bind`.
                    if !KeymapLibrary.ids.contains(k) && k.hasSuffix(".bind") {
                        o.keymapFile = k
                        break
                    }
                    guard KeymapLibrary.ids.contains(k) else {
                        let suggestion = nearest(to: k, in: KeymapLibrary.ids)
                        throw Error(message: "unknown keymap '\(k)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
                            + " (choose one of: \(KeymapLibrary.ids.joined(separator: ", ")), or a .bind file)")
                    }
                    o.keymap = k
                case "--keymap-file": o.keymapFile = try take()
                case "--layout":
                    let id = try take()
                    guard KeyboardLayout.named(id) != nil else {
                        let suggestion = nearest(to: id, in: KeyboardLayout.all.map(\.id))
                        throw Error(message: "unknown layout '\(id)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
                            + " (the layouts: \(KeyboardLayout.all.map(\.id).joined(separator: " ")))")
                    }
                    o.layout = id
                case "--keys": o.keys = try take()
                case "--text": o.text = try take().replacingEscapes()
                case "--read-only": o.readOnly = true
                case "--write": o.write = true
                case "--signed-in": o.signedIn = true
                case "--help", "-h": o.help = true
                case "--version": o.version = true
                case "--": onlyFiles = true
                default:
                    let suggestion = nearest(to: flag, in: Options.flags)
                    throw Error(message: "unknown option '\(a)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
                }
            }
            i += 1
        }
        return o
    }
}

extension String {
    /// `\n` and `\t` written as two characters turned into the characters (`\\` is a backslash).
    func replacingEscapes() -> String {
        var out = ""
        var escaped = false
        for ch in self {
            if escaped {
                switch ch {
                case "n": out += "\n"
                case "t": out += "\t"
                default: out.append(ch)
                }
                escaped = false
            } else if ch == "\\" { escaped = true }
            else { out.append(ch) }
        }
        if escaped { out += "\\" }
        return out
    }
}
