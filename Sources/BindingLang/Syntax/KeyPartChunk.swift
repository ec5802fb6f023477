/// Packed key parts of many sequences, side by side: the parser stores each sequence's parts
/// in the chunk it is filling, and the sequence keeps the chunk, where its parts start and
/// how many there are. A large keymap's sequences have five or six parts each; in an array
/// of their own, its header and the allocator's rounding were as large as the parts.
///
/// A chunk is written only by the parser that fills it, each slot once and before any
/// sequence refers to it; after that its parts are only read, from any thread.
final class KeyPartChunk: @unchecked Sendable {
    private let base: UnsafeMutablePointer<PackedKeyPart>
    /// How many parts the chunk holds at most.
    let capacity: Int
    /// How many slots are written (only the filling parser changes it).
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// Part `i` of the written ones.
    @inline(__always)
    subscript(i: Int) -> PackedKeyPart { base[i] }

    /// Appends `parts`, which fit; returns where they start.
    func append(_ parts: [PackedKeyPart]) -> Int {
        precondition(count + parts.count <= capacity, "key parts past a chunk's end")
        let start = count
        parts.withUnsafeBufferPointer { (base + start).initialize(from: $0.baseAddress!, count: $0.count) }
        count += parts.count
        return start
    }
}

/// The chunks a parse fills (``KeyPartChunk``): each new chunk twice the size of the last, up
/// to 4,096 parts (32 KB), so a small file's parse allocates little. A sequence keeps where
/// its parts start in 16 bits, which the largest chunk's positions fit.
struct KeyPartChunks {
    private var chunk: KeyPartChunk?
    private var nextCapacity = 64

    /// The most parts a chunk holds; a sequence with more gets an array of its own.
    static let largest = 4_096

    /// Stores `parts` and returns the chunk and where they start; nil when there are more
    /// than ``largest``.
    mutating func store(_ parts: [PackedKeyPart]) -> (chunk: KeyPartChunk, start: Int)? {
        guard parts.count <= Self.largest else { return nil }
        if chunk == nil || chunk!.count + parts.count > chunk!.capacity {
            // At least as large as the parts (a long sequence may come before the chunks
            // have grown to its size).
            chunk = KeyPartChunk(capacity: max(nextCapacity, parts.count))
            nextCapacity = min(nextCapacity * 2, Self.largest)
        }
        return (chunk!, chunk!.append(parts))
    }
}
