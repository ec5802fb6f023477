import BindingRuntime

/// One `NAME=VALUE` context assignment, as `bindc explain --set` takes it: the value typed by
/// the variable's declaration (`true`/`false` for a Bool, a case name for an enumeration, any
/// text for a String, taken verbatim after the first `=`). Parsing never throws; a mistake is
/// a ``Failure`` that the tool words.
public struct ContextAssignment: Sendable, Equatable {
    /// The variable's index among the keymap's contexts.
    public var index: Int
    /// The variable's name.
    public var name: String
    /// The value, typed.
    public var value: Value

    /// A typed context value.
    public enum Value: Sendable, Equatable {
        case bool(Bool)
        case enumCase(String)
        case string(String)

        /// The value as `.bind` source text (`true`, `insert`, `"swift"`).
        public var sourceText: String {
            switch self {
            case .bool(let b): b ? "true" : "false"
            case .enumCase(let c): c
            case .string(let s): SourceText.quoted(s)
            }
        }

        /// The value as the text after `=` that parses back to it.
        public var argumentText: String {
            switch self {
            case .bool(let b): b ? "true" : "false"
            case .enumCase(let c), .string(let c): c
            }
        }
    }

    /// Why an assignment was refused.
    public enum Failure: Error, Sendable, Equatable {
        /// No `=` in the text.
        case withoutEquals
        /// No context variable has the name; `suggestion` is the nearest declared one.
        case unknownVariable(String, suggestion: String?)
        /// A Bool variable was given something other than `true` or `false`.
        case notBool(name: String)
        /// An enumeration has no such case; `suggestion` is the nearest case.
        case unknownCase(name: String, value: String, cases: [String], suggestion: String?)
    }

    /// Reads `text` (`NAME=VALUE`) against the declared `contexts`.
    public static func parse(_ text: String, contexts: [ContextVariable]) -> Result<ContextAssignment, Failure> {
        guard let equals = text.firstIndex(of: "=") else { return .failure(.withoutEquals) }
        let name = String(text[..<equals]), value = String(text[text.index(after: equals)...])
        guard let index = contexts.firstIndex(where: { $0.name == name }) else {
            return .failure(.unknownVariable(name, suggestion: nearest(to: name, in: contexts.map(\.name))))
        }
        switch contexts[index].type {
        case .bool:
            guard value == "true" || value == "false" else { return .failure(.notBool(name: name)) }
            return .success(ContextAssignment(index: index, name: name, value: .bool(value == "true")))
        case .string:
            return .success(ContextAssignment(index: index, name: name, value: .string(value)))
        case .enumeration(let cases):
            guard cases.contains(value) else {
                return .failure(.unknownCase(name: name, value: value, cases: cases, suggestion: nearest(to: value, in: cases)))
            }
            return .success(ContextAssignment(index: index, name: name, value: .enumCase(value)))
        }
    }

    /// Sets the variable in `state` (a state of a table compiled from the same contexts).
    public func apply(to state: inout ContextState) throws(ContextStateError) {
        switch value {
        case .bool(let b): try state.set(name, b)
        case .enumCase(let c): try state.set(name, case: c)
        case .string(let s): try state.set(name, string: s)
        }
    }

    /// The assignment as text that parses back to it (`name=value`).
    public var text: String { name + "=" + value.argumentText }
}
