import BindingLang
import BindingRuntime

// The figures that need the emitter and the runtime (filled in as they land on main).
extension Bench {
    /// Times the emitter on the compile workload's keymap.
    mutating func measureEmit(_ keymap: Keymap) {}

    /// Emits and loads a table per size, times dispatch, counts its allocations.
    mutating func measureRuntime() {
        if counter.isAvailable { results.mallocSelfTest = counter.selfTest() }
        let size = sizes.last ?? 0
        if let w = workloads[size] {
            results.tableSize = w.bindings.count
            results.tableSourceBytes = w.source.count
            results.jsonBytes = w.jsonRendering().count
        }
    }
}
