import Testing
@testable import BindingLang
@testable import BindingRuntime

private func u32(_ b: [UInt8], _ at: Int) -> Int {
    Int(b[at]) | Int(b[at + 1]) << 8 | Int(b[at + 2]) << 16 | Int(b[at + 3]) << 24
}

private func put(_ b: inout [UInt8], _ at: Int, _ v: UInt32) {
    for k in 0..<4 { b[at + k] = UInt8(truncatingIfNeeded: v >> (8 * UInt32(k))) }
}

private func isNarrow(_ bytes: [UInt8]) -> Bool {
    u32(bytes, u32(bytes, TableFormat.headerSize + 4) + 12) & Int(TableFormat.metaNarrowBindings) != 0
}

/// Byte offset of field `field` of record `record` of section `s` in `bytes`.
private func fieldOffset(_ bytes: [UInt8], _ s: TableFormat.Section, _ record: Int, _ field: Int) -> Int {
    let entry = TableFormat.headerSize + s.rawValue * TableFormat.directoryEntrySize
    if s == .bindings && isNarrow(bytes) { return u32(bytes, entry + 4) + record * 8 + field * 2 }
    return u32(bytes, entry + 4) + record * s.recordSize + field * 4
}

/// Patches one field and reseals the checksum, so the structural validator must catch it.
private func patched(_ s: TableFormat.Section, _ record: Int, _ field: Int, _ value: UInt32, in bytes: [UInt8]) -> [UInt8] {
    var b = bytes
    let at = fieldOffset(bytes, s, record, field)
    if s == .bindings && isNarrow(bytes) {
        b[at] = UInt8(truncatingIfNeeded: value)
        b[at + 1] = UInt8(truncatingIfNeeded: value >> 8)
    } else {
        put(&b, at, value)
    }
    TableChecksum.seal(&b)
    return b
}

private func loadError(_ bytes: [UInt8]) -> TableError? {
    do { _ = try BindingTable(bytes: bytes); return nil } catch { return error }
}

@Test(arguments: [true, false])
func handMadeBadTables(narrow: Bool) throws {
    let good = Emitter.emit(editorKeymap(), strip: false, allowNarrowBindings: narrow)
    #expect(loadError(good) == nil)
    #expect(isNarrow(good) == narrow)

    var magic = good
    magic[1] = UInt8(ascii: "X")
    #expect(loadError(magic) == .badMagic)
    #expect(loadError([]) != nil)
    #expect(loadError(Array("hello world, not a table at all!".utf8)) == .badMagic)

    var version = good
    put(&version, 8, TableFormat.version + 1)
    #expect(loadError(version) == .unsupportedVersion(found: TableFormat.version + 1))
    put(&version, 8, 1)
    #expect(loadError(version) == .unsupportedVersion(found: 1))
    // A version 6 table (before the dispatch index) is refused saying what changed.
    put(&version, 8, 6)
    #expect(loadError(version) == .unsupportedVersion(found: 6))
    #expect(loadError(version)?.description == "table format version 6 is older than the version 10 this runtime reads (version 7 added the dispatch index (DKEY, DNOD, DGRP, DCAN, DTST), version 8 added @noRemapping and @noMirroring (ATTR and ITEM flags), version 9 added a four-lane checksum, version 10 added @timeout (ATTR flag bit 4)); recompile the keymap with this version's bindc")

    var sum = good
    sum[sum.count - 5] ^= 0x40
    guard case .checksumMismatch? = loadError(sum) else { Issue.record("expected checksum mismatch"); return }

    #expect(loadError(Array(good.prefix(10))) == .truncated(section: "header", needed: 32, available: 10))
    guard case .truncated(section: "table", _, _)? = loadError(Array(good.prefix(good.count - 8))) else {
        Issue.record("expected truncated table"); return
    }
    // A header that claims fewer bytes than there are.
    var longer = good + [0, 0, 0, 0]
    TableChecksum.seal(&longer)
    #expect(loadError(longer) == .sizeMismatch(declared: good.count, actual: good.count + 4))

    // Unknown flags.
    var flags = good
    put(&flags, 12, 0x80)
    TableChecksum.seal(&flags)
    #expect(loadError(flags) == .unknownFlags(0x80))

    // A section reaching past the end of the table.
    var section = good
    put(&section, TableFormat.headerSize + TableFormat.Section.bindings.rawValue * 16 + 8, UInt32(good.count))
    TableChecksum.seal(&section)
    #expect(loadError(section) != nil)

    // Out-of-range indices.
    #expect(loadError(patched(.bindings, 0, 1, 999, in: good)) == .outOfBounds(section: "BIND", record: 0, field: "invocation", value: 999, limit: 10))
    #expect(loadError(patched(.invocations, 0, 0, 999, in: good)) == .outOfBounds(section: "INVK", record: 0, field: "action", value: 999, limit: 10))
    #expect(loadError(patched(.attributes, 0, 0, 99, in: good)) == .outOfBounds(section: "ATTR", record: 0, field: "role", value: 99, limit: 4))
    #expect(loadError(patched(.bindings, 3, 4, 70_000, in: good)) != nil)
    #expect(loadError(patched(.editMenu, 1, 0, 0xFFFF_FFF0, in: good)) != nil)
    // An argument of the wrong type (selectTab takes an Int; give it none).
    #expect(loadError(patched(.invocations, 0, 1, TableFormat.none, in: good)) == .invalidValue(section: "INVK", record: 0, field: "argument kind", value: 0))

    // Bad condition code: unknown opcode, underflow, bad operand.
    guard case .badCondition? = loadError(patched(.code, 0, 0, 99, in: good)) else { Issue.record("opcode"); return }
    guard case .badCondition? = loadError(patched(.code, 1, 0, TableFormat.Op.and.rawValue, in: good)) else { Issue.record("underflow"); return }
    guard case .badCondition? = loadError(patched(.code, 0, 1, 77, in: good)) else { Issue.record("operand"); return }

    // A cyclic menu: File's submenu entry points back at File.
    let file = try BindingTable(bytes: good)
    _ = file
    let menuEntryOfSubmenu = 2  // File: New Tab, separator, Share (submenu), Profile…
    guard case .badTree? = loadError(patched(.menuEntries, menuEntryOfSubmenu, 1, 0, in: good)) else { Issue.record("cycle"); return }
    // A submenu shared by two entries.
    // A trie slot naming a child out of range, or keyed by a chord its child is not on.
    guard case .outOfBounds(section: "SLOT", _, _, _, _)? = loadError(patched(.slots, firstFullSlot(good), 1, 1_000, in: good)) else {
        Issue.record("slot child"); return
    }
    guard case .badTrie? = loadError(patched(.slots, firstFullSlot(good), 0, chord("cmd+q").code, in: good)) else {
        Issue.record("slot chord"); return
    }
    // A binding filed under another node than the candidate list says.
    guard case .badTrie? = loadError(patched(.bindings, 0, 0, 2, in: good)) else { Issue.record("filing"); return }
    // Invalid UTF-8 in the string pool.
    var utf8 = good
    let strings = u32(good, TableFormat.headerSize + TableFormat.Section.strings.rawValue * 16 + 4)
    let stringCount = u32(good, TableFormat.headerSize + TableFormat.Section.strings.rawValue * 16 + 12)
    utf8[strings + 4 * (stringCount + 1)] = 0xFF
    TableChecksum.seal(&utf8)
    #expect(loadError(utf8) == .invalidUTF8(string: 0))
}

private func firstFullSlot(_ bytes: [UInt8]) -> Int {
    var s = 0
    while u32(bytes, fieldOffset(bytes, .slots, s, 0)) == Int(TableFormat.emptySlot) { s += 1 }
    return s
}

@Test func everyTruncationThrows() {
    for strip in [false, true] {
        let good = Emitter.emit(editorKeymap(), strip: strip, allowNarrowBindings: strip)
        for n in 0..<good.count {
            #expect(loadError(Array(good.prefix(n))) != nil, "prefix \(n) loaded")
        }
    }
}

/// The four-lane checksum at every length around its blocks (a partial last word, a last
/// block of one to three words, the header alone): each bit flip outside the checksum field
/// changes it, flips inside the field do not, and words that trade places change it too.
@Test func theChecksumSeesEveryWordOfEveryLength() {
    for n in 0...96 {
        let bytes = (0..<n).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let sum = TableChecksum.compute(bytes)
        for i in 0..<n {
            for bit in [0, 7] {
                var b = bytes
                b[i] ^= UInt8(1 << bit)
                let inField = i >= TableFormat.checksumOffset && i < TableFormat.checksumOffset + 8
                #expect((TableChecksum.compute(b) == sum) == inField, "length \(n), byte \(i), bit \(bit)")
            }
        }
        if n >= 48 {
            var swapped = bytes
            for k in 0..<8 { swapped.swapAt(32 + k, 40 + k) }
            #expect(TableChecksum.compute(swapped) != sum, "length \(n): words 4 and 5 swapped")
        }
        // Trailing zero bytes change the length, and so the checksum.
        #expect(TableChecksum.compute(bytes + [0]) != sum, "length \(n) + a zero byte")
    }
}

@Test func everyByteFlipIsCaughtByTheChecksum() {
    let good = Emitter.emit(editorKeymap())
    for i in 0..<good.count {
        var b = good
        b[i] ^= 0x01
        #expect(loadError(b) != nil, "flip at \(i) loaded")
    }
}

/// Flips with the checksum recomputed: the structural validator must throw or the table
/// must be usable without trapping (some flips, in a title's letters say, stay valid).
@Test(arguments: [(UInt8(0x01), true), (0x80, false), (0xFF, true), (0xFF, false)])
func resealedByteFlipsNeverTrap(mask: UInt8, narrow: Bool) {
    let good = Emitter.emit(editorKeymap(), strip: false, allowNarrowBindings: narrow)
    var rejected = 0, total = 0
    for i in 0..<good.count where i < TableFormat.checksumOffset || i >= TableFormat.checksumOffset + 8 {
        do {
            var b = good
            b[i] ^= mask
            TableChecksum.seal(&b)
            total += 1
            do {
                let t = try BindingTable(bytes: b)
                exercise(t)
            } catch {
                rejected += 1
            }
        }
    }
    // Most flips break structure; the ones that do not were exercised above.
    #expect(rejected * 10 > total * 6, "only \(rejected) of \(total) rejected")
}

/// Reads everything a loaded table offers, to show that no valid table traps.
func exercise(_ t: BindingTable) {
    _ = Keymap(table: t)
    let first = TestResponder("text", roles: (0..<t.roleCount).map { t.roleName($0) })
    let d = Dispatcher(table: t)
    let ctx = ContextState(table: t)
    for b in 0..<t.bindingCount {
        for c in t.binding(b).sequence { _ = d.dispatch(KeyEvent(c), firstResponder: first, context: ctx) }
    }
    _ = d.dispatch(KeyEvent(chord("ctrl+k")), firstResponder: first, context: ctx)
    // The dispatch index's unchecked reads, through a snapshot, exact and cached.
    for policy in [ChainSnapshot.CapabilityPolicy.exact, .cachedUntilInvalidated] {
        let snapshot = ChainSnapshot(table: t, firstResponder: first, capabilities: policy)
        let viaSnapshot = Dispatcher(table: t)
        for b in 0..<t.bindingCount {
            for c in t.binding(b).sequence {
                _ = viaSnapshot.dispatch(KeyEvent(c), chain: snapshot, context: ctx)
                _ = viaSnapshot.decide(KeyEvent(c), chain: snapshot, context: ctx)
            }
        }
    }
    _ = d.pendingContinuations(firstResponder: first, context: ctx)
    _ = d.discoverableCommands(firstResponder: first, context: ctx)
    _ = d.editMenu(firstResponder: first, context: ctx)
    _ = d.mainMenus(firstResponder: first, context: ctx)
    _ = t.quickActions
}

/// The dispatch index (format 5) must match what it is derived from: each kind of mismatch,
/// resealed, is rejected by the section it is in.
@Test(arguments: [true, false])
func dispatchIndexMismatchesAreRejected(narrow: Bool) throws {
    let good = Emitter.emit(editorKeymap(), strip: false, allowNarrowBindings: narrow)
    func section(_ e: TableError?) -> String? {
        switch e {
        case .invalidValue(let s, _, _, _)?: return s
        case .badTrie?: return "trie"
        case .outOfBounds(let s, _, _, _, _)?: return s
        case .badSectionSize(let s, _, _)?: return s
        default: return nil
        }
    }
    // A mask test that is not its condition's.
    #expect(section(loadError(patched(.conditionTests, 0, 2, 0xFF, in: good))) == "DTST")
    #expect(section(loadError(patched(.conditionTests, 0, 0, 7, in: good))) == "DTST")
    // A candidate whose action, invocation or condition is not its binding's.
    let action = u32(good, fieldOffset(good, .dispatchCandidates, 0, 2))
    #expect(section(loadError(patched(.dispatchCandidates, 0, 2, UInt32(action + 1), in: good))) == "DCAN")
    #expect(section(loadError(patched(.dispatchCandidates, 0, 3, TableFormat.conditionFalse, in: good))) == "DCAN")
    // A role mask that is not the node's groups', and a group range out of order.
    #expect(section(loadError(patched(.dispatchNodes, 1, 0, 0xFFFF_FFFF, in: good))) == "DNOD")
    #expect(section(loadError(patched(.dispatchNodes, 1, 2, 999, in: good))) == "trie")
    // A stroke slot naming another node than its parent and chord's.
    let slots = u32(good, TableFormat.headerSize + TableFormat.Section.strokeKeys.rawValue * TableFormat.directoryEntrySize + 12)
    let used = try #require((0..<slots).first { u32(good, fieldOffset(good, .strokeKeys, $0, 1)) != Int(TableFormat.emptySlot) })
    let child = u32(good, fieldOffset(good, .strokeKeys, used, 2))
    #expect(section(loadError(patched(.strokeKeys, used, 2, UInt32(child == 1 ? 2 : 1), in: good))) == "trie")
    #expect(section(loadError(patched(.strokeKeys, used, 3, 1, in: good))) == "DKEY")
}

@Test func outOfRangeIndicesFromCallersDoNotTrap() throws {
    let t = try load(editorKeymap())
    for i in [-1, 1_000, Int(Int32.max)] {
        #expect(t.actionName(i) == "" && t.contextName(i) == "" && t.roleName(i) == "" && t.groupName(i) == "")
        #expect(t.contextValues(i).isEmpty && !t.actionIsStandard(i) && t.actionArgumentKind(i) == .none)
        #expect(t.binding(i).sequence.isEmpty && t.location(ofBinding: i) == nil)
        let bogus = ActionInvocation(table: t, actionIndex: i)
        #expect(!bogus.is("copy") && bogus.name == "")
    }
    #expect(t.condition(99_999) == .constant(false))
}

@Test func utf8Validation() {
    let valid: [[UInt8]] = [Array("Find…".utf8), Array("查找🔍é".utf8), Array("plain ascii text, longer than eight".utf8), []]
    for v in valid { #expect(TableValidator.firstInvalidUTF8(v, 0, v.count) == nil) }
    let invalid: [([UInt8], Int)] = [
        ([0x41, 0xC0, 0x80], 1),               // overlong
        ([0xED, 0xA0, 0x80], 0),               // surrogate
        ([0xF4, 0x90, 0x80, 0x80], 0),         // above U+10FFFF
        ([0x41, 0x42, 0xE2, 0x80], 2),         // truncated
        ([0x80], 0),                           // lone continuation
        (Array("12345678".utf8) + [0xFF], 8),  // after the ASCII fast path
    ]
    for (bytes, at) in invalid { #expect(TableValidator.firstInvalidUTF8(bytes, 0, bytes.count) == at) }
}

@Test func stringBoundaryInsideACharacterIsRejected() throws {
    // Move the end of the string before "Find…" one byte into the ellipsis's neighbour: both
    // strings stay inside a valid pool, but one now starts or ends inside a character.
    var k = editorKeymap()
    k.name = "…"
    let good = Emitter.emit(k)
    let entry = TableFormat.headerSize + TableFormat.Section.strings.rawValue * TableFormat.directoryEntrySize
    let at = u32(good, entry + 4)
    // String 0 is the keymap name "…" (3 bytes): end offset 3. Make it 2.
    #expect(u32(good, at + 4) == 3)
    var bad = good
    put(&bad, at + 4, 2)
    TableChecksum.seal(&bad)
    #expect(loadError(bad) == .invalidUTF8(string: 0))
}

/// Version 5's `SRCO`: what later layers overrode, validated at load like every record.
@Test func overrideRecordsAreValidated() throws {
    var sources = SourceManager()
    sources.add(SourceFile(path: "base.bind", text: "responder Editor\naction a\nin Editor {\n  cmd+s -> a\n}\n"))
    sources.add(SourceFile(path: "user.bind", text: "context ro: Bool\nin Editor {\n  unbind cmd+s when ro\n}\n"))
    let keymap = try #require(Compilation(sources: sources, platform: .macOS).keymap)
    #expect(keymap.bindings[0].overriddenBy.map(\.location.description) == ["user.bind:3:10"])
    let good = Emitter.emit(keymap)
    let table = try BindingTable(bytes: good)
    #expect(table.overrides(ofBinding: 0).map(\.isUnbind) == [true])
    #expect(table.overrides(ofBinding: 1).isEmpty)
    #expect(Keymap(table: table) == keymap)
    #expect(loadError(patched(.sourceOverrides, 0, 0, 7, in: good)) != nil)  // binding out of range
    #expect(loadError(patched(.sourceOverrides, 0, 1, 0xFFFF_FF00, in: good)) != nil)  // file
    #expect(loadError(patched(.sourceOverrides, 0, 4, 0xFFFF_FF00, in: good)) != nil)  // condition
    #expect(loadError(patched(.sourceOverrides, 0, 5, 2, in: good)) != nil)  // kind
    // A version 5 table (before SRCO) must be recompiled, and is told why.
    var old = good
    put(&old, 8, 5)
    TableChecksum.seal(&old)
    #expect(loadError(old) == .unsupportedVersion(found: 5))
    #expect(TableError.unsupportedVersion(found: 5).description == "table format version 5 is older than the version 10 this runtime reads (version 6 added the SRCO section (what later layers overrode), version 7 added the dispatch index (DKEY, DNOD, DGRP, DCAN, DTST), version 8 added @noRemapping and @noMirroring (ATTR and ITEM flags), version 9 added a four-lane checksum, version 10 added @timeout (ATTR flag bit 4)); recompile the keymap with this version's bindc")
}

/// `@noRemapping` without `@noMirroring`, and unknown `ITEM` flag bits, are refused
/// (`@noRemapping` turns mirroring off too, so the emitter always sets both).
@Test func keyboardAdaptationFlagsAreValidated() throws {
    let keymap = compile([("Flags.bind", """
        responder Editor
        action escape
        action save
        in Editor {
          @noRemapping ctrl+"[" -> escape
        }
        menu "File" {
          @noRemapping "Save" cmd+"[" -> save
        }
        """)])
    let good = Emitter.emit(try #require(keymap), strip: true)
    #expect(loadError(good) == nil)
    let both = TableFormat.attributeNoRemapping | TableFormat.attributeNoMirroring
    #expect(u32(good, fieldOffset(good, .attributes, 0, 3)) == Int(both))
    #expect(u32(good, fieldOffset(good, .menuItems, 0, 5)) == Int(both))
    #expect(loadError(patched(.attributes, 0, 3, TableFormat.attributeNoRemapping, in: good))
        == .invalidValue(section: "ATTR", record: 0, field: "flags", value: UInt64(TableFormat.attributeNoRemapping)))
    #expect(loadError(patched(.attributes, 0, 3, 32, in: good)) == .invalidValue(section: "ATTR", record: 0, field: "flags", value: 32))
    #expect(loadError(patched(.menuItems, 0, 5, TableFormat.attributeTimeout, in: good))
        == .invalidValue(section: "ITEM", record: 0, field: "flags", value: UInt64(TableFormat.attributeTimeout)))
    #expect(loadError(patched(.menuItems, 0, 5, TableFormat.attributeNoRemapping, in: good))
        == .invalidValue(section: "ITEM", record: 0, field: "flags", value: UInt64(TableFormat.attributeNoRemapping)))
    #expect(loadError(patched(.menuItems, 0, 5, TableFormat.attributePriority, in: good))
        == .invalidValue(section: "ITEM", record: 0, field: "flags", value: UInt64(TableFormat.attributePriority)))
    #expect(loadError(patched(.menuItems, 0, 5, TableFormat.attributeNoMirroring, in: good)) == nil)
}
