/// A shared, swappable slot holding the current table, for hot reload: one thread calls
/// ``replace(with:)`` with a newly loaded table while others dispatch. Readers always get a
/// whole table (the old or the new one), never a torn mix: tables are immutable and the slot
/// is guarded by a ``Lock``.
public final class TableReference: @unchecked Sendable {
    // Guarded by `lock`.
    private var current: BindingTable
    private let lock = Lock()

    /// A reference holding `table`.
    public init(_ table: BindingTable) {
        current = table
    }

    /// The current table.
    public var table: BindingTable {
        lock.withLock { current }
    }

    /// Swaps in `table`; dispatchers pick it up at their next stroke.
    public func replace(with table: BindingTable) {
        lock.withLock { current = table }
    }

    /// Loads `bytes` and swaps the result in; on error the current table stays.
    public func reload(bytes: [UInt8]) throws(TableError) {
        replace(with: try BindingTable(bytes: bytes))
    }
}
