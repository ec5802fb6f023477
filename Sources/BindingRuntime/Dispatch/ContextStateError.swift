/// Why setting or reading a context value failed: the app named a variable the keymap does
/// not declare, gave a value of the wrong type, or named a case the enumeration lacks.
public enum ContextStateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No context variable has this name; `suggestion` is the nearest declared name.
    case unknownName(String, suggestion: String?)
    /// The variable has another type (`expected` is `Bool`, `String` or `enumeration`).
    case wrongType(name: String, expected: String)
    /// The enumeration has no such case; `cases` lists the declared ones.
    case unknownCase(name: String, case: String, cases: [String])

    /// A one-line description, lower case.
    public var description: String {
        switch self {
        case .unknownName(let n, let s):
            "unknown context '\(n)'" + (s.map { "; did you mean '\($0)'?" } ?? "")
        case .wrongType(let n, let e): "context '\(n)' has type \(e)"
        case .unknownCase(let n, let c, let cases):
            "context '\(n)' has no case '\(c)' (cases: \(cases.joined(separator: ", ")))"
        }
    }
}
