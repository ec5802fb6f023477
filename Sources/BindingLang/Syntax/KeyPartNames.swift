import BindingRuntime

/// Numbers for the texts of key parts. The spellings a key part nearly always has come first,
/// numbered from 1: every modifier spelling, `primary`, every key name and alias, and each
/// printable ASCII character. Any other text (a typo, `10`, `é`) gets the next free number
/// the first time it is met, for the life of the process.
///
/// A ``KeyPart`` holds its text's number, not a `String` or a box, so it is 16 bytes with no
/// reference to count, and the chord resolver reads a known number's meaning from an array
/// instead of hashing the text.
enum KeyPartNames {
    /// The known spellings in byte order; spelling `n` is at index `n - 1`.
    static let spellings: [String] = {
        var names = Set(Modifiers.spellings.keys).union(Key.aliases.keys).union(Modifiers.ambiguousSpellings.keys)
        names.insert("primary")
        for byte in UInt8(0x20)...0x7E { names.insert(String(Unicode.Scalar(byte))) }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }()

    /// How many known spellings there are: numbers above it are other texts'.
    static let knownCount = UInt32(spellings.count)

    /// Each known spelling's number.
    private static let numbers = NameIndex(spellings.enumerated().map { ($1, UInt32($0 + 1)) })

    /// The number of `text` (1 or more).
    static func number(_ text: String) -> UInt32 { numbers[text] ?? others.number(text) }

    /// The number of the text spelled by the UTF-8 bytes `utf8` (1 or more).
    static func number(utf8: UnsafeBufferPointer<UInt8>) -> UInt32 {
        numbers[utf8: utf8] ?? others.number(String(decoding: utf8, as: UTF8.self))
    }

    /// The text of number `number` (1 or more).
    @inline(__always)
    static func spelling(_ number: UInt32) -> String {
        number <= knownCount ? spellings[Int(number) - 1] : others.text(number)
    }

    /// The texts that are none of the known spellings.
    private static let others = OtherSpellings(firstNumber: knownCount + 1)
}

/// The texts of key parts that are no known spelling, numbered as they are first met. Shared
/// by every thread that parses, so it is guarded by a lock. Each distinct text is kept once
/// and never freed; such texts are typos and oddities, a handful per file. Texts are told
/// apart by their scalars (``ExactString``): `"é"` and `"e\u{301}"`, which `String` calls
/// equal, are one key and one error, whichever the process meets first.
final class OtherSpellings: @unchecked Sendable {
    private let firstNumber: UInt32
    // Guarded by `lock`.
    private var numbers: [ExactString: UInt32] = [:]
    private var texts: [String] = []
    private let lock = Lock()

    init(firstNumber: UInt32) {
        self.firstNumber = firstNumber
    }

    /// The number of `text`, given it one when it has none.
    func number(_ text: String) -> UInt32 {
        lock.withLock {
            if let known = numbers[ExactString(text)] { return known }
            let number = firstNumber + UInt32(truncatingIfNeeded: texts.count)
            numbers[ExactString(text)] = number
            texts.append(text)
            return number
        }
    }

    /// The text numbered `number` by ``number(_:)``.
    func text(_ number: UInt32) -> String {
        lock.withLock {
            let index = Int(number) - Int(firstNumber)
            return texts.indices.contains(index) ? texts[index] : ""
        }
    }
}
