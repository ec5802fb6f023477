import BindingLang
import BindingRuntime

/// Why a press is in the list.
enum PressKind: String, CaseIterable {
    /// A live binding of the first responder's role.
    case nearest
    /// A live binding of the farthest responder's role that no nearer role binds.
    case far
    /// Only bindings whose `when` is false in the bench state.
    case gatedOff
    /// A chord no role binds.
    case nothing
}

/// What a press must do, by Grammar.md section 5 applied to the generator's own records: the
/// real dispatcher and the baseline are both checked against it before they are timed.
struct Expectation: Equatable {
    /// Index into `Workload.bindings` of the chosen binding; nil when unhandled / pending.
    var binding: Int?
    /// Chain index (0 = first responder) of the performer.
    var performer: Int?
    var pending: Bool = false
}

/// One press of the list.
struct Press {
    var chord: Chord
    var kind: PressKind
    var expected: Expectation
}

/// The presses one (keymap, chain depth) figure dispatches, drawn deterministically: 40 % hit
/// the nearest role, 30 % a far role, 15 % are gated off, 15 % match nothing (a category with
/// no candidate in a tiny keymap falls back to the next one). Also two-stroke pairs.
struct PressList {
    var presses: [Press]
    /// Two strokes each: the first makes the dispatcher pending, the second performs.
    var sequences: [(first: Chord, second: Chord, expected: Expectation)]
    /// For each sequence, a one-stroke press that walks the chain as far: a live one-stroke
    /// binding the reference performs, of the sequence's role or a farther one, performed no
    /// nearer; the like-for-like baseline of a sequence's strokes (`sequence_one_stroke_ns`).
    var walkAlike: [Chord]
    /// How many presses of each kind.
    var mix: [PressKind: Int]
}

/// The reference semantics (Grammar.md section 5) over a workload's records: for each role,
/// the bindings by first stroke in declaration order.
struct ReferenceDispatcher {
    let workload: Workload
    let byFirstStroke: [[Chord: [Int]]]

    init(_ w: Workload) {
        workload = w
        var idx = [[Chord: [Int]]](repeating: [:], count: w.roles.count)
        for (i, b) in w.bindings.enumerated() { idx[b.role][b.sequence[0], default: []].append(i) }
        byFirstStroke = idx
    }

    /// The chain index of the first responder (each responder `i` plays role `i`) that can
    /// perform `action` in a chain `depth` deep: the owner, or the last one, the catch-all.
    func performer(_ action: String, depth: Int) -> Int {
        let o = workload.owner[action] ?? 0
        return o < depth ? o : depth - 1
    }

    /// What the strokes `p` do from idle... pending-on-`p.dropLast()`, in a chain of `depth`.
    func dispatch(_ p: [Chord], depth: Int) -> Expectation {
        for role in 0..<min(depth, workload.roles.count) {
            let cands = byFirstStroke[role][p[0]] ?? []
            var continues = false
            for i in cands {
                let b = workload.bindings[i]
                guard BenchContext.holds(b.condition) else { continue }
                if b.sequence == p {
                    return Expectation(binding: i, performer: performer(b.actionName, depth: depth))
                }
                if b.sequence.count > p.count && Array(b.sequence.prefix(p.count)) == p { continues = true }
            }
            if continues { return Expectation(binding: nil, performer: nil, pending: true) }
        }
        return Expectation(binding: nil, performer: nil)
    }
}

enum PressGenerator {
    /// Draws `count` presses and `count / 2` sequence pairs for a chain `depth` deep.
    static func make(_ w: Workload, reference ref: ReferenceDispatcher, depth: Int, count: Int = 256, seed: UInt64) -> PressList {
        var rng = SplitMix64(seed: seed &+ UInt64(depth) &* 1_000_003 &+ UInt64(w.size))
        var nearest: [Int] = [], far: [Int] = [], gated: [Int] = [], seqs: [Int] = []
        var performed: [(role: Int, performer: Int, binding: Int)] = []
        for (i, b) in w.bindings.enumerated() where b.role < depth {
            let live = BenchContext.holds(b.condition)
            if b.sequence.count == 1 {
                let e = ref.dispatch(b.sequence, depth: depth)
                if live && e.binding == i, let p = e.performer { performed.append((b.role, p, i)) }
                if live && b.role == 0 && e.binding == i { nearest.append(i) }
                if live && depth > 1 && b.role == depth - 1 && e.binding == i { far.append(i) }
                if !live && e.binding == nil && !e.pending { gated.append(i) }
            } else if live {
                let e = ref.dispatch(b.sequence, depth: depth)
                if e.binding == i { seqs.append(i) }
            }
        }
        var presses: [Press] = []
        var mix: [PressKind: Int] = [:]
        let plan: [(PressKind, Int)] = [(.nearest, 40), (.far, 30), (.gatedOff, 15), (.nothing, 15)]
        for (kind, percent) in plan {
            let n = count * percent / 100 + (kind == .nearest ? count - plan.reduce(0) { $0 + count * $1.1 / 100 } : 0)
            for _ in 0..<n {
                var k = kind
                if k == .far && far.isEmpty { k = .nearest }
                if k == .nearest && nearest.isEmpty { k = .nothing }
                if k == .gatedOff && gated.isEmpty { k = .nothing }
                let chord: Chord
                switch k {
                case .nearest: chord = w.bindings[rng.pick(nearest)].sequence[0]
                case .far: chord = w.bindings[rng.pick(far)].sequence[0]
                case .gatedOff: chord = w.bindings[rng.pick(gated)].sequence[0]
                case .nothing: chord = rng.pick(WorkloadGenerator.unbound).chord
                }
                presses.append(Press(chord: chord, kind: k, expected: ref.dispatch([chord], depth: depth)))
                mix[k, default: 0] += 1
            }
        }
        rng.shuffle(&presses)
        var sequences: [(Chord, Chord, Expectation)] = []
        var walkAlike: [Chord] = []
        // Its own generator, so that the sequences drawn stay those of earlier runs.
        var alikeRng = SplitMix64(seed: seed &+ 0x5EED &+ UInt64(w.size))
        if !seqs.isEmpty {
            for _ in 0..<(count / 2) {
                let b = w.bindings[rng.pick(seqs)]
                let e = ref.dispatch(b.sequence, depth: depth)
                sequences.append((b.sequence[0], b.sequence[1], e))
                // The nearest role at or past the sequence's, then the nearest performer at or
                // past its performer: the one-stroke presses that walk as far and no farther.
                let farEnough = performed.filter { $0.role >= b.role && $0.performer >= (e.performer ?? 0) }
                if let role = farEnough.map(\.role).min() {
                    let inRole = farEnough.filter { $0.role == role }
                    let performer = inRole.map(\.performer).min()
                    let alike = inRole.filter { $0.performer == performer }
                    walkAlike.append(w.bindings[alikeRng.pick(alike).binding].sequence[0])
                }
            }
        }
        return PressList(presses: presses, sequences: sequences, walkAlike: walkAlike, mix: mix)
    }
}
