// Property: whatever strings a foreign keymap holds, in whichever field (keys, command names,
// arguments, contexts and their values, `when` clauses, the file's path), an import that
// succeeds writes `.bind` source that compiles without errors, alone and as a layer over a
// base, and accounts for every entry. The strings are drawn from characters that have broken
// writers before: line breaks of every kind, quotes, backslashes, comment openers, control and
// invisible format characters, keywords and names the language reserves.
@testable import BindingLang
import BindingRuntime
import Testing

/// Random hostile strings and the JSON documents that carry them.
private struct HostileJSON {
    var rng: SplitMix64

    static let pieces: [String] = [
        "a", "Z", "x1", "_", "9", " ", "\"", "\\", "\n", "\r", "\r\n", "\t", "\0", "\u{7F}", "\u{85}",
        "\u{2028}", "\u{2029}", "\u{202E}", "\u{200B}", "\u{FEFF}", "\u{E000}", "\u{10FFFF}", "é", "e\u{301}",
        "⌘", "👍🏽", "*/", "//", "/*", "{", "}", "(", ")", "->", "&&", "||", "!", "==", "!=", ">", "::", ".", "-",
        "+", "'", "=~", "when", "in", "platform", "true", "and", "or", "unbind", "layer", "over", "String",
        "Editor", "menu", "copy", "undo", "keymap", "is", "inside", "\\u{41}", "ctrl", "cmd",
    ]

    mutating func string(maxPieces: Int = 5) -> String {
        (0..<rng.int(0..<(maxPieces + 1))).map { _ in rng.pick(Self.pieces) }.joined()
    }

    /// A JSON string literal with `s`'s value (every control character escaped as JSON wants).
    static func json(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Keys: mostly well formed around a hostile key character, sometimes anything.
    mutating func keys(separator: String) -> String {
        if rng.chance(0.25) { return string() }
        let strokes = (0..<rng.int(1..<3)).map { _ in
            let mods = ["ctrl", "cmd", "alt", "shift", "Ctrl", "meta"].filter { _ in rng.chance(0.3) }
            let key = rng.chance(0.5) ? rng.pick(["a", "k", "f5", "escape", "[", "'", "\"", "\\", "+", "-", "enter"]) : string(maxPieces: 1)
            return (mods + [key]).joined(separator: separator)
        }
        return strokes.joined(separator: " ")
    }

    mutating func argument() -> String {
        switch rng.int(0..<7) {
        case 0: return Self.json(string())
        case 1: return String(rng.int(-5..<100))
        case 2: return "1e400"
        case 3: return rng.chance(0.5) ? "true" : "false"
        case 4: return "{\(Self.json(string())): \(Self.json(string()))}"
        case 5: return "[\(Self.json(string())), 3, null]"
        default: return "null"
        }
    }

    /// A condition: a structured one with hostile names and values, or anything.
    mutating func condition(zed: Bool) -> String {
        if rng.chance(0.3) { return string() }
        func atom() -> String {
            let name = rng.chance(0.5) ? rng.pick(zed ? ["Editor", "Pane", "menu", "vim_mode"] : ["editorFocus", "platform", "when", "in"]) : string(maxPieces: 2)
            switch rng.int(0..<4) {
            case 0: return name
            case 1: return "!" + name
            case 2: return "\(name) == \(zed ? "" : "'")\(string(maxPieces: 2))\(zed ? "" : "'")"
            default: return zed ? "\(name) > \(string(maxPieces: 1))" : "\(name) != '\(string(maxPieces: 2))'"
            }
        }
        return (0..<rng.int(1..<4)).map { _ in atom() }.joined(separator: rng.pick([" && ", " || "]))
    }

    mutating func vscode() -> String {
        let entries = (0..<rng.int(1..<8)).map { _ -> String in
            var command = rng.chance(0.3) ? rng.pick(["editor.action.x", "copy", "undo", "workbench.y"]) : string()
            if rng.chance(0.15) { command = "-" + command }
            var fields = ["\"key\": \(Self.json(keys(separator: "+")))", "\"command\": \(Self.json(command))"]
            if rng.chance(0.7) { fields.append("\"when\": \(Self.json(condition(zed: false)))") }
            if rng.chance(0.4) { fields.append("\"args\": \(argument())") }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        return "[" + entries.joined(separator: ",\n") + "]"
    }

    mutating func zed() -> String {
        let sections = (0..<rng.int(1..<4)).map { _ -> String in
            let bindings = (0..<rng.int(1..<5)).map { _ -> String in
                let name = rng.chance(0.3) ? rng.pick(["editor::Cancel", "vim::Undo", "menu::Confirm"]) : string()
                let action = switch rng.int(0..<4) {
                case 0: "null"
                case 1: "[\(Self.json(name)), \(argument())]"
                default: Self.json(name)
                }
                return "\(Self.json(keys(separator: "-"))): \(action)"
            }
            var fields = ["\"bindings\": {" + bindings.joined(separator: ", ") + "}"]
            if rng.chance(0.7) { fields.insert("\"context\": \(Self.json(condition(zed: true)))", at: 0) }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        return "[" + sections.joined(separator: ",\n") + "]"
    }
}

@Suite struct ImportPropertyTests {
    /// Errors of compiling an import's output (after its base's, for a layer).
    private func errors(_ result: Importer.Result, base: String?) -> [String] {
        guard let compilation = Importer.compileOutput(result, baseSource: base, platform: .macOS) else { return [] }
        return compilation.diagnostics.filter { $0.severity == .error }.map(\.message)
    }

    @Test(arguments: ImportFormat.allCases)
    func arbitraryStringsInEveryFieldCompile(format: ImportFormat) {
        var gen = HostileJSON(rng: SplitMix64(seed: format == .zed ? 11 : 12))
        var succeeded = 0
        for round in 0..<60 {
            let text = format == .zed ? gen.zed() : gen.vscode()
            let path = "keys\(gen.string(maxPieces: 2)).json"
            let result = Importer.run(Importer.Input(path: path, bytes: Array(text.utf8)), format: format)
            guard !result.hasErrors, result.source != nil else { continue }
            succeeded += 1
            let problems = errors(result, base: nil)
            #expect(problems.isEmpty, "round \(round): \(problems)\n--- input:\n\(text)\n--- output:\n\(result.source ?? "")")
            if let report = result.report { #expect(report.accountedFor == report.entries) }
            // The same document as a layer over another one.
            let baseText = format == .zed ? gen.zed() : gen.vscode()
            let base = Importer.Input(path: "base.json", bytes: Array(baseText.utf8))
            let baseResult = Importer.run(base, format: format)
            let layer = Importer.run(Importer.Input(path: path, bytes: Array(text.utf8)), format: format, over: base)
            guard let baseSource = baseResult.source, !layer.hasErrors, layer.source != nil else { continue }
            let layerProblems = errors(layer, base: baseSource)
            #expect(layerProblems.isEmpty, "round \(round) (layer): \(layerProblems)\n--- base:\n\(baseText)\n--- layer:\n\(text)\n--- output:\n\(layer.source ?? "")")
        }
        #expect(succeeded > 30)
    }

    /// The property test's findings in layers: a base action declared with another argument
    /// type, and a key the base uses as a Bool context compared with a string by the layer.
    @Test func layersKeepTheBasesDeclarations() throws {
        let cases: [(base: String, layer: String, leftOut: String?)] = [
            (#"[{"key": "cmd+a", "command": "workbench.y", "args": false}]"#,
             #"[{"key": "cmd+b", "command": "workbench.y", "args": {"x": 1}}, {"key": "cmd+c", "command": "workbench.y"}]"#, nil),
            (#"[{"key": "cmd+a", "command": "x", "when": "!platform"}]"#,
             #"[{"key": "cmd+b", "command": "y", "when": "platform != 'linux'"}]"#,
             "compares a key the base uses as a Bool context with a string"),
        ]
        for c in cases {
            let base = Importer.Input(path: "base.json", bytes: Array(c.base.utf8))
            let baseSource = try #require(Importer.run(base, format: .vscode).source)
            let layer = Importer.run(Importer.Input(path: "user.json", bytes: Array(c.layer.utf8)), format: .vscode, over: base)
            #expect(layer.source != nil)
            #expect(errors(layer, base: baseSource).isEmpty, "\(layer.source ?? "")")
            if let reason = c.leftOut { #expect(layer.report?.leftOut[reason] == 1) }
        }
    }

    /// The fuzzer's finding: a command name with a newline was written into a comment as is.
    @Test func commandWithNewlineStaysInItsComment() throws {
        let text = #"[{"key": "", "command": "String &2\n& b"}, {"key": "ctrl+k", "command": "a\u2028b\nc", "args": "x\ny"}]"#
        let result = Importer.run(Importer.Input(path: "k.json", bytes: Array(text.utf8)), format: .vscode)
        let source = try #require(result.source)
        #expect(source.contains(#"// left out: "" -> "String &2\n& b" (line 1): empty key sequence"#))
        #expect(source.contains(#"action a_b_c(String)"#))
        #expect(source.contains(#"-> a_b_c("x\ny")"#))
        #expect(errors(result, base: nil).isEmpty)
    }
}
