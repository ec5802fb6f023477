import BindingRuntime

/// An action as resolved by name: a declared one (index into ``Scope/actions``) or a standard
/// one (index into ``StandardActions/all``). The model's indices are assigned only at the end,
/// once it is known which standard actions the keymap uses.
enum ActionID: Hashable, Sendable {
    case declared(Int)
    case standard(Int)
}

/// Every declaration of every file (Grammar.md §3): contexts, responder roles and actions,
/// each kind one namespace shared by all files. Uses may come before declarations.
struct Scope {
    var keymapName: String?
    var contexts: [ContextVariable] = []
    var contextIndex = NameIndex<Int>()
    var roles: [String] = []
    var roleIndex = NameIndex<Int>()
    /// Declared (not standard) actions in declaration order.
    var actions: [Action] = []
    var actionIndex = NameIndex<Int>()
    /// Names whose declaration was an error: uses of them are not reported again.
    var brokenContexts: Set<String> = []
    var brokenActions: Set<String> = []

    static let standardIndex: NameIndex<Int> = {
        NameIndex(StandardActions.all.enumerated().map { ($1, $0) })
    }()

    /// The argument type of an action (nil for none).
    func argumentType(of id: ActionID) -> ArgumentType? {
        switch id {
        case .declared(let i): return i >= 0 && i < actions.count ? actions[i].argument : nil
        case .standard: return nil
        }
    }

    /// The name of an action.
    func name(of id: ActionID) -> String {
        switch id {
        case .declared(let i): return i >= 0 && i < actions.count ? actions[i].name : "?"
        case .standard(let i): return i >= 0 && i < StandardActions.all.count ? StandardActions.all[i] : "?"
        }
    }

    /// The name of a role, or a description of the main menu for `nil`.
    func roleName(_ role: Int?) -> String {
        guard let role else { return "main menu" }
        return role >= 0 && role < roles.count ? roles[role] : "?"
    }

    // MARK: - Collecting

    /// Collects the declarations of every file, reporting duplicates and bad types.
    static func collect(_ files: [FileSyntax], into engine: inout DiagnosticEngine) -> Scope {
        var scope = Scope()
        var contextRanges: [String: SourceRange] = [:]
        var roleRanges: [String: SourceRange] = [:]
        var actionRanges: [String: SourceRange] = [:]
        for file in files {
            var keymapRange: SourceRange?
            for declaration in file.declarations {
                switch declaration {
                case .keymap(let name, _, let range):
                    if let first = keymapRange {
                        engine.error(Messages.keymapNamedTwice, at: range,
                                     notes: [DiagnosticNote(Messages.keymapFirstNamedHere, at: first)])
                    } else {
                        keymapRange = range
                        if scope.keymapName == nil { scope.keymapName = name.value }
                    }
                case .context(let d):
                    let name = d.name.name
                    if name == "platform" {
                        engine.error(Messages.platformIsBuiltIn, at: d.name.range)
                        continue
                    }
                    if let first = contextRanges[name] {
                        engine.error(Messages.redeclaration("context", name), at: d.name.range,
                                     notes: [DiagnosticNote(Messages.firstDeclaredHere(name), at: first)])
                        continue
                    }
                    contextRanges[name] = d.name.range
                    guard let type = contextType(d.type, &engine) else {
                        scope.brokenContexts.insert(name)
                        continue
                    }
                    scope.contextIndex[name] = scope.contexts.count
                    scope.contexts.append(ContextVariable(name: name, type: type))
                case .responder(let names, _):
                    for id in names {
                        if let first = roleRanges[id.name] {
                            engine.error(Messages.redeclaration("responder role", id.name), at: id.range,
                                         notes: [DiagnosticNote(Messages.firstDeclaredHere(id.name), at: first)])
                            continue
                        }
                        roleRanges[id.name] = id.range
                        scope.roleIndex[id.name] = scope.roles.count
                        scope.roles.append(id.name)
                    }
                case .action(let d):
                    let name = d.name.name
                    if standardIndex[name] != nil {
                        engine.error(Messages.standardActionRedeclared(name), at: d.name.range)
                        continue
                    }
                    if let first = actionRanges[name] {
                        engine.error(Messages.redeclaration("action", name), at: d.name.range,
                                     notes: [DiagnosticNote(Messages.firstDeclaredHere(name), at: first)])
                        continue
                    }
                    actionRanges[name] = d.name.range
                    var argument: ArgumentType?
                    if let typeName = d.argumentType {
                        argument = ArgumentType(rawValue: typeName.name)
                        if argument == nil {
                            let names = ArgumentType.allCases.map(\.rawValue)
                            let suggestion = nearest(to: typeName.name, in: names)
                            engine.error(Messages.unknownArgumentType(typeName.name, suggestion), at: typeName.range,
                                         fixIts: fixIt(typeName.range, suggestion))
                            scope.brokenActions.insert(name)
                            continue
                        }
                    }
                    scope.actionIndex[name] = scope.actions.count
                    scope.actions.append(Action(name: name, argument: argument))
                case .layer, .block, .menu, .shortcut, .error:
                    continue
                }
            }
        }
        return scope
    }

    private static func contextType(_ syntax: TypeSyntax, _ engine: inout DiagnosticEngine) -> ContextType? {
        switch syntax {
        case .named(let id):
            switch id.name {
            case "Bool": return .bool
            case "String": return .string
            default:
                let suggestion = nearest(to: id.name, in: ["Bool", "String"])
                engine.error(Messages.unknownContextType(id.name, suggestion), at: id.range,
                             fixIts: fixIt(id.range, suggestion))
                return nil
            }
        case .enumeration(let cases, let range):
            // Conditions read `true` and `false` as Booleans, so no comparison could name such
            // a case: `true | false` is a Bool written as an enumeration.
            let booleans = cases.filter { $0.name == "true" || $0.name == "false" }
            if Set(cases.map(\.name)) == ["true", "false"] {
                engine.error(Messages.booleanEnumeration, at: range, fixIts: [FixIt(range: range, replacement: "Bool")])
                return nil
            }
            if let first = booleans.first {
                engine.error(Messages.booleanCase(first.name), at: first.range)
                return nil
            }
            var seen: [String: SourceRange] = [:]
            var names: [String] = []
            var ok = true
            for c in cases {
                if let first = seen[c.name] {
                    engine.error(Messages.duplicateCase(c.name), at: c.range,
                                 notes: [DiagnosticNote(Messages.firstCaseHere(c.name), at: first)])
                    ok = false
                    continue
                }
                seen[c.name] = c.range
                names.append(c.name)
            }
            if cases.count < 2 {
                engine.error(Messages.enumerationNeedsTwoCases, at: range)
                return nil
            }
            return ok ? .enumeration(names) : nil
        }
    }
}

extension Scope {
    /// The index of the role `id` names, or nil after reporting it unknown (with a
    /// did-you-mean and a fix-it).
    func resolveRole(_ id: Identifier, _ engine: inout DiagnosticEngine) -> Int? {
        if let i = roleIndex[id.name] { return i }
        if id.name.isEmpty { return nil }
        let suggestion = nearest(to: id.name, in: roles)
        engine.error(Messages.unknownRole(id.name, suggestion), at: id.range, fixIts: fixIt(id.range, suggestion))
        return nil
    }
}

/// A fix-it replacing `range` with `suggestion`, when there is one.
func fixIt(_ range: SourceRange, _ suggestion: String?) -> [FixIt] {
    suggestion.map { [FixIt(range: range, replacement: $0)] } ?? []
}
