import BindingRuntime

/// Resolves `name` / `name(literal)` action references (Grammar.md §4.4): the name must be a
/// declared or standard action, and the argument must match its declared type.
struct ActionResolver {
    let scope: Scope

    /// Every action name, for did-you-means.
    private var allNames: [String] { scope.actions.map(\.name) + StandardActions.all }

    /// The action and argument, or nil after reporting what is wrong.
    func resolve(_ reference: ActionReference, _ engine: inout DiagnosticEngine) -> (ActionID, ArgumentValue)? {
        let name = reference.name.name
        let id: ActionID
        if let i = scope.actionIndex[name] {
            id = .declared(i)
        } else if let i = Scope.standardIndex[name] {
            id = .standard(i)
        } else {
            if scope.brokenActions.contains(name) || name.isEmpty { return nil }
            let suggestion = nearest(to: name, in: allNames)
            engine.error(Messages.unknownAction(name, suggestion), at: reference.name.range,
                         fixIts: fixIt(reference.name.range, suggestion))
            return nil
        }
        let expected = scope.argumentType(of: id)
        switch (expected, reference.argument) {
        case (nil, nil):
            return (id, .none)
        case (let type?, nil):
            engine.error(Messages.missingArgument(name, type), at: reference.range)
            return nil
        case (nil, let literal?):
            // Remove everything after the name: `(…)`.
            let removal = SourceRange(file: reference.range.file, start: reference.name.range.end, end: reference.range.end)
            engine.error(Messages.unexpectedArgument(name), at: literal.range,
                         fixIts: [FixIt(range: removal, replacement: "")])
            return nil
        case (let type?, let literal?):
            switch (type, literal) {
            case (.int, .int(let n, _)): return (id, .int(n))
            case (.string, .string(let s)): return (id, .string(s.value))
            case (.bool, .bool(let b, _)): return (id, .bool(b))
            default:
                engine.error(Messages.wrongArgumentType(name, type, Self.describe(literal)), at: literal.range)
                return nil
            }
        }
    }

    /// `Int`, `String`, `Bool` or `a decimal`: the type of a literal as messages name it.
    private static func describe(_ literal: Literal) -> String {
        switch literal {
        case .int: return "Int"
        case .double: return "a decimal"
        case .string: return "String"
        case .bool: return "Bool"
        }
    }
}
