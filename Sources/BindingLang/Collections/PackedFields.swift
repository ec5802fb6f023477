/// Up to eight `Bool` properties in one byte, for records kept by the hundred thousand
/// (``CheckedBinding``, ``Binding``): each property names its bit.
struct FlagByte: Equatable {
    private var raw: UInt8 = 0

    /// Whether `bit` (a single-bit mask) is set.
    subscript(_ bit: UInt8) -> Bool {
        get { raw & bit != 0 }
        set { raw = newValue ? raw | bit : raw & ~bit }
    }
}

/// An optional index in 32 bits (-1 for nil), for the same records: role, group and
/// similar indices, which a table keeps in 32 bits too. Larger values are truncated.
struct OptionalIndex32: Equatable {
    private var code: Int32 = -1

    init(_ value: Int?) { self.value = value }

    var value: Int? {
        get { code < 0 ? nil : Int(code) }
        set { code = newValue.map { Int32(truncatingIfNeeded: $0) } ?? -1 }
    }
}
