/// A map from names to values, faster than `[String: Value]` for the short ASCII names of
/// keymaps (`ctrl`, `shift`, `loggedIn`, `selectTab`): a name of up to 15 bytes is packed
/// into two integers and looked up in an open-addressed table with a multiplicative hash,
/// without `Hasher` or string comparison. Longer names use a dictionary. Names are equal when
/// their bytes are, whatever their length (``ExactString``): the table's string pool interns
/// through this, and a long title or user-info key with a precomposed é is another string than
/// one with e and a combining accent, as it is when short.
struct NameIndex<Value> {
    private var short = WordPairMap<Value>()
    private var long: [ExactString: Value] = [:]
    /// Names held.
    var count: Int { short.count + long.count }

    init() {}

    init(_ pairs: some Sequence<(String, Value)>) {
        self.init()
        for (name, value) in pairs { self[name] = value }
    }

    /// `name` packed into two integers (``UnsafeBufferPointer/packedWords``), or nil when it
    /// is longer than 15 bytes.
    @inline(__always)
    private static func pack(_ name: String) -> (UInt64, UInt64)? {
        var name = name
        return name.withUTF8 { $0.packedWords }
    }

    subscript(name: String) -> Value? {
        get {
            guard let (lo, hi) = Self.pack(name) else { return long[ExactString(name)] }
            return short[lo: lo, hi: hi]
        }
        set {
            guard let newValue else { return }  // removal is not needed
            guard let (lo, hi) = Self.pack(name) else {
                long[ExactString(name)] = newValue
                return
            }
            short[lo: lo, hi: hi] = newValue
        }
    }
}

extension NameIndex {
    /// The value of the name spelled by the UTF-8 bytes `utf8` (no `String` is made for a
    /// name of up to 15 bytes).
    subscript(utf8 utf8: UnsafeBufferPointer<UInt8>) -> Value? {
        guard let (lo, hi) = utf8.packedWords else { return long[ExactString(String(decoding: utf8, as: UTF8.self))] }
        return short[lo: lo, hi: hi]
    }

    /// The value of `name`, after inserting `value` for it when it had none (one probe).
    mutating func value(of name: String, insertingIfAbsent value: Value) -> Value {
        guard let (lo, hi) = Self.pack(name) else {
            let key = ExactString(name)
            if let known = long[key] { return known }
            long[key] = value
            return value
        }
        return short.value(lo: lo, hi: hi, insertingIfAbsent: value)
    }
}

extension NameIndex: Sendable where Value: Sendable {}
