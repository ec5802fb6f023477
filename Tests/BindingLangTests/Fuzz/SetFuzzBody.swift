// Target `set`: `bindc explain --set NAME=VALUE` assignments (ContextAssignment), shared by
// Fuzz/run.sh's fuzzer and SurfaceFuzzTests. A violated property is returned as a message.
import BindingLang
import BindingRuntime

/// Target `set`: each line of the input is one `--set` item, applied in turn to the context
/// of a fixed keymap (a Bool, two enumerations, a String). An item that parses prints as text
/// that parses to the same assignment; applying it never fails and the state reads back the
/// value; a refusal says why, consistently with the text (no `=`, an undeclared name, a
/// Bool that is not `true`/`false`, a case the enumeration lacks). After all items, each
/// binding gated on one variable is performed exactly when the state makes its condition true.
enum SetFuzzBody {
    static let source = """
        keymap "Set"
        context readOnly: Bool
        context mode: normal | insert | visual
        context accentKind: a | b
        context lang: String
        responder Editor
        action run
        action edit
        action look
        action accent
        in Editor {
          cmd+r -> run when lang == "swift"
          cmd+e -> edit when !readOnly
          cmd+l -> look when mode == visual
          cmd+u -> accent when accentKind == b
        }

        """

    static let compiled: (Keymap, BindingTable)? = {
        var sources = SourceManager()
        sources.add(SourceFile(path: "set.bind", text: source))
        guard let keymap = Compilation(sources: sources, platform: .macOS).keymap,
              let table = try? BindingTable(bytes: Emitter.emit(keymap)) else { return nil }
        return (keymap, table)
    }()

    final class Editor: Responder {
        var responderRoles: [String] { ["Editor"] }
        var nextResponder: (any Responder)? { nil }
        func canPerform(_ action: ActionInvocation) -> Bool { true }
        func perform(_ action: ActionInvocation) {}
    }

    static func run(_ bytes: [UInt8]) -> [String] {
        guard let (keymap, table) = compiled else { return ["the fixed keymap does not compile"] }
        let contexts = keymap.contexts
        var state = ContextState(table: table)
        var lang = "", readOnly = false, mode = "normal", accent = "a"
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).prefix(64) {
            let item = String(decoding: line, as: UTF8.self)
            switch ContextAssignment.parse(item, contexts: contexts) {
            case .success(let a):
                guard case .success(let again) = ContextAssignment.parse(a.text, contexts: contexts), again == a else {
                    return ["'\(item)' parses, but its text '\(a.text)' does not parse back to it"]
                }
                do { try a.apply(to: &state) } catch { return ["'\(item)' parses but does not apply: \(error)"] }
                switch a.value {
                case .bool(let b):
                    readOnly = b
                    if (try? state.bool(a.name)) != b { return ["'\(item)': the state does not read back \(b)"] }
                case .enumCase(let c):
                    if a.name == "mode" { mode = c } else { accent = c }
                    if (try? state.enumCase(a.name)) != c { return ["'\(item)': the state does not read back case \(c)"] }
                case .string(let s):
                    lang = s
                    if (try? state.string(a.name)) != s { return ["'\(item)': the state does not read back \"\(s)\""] }
                }
            case .failure(let failure):
                let equals = item.firstIndex(of: "=")
                let name = equals.map { String(item[..<$0]) }
                switch failure {
                case .withoutEquals:
                    if equals != nil { return ["'\(item)' has an '=' but was refused as having none"] }
                case .unknownVariable(let n, _):
                    if n != name || contexts.contains(where: { $0.name == n }) { return ["'\(item)': wrong unknown name '\(n)'"] }
                case .notBool(let n):
                    if n != name || n != "readOnly" { return ["'\(item)': not-a-Bool for '\(n)'"] }
                case .unknownCase(let n, let value, let cases, _):
                    if n != name || cases.contains(value) { return ["'\(item)': unknown case '\(value)' of '\(n)'"] }
                }
            }
        }
        // The conditions see exactly the values set.
        let dispatcher = Dispatcher(table: table)
        let expectations: [(String, String, Bool)] = [
            ("cmd+r", "run", lang == "swift"), ("cmd+e", "edit", !readOnly),
            ("cmd+l", "look", mode == "visual"), ("cmd+u", "accent", accent == "b"),
        ]
        for (keys, action, live) in expectations {
            guard case .success(let strokes) = StrokeText.sequence(keys, platform: .macOS) else { return ["'\(keys)' does not parse"] }
            let performed = dispatcher.dispatch(KeyEvent(strokes[0]), firstResponder: Editor(), context: state).performedAction?.name
            if (performed == action) != live {
                return ["\(keys) -> \(action) is \(live ? "live" : "not live") in the state set, but dispatch gives \(performed ?? "nothing")"]
            }
        }
        return []
    }
}
