import BindingRuntime

/// Checks a keymap against keyboard layouts (Grammar.md §10, Keyboard layouts): maps every binding to the
/// physical keys a user of each layout presses, and reports what cannot be typed, what needs
/// AltGr/Option or an extra Shift, what lands on a dead key, and which bindings collide once
/// mapped. Pure: it reads the keymap and the layout database and returns findings.
public struct LayoutAnalysis: Sendable {
    /// The keymap analysed.
    public let keymap: Keymap

    /// Most collisions looked at per binding and layout (a keymap that maps hundreds of
    /// bindings onto one key has bigger problems; the first ones are reported).
    static let maximumPartners = 64

    public init(keymap: Keymap) { self.keymap = keymap }

    /// The findings for each of `layouts`, in the order given; within a layout, by binding in
    /// declaration order, then kind.
    public func analyse(_ layouts: [KeyboardLayout]) -> [(layout: KeyboardLayout, findings: [LayoutFinding])] {
        var memo = OverlapMemo(contexts: keymap.contexts)
        return layouts.map { layout in (layout, analyse(layout, memo: &memo)) }
    }

    /// The findings for one layout.
    public func analyse(_ layout: KeyboardLayout) -> [LayoutFinding] {
        var memo = OverlapMemo(contexts: keymap.contexts)
        return analyse(layout, memo: &memo)
    }

    // MARK: - Mapping chords to keys

    /// How one chord is pressed on a layout.
    struct Mapped {
        var stroke: PhysicalStroke?
        var findings: [(LayoutFinding.Kind, Unicode.Scalar?)] = []
    }

    /// Maps `chord` as the dispatcher would match it on `layout` (Grammar.md §5), by the
    /// runtime's ``KeyboardLayout/press(_:)``, with the findings the key and level imply.
    static func map(_ chord: Chord, on layout: KeyboardLayout, us: KeyboardLayout) -> Mapped {
        var mapped = mapCharacter(chord, on: layout, us: us)
        if let stroke = mapped.stroke, let c = ctrlAltCharacter(stroke, on: layout) { mapped.findings.append((.ctrlAltIsAltGr, c)) }
        return mapped
    }

    /// The character typing `stroke` types on a Windows layout, where AltGr is Ctrl+Alt: the
    /// AltGr level of its key when the stroke holds Ctrl and Alt, or Ctrl or Alt with AltGr
    /// (not with the Windows key, which Windows takes with them); nil elsewhere.
    static func ctrlAltCharacter(_ stroke: PhysicalStroke, on layout: KeyboardLayout) -> Unicode.Scalar? {
        guard layout.kind == .windows, let physical = stroke.key.physicalKey, !stroke.modifiers.contains(.command) else { return nil }
        let held = stroke.modifiers
        let ctrlAlt = stroke.altGr ? !held.isDisjoint(with: [.control, .alternate]) : held.isSuperset(of: [.control, .alternate])
        guard ctrlAlt, let entry = layout.entry(for: physical) else { return nil }
        return entry.character(at: held.contains(.shift) ? .shiftAltGr : .altGr)
    }

    /// ``map(_:on:us:)`` without the Windows Ctrl+Alt check.
    private static func mapCharacter(_ chord: Chord, on layout: KeyboardLayout, us: KeyboardLayout) -> Mapped {
        guard let press = layout.press(chord) else {
            return Mapped(stroke: nil, findings: [(.untypable, Unicode.Scalar(chord.key.rawValue))])
        }
        var modifiers = chord.modifiers
        guard !press.viaUSFallback else {
            return Mapped(stroke: PhysicalStroke(key: press.key, modifiers: modifiers),
                          findings: [(.usFallback, Unicode.Scalar(chord.key.rawValue))])
        }
        guard press.key.isPhysical, !chord.key.isPhysical, let c = Unicode.Scalar(chord.key.rawValue) else {
            return Mapped(stroke: PhysicalStroke(key: press.key, modifiers: modifiers))
        }
        var out = Mapped()
        if press.level.needsShift {
            // At the Shift+AltGr/Option level Shift is part of that level: one needsAltGr
            // finding says both (`needs Option and Shift`), as one binding meets one problem
            // there, and `@allowLayouts(needsAltGr)` accepts it (Grammar.md §10, (b)).
            if !modifiers.contains(.shift), !press.level.needsAltGr, let u = us.position(of: c), !u.level.needsShift {
                out.findings.append((.needsShift, c))
            }
            modifiers.insert(.shift)
        }
        var altGr = false
        if press.level.needsAltGr {
            out.findings.append((.needsAltGr, c))
            if layout.kind == .apple { modifiers.insert(.alternate) } else { altGr = true }
        }
        if press.isDead && armsDeadKey(chord.modifiers, atAltGr: press.level.needsAltGr, on: layout) { out.findings.append((.deadKey, c)) }
        out.stroke = PhysicalStroke(key: press.key, modifiers: modifiers, altGr: altGr)
        return out
    }

    /// Whether pressing a dead key with the chord's `modifiers` arms it. Windows arms a dead
    /// key only in the modifier state that types its accent: with Ctrl, Alt or the Windows key
    /// held the key types nothing and the app gets a plain press, except at an AltGr level,
    /// since AltGr is Ctrl+Alt there (Ctrl+AltGr+7 on a French keyboard is AltGr+7, the dead
    /// grave). Linux's xkb and macOS arm it whatever else is held (Zed issue 45958).
    static func armsDeadKey(_ modifiers: Modifiers, atAltGr: Bool, on layout: KeyboardLayout) -> Bool {
        guard layout.kind == .windows else { return true }
        if modifiers.contains(.command) { return false }
        return atAltGr || modifiers.isDisjoint(with: [.control, .alternate])
    }

    // MARK: - One layout

    private func analyse(_ layout: KeyboardLayout, memo: inout OverlapMemo) -> [LayoutFinding] {
        let us = KeyboardLayout.us(layout.kind)
        var findings: [LayoutFinding] = []
        // Per binding: its strokes, or nil when it cannot be typed.
        var pressed: [[PhysicalStroke]?] = []
        pressed.reserveCapacity(keymap.bindings.count)
        // Chords recur across a keymap: map each once.
        var cache: [Chord: Mapped] = [:]
        for (index, binding) in keymap.bindings.enumerated() {
            var strokes: [PhysicalStroke] = []
            strokes.reserveCapacity(binding.sequence.count)
            var kinds: [(LayoutFinding.Kind, Unicode.Scalar?)] = []
            var typable = true
            for chord in binding.sequence {
                let mapped: Mapped
                if let known = cache[chord] { mapped = known } else {
                    mapped = Self.map(chord, on: layout, us: us)
                    cache[chord] = mapped
                }
                for f in mapped.findings where !kinds.contains(where: { $0.0 == f.0 }) { kinds.append(f) }
                if let s = mapped.stroke { strokes.append(s) } else { typable = false }
            }
            for (kind, c) in kinds {
                findings.append(LayoutFinding(kind: kind, layout: layout.id, binding: index, character: c,
                                              strokes: typable ? strokes : nil))
            }
            pressed.append(typable ? strokes : nil)
        }
        findings += collisions(pressed, layout, &memo)
        for i in findings.indices where findings[i].kind.isProblem {
            let f = findings[i]
            findings[i].isAllowed = keymap.bindings[f.binding].layoutAllowance?.allows(f) == true
                || f.other.map { keymap.bindings[$0].layoutAllowance?.allows(f) == true } == true
        }
        findings.sort { ($0.binding, Self.rank($0.kind)) < ($1.binding, Self.rank($1.kind)) }
        return findings
    }

    private static func rank(_ kind: LayoutFinding.Kind) -> Int {
        LayoutFinding.Kind.allCases.firstIndex(of: kind) ?? 0
    }

    /// (d): bindings of one role whose pressed strokes are equal, or one a prefix of the
    /// other, where the sequences as written are not (the conflict checker covers those),
    /// and whose conditions hold together in some state. Reported at the later binding.
    private func collisions(_ pressed: [[PhysicalStroke]?], _ layout: KeyboardLayout, _ memo: inout OverlapMemo) -> [LayoutFinding] {
        let codes: [[UInt32]] = pressed.map { $0?.map(\.code) ?? [] }
        var order: [Int] = []
        order.reserveCapacity(pressed.count)
        for i in pressed.indices where pressed[i] != nil { order.append(i) }
        let bindings = keymap.bindings
        order.sort { a, b in
            let ra = bindings[a].role ?? -1, rb = bindings[b].role ?? -1
            if ra != rb { return ra < rb }
            if codes[a] != codes[b] { return codes[a].lexicographicallyPrecedes(codes[b]) }
            return a < b
        }
        var found: [LayoutFinding] = []
        var reported = Set<Int>()
        for (position, i) in order.enumerated() {
            let role = bindings[i].role ?? -1
            var next = position + 1
            var partners = 0
            while next < order.count, partners < Self.maximumPartners {
                let j = order[next]
                guard (bindings[j].role ?? -1) == role, codes[j].starts(with: codes[i]) else { break }
                next += 1
                let a = bindings[i].sequence, b = bindings[j].sequence
                if b.starts(with: a) || a.starts(with: b) { continue }
                partners += 1
                let (earlier, later) = (min(i, j), max(i, j))
                if reported.contains(later) { continue }
                guard let witness = memo.overlap(bindings[earlier].condition, bindings[later].condition) else { continue }
                reported.insert(later)
                found.append(LayoutFinding(kind: .collision, layout: layout.id, binding: later,
                                           strokes: pressed[later], other: earlier, otherStrokes: pressed[earlier],
                                           witness: witness))
            }
        }
        return found
    }

    /// Condition overlaps decided once per pair of conditions, across layouts.
    struct OverlapMemo {
        let satisfiability: Satisfiability
        var decisions: [[Condition]: String?] = [:]

        init(contexts: [ContextVariable]) { satisfiability = Satisfiability(contexts: contexts) }

        /// A state where both hold, described; nil when never (or too hard to decide, which
        /// the conflict checker reports already).
        mutating func overlap(_ a: Condition, _ b: Condition) -> String? {
            if case .constant(true) = a, case .constant(true) = b { return "" }
            if let known = decisions[[a, b]] { return known }
            let result: String?
            if case .holds(let w) = satisfiability.decideOverlap(a, b) { result = satisfiability.describe(w) } else { result = nil }
            decisions[[a, b]] = result
            return result
        }
    }
}
