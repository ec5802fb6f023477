#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A shared, swappable slot holding the current table, for hot reload: one thread calls
/// ``replace(with:)`` with a newly loaded table while others dispatch. Readers always get a
/// whole table (the old or the new one), never a torn mix: tables are immutable and the slot
/// is guarded by a mutex (a pthread mutex, so it works on every platform the package builds
/// for without availability limits).
public final class TableReference: @unchecked Sendable {
    // Guarded by `mutex`; the mutex lives at a fixed address, as pthread requires.
    private var current: BindingTable
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// A reference holding `table`.
    public init(_ table: BindingTable) {
        current = table
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// The current table.
    public var table: BindingTable {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return current
    }

    /// Swaps in `table`; dispatchers pick it up at their next stroke.
    public func replace(with table: BindingTable) {
        pthread_mutex_lock(mutex)
        current = table
        pthread_mutex_unlock(mutex)
    }

    /// Loads `bytes` and swaps the result in; on error the current table stays.
    public func reload(bytes: [UInt8]) throws(TableError) {
        replace(with: try BindingTable(bytes: bytes))
    }
}
