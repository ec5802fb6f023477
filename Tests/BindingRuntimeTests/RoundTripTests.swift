#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import BindingLang
@testable import BindingRuntime

@Test func keymapRoundTripsThroughTable() throws {
    let k = editorKeymap()
    let table = try load(k)
    #expect(table.hasSourceMap)
    #expect(table.narrowBindings)
    #expect(Keymap(table: table) == k)
    let wide = try BindingTable(bytes: Emitter.emit(k, strip: false, allowNarrowBindings: false))
    #expect(!wide.narrowBindings)
    #expect(Keymap(table: wide) == k)
    #expect(table.narrowSourceMap && !wide.narrowSourceMap)
    #expect(wide.byteCount == table.byteCount + 12 * k.bindings.count)
    // A column beyond 8 bits keeps the wide source map; a line of 24 bits does not.
    var long = k
    long.bindings[2].location = SourceLocation(path: "Long.bind", line: 16_000_000, column: 255)
    let longTable = try load(long)
    #expect(longTable.narrowSourceMap)
    #expect(Keymap(table: longTable) == long)
    var far = k
    far.bindings[2].location = SourceLocation(path: "Far.bind", line: 7, column: 256)
    let farTable = try load(far)
    #expect(farTable.narrowBindings && !farTable.narrowSourceMap)
    #expect(Keymap(table: farTable) == far)
}

@Test func strippedKeymapRoundTripsWithoutLocations() throws {
    let k = editorKeymap()
    let table = try load(k, strip: true)
    #expect(!table.hasSourceMap)
    var expected = k
    for i in expected.bindings.indices { expected.bindings[i].location = nil; expected.bindings[i].overriddenBy = [] }
    #expect(Keymap(table: table) == expected)
    #expect(Emitter.emit(k, strip: true).count < Emitter.emit(k).count)
}

@Test func emptyKeymapRoundTrips() throws {
    let k = Keymap()
    #expect(Keymap(table: try load(k)) == k)
}

@Test func emissionIsDeterministic() {
    let k = editorKeymap()
    let a = Emitter.emit(k), b = Emitter.emit(k)
    #expect(a == b)
    // Same keymap with different source positions: identical stripped tables.
    var moved = k
    for i in moved.bindings.indices { moved.bindings[i].location = loc(100 + i, 7) }
    #expect(Emitter.emit(moved, strip: true) == Emitter.emit(k, strip: true))
    #expect(Emitter.emit(moved) != Emitter.emit(k))
}

/// A table read from a file is held in an array of the file's size, which the dispatch index
/// reads in place: read in chunks into a growing array, this 835 KB table was held in 1 MB.
@Test func aTableFromAFileIsHeldAtItsSize() throws {
    var k = editorKeymap()
    for n in 0..<6000 {
        k.bindings.append(Binding(sequence: [Chord(key: Key(rawValue: 0x4E00 + UInt32(n)), modifiers: .command)], role: 1, action: 1))
    }
    let bytes = Emitter.emit(k)
    #expect(bytes.count > 200_000)
    guard let path = temporaryTableFile(bytes) else { return }
    defer { remove(path) }
    let table = try BindingTable(contentsOf: path)
    #expect(table.bytes == bytes)
    #expect(table.dispatch.readsInPlace)
    #expect(table.bytes.capacity < bytes.count + 8192, "\(table.bytes.capacity) for \(bytes.count) bytes")
}

/// `bytes` written to a new file under /tmp, or nil after recording why it could not be.
private func temporaryTableFile(_ bytes: [UInt8]) -> String? {
    let path = "/tmp/bindkit-runtime-test-\(bytes.count)-\(UInt32.random(in: 0...UInt32.max)).bindtable"
    guard let f = fopen(path, "wb") else { Issue.record("cannot create \(path)"); return nil }
    _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
    fclose(f)
    return path
}

@Test func deepConditionsFitTheStack() throws {
    // A right-leaning chain of 200 conjunctions needs a deep stack in naive postfix order;
    // the emitter evaluates the deeper side first, so it fits in 64 entries.
    var k = editorKeymap()
    var c: Condition = .flag(0)
    for i in 0..<200 { c = .and(i % 2 == 0 ? .flag(1) : .enumEquals(2, i % 3), c) }
    var d: Condition = .flag(0)
    for _ in 0..<200 { d = .or(.and(.flag(0), .flag(1)), d) }
    k.bindings.append(Binding(sequence: seq("cmd+9"), role: 1, action: 1, condition: c))
    k.bindings.append(Binding(sequence: seq("cmd+8"), role: 1, action: 1, condition: .not(d)))
    let table = try load(k)
    #expect(Keymap(table: table) == k)
}

@Test func loadsFromAFile() throws {
    let bytes = Emitter.emit(editorKeymap())
    guard let path = temporaryTableFile(bytes) else { return }
    defer { remove(path) }
    let table = try BindingTable(contentsOf: path)
    #expect(table.bytes == bytes)
    #expect(Keymap(table: table) == editorKeymap())
    #expect(throws: TableError.self) { try BindingTable(contentsOf: path + ".missing") }
    do { _ = try BindingTable(contentsOf: path + ".missing") } catch {
        guard case .unreadable(let p, _) = error else { Issue.record("\(error)"); return }
        #expect(p == path + ".missing")
    }
}
