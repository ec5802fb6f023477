/// The app's context: a typed value for every context variable the keymap declares, which
/// `when` conditions test. Values start as `false`, the first case, or `""`.
///
/// Setting a name the keymap does not declare, a value of the wrong type, or a case the
/// enumeration lacks throws a ``ContextStateError``. A state is bound to one table: values are
/// stored as the table's numbers (String values as the index of the literal they equal), so
/// evaluating a condition reads them without allocating. After swapping tables, call
/// ``rebind(to:)`` (the dispatcher also rebinds a copy on the fly when they differ).
public struct ContextState: Sendable {
    /// The table whose declarations this state follows.
    public private(set) var table: BindingTable
    /// `table`'s identity: dispatch compares it with its own table's as an integer.
    private(set) var tableID: ObjectIdentifier
    /// One word per context variable: 0/1, a case index, or a literal index (`none` when a
    /// String value equals no literal the table compares with).
    var values: [UInt32]
    /// The text of String variables (empty for the others).
    var texts: [String]
    /// The packed context bitset the table's mask tests read (``MaskTest``): kept current
    /// by every `set`, one bit per Bool, per case and per String literal.
    var bits: [UInt64]

    /// A state for `table` with every variable at its initial value.
    public init(table: BindingTable) {
        self.table = table
        tableID = ObjectIdentifier(table)
        values = [UInt32](repeating: 0, count: table.contextCount)
        texts = [String](repeating: "", count: table.contextCount)
        bits = [UInt64](repeating: 0, count: table.dispatch.contextWords)
        for i in 0..<table.contextCount {
            switch table.contextKind(i) {
            case .string: store(i, literal(i, ""))
            case .enumeration: store(i, 0)
            case .bool: break
            }
        }
    }

    /// Sets variable `i`'s word to `value` and its bits in ``bits`` to match: a Bool's bit,
    /// the bit of the case or literal `value` names (none for `TableFormat.none`).
    mutating func store(_ i: Int, _ value: UInt32) {
        let first = table.dispatch.contextBit[i]
        if table.contextKind(i) == .bool {
            setBit(first, value != 0)
        } else {
            let count = table.contextValueCount(i)
            let old = values[i]
            if Int(old) < count { setBit(first + Int(old), false) }
            if Int(value) < count { setBit(first + Int(value), true) }
        }
        values[i] = value
    }

    private mutating func setBit(_ bit: Int, _ on: Bool) {
        let m: UInt64 = 1 << UInt64(bit & 63)
        if on { bits[bit >> 6] |= m } else { bits[bit >> 6] &= ~m }
    }

    func literal(_ i: Int, _ text: String) -> UInt32 {
        for k in 0..<table.contextValueCount(i) where table.string(table.contextValueString(i, k), equals: text) {
            return UInt32(k)
        }
        return TableFormat.none
    }

    func index(_ name: String) throws(ContextStateError) -> Int {
        if let i = table.contextIndex(named: name) { return i }
        let names = (0..<table.contextCount).map { table.contextName($0) }
        throw .unknownName(name, suggestion: nearest(to: name, in: names))
    }

    // MARK: - Setting

    /// Sets the Bool variable `name`.
    public mutating func set(_ name: String, _ value: Bool) throws(ContextStateError) {
        let i = try index(name)
        guard table.contextKind(i) == .bool else { throw .wrongType(name: name, expected: typeName(i)) }
        store(i, value ? 1 : 0)
    }

    /// Sets the enumeration variable `name` to the case called `caseName`.
    public mutating func set(_ name: String, case caseName: String) throws(ContextStateError) {
        let i = try index(name)
        guard table.contextKind(i) == .enumeration else { throw .wrongType(name: name, expected: typeName(i)) }
        let k = literal(i, caseName)
        guard k != TableFormat.none else {
            throw .unknownCase(name: name, case: caseName, cases: table.contextValues(i))
        }
        store(i, k)
    }

    /// Sets the String variable `name`.
    public mutating func set(_ name: String, string: String) throws(ContextStateError) {
        let i = try index(name)
        guard table.contextKind(i) == .string else { throw .wrongType(name: name, expected: typeName(i)) }
        store(i, literal(i, string))
        texts[i] = string
    }

    // MARK: - Reading

    /// The Bool variable `name`.
    public func bool(_ name: String) throws(ContextStateError) -> Bool {
        let i = try index(name)
        guard table.contextKind(i) == .bool else { throw .wrongType(name: name, expected: typeName(i)) }
        return values[i] != 0
    }

    /// The case the enumeration variable `name` holds.
    public func enumCase(_ name: String) throws(ContextStateError) -> String {
        let i = try index(name)
        guard table.contextKind(i) == .enumeration else { throw .wrongType(name: name, expected: typeName(i)) }
        let cases = table.contextValues(i)
        let k = Int(values[i])
        return k < cases.count ? cases[k] : ""
    }

    /// The String variable `name`.
    public func string(_ name: String) throws(ContextStateError) -> String {
        let i = try index(name)
        guard table.contextKind(i) == .string else { throw .wrongType(name: name, expected: typeName(i)) }
        return texts[i]
    }

    func typeName(_ i: Int) -> String {
        switch table.contextKind(i) {
        case .bool: "Bool"
        case .string: "String"
        case .enumeration: "enumeration"
        }
    }

    // MARK: - Tables

    /// Follows a new table (after a hot reload): variables keep their values when the new
    /// table declares them with the same type (and, for enumerations, the same case);
    /// the others start at their initial values.
    public mutating func rebind(to newTable: BindingTable) {
        guard newTable !== table else { return }
        var next = ContextState(table: newTable)
        for i in 0..<table.contextCount {
            let name = table.contextName(i)
            switch table.contextKind(i) {
            case .bool: try? next.set(name, values[i] != 0)
            case .string: try? next.set(name, string: texts[i])
            case .enumeration:
                let cases = table.contextValues(i)
                let k = Int(values[i])
                if k < cases.count { try? next.set(name, case: cases[k]) }
            }
        }
        self = next
    }

    /// This state rebound to `table` (itself when already bound to it).
    func bound(to other: BindingTable) -> ContextState {
        if other === table { return self }
        var copy = self
        copy.rebind(to: other)
        return copy
    }

    /// Whether condition `ref` of the bound table holds, with `chain` answering its chain
    /// predicates.
    @inline(__always)
    func holds<C: ChainFacts>(_ ref: UInt32, _ chain: C) -> Bool { table.evaluate(ref, values, chain) }
}
