let counter = MallocCounter()
print("patched:", counter.patchedObjects)
print("self test:", counter.selfTest())
let w = WorkloadGenerator.make(size: 1000, seed: 1)
print(w.source.count, w.gatedShare, w.sequenceShare)
print(String(decoding: w.source.prefix(3000), as: UTF8.self))
let ref = ReferenceDispatcher(w)
let pl = PressGenerator.make(w, reference: ref, depth: 8, seed: 1)
print(pl.mix, pl.sequences.count)
let app = BaselineApp(w, depth: 8)
var bad = 0
for p in pl.presses {
    let o = BaselineDispatcher.handle(input: BaselineApp.input(p.chord.key), modifiers: p.chord.modifiers, firstResponder: app.firstResponder, state: BenchContext.state)
    if o.performer != p.expected.performer || o.pending != p.expected.pending { bad += 1 }
}
print("baseline mismatches", bad)
let t0 = Clock.now()
let n = counter.count {
for p in pl.presses {
    _ = BaselineDispatcher.handle(input: BaselineApp.input(p.chord.key), modifiers: p.chord.modifiers, firstResponder: app.firstResponder, state: BenchContext.state)
}
}
print("allocs/press", Double(n)/Double(pl.presses.count), "ns/press", Double(Clock.now()-t0)/Double(pl.presses.count))
let r0 = app.chain[0]
let k = counter.count { blackHole(r0.keyCommands(BenchContext.state)) }
print("specs", r0.specs.count, "allocs one getter", k, "built", r0.keyCommands(BenchContext.state).count)
