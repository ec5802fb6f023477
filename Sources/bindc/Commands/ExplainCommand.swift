import BindingLang
import BindingRuntime
import Foundation

/// `bindc explain (FILE...|TABLE) --chain … --set … --keys …`: what a press does and why.
enum ExplainCommand: Command {
    static let spec = CommandSpec(
        name: "explain",
        abstract: "Explain what a key press does in a given state, and why",
        discussion: """
            Builds a responder chain of synthetic responders (one per role in --chain, nearest
            first, each able to perform every action unless --cannot-perform says otherwise),
            sets context values with --set, and dispatches --keys: prints the chosen binding with
            its source location, its performer, and why every other binding of the sequence
            lost. Without --keys, prints the discoverability list for that state.
            """,
        positionals: CommonOptions.filesOrTable,
        options: [
            .value("--chain", valueName: "ROLES", help: "Comma-separated roles, nearest first (default: every role)"),
            .value("--set", valueName: "NAME=VALUE", repeatable: true, help: "Set a context variable"),
            .value("--keys", valueName: "SEQUENCE", help: "Strokes to press, e.g. \"ctrl+k ctrl+c\""),
            .value(
                "--cannot-perform", valueName: "ROLE:ACTION", repeatable: true,
                help: "Make a role's responder refuse an action (ACTION alone: every responder)"),
            CommonOptions.platform,
            CommonOptions.diagnosticsFormat,
        ],
        examples: [
            "bindc explain app.bind --chain TextView,Editor,Window,App --set mode=insert --keys \"ctrl+k ctrl+c\"",
            "bindc explain app.bindtable --chain Editor,App --set loggedIn=true",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
        guard let (keymap, _) = Inputs.keymap(arguments, console: console) else { return .failure }
        let chain = try self.chain(arguments, keymap)
        let values = try self.values(arguments, keymap)
        let explainer = KeymapExplainer(keymap: keymap, chain: chain, values: values)
        guard let keys = arguments.value("keys") else {
            console.out(ExplanationPrinter.discoverability(explainer))
            return .success
        }
        switch Chord.parseSequence(keys, platform: keymap.platform) {
        case .success(let strokes):
            console.out(ExplanationPrinter.press(strokes, explainer))
            return .success
        case .failure(let error):
            throw .invalidValue("invalid --keys '\(keys)': \(describe(error))")
        }
    }

    /// `--chain A,B,C`: one synthetic responder per role (default: every declared role in
    /// order), refusing the actions `--cannot-perform` names for it.
    static func chain(_ arguments: ParsedArguments, _ keymap: Keymap) throws(UsageError) -> [KeymapExplainer.Responder] {
        let names: [String]
        if let text = arguments.value("chain") {
            names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            for name in names where !keymap.roles.contains(name) {
                throw .invalidValue(unknown("role", name, in: keymap.roles, option: "--chain"))
            }
        } else {
            names = keymap.roles
        }
        var chain = names.map { KeymapExplainer.Responder(name: $0, roles: [$0]) }
        for item in arguments.values("cannot-perform") {
            let parts = item.split(separator: ":", maxSplits: 1).map(String.init)
            let (role, actionName) = parts.count == 2 ? (Optional(parts[0]), parts[1]) : (nil, item)
            guard let action = keymap.actions.firstIndex(where: { $0.name == actionName }) else {
                throw .invalidValue(unknown("action", actionName, in: keymap.actions.map(\.name), option: "--cannot-perform"))
            }
            if let role {
                guard names.contains(role) else {
                    throw .invalidValue(unknown("role in the chain", role, in: names, option: "--cannot-perform"))
                }
                for i in chain.indices where chain[i].name == role { chain[i].cannotPerform.insert(action) }
            } else {
                for i in chain.indices { chain[i].cannotPerform.insert(action) }
            }
        }
        return chain
    }

    /// `--set name=value`, typed by the declared context type.
    static func values(_ arguments: ParsedArguments, _ keymap: Keymap) throws(UsageError) -> [KeymapExplainer.Value] {
        var values: [KeymapExplainer.Value] = keymap.contexts.map { c in
            switch c.type {
            case .bool: return .bool(false)
            case .string: return .string("")
            case .enumeration: return .enumCase(0)
            }
        }
        for item in arguments.values("set") {
            guard let equals = item.firstIndex(of: "=") else {
                throw .invalidValue("invalid --set '\(item)': expected NAME=VALUE")
            }
            let name = String(item[..<equals]), value = String(item[item.index(after: equals)...])
            guard let index = keymap.contexts.firstIndex(where: { $0.name == name }) else {
                throw .invalidValue(unknown("context variable", name, in: keymap.contexts.map(\.name), option: "--set"))
            }
            switch keymap.contexts[index].type {
            case .bool:
                guard value == "true" || value == "false" else {
                    throw .invalidValue("invalid --set '\(item)': '\(name)' is a Bool; expected true or false")
                }
                values[index] = .bool(value == "true")
            case .string:
                values[index] = .string(value)
            case .enumeration(let cases):
                guard let k = cases.firstIndex(of: value) else {
                    var message = "invalid --set '\(item)': '\(name)' has no case '\(value)' (cases: \(cases.joined(separator: ", ")))"
                    if let s = nearest(to: value, in: cases) { message += "; did you mean '\(s)'?" }
                    throw .invalidValue(message)
                }
                values[index] = .enumCase(k)
            }
        }
        return values
    }

    private static func unknown(_ what: String, _ name: String, in candidates: [String], option: String) -> String {
        var message = "invalid \(option): unknown \(what) '\(name)'"
        if let s = nearest(to: name, in: candidates) { message += "; did you mean '\(s)'?" }
        return message
    }

    private static func describe(_ error: ChordError) -> String {
        switch error {
        case .unknownName(let n, let s): return "unknown key or modifier '\(n)'" + (s.map { "; did you mean '\($0)'?" } ?? "")
        case .duplicateModifier(let m): return "modifier '\(m)' given twice"
        case .missingKey: return "a chord has no key"
        case .twoKeys(let a, let b): return "a chord has two keys, '\(a)' and '\(b)'"
        case .impossible(let why): return why
        }
    }
}
