/// A stable radix sort for integer keys: a counting pass per byte, least significant first,
/// skipping the passes where every item has the same byte. Linear in the items, where a
/// comparison sort makes a closure call and an unpredictable branch per comparison (about
/// 17 comparisons per item at 100,000 items); items with equal keys keep their order.
enum RadixSort {
    /// Sorts `items` by the key whose byte `k` (0 the least significant, below `byteCount`)
    /// `byte(item, k)` returns (0 to 255).
    @inline(__always)
    static func sort<T>(_ items: inout [T], byteCount: Int, byte: (T, Int) -> Int) {
        let n = items.count
        guard n > 1 else { return }
        var other = items
        var counts = [Int](repeating: 0, count: 256)
        var inItems = true
        items.withUnsafeMutableBufferPointer { a in
            other.withUnsafeMutableBufferPointer { b in
                counts.withUnsafeMutableBufferPointer { count in
                    var from = a, to = b
                    for k in 0..<byteCount {
                        for d in 0..<256 { count[d] = 0 }
                        for i in 0..<n { count[byte(from[i], k)] &+= 1 }
                        if count[byte(from[0], k)] == n { continue }
                        var sum = 0
                        for d in 0..<256 {
                            let c = count[d]
                            count[d] = sum
                            sum &+= c
                        }
                        for i in 0..<n {
                            let d = byte(from[i], k)
                            to[count[d]] = from[i]
                            count[d] &+= 1
                        }
                        swap(&from, &to)
                        inItems.toggle()
                    }
                }
            }
        }
        if !inItems { items = other }
    }
}
