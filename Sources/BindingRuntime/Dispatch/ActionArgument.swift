/// The argument a binding passes with its action (`selectTab(1)`), or none. The string case
/// refers into the table, so making one does not allocate.
public enum ActionArgument: Sendable, Equatable, Hashable {
    case none
    case int(Int64)
    case bool(Bool)
    case string(TableString)

    /// The integer, if this is one.
    public var intValue: Int64? { if case .int(let v) = self { v } else { nil } }
    /// The Boolean, if this is one.
    public var boolValue: Bool? { if case .bool(let v) = self { v } else { nil } }
    /// The string as a `String`, if this is one.
    public var stringValue: String? { if case .string(let v) = self { v.string } else { nil } }
}
