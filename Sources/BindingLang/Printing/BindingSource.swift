import BindingRuntime

/// The bindings a listing prints, read one at a time by index: a keymap's own array, or a
/// loaded table's records decoded when asked, so listing a table of a million bindings never
/// holds them all as model values.
struct BindingSource {
    /// How many there are.
    let count: Int
    private let read: (Int) -> Binding
    /// Which condition binding `i` has, when the source shares conditions by reference (a
    /// table's condition index): bindings with the same reference have the same condition.
    let conditionReference: ((Int) -> UInt32)?

    /// The bindings of a keymap.
    init(_ keymap: Keymap) {
        let bindings = keymap.bindings
        count = bindings.count
        read = { bindings[$0] }
        conditionReference = nil
    }

    /// The bindings of a loaded table, decoded on demand.
    init(_ table: BindingTable) {
        let reader = TableBindingReader(table)
        count = table.bindingCount
        read = { reader.binding($0) }
        conditionReference = { reader.conditionReference(ofBinding: $0) }
    }

    /// Binding `index` (`0 ..< count`).
    subscript(index: Int) -> Binding { read(index) }
}
