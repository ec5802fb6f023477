import BindingRuntime

/// The spellings a key part nearly always has, numbered from 1: every modifier spelling,
/// `primary`, every key name and alias, and each printable ASCII character. A ``KeyPart``
/// with one of them holds its number, not a `String`, and the chord resolver reads the
/// number's meaning from an array instead of hashing the text.
enum KeyPartNames {
    /// The spellings in byte order; spelling `n` is at index `n - 1`.
    static let spellings: [String] = {
        var names = Set(Modifiers.spellings.keys).union(Key.aliases.keys).union(Modifiers.ambiguousSpellings.keys)
        names.insert("primary")
        for byte in UInt8(0x20)...0x7E { names.insert(String(Unicode.Scalar(byte))) }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }()

    /// Each spelling's number.
    private static let numbers = NameIndex(spellings.enumerated().map { ($1, UInt16($0 + 1)) })

    /// The number of `text`, or 0 when it is none of the spellings.
    static func number(_ text: String) -> UInt16 { numbers[text] ?? 0 }

    /// The number of the text spelled by the UTF-8 bytes `utf8`, or 0.
    static func number(utf8: UnsafeBufferPointer<UInt8>) -> UInt16 { numbers[utf8: utf8] ?? 0 }

    /// Spelling number `number` (1 or more).
    @inline(__always)
    static func spelling(_ number: UInt16) -> String { spellings[Int(number) - 1] }
}
