/// A string of a table's pool, referred to in place: creating one does not allocate; read
/// ``string`` to get a `String`, or compare without allocating.
public struct TableString: Sendable, Equatable, Hashable, CustomStringConvertible {
    let table: BindingTable
    let id: UInt32

    /// The text, made into a `String` (allocates when long).
    public var string: String { table.string(id) ?? "" }

    /// Same as ``string``.
    public var description: String { string }

    /// Whether the text is exactly `text`, without allocating.
    public func equals(_ text: String) -> Bool { table.string(id, equals: text) }

    /// Whether the text is exactly `text`, without allocating.
    public func equals(_ text: StaticString) -> Bool { table.string(id, equals: text) }

    /// Equal when the texts are equal.
    public static func == (a: TableString, b: TableString) -> Bool {
        a.table.reader.bytes[a.table.stringRange(a.id)].elementsEqual(b.table.reader.bytes[b.table.stringRange(b.id)])
    }

    /// Hashes the text.
    public func hash(into hasher: inout Hasher) {
        for b in table.reader.bytes[table.stringRange(id)] { hasher.combine(b) }
    }
}
