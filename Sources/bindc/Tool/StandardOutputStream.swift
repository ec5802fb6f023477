/// Standard output as a `TextOutputStream`, buffered: printers write as they go and the text
/// reaches the file in 64 KiB pieces, so output of any size needs only the buffer. Call
/// `flush()` when done (it is also called on release).
final class StandardOutputStream: TextOutputStream {
    private static let capacity = 1 << 16
    private var buffer: [UInt8] = []

    init() { buffer.reserveCapacity(Self.capacity) }

    deinit { flush() }

    func write(_ string: String) {
        buffer.append(contentsOf: string.utf8)
        if buffer.count >= Self.capacity { flush() }
    }

    /// Writes what is buffered.
    func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBufferPointer { Console.write(1, $0) }
        buffer.removeAll(keepingCapacity: true)
    }
}
