/// The conditions of one table, each decoded into a tree once. Many bindings may share one
/// condition (a block's `when`, or a hostile table's one long condition), so tools that read
/// every binding (`explain`, reading a table back into a keymap) would otherwise decode it once
/// per binding: work and memory in proportion to bindings × condition length rather than to
/// the table's size. Trees from the cache share their storage.
public struct TableConditionCache {
    /// The table the references belong to.
    public let table: BindingTable
    private var decoded: [UInt32: TableCondition] = [:]

    /// An empty cache for `table`.
    public init(table: BindingTable) { self.table = table }

    /// Condition `ref` as a tree, decoded on first use.
    public mutating func condition(_ ref: UInt32) -> TableCondition {
        if let tree = decoded[ref] { return tree }
        let tree = table.condition(ref)
        decoded[ref] = tree
        return tree
    }

    /// Binding `index`, decoded, with its condition from the cache.
    public mutating func binding(_ index: Int) -> TableBinding {
        table.binding(index) { condition($0) }
    }

    /// The condition reference of binding `index` (`TRUE` for an index out of range).
    public func conditionReference(ofBinding index: Int) -> UInt32 {
        guard index >= 0, index < table.bindingCount else { return TableFormat.conditionTrue }
        return table.bindingCondition(index)
    }
}
