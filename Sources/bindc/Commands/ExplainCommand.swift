import BindingLang
import BindingRuntime

/// `bindc explain (FILE...|TABLE) --chain … --set … --keys …`: what a press does and why.
enum ExplainCommand: Command {
    static let spec = CommandSpec(
        name: "explain",
        abstract: "Explain what a key press does in a given state, and why",
        discussion: """
            Builds a responder chain of synthetic responders (one per item of --chain, nearest
            first, each able to perform every action unless --cannot-perform says otherwise),
            sets context values with --set, and dispatches --keys: prints the chosen binding with
            its source location, its performer, and why every other binding of the sequence
            lost. Without --keys, prints the discoverability list for that state.
            """,
        positionals: CommonOptions.filesOrTable,
        options: [
            .value("--chain", valueName: "ROLES", help: "Comma-separated responders, nearest first, each a role or roles joined by '+' (Editor+VimControl: one responder playing both); default: one per role"),
            .value("--set", valueName: "NAME=VALUE", repeatable: true, help: "Set a context variable"),
            .value("--keys", valueName: "SEQUENCE", help: "Strokes to press, as in a .bind file, e.g. \"ctrl+k ctrl+c\" or 'cmd+\"[\"'"),
            .value(
                "--layout", valueName: "ID",
                help: "The keyboard the strokes are pressed on (default: the US one of the platform's kind): each is the key press it makes there, named as the dispatcher names it (ctrl+shift+\"]\" is ctrl+\"}\"; h reaches a KeyH binding)"),
            .value(
                "--cannot-perform", valueName: "ROLE:ACTION", repeatable: true,
                help: "Make a role's responder refuse an action (ACTION alone: every responder)"),
            .flag("--json", help: "Print JSON for tools instead of text"),
            CommonOptions.platformOrTables,
            CommonOptions.config,
            CommonOptions.diagnosticsFormat,
        ],
        examples: [
            "bindc explain app.bind --chain TextView,Editor,Window,App --set mode=insert --keys \"ctrl+k ctrl+c\"",
            "bindc explain app.bindtable --chain Editor,App --set loggedIn=true",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
        guard let (keymap, loadedTable) = Inputs.keymap(arguments, console: console) else { return .failure }
        let table: BindingTable
        if let loadedTable {
            table = loadedTable
        } else {
            do {
                table = try BindingTable(bytes: Emitter.emit(keymap))
            } catch {
                DiagnosticOutput(arguments, console: console).error(ToolMessages.compiledTableDoesNotLoad("\(error)"), console: console)
                return .failure
            }
        }
        let roles = try chainRoles(arguments, keymap)
        let chain = SyntheticResponder.chain(roles, refused: try refusals(arguments, keymap, roles))
        let (contextState, values, set) = try context(arguments, keymap, table)
        let layout = try keyboard(arguments, keymap.platform)
        var written: [Chord]? = nil
        if let keys = arguments.value("keys") {
            switch StrokeText.sequence(keys, platform: keymap.platform) {
            case .success(let s): written = s
            case .failure(let error): throw .invalidValue(ToolMessages.invalidKeys(keys, error))
            }
        }
        // Each stroke as the press it makes on the keyboard, named as the dispatcher names it.
        // A stroke no key of the layout types (`bindc layouts` reports it untypable) cannot be
        // pressed there: saying what some other press would do would be a wrong answer.
        var events: [KeyEvent]? = nil
        if let written {
            var pressed: [KeyEvent] = []
            for chord in written {
                guard let event = layout.event(typing: chord) else {
                    throw .invalidValue(ToolMessages.unpressableKeys(arguments.value("keys") ?? "", chord, layout))
                }
                pressed.append(event)
            }
            events = pressed
        }

        let json = arguments.flag("json")
        var document = JSONValue.object([
            ("chain", .array(roles.map(JSONValue.string))),
            ("context", .object(zip(keymap.contexts, values).map { c, v in (c.name, contextJSON(c.type, v.value)) })),
        ])
        // Text is written as it goes (buffered); the JSON document is written when the
        // command returns, however it returns.
        var out = StandardOutputStream()
        if !json { out.write(ExplanationPrinter.state(chain: roles, values: values, set: set) + "\n") }
        defer {
            if json { document.write(to: &out, indent: 0); out.write("\n") }
            out.flush()
        }
        guard let first = chain.first else {
            if !json { out.write(ToolMessages.emptyChain + "\n") }
            return .success
        }
        let dispatcher = Dispatcher(table: table)
        guard let events else {
            let commands = dispatcher.discoverableCommands(firstResponder: first, context: contextState)
            if json {
                document = document.appending("discoverability", ExplanationPrinter.discoverabilityJSON(commands, keymap: keymap))
            } else {
                out.write(ExplanationPrinter.discoverability(commands, keymap: keymap))
            }
            return .success
        }
        let strokes = dispatcher.strokeNames(events, firstResponder: first, context: contextState)
        let explanation = dispatcher.explain(strokes, firstResponder: first, context: contextState)
        var continuations: [SequenceContinuation] = []
        // Pending, or in repeat mode after a repeatable binding: the strokes that continue.
        var continues = false
        if case .pending = explanation.outcome { continues = true }
        if case .held = explanation.outcome { continues = true }
        if explanation.chosen?.repeatMilliseconds != nil { continues = true }
        if continues {
            for event in events { _ = dispatcher.dispatch(event, firstResponder: first, context: contextState) }
            continuations = dispatcher.pendingContinuations(firstResponder: first, context: contextState)
        }
        if json {
            document = document.appending("explanation", ExplanationPrinter.json(
                explanation, keymap: keymap, chain: roles, values: values, continuations: continuations))
        } else {
            ExplanationPrinter.write(
                explanation, keymap: keymap, chain: roles, values: values, continuations: continuations, to: &out)
        }
        return .success
    }

    /// `--layout ID`: the keyboard the strokes are pressed on; default the US keyboard (Apple's
    /// on macOS and iPadOS, else the PC one).
    static func keyboard(_ arguments: ParsedArguments, _ platform: Platform) throws(UsageError) -> KeyboardLayout {
        guard let id = arguments.value("layout") else {
            return KeyboardLayout.us(platform == .macOS || platform == .iPadOS ? .apple : .pc)
        }
        if id == "all" || Platform(name: id) != nil || id.contains(",") {
            throw .invalidValue("--layout takes one layout id, not '\(id)'")
        }
        switch LayoutSelection.layout(id) {
        case .success(let layout): return layout
        case .failure(let unknown): throw .invalidValue(unknown.message)
        }
    }

    /// A context value shown as source text, typed for JSON.
    private static func contextJSON(_ type: ContextType, _ text: String) -> JSONValue {
        switch type {
        case .bool: return .bool(text == "true")
        case .enumeration: return .string(text)
        case .string: return .string(SourceText.unquoted(text))
        }
    }

    /// `--chain A,B+C,D`: the responders, nearest first, each playing the roles written with
    /// `+` between them (default: one responder per declared role, in declaration order).
    static func chainRoles(_ arguments: ParsedArguments, _ keymap: Keymap) throws(UsageError) -> [String] {
        guard let text = arguments.value("chain") else { return keymap.roles }
        let names = text.split(separator: ",").map { trimmed($0) }.filter { !$0.isEmpty }
        var responders: [String] = []
        for name in names {
            let roles = name.split(separator: "+", omittingEmptySubsequences: false).map { trimmed($0) }
            for role in roles where !keymap.roles.contains(role) {
                throw .invalidValue(unknown("role", role, in: keymap.roles, option: "--chain"))
            }
            responders.append(roles.joined(separator: "+"))
        }
        return responders
    }

    /// `name` without the spaces and tabs around it.
    private static func trimmed(_ name: Substring) -> String {
        let blank: (Character) -> Bool = { $0.isWhitespace && !$0.isNewline }
        guard let first = name.firstIndex(where: { !blank($0) }), let last = name.lastIndex(where: { !blank($0) }) else { return "" }
        return String(name[first...last])
    }

    /// `--cannot-perform ACTION` (every responder) or `ROLE:ACTION`: the actions each role refuses.
    static func refusals(_ arguments: ParsedArguments, _ keymap: Keymap, _ roles: [String]) throws(UsageError) -> [String: Set<String>] {
        var refused: [String: Set<String>] = [:]
        let played = roles.flatMap(SyntheticResponder.roles(of:))
        for item in arguments.values("cannot-perform") {
            let parts = item.split(separator: ":", maxSplits: 1).map(String.init)
            let (role, action) = parts.count == 2 ? (Optional(parts[0]), parts[1]) : (nil, item)
            guard keymap.actions.contains(where: { $0.name == action }) else {
                throw .invalidValue(unknown("action", action, in: keymap.actions.map(\.name), option: "--cannot-perform"))
            }
            if let role {
                guard played.contains(role) else {
                    throw .invalidValue(unknown("role in the chain", role, in: played, option: "--cannot-perform"))
                }
                refused[role, default: []].insert(action)
            } else {
                for r in played { refused[r, default: []].insert(action) }
            }
        }
        return refused
    }

    /// `--set name=value`, typed by the declared context type: the runtime's context state and
    /// every variable's value as source text, in declaration order.
    static func context(_ arguments: ParsedArguments, _ keymap: Keymap, _ table: BindingTable) throws(UsageError)
        -> (ContextState, [(name: String, value: String)], set: Set<Int>)
    {
        var state = ContextState(table: table)
        var values: [(name: String, value: String)] = keymap.contexts.map { c in
            switch c.type {
            case .bool: return (c.name, "false")
            case .string: return (c.name, "\"\"")
            case .enumeration(let cases): return (c.name, cases.first ?? "")
            }
        }
        var set = Set<Int>()
        for item in arguments.values("set") {
            switch ContextAssignment.parse(item, contexts: keymap.contexts) {
            case .success(let assignment):
                do {
                    try assignment.apply(to: &state)
                } catch {
                    throw .invalidValue(ToolMessages.setRejected(item, "\(error)"))
                }
                values[assignment.index].value = assignment.value.sourceText
                set.insert(assignment.index)
            case .failure(.withoutEquals):
                throw .invalidValue(ToolMessages.setWithoutEquals(item))
            case .failure(.unknownVariable("platform", _)):
                throw .invalidValue(ToolMessages.setPlatform(item))
            case .failure(.unknownVariable(let name, let suggestion)):
                throw .invalidValue(ToolMessages.unknownName("context variable", name, option: "--set", suggestion: suggestion))
            case .failure(.notBool(let name)):
                throw .invalidValue(ToolMessages.setNotBool(item, name))
            case .failure(.unknownCase(let name, let value, let cases, let suggestion)):
                throw .invalidValue(ToolMessages.setUnknownCase(item, name, value, cases: cases, suggestion: suggestion))
            }
        }
        return (state, values, set)
    }

    private static func unknown(_ what: String, _ name: String, in candidates: [String], option: String) -> String {
        ToolMessages.unknownName(what, name, option: option, suggestion: nearest(to: name, in: candidates))
    }
}
