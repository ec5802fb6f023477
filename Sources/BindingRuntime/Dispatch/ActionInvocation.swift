/// An action to perform with its argument, as the dispatcher hands it to responders
/// (`canPerform` / `perform`). Making one does not allocate: the name is read from the table
/// only when asked for, and ``is(_:)`` compares it in place.
public struct ActionInvocation: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The table the action belongs to.
    public let table: BindingTable
    /// The action's index in the table (stable for one table; compare names across tables).
    public let actionIndex: Int
    /// The bound argument.
    public let argument: ActionArgument

    /// Makes an invocation of action `actionIndex` of `table`.
    public init(table: BindingTable, actionIndex: Int, argument: ActionArgument = .none) {
        self.table = table
        self.actionIndex = actionIndex
        self.argument = argument
    }

    /// The action's name (creates a `String`).
    public var name: String { table.actionName(actionIndex) }

    /// Whether the action is called `name`, compared in place without allocating.
    @inline(__always)
    public func `is`(_ name: StaticString) -> Bool {
        table.string(table.f(.actions, actionIndex, 0), equals: name)
    }

    /// Whether the action is called `name`, compared in place without allocating.
    public func `is`(_ name: String) -> Bool {
        table.string(table.f(.actions, actionIndex, 0), equals: name)
    }

    /// `name(argument)` as in source, e.g. `selectTab(1)`.
    public var description: String {
        switch argument {
        case .none: name
        case .int(let v): "\(name)(\(v))"
        case .bool(let v): "\(name)(\(v))"
        case .string(let s): "\(name)(\(quoted(s.string)))"
        }
    }

    /// Same table, action and argument.
    public static func == (a: ActionInvocation, b: ActionInvocation) -> Bool {
        a.table === b.table && a.actionIndex == b.actionIndex && a.argument == b.argument
    }

    /// Hashes the action index and argument.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(actionIndex)
        hasher.combine(argument)
    }
}
