import BindingRuntime

/// Writes a checked ``Keymap`` as a binary table (`Docs/TableFormat.md`) that
/// `BindingTable` loads. The output is deterministic: the same keymap gives the same bytes
/// (no dictionary order leaks into them), and a stripped table carries no source positions,
/// so sources differing only in layout and comments give identical stripped tables.
public enum Emitter {
    /// The table bytes of `keymap`; `strip` leaves out the source map.
    public static func emit(_ keymap: Keymap, strip: Bool = false) -> [UInt8] {
        emit(keymap, strip: strip, allowNarrowBindings: true)
    }

    /// The table bytes of `keymap`, loaded once before they are returned, so that no caller
    /// writes a table the runtime would reject. A keymap the checker produced always loads; one
    /// built by hand may not (a 33-stroke sequence, 600 bindings of one key in one role), and an
    /// emitter defect must not reach a file either. Throws the loader's reason.
    public static func emitLoadable(_ keymap: Keymap, strip: Bool = false) throws(TableError) -> [UInt8] {
        try emitLoadable(keymap, strip: strip, releasingMemory: false)
    }

    /// ``emitLoadable(_:strip:)``; with `releasingMemory`, the memory the emitter frees
    /// between its steps is handed back to the system as it goes (``FreedMemory``), for a
    /// tool whose peak memory is the emit's.
    static func emitLoadable(_ keymap: Keymap, strip: Bool, releasingMemory: Bool) throws(TableError) -> [UInt8] {
        let bytes = emit(keymap, strip: strip, releasingMemory: releasingMemory)
        _ = try BindingTable(bytes: bytes)
        return bytes
    }

    /// `allowNarrowBindings: false` forces 16-byte `BIND` records (tests cover both layouts).
    static func emit(_ keymap: Keymap, strip: Bool, allowNarrowBindings: Bool = true, releasingMemory: Bool = false) -> [UInt8] {
        var builder = TableBuilder(keymap: keymap, strip: strip)
        builder.allowNarrowBindings = allowNarrowBindings
        builder.releasesMemory = releasingMemory
        return builder.build()
    }
}
