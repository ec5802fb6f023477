// MARK: - Variables looked up once

extension ContextState {
    /// A `Bool` or `String` context variable, looked up once by name and type
    /// (``variable(_:_:)``), so that setting it cannot fail: an app looks its
    /// variables up when it loads the table, where a misspelt name throws, and then sets them
    /// anywhere, in closures too, without `try`.
    public struct Variable<Value>: Sendable, Hashable {
        /// The variable's name in the keymap.
        public let name: String
        /// Its index in the table it was looked up in (checked again against the state's).
        let index: Int
    }

    /// The `Bool` variable `name`; throws as ``set(_:_:)`` does for a name the keymap does
    /// not declare or a variable of another type.
    public func variable(_ name: String, _ type: Bool.Type) throws(ContextStateError) -> Variable<Bool> {
        try variable(name, .bool)
    }

    /// The `String` variable `name`; throws as ``set(_:string:)`` does for a name the keymap
    /// does not declare or a variable of another type.
    public func variable(_ name: String, _ type: String.Type) throws(ContextStateError) -> Variable<String> {
        try variable(name, .string)
    }

    /// Sets the `Bool` variable `variable`. After ``rebind(to:)`` it is found again by name;
    /// when the new table does not declare it (as a `Bool`), nothing changes, as `rebind`
    /// drops such a value.
    public mutating func set(_ variable: Variable<Bool>, _ value: Bool) {
        guard let i = index(of: variable, .bool) else { return }
        store(i, value ? 1 : 0)
    }

    /// Sets the `String` variable `variable` (see the `Bool` one).
    public mutating func set(_ variable: Variable<String>, _ value: String) {
        guard let i = index(of: variable, .string) else { return }
        store(i, literal(i, value))
        texts[i] = value
    }

    /// The value of the `Bool` variable `variable` (`false` when the table does not declare it).
    public func value(_ variable: Variable<Bool>) -> Bool {
        index(of: variable, .bool).map { values[$0] != 0 } ?? false
    }

    /// The value of the `String` variable `variable` (`""` when the table does not declare it).
    public func value(_ variable: Variable<String>) -> String {
        index(of: variable, .string).map { texts[$0] } ?? ""
    }

    private func variable<Value>(_ name: String, _ kind: TableFormat.ContextKind) throws(ContextStateError) -> Variable<Value> {
        let i = try index(name)
        guard table.contextKind(i) == kind else { throw .wrongType(name: name, expected: typeName(i)) }
        return Variable(name: name, index: i)
    }

    /// Where ``table`` declares `variable` with `kind`: the index it was looked up at when the
    /// name there is its own (the common case: the same table), else found by name; nil when
    /// the table does not declare it so.
    private func index<Value>(of variable: Variable<Value>, _ kind: TableFormat.ContextKind) -> Int? {
        let i = variable.index
        if i < table.contextCount, table.contextKind(i) == kind, table.string(table.f(.contexts, i, 0), equals: variable.name) {
            return i
        }
        guard let j = table.contextIndex(named: variable.name), table.contextKind(j) == kind else { return nil }
        return j
    }
}
