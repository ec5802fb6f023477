/// A chain snapshot's memory of what strokes decided (Grammar.md §5 rules 1 and 2), for
/// snapshots with cached capabilities: a press that repeats an earlier one, from the same
/// trie node, in the same context, reads the outcome instead of deciding it again.
///
/// **Why it is exact.** With ``ChainSnapshot/CapabilityPolicy/cachedUntilInvalidated``, what
/// one stroke decides depends only on the table, the snapshot's chain (its roles, chain
/// predicates and kept `canPerform` answers), the node the stroke continues from, the press's
/// names (its chord and, for a press with a physical key, its Shift, position and US
/// names) and the app's context. The packed context bitset determines every condition's
/// value, the interpreted ones too (a Bool's bit, the bit of the current case, the bit of
/// the literal a String equals, or none). So an entry is keyed by the node, the four names
/// and a stamp: the stamp changes whenever the context bitset differs from the last
/// press's, the app invalidates capabilities, or the snapshot is resolved against a new table,
/// and an entry with another stamp is never read. Nothing else enters a decision.
///
/// Two-way set-associative: each key has a set of two slots; a new key takes the first slot
/// and moves the one there to the second, dropping the older. The memory is allocated when
/// the snapshot is resolved against a table, never per press.
struct DecisionMemo {
    /// Number of slots (a power of two, two per set): 80 KB per snapshot. A stroke the memo
    /// drops costs a full decision (ten times a remembered one), so the sets must rarely
    /// overflow: with 1,024 sets, 200 distinct presses put three keys in one set about once
    /// (512 slots: about four sets, and `decide` took 6.6–8.2 ns instead of 5.4–6.4 on the
    /// bench's 256-press mix).
    static let slotCount = 2048
    /// The code of a name a press does not have (chord codes stay below 2^27).
    static let absent: UInt32 = .max
    /// ``Entry/outcome`` of a stroke that decided nothing (rule 1 and 2 found no binding).
    static let nothing: Int32 = -2
    /// ``Entry/outcome`` of a stroke that made the dispatcher wait (rule 2b).
    static let pending: Int32 = -1

    /// A stroke's key: the node it came from and its chord's code; its Shift and key-position
    /// names' codes; its US-character name's code and the stamp (``absent`` for a
    /// name the press does not have).
    typealias Key = (UInt64, UInt64, UInt64)

    /// One remembered stroke (40 bytes). A slot whose stamp is 0 is empty.
    struct Entry {
        var key: Key = (0, 0, 0)
        /// The binding to perform, or, for a pending outcome, the node reached.
        var bindingOrNode: UInt32 = 0
        /// The action of the binding to perform.
        var action: UInt32 = 0
        /// The performer's chain position, ``pending`` or ``nothing``.
        var outcome: Int32 = 0
        var unused: UInt32 = 0
    }

    /// The slots.
    let entries: UnsafeMutablePointer<Entry>
    /// The context bitset the current stamp was given for.
    let words: UnsafeMutablePointer<UInt64>
    /// Words of the table's context bitset.
    let wordCount: Int

    /// An empty memo for a table whose context bitset has `contextWords` words.
    init(contextWords: Int) {
        entries = .allocate(capacity: DecisionMemo.slotCount)
        entries.initialize(repeating: Entry(), count: DecisionMemo.slotCount)
        wordCount = contextWords
        words = .allocate(capacity: max(contextWords, 1))
        words.initialize(repeating: 0, count: max(contextWords, 1))
    }

    /// Frees the memory (the snapshot calls it when it drops or replaces the memo).
    func free() {
        entries.deinitialize(count: DecisionMemo.slotCount)
        entries.deallocate()
        words.deinitialize(count: max(wordCount, 1))
        words.deallocate()
    }

    /// Whether `bits` (``wordCount`` words) is the bitset the stamp was given for.
    @inline(__always)
    func matches(_ bits: UnsafePointer<UInt64>) -> Bool {
        var i = 0
        while i < wordCount {
            if words[i] != bits[i] { return false }
            i &+= 1
        }
        return true
    }

    /// Takes `bits` as the current context and returns the stamp after `stamp` (entries of
    /// earlier stamps are not read again). Kept out of line: the context rarely changes
    /// between presses.
    @inline(never)
    func restamp(after stamp: UInt32, bits: UnsafePointer<UInt64>) -> UInt32 {
        words.update(from: bits, count: wordCount)
        return next(after: stamp)
    }

    /// The stamp after `stamp`; when the count wraps, every slot is emptied first, so an old
    /// entry can never carry a stamp in use.
    func next(after stamp: UInt32) -> UInt32 {
        if stamp == .max {
            entries.update(repeating: Entry(), count: DecisionMemo.slotCount)
            return 1
        }
        return stamp &+ 1
    }

    /// The key of a stroke from node `from` of press `event`, decided under `stamp`.
    @inline(__always)
    static func key(_ event: KeyEvent, from: Int, stamp: UInt32) -> Key {
        let first = UInt64(truncatingIfNeeded: from) << 32 | UInt64(event.chord.code)
        // A press without a physical key has no other name (only that initializer sets them).
        guard event.physicalKey != nil else { return (first, .max, UInt64(absent) << 32 | UInt64(stamp)) }
        return (first, UInt64(event.shiftAlternate?.code ?? absent) << 32 | UInt64(event.keyPosition?.code ?? absent),
                UInt64(event.fallback?.code ?? absent) << 32 | UInt64(stamp))
    }

    /// log2 of the number of sets.
    static let setBits = (slotCount / 2).trailingZeroBitCount

    /// The first slot of `key`'s set.
    @inline(__always)
    static func set(_ key: Key) -> Int {
        let h = (key.0 ^ key.1 ^ key.2 >> 32) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: h >> UInt64(64 - setBits)) &<< 1
    }

    @inline(__always)
    static func same(_ a: Key, _ b: Key) -> Bool { (a.0 ^ b.0) | (a.1 ^ b.1) | (a.2 ^ b.2) == 0 }

    /// The entry kept for `key`, if any.
    @inline(__always)
    func entry(_ key: Key) -> UnsafeMutablePointer<Entry>? {
        let first = entries + DecisionMemo.set(key)
        if DecisionMemo.same(first.pointee.key, key) { return first }
        if DecisionMemo.same(first[1].key, key) { return first + 1 }
        return nil
    }

    /// Keeps what the stroke `key` decided.
    @inline(__always)
    func keep(_ key: Key, _ outcome: (Decision, node: Int)?) {
        var e = Entry(key: key)
        switch outcome {
        case let (.perform(binding, action, performer), _)?:
            e.bindingOrNode = UInt32(truncatingIfNeeded: binding)
            e.action = UInt32(truncatingIfNeeded: action)
            e.outcome = Int32(truncatingIfNeeded: performer)
        case let (.pending, node)?:
            e.bindingOrNode = UInt32(truncatingIfNeeded: node)
            e.outcome = DecisionMemo.pending
        default:
            e.outcome = DecisionMemo.nothing
        }
        let first = entries + DecisionMemo.set(key)
        first[1] = first.pointee
        first.pointee = e
    }

    /// An entry's outcome in the form ``Dispatcher`` decides it.
    @inline(__always)
    static func outcome(_ e: UnsafeMutablePointer<Entry>) -> (Decision, node: Int)? {
        let e = e.pointee
        if e.outcome >= 0 {
            return (.perform(binding: Int(e.bindingOrNode), action: Int(e.action), performer: Int(e.outcome)), -1)
        }
        return e.outcome == pending ? (.pending, Int(e.bindingOrNode)) : nil
    }
}
