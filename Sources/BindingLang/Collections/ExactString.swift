/// A string that is equal to another only when their Unicode scalars are the same, for keys
/// looked up literally. `String` compares by canonical equivalence: "Café" with a precomposed
/// é (U+00E9) equals "Cafe\u{301}" (e and a combining acute accent), but Apple's String
/// Catalog and `NSDictionary` lookups compare the scalars, so the two are different keys.
public struct ExactString: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The text.
    public var text: String

    /// The key of `text`.
    public init(_ text: String) { self.text = text }

    public static func == (a: ExactString, b: ExactString) -> Bool {
        a.text.utf8.elementsEqual(b.text.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        // The bytes in one call, not one `combine` per byte: the table's string pool hashes
        // every title longer than 15 bytes this way (``NameIndex``).
        var text = text
        text.withUTF8 { bytes in
            hasher.combine(bytes.count)
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
    }

    /// In the order of the UTF-8 bytes, which is the order of the scalars.
    public static func < (a: ExactString, b: ExactString) -> Bool {
        a.text.utf8.lexicographicallyPrecedes(b.text.utf8)
    }

    public var description: String { text }
}
