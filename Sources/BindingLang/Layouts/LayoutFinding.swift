import BindingRuntime

/// One thing a binding meets on one keyboard layout (Grammar.md §10, Keyboard layouts): what, which binding,
/// the keys to press, and for a collision the other binding and a state where both are live.
public struct LayoutFinding: Sendable, Equatable {
    /// What the binding meets.
    public enum Kind: String, Sendable, CaseIterable {
        /// (a) No key of the layout types a character of the binding.
        case untypable
        /// (b) A character needs AltGr (Option on Apple layouts): the modifiers pressed differ
        /// from the ones declared.
        case needsAltGr
        /// (b) A character needs Shift here although it does not on a US keyboard (French
        /// digits): the modifiers pressed differ from the ones declared.
        case needsShift
        /// (c) A character is on a dead key.
        case deadKey
        /// (d) Once mapped to physical keys, the binding presses the same keys as another one
        /// of its role (or starts with them, or they start with its), in some state.
        case collision
        /// (e) On Windows, where AltGr is Ctrl+Alt, the binding presses its key with both (or
        /// Ctrl or Alt with AltGr): the same keys as typing the character the key's AltGr level
        /// types (`ctrl+alt+q` on German Windows is typing `@`).
        case ctrlAltIsAltGr
        /// Not a problem: on this non-Latin layout the character is reached through the
        /// dispatcher's fallback to the key's US character (Grammar.md §5).
        case usFallback

        /// Whether `bindc check --layouts` reports it (everything but ``usFallback``).
        public var isProblem: Bool { self != .usFallback }

        /// Whether the character needs a modifier not declared (``needsShift``, ``needsAltGr``).
        var needsModifier: Bool { self == .needsShift || self == .needsAltGr }
    }

    public var kind: Kind
    /// The layout's id.
    public var layout: String
    /// Index into `Keymap.bindings`.
    public var binding: Int
    /// The character concerned, for (a)–(c) and the fallback.
    public var character: Unicode.Scalar?
    /// The strokes to press; nil when the binding cannot be typed.
    public var strokes: [PhysicalStroke]?
    /// For a collision: the other binding (index into `Keymap.bindings`) …
    public var other: Int?
    /// … the strokes it presses (equal to ``strokes``, or one a prefix of the other) …
    public var otherStrokes: [PhysicalStroke]?
    /// … and a state where both are live (as the conflict checker writes it; empty when both
    /// are always live).
    public var witness: String?
    /// Whether the binding accepts it with `@allowLayouts(…)` (for a collision, either of the
    /// two bindings): not a problem then, only counted.
    public var isAllowed = false

    /// Whether `bindc check --layouts` reports it: a problem kind, not allowed.
    public var isReported: Bool { kind.isProblem && !isAllowed }

    public init(kind: Kind, layout: String, binding: Int, character: Unicode.Scalar? = nil,
                strokes: [PhysicalStroke]? = nil, other: Int? = nil, otherStrokes: [PhysicalStroke]? = nil,
                witness: String? = nil) {
        self.otherStrokes = otherStrokes
        self.kind = kind
        self.layout = layout
        self.binding = binding
        self.character = character
        self.strokes = strokes
        self.other = other
        self.witness = witness
    }

    /// The reported findings of one layout as they are told (`bindc layouts`, `check
    /// --layouts`): one per binding and problem, where a character that needs Shift or AltGr
    /// and is also on a dead key is one finding that says both (`needs Shift for '`', typed with a dead
    /// key`), not two lines about the same keys. `alsoDeadKey` marks those.
    public static func told(_ findings: [LayoutFinding]) -> [(finding: LayoutFinding, alsoDeadKey: Bool)] {
        let reported = findings.filter(\.isReported)
        // A dead-key finding and a Shift or AltGr one about the same keys are of one binding:
        // each finding is compared with its binding's others only (a layout has hundreds of
        // findings; comparing every pair made `bindc layouts --all` quadratic).
        var ofBinding: [Int: [Int]] = [:]
        for (i, f) in reported.enumerated() where f.kind == .deadKey || f.kind.needsModifier {
            ofBinding[f.binding, default: []].append(i)
        }
        func hasPartner(_ f: LayoutFinding, _ wanted: (Kind) -> Bool) -> Bool {
            guard let same = ofBinding[f.binding] else { return false }
            return same.contains { j in
                let o = reported[j]
                return wanted(o.kind) && o.character == f.character && o.strokes == f.strokes
            }
        }
        var out: [(finding: LayoutFinding, alsoDeadKey: Bool)] = []
        out.reserveCapacity(reported.count)
        for f in reported {
            if f.kind == .deadKey, hasPartner(f, \.needsModifier) { continue }
            out.append((f, f.kind.needsModifier && hasPartner(f) { $0 == .deadKey }))
        }
        return out
    }
}
