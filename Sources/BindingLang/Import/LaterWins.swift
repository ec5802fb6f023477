/// Keeps the editors' order semantics: of two overlapping bindings, the later wins. `.bind`
/// makes an overlap an error, so instead of dropping one, the earlier binding's condition
/// becomes `earlier && !(later)`, simplified (the later one's condition is simplified under
/// what the earlier one already requires, and a later binding that can never be live together
/// with the earlier one adds nothing). Overlap here is what the editor resolves by order:
///
/// - the same role, and sequences that are equal or one a prefix of the other (both editors
///   let the later binding decide whether a stroke completes or waits);
/// - Zed: a later binding in `Global` (which Zed ranks at the focused element) or in a role
///   the same element also plays (`A && B`), against an earlier one of another role: the
///   earlier one gets `!(is B && later)`; where the later one of such a role is longer, the
///   earlier one is held (`@timeout`) in both roles instead;
/// - Zed: a later binding of an outer role whose sequence is a prefix of an earlier inner
///   one's or the other way round (Zed lets the latest binding decide whether to wait, at any
///   depth): the earlier one gets `!(inside B && later)`.
///
/// Disabling entries narrow what they disable and are then dropped: Zed's `null` and VS Code's
/// empty command every earlier binding of their keys, Zed's unbind those to its action. A VS
/// Code `-command` removes only defaults, so it acts in ``layer(_:over:disables:language:)``
/// alone. Pure: a function from one ``ImportedKeymap`` to another.
enum LaterWins {
    static func related(_ a: [String], _ b: [String]) -> Bool {
        let n = min(a.count, b.count)
        return a.prefix(n) == b.prefix(n)
    }

    /// The report's name for a Zed `null` or unbind of one element that meets the same key
    /// bound by another element: it is applied where one responder plays both roles; when that
    /// element is further out, Zed's search also stops at the `null` (or skips the unbound
    /// action) before it, which an `unbind` in one role cannot say.
    static let zedOuterDisable = "Zed's null or unbind in one element applied to another element's binding only where one responder plays both (Zed also where that element is further out)"
    /// The report's name for a later Zed binding without an element that takes a key from an
    /// element's binding of another action: Zed tries the element's when nothing handles the
    /// later one's action, `.bind` leaves the key unhandled then.
    static let zedFallBack = "Zed falls back to the element's binding where nothing handles the later binding's action (not kept)"

    /// The report's name for a later Zed binding without an element whose context names one
    /// (`!Terminal`) against another element's binding of the keys: not narrowed, since its
    /// chain predicates speak of the focused element; where that element is itself focused Zed
    /// ranks the later binding first, the output the element's.
    static let zedGlobalNamingElements = "a later Zed binding without an element whose context names one does not take the keys from another element's binding (Zed does where that element is focused)"

    /// The report's name for a VS Code removal of a default that overrode earlier defaults of
    /// its keys: VS Code runs those again where the removed one was live; the base's import
    /// narrowed them away there, and a layer cannot widen them.
    static let vscodeHiddenDefaults = "a removed VS Code default that overrode other defaults of its keys: they do not come back where it was live (VS Code runs them again)"

    /// The report's name for an earlier Zed binding whose keys a later, longer one of another
    /// element (or a layer's) continues (`space`, then `space e`): Zed waits, and runs the
    /// earlier one when the next stroke does not continue the sequence or its timeout passes;
    /// the output lets the longer one decide, and such a stroke cancels. In one element (also
    /// under another of its names, `VimControl` beside `Editor`: ``besideCopies(_:of:removed:into:)``)
    /// the earlier binding becomes a `@timeout` binding instead, which waits as Zed does.
    static let zedShorterOnTimeout = "an earlier Zed binding a later, longer one of another element or file continues (space, then space e): Zed still runs it when the sequence is not continued or times out; the output waits and cancels"

    /// The report's name for an earlier Zed binding that a later, longer one of another
    /// element continues, which the output holds where that element is further out (a copy of
    /// the longer one in its role): where that element is further in, Zed holds it too.
    static let zedShorterOnTimeoutInner = "an earlier Zed binding a later, longer one of another element continues (space, then space e) waits for it where that element is further out, as in Zed; where it is further in, Zed still runs it when the sequence is not continued, the output cancels"

    /// The report's name for a VS Code binding written by scan code (`cmd+[Equal]`) that takes
    /// the keys of one written by the character the same key types on a US keyboard (`cmd+=`):
    /// VS Code resolves characters through the keyboard layout, so on other layouts the
    /// character's binding stays on the key that types it there.
    static let vscodeScanCodeOverCharacter = "a VS Code scan-code key (such as cmd+[Equal]) takes the keys of the character its key types on a US keyboard (cmd+= for it); on other layouts VS Code keeps that binding on the character's key"

    /// The ``ForeignKey/usCharacterSequence(_:)`` of each binding written with a key position,
    /// by index.
    static func usCharacterSequences(_ bindings: [ImportedKeymap.Binding]) -> [Int: [String]] {
        var out: [Int: [String]] = [:]
        for (i, b) in bindings.enumerated() {
            if let us = ForeignKey.usCharacterSequence(b.sequence) { out[i] = us }
        }
        return out
    }

    /// Counts approximation `kind` in `keymap` when bindings `a` and `b` can be live together
    /// (as the editor wrote them): a rewrite the output could not make, where it would matter.
    static func countIfLiveTogether(_ a: ImportedKeymap.Binding, _ b: ImportedKeymap.Binding, as kind: String, in keymap: inout ImportedKeymap) {
        guard ImportCondition.all([a.original, b.original]).isSatisfiable(budget: 4_000) else { return }
        keymap.approximations[kind, default: 0] += 1
        if kind == zedOuterDisable { keymap.outerDisables.insert(b.entry) }
    }

    /// VS Code's `handleRemovals`: a removed default no longer overrides the earlier defaults of
    /// its keys, so where it was live (its condition as imported: no later default of the keys
    /// is live there) the last earlier default whose `when` holds runs again. The layer binds
    /// those again there: each under its own `when` and the removed one's condition, the later
    /// of them winning over the earlier and the layer's own bindings of the keys over all.
    /// Defaults the layer also removes are not given back.
    static func restore(_ restorations: [(removed: ImportedKeymap.Binding, by: ImportedKeymap.Binding)],
                        in layer: inout ImportedKeymap, over base: ImportedKeymap, disables: [ImportedKeymap.Binding]) {
        var given = Set<String>()
        for (b, d) in restorations {
            // Several removals of one default (a file may repeat one) give its keys back once.
            guard given.insert("\(b.entry) \(groupKey(b))").inserted else { continue }
            // Earlier defaults of the keys, their prefixes and their continuations: with the
            // removed one gone, the last live of them decides again (`escape escape` for Zen
            // mode under a removed `escape`).
            func removedByLayer(_ e: ImportedKeymap.Binding) -> Bool {
                disables.contains { "-" + e.command == $0.command && removesWhen($0, e) }
            }
            let back = base.written.filter { e in
                e.entry < b.entry && e.role == b.role && related(e.sequence, b.sequence) && !e.command.isEmpty
                    && !removedByLayer(e) && ImportCondition.all([e.original, b.condition]).isSatisfiable(budget: 4_000)
            }
            if back.isEmpty { continue }
            // The layer's own bindings of keys related to a default given back win over it
            // (`ctrl+k ctrl+e` over a `ctrl+k` given back by removing `ctrl+k v`: VS Code
            // waits at `ctrl+k` for the layer's chord).
            // So do its entries without a command, which take the keys and run nothing (a
            // `cmd+k` the user hands to the terminal).
            let own = layer.bindings.filter { $0.role == b.role && $0.restoredBy == nil }
                + disables.filter { $0.command.isEmpty && $0.role == b.role }
            var restored: [ImportedKeymap.Binding] = []
            for k in back.indices {
                // Every later default of related keys that stays (removed ones do not) wins
                // over it where live, also one after the removed default: `ctrl+k ctrl+p`
                // keeps VS Code waiting at a `ctrl+k` given back by removing `ctrl+k v`.
                let later = base.written.filter { e in
                    e.entry > back[k].entry && e.entry != b.entry && e.role == b.role && related(e.sequence, back[k].sequence)
                        && !removedByLayer(e)
                }
                let mine = own.filter { related($0.sequence, back[k].sequence) }
                let terms = [back[k].original, b.condition] + (later + mine).map { $0.original.negated }
                let condition = ImportCondition.all(terms)
                guard condition.isSatisfiable(budget: 4_000) else { continue }
                var copy = back[k].again(where: condition, entry: d.entry)
                copy.restoredBy = d.command
                restored.append(copy)
            }
            // Keys whose defaults already have long conditions (VS Code's escape) would pass
            // the language's per-press limit (§11): counted instead.
            if restored.reduce(0, { $0 + $1.condition.atomCount }) > maximumRestoredAtoms {
                countHiddenDefaults(of: b, removedBy: d.entry, in: &layer)
                continue
            }
            layer.bindings += restored
        }
    }

    /// VS Code: where a layer chord is live (`ctrl+k ctrl+x` with no `when`), pressing its first
    /// stroke waits for a chord, since the layer's entry is the last of that stroke; VS Code then
    /// runs whichever chord matches, defaults included. Default chords of that stroke that a
    /// later default of the stroke alone took away there (the terminal's `cmd+k`) are bound
    /// again in the layer where the layer chord is live, as they stand in chord mode: narrowed
    /// only by later chords of related keys (the base's and the layer's), not by the stroke
    /// alone. Removed defaults stay removed.
    static func revive(in layer: inout ImportedKeymap, over base: ImportedKeymap, disables: [ImportedKeymap.Binding]) {
        let chords = layer.bindings.filter { $0.restoredBy == nil && $0.revivedBy == nil && $0.sequence.count > 1 }
        guard !chords.isEmpty else { return }
        var revived: [ImportedKeymap.Binding] = []
        // Every default of the chord, not only the first: each is narrowed by the later ones,
        // so their copies are disjoint (the terminal's `cmd+k cmd+i` after the editor's).
        for c in base.bindings where c.sequence.count > 1 {
            // The layer chords that make VS Code wait at this chord's first stroke.
            let waiting = chords.filter { $0.role == c.role && $0.sequence[0] == c.sequence[0] && $0.sequence != c.sequence }
            guard let last = waiting.last,
                  !disables.contains(where: { "-" + c.command == $0.command && c.sequence.starts(with: $0.sequence) && removesWhen($0, c) })
            else { continue }
            let later = base.written.filter {
                $0.entry > c.entry && $0.role == c.role && $0.sequence.count > 1 && related($0.sequence, c.sequence)
            }
            let mine = layer.bindings.filter { $0.role == c.role && $0.sequence.count > 1 && related($0.sequence, c.sequence) }
            let terms = [c.original, .any(waiting.map(\.condition))] + later.map { $0.original.negated } + mine.map { $0.condition.negated }
            let condition = ImportCondition.all(terms)
            // Only where the base's own binding is not live already.
            guard ImportCondition.all([condition, c.condition.negated]).isSatisfiable(budget: 4_000) else { continue }
            var copy = c.again(where: condition, entry: last.entry)
            copy.revivedBy = last.sequence.joined(separator: " ")
            revived.append(copy)
        }
        layer.bindings += revived
    }

    /// Zed: an unbind of one action is a filter, so where it removes a base binding, the
    /// earlier bindings of the same keys it had overridden (of its role, or of a role its
    /// element also plays) match again: Zed runs the latest of them that is live. The layer
    /// binds each again there, under its own condition as written, giving way to the later
    /// bindings of the keys that stay and to the layer's own (`ctrl-f` of the Editor under
    /// vim's VimControl `ctrl-f`, unbound by the user). One that a longer binding of its role
    /// continues would need holding across the layers: counted instead.
    static func fallThrough(_ removed: [(removed: ImportedKeymap.Binding, region: ImportCondition, by: ImportedKeymap.Binding)],
                            in layer: inout ImportedKeymap, over base: ImportedKeymap) {
        let gone = Set(removed.map(\.removed.entry))
        var given = Set<String>()
        for (b, region, d) in removed {
            let earlier = base.written.filter { e in
                e.entry < b.entry && e.sequence == b.sequence && e.command != b.command && !gone.contains(e.entry)
                    && base.entries.indices.contains(e.entry) && base.entries[e.entry].outcome != .disables
                    && (e.role == b.role || base.cooccurring.contains([e.role, b.role].sorted()))
            }
            for e in earlier {
                guard given.insert("\(e.entry) \(e.role) \(b.entry)").inserted else { continue }
                // Where `b` was live and removed, as `e`'s role sees it.
                let there = e.role == b.role ? region : ImportCondition.all([.isRole(b.role), region])
                // The later bindings of the keys that stay decide over it, and so does the layer.
                let later = base.written.filter {
                    $0.entry > e.entry && $0.entry != b.entry && !gone.contains($0.entry) && $0.sequence == e.sequence && $0.role == e.role
                }
                let mine = layer.bindings.filter { $0.role == e.role && $0.sequence == e.sequence }
                let condition = ImportCondition.all([e.original, there] + later.map(\.original.negated) + mine.map(\.condition.negated))
                guard condition.isSatisfiable(budget: 4_000) else { continue }
                let longer = (base.bindings + layer.bindings).contains {
                    $0.role == e.role && $0.sequence.count > e.sequence.count && related($0.sequence, e.sequence)
                }
                if longer {
                    layer.approximations[zedUnbindFallThrough, default: 0] += 1
                    continue
                }
                var copy = e.again(where: condition, entry: d.entry)
                copy.restoredBy = d.command
                layer.bindings.append(copy)
            }
        }
    }

    /// The report's name for an earlier Zed binding that an unbind of a later one lets match
    /// again, but that a longer binding of its role continues.
    static let zedUnbindFallThrough = "an earlier Zed binding that an unbind of the later one lets match again, where a longer binding continues it (not given back)"

    /// Counts ``vscodeHiddenDefaults`` for default `b`, removed by entry `entry`, and says so on
    /// the layer's `unbind` of `b`'s keys from that entry, so that the output locates the count.
    static func countHiddenDefaults(of b: ImportedKeymap.Binding, removedBy entry: Int, in layer: inout ImportedKeymap) {
        layer.approximations[vscodeHiddenDefaults, default: 0] += 1
        let note = "; the defaults it overrode do not come back where it was live (VS Code runs them again)"
        if let i = layer.unbinds.lastIndex(where: { $0.entry == entry && $0.role == b.role && $0.sequence == b.sequence }),
           !layer.unbinds[i].reason.hasSuffix(note) {
            layer.unbinds[i].reason += note
        }
    }

    /// Whether VS Code removal `d` applies to binding `b`'s `when` (`_isTargetedForRemoval`):
    /// it gives none, or the same one (compared in a normal form: operands sorted).
    static func removesWhen(_ d: ImportedKeymap.Binding, _ b: ImportedKeymap.Binding) -> Bool {
        d.original == .constant(true) || d.original.normalized == b.original.normalized
    }

    /// The most condition atoms the defaults one removal gives back may have together.
    static let maximumRestoredAtoms = 256

    /// Whether two VS Code key texts are the same keys as written (case and spaces aside).
    static func sameKeys(_ a: String, _ b: String) -> Bool {
        func words(_ s: String) -> [Substring] { s.lowercased().split(separator: " ") }
        return words(a) == words(b)
    }

    /// Whether Zed disabling entry `d` (`null`, or an unbind written `-action`) disables
    /// binding `b` of the same keys.
    static func zedDisables(_ d: ImportedKeymap.Binding, _ b: ImportedKeymap.Binding) -> Bool {
        !d.command.hasPrefix("-") || d.command == "-" + b.command
    }

    /// Rewrites `keymap` in place; `language` says which predicates may be used.
    static func apply(_ keymap: inout ImportedKeymap, language: ImportLanguage) {
        var bindings = keymap.bindings
        var byFirst: [String: [Int]] = [:]
        for (i, b) in bindings.enumerated() {
            guard let first = b.sequence.first else { continue }  // a VS Code removal of every key
            byFirst[first, default: []].append(i)
        }
        // VS Code: later bindings written by scan code (`cmd+[Equal]`) also meet earlier ones
        // written by the character that key types on a US keyboard (`cmd+=`).
        let usSequences = keymap.format == .vscode ? usCharacterSequences(bindings) : [:]
        var byUSFirst: [String: [Int]] = [:]
        for (j, us) in usSequences.sorted(by: { $0.key < $1.key }) { byUSFirst[us[0], default: []].append(j) }
        var removed = Set<Int>()
        // Zed: outer longer bindings to copy into the role of an earlier shorter one they
        // continue (`canHold`), or longer bindings of another name of the same element.
        var holds: [Hold] = []
        // Later bindings in `Global` that took a key from another role's binding of another
        // action: Zed would fall back to that binding where nothing handles theirs.
        var fallBack = Set<Int>()
        for i in bindings.indices {
            let earlier = bindings[i]
            let isDisable = keymap.entries[earlier.entry].outcome == .disables
            if isDisable { continue }
            var extra: [ImportCondition] = []
            var candidates = byFirst[earlier.sequence[0]] ?? []
            if let more = byUSFirst[earlier.sequence[0]] { candidates = Array(Set(candidates + more)).sorted() }
            for j in candidates where j > i {
                let later = bindings[j]
                var laterSequence = later.sequence
                var byUSKey = false
                if !related(earlier.sequence, laterSequence), let us = usSequences[j], related(earlier.sequence, us) {
                    laterSequence = us
                    byUSKey = true
                }
                guard later.entry != earlier.entry, related(earlier.sequence, laterSequence) else { continue }
                let sameSequence = earlier.sequence == laterSequence
                let laterDisables = keymap.entries[later.entry].outcome == .disables
                var guardCondition: ImportCondition
                var fallsBack = false
                if keymap.format == .vscode {
                    // A `-command` removes only VS Code's defaults (a base), never this file's
                    // bindings; an empty command takes the keys like any later binding.
                    if laterDisables && !later.command.isEmpty { continue }
                    guardCondition = later.original
                } else if laterDisables {
                    // `null` disables every earlier binding of the sequence; an unbind
                    // (`-action`) only those to its action.
                    guard sameSequence, zedDisables(later, earlier) else { continue }
                    if later.role == earlier.role || later.role == ZedConverter.globalRole {
                        guardCondition = later.original
                    } else if earlier.role == ZedConverter.globalRole || keymap.cooccurring.contains([earlier.role, later.role].sorted()) {
                        // One Zed element where the responder plays both roles (a binding
                        // without an element ranks at the focused one; `Editor` and
                        // `VimControl` are names of one element): the later entry wins there.
                        guardCondition = .all([.isRole(later.role), later.original])
                    } else {
                        countIfLiveTogether(earlier, later, as: zedOuterDisable, in: &keymap)
                        continue
                    }
                } else if keymap.format == .zed, later.role == earlier.role, laterSequence.count > earlier.sequence.count {
                    // Zed waits on the shorter binding and runs it when the next stroke does
                    // not continue the longer one or the timeout passes: `@timeout` says so.
                    bindings[i].performsOnTimeout = true
                    continue
                } else if later.role == earlier.role {
                    guardCondition = later.original
                } else if later.role == ZedConverter.globalRole {
                    // Its `is`/`inside` speak of the focused element, not of the earlier
                    // binding's: narrowing that binding by them would misjudge it wherever focus
                    // is deeper (a `Workspace` binding against a later `!Terminal` one died
                    // everywhere). The focused responder's `Global` role comes first anyway.
                    if later.original.usesChainPredicates {
                        countIfLiveTogether(earlier, later, as: zedGlobalNamingElements, in: &keymap)
                        continue
                    }
                    guardCondition = later.original
                    fallsBack = earlier.command != later.command
                } else if keymap.cooccurring.contains([earlier.role, later.role].sorted()) {
                    // The later binding wins where the responder plays both roles: one Zed element.
                    guardCondition = .all([.isRole(later.role), later.original])
                    if keymap.format == .zed, language.chainPredicates, laterSequence.count > earlier.sequence.count,
                       canHold(i, for: j, in: bindings, sameElement: true),
                       ImportCondition.all([earlier.condition, guardCondition]).isSatisfiable(budget: 4_000) {
                        // Zed ranks the names of one element at one depth, and the latest
                        // binding decides whether to wait: it waits on the shorter one and
                        // runs it if the sequence is not continued, as within one role. The
                        // longer one is copied into this role and this one into the longer
                        // one's, so that either role the responder lists first holds it.
                        bindings[i].performsOnTimeout = true
                        if !holds.contains(where: { $0.shorter == i && $0.longer == j }) {
                            holds.append(Hold(shorter: i, role: earlier.role, longer: j, sameElement: true))
                        }
                        continue
                    }
                } else if !sameSequence {
                    guard language.chainPredicates else {
                        keymap.approximations["prefix across roles left to the nearer role", default: 0] += 1
                        continue
                    }
                    guardCondition = .all([.inside(later.role), later.original])
                    if keymap.format == .zed, laterSequence.count > earlier.sequence.count,
                       canHold(i, for: j, in: bindings),
                       ImportCondition.all([earlier.condition, guardCondition]).isSatisfiable(budget: 4_000) {
                        // Where the later binding's element is further out, Zed waits on the
                        // shorter one and runs it if the sequence is not continued: the
                        // longer one is copied into this role, and this one waits for it.
                        bindings[i].performsOnTimeout = true
                        if !holds.contains(where: { $0.role == earlier.role && $0.longer == j }) {
                            holds.append(Hold(shorter: i, role: earlier.role, longer: j, sameElement: false))
                        }
                        continue
                    }
                } else {
                    continue
                }
                if laterSequence.count < earlier.sequence.count, !(keymap.format == .zed && laterDisables) {
                    // A later, shorter entry takes the keys only where it is the last live
                    // entry of its keys or their continuations: where a still later, longer
                    // one is live, the editor waits there instead, and the earlier one can
                    // still complete (VS Code's `resolve`, Zed's latest binding deciding).
                    let revivers = (byFirst[laterSequence[0]] ?? []).filter { k in
                        let y = bindings[k]
                        guard k > j, y.sequence.count > laterSequence.count,
                              Array(y.sequence.prefix(laterSequence.count)) == laterSequence else { return false }
                        return keymap.format == .vscode
                            ? !y.command.hasPrefix("-")
                            : y.role == later.role && keymap.entries[y.entry].outcome != .disables
                    }
                    if !revivers.isEmpty {
                        guardCondition = .all([guardCondition] + revivers.map { bindings[$0].original.negated })
                    }
                }
                let facts = earlier.original.conjuncts
                let narrowed = guardCondition.assuming(facts)
                if case .constant(false) = narrowed { continue }
                if !ImportCondition.all([earlier.original, guardCondition]).isSatisfiable(budget: 4_000) { continue }
                extra.append(narrowed.negated)
                bindings[i].overriddenBy.append(later.entry)
                if !sameSequence || later.role != earlier.role || laterDisables || guardCondition != later.original {
                    keymap.narrowedAcrossKeys.insert(groupKey(earlier))
                }
                if byUSKey { keymap.approximations[vscodeScanCodeOverCharacter, default: 0] += 1 }
                if keymap.format == .zed && !laterDisables && laterSequence.count > earlier.sequence.count {
                    keymap.approximations[zedShorterOnTimeout, default: 0] += 1
                }
                if laterDisables { keymap.removing.insert(later.entry) }
                if fallsBack { fallBack.insert(later.entry) }
                if case .constant(true) = narrowed { break }
            }
            if removed.contains(i) { continue }
            if !extra.isEmpty {
                bindings[i].condition = .all([earlier.condition] + extra)
                if !bindings[i].condition.isSatisfiable(budget: 1_000) { removed.insert(i) }
            }
        }
        if !fallBack.isEmpty { keymap.approximations[zedFallBack, default: 0] += fallBack.count }
        var kept: [ImportedKeymap.Binding] = []
        var survivingEntries = Set<Int>()
        for (i, b) in bindings.enumerated() where !removed.contains(i) && keymap.entries[b.entry].outcome != .disables {
            kept.append(b)
            survivingEntries.insert(b.entry)
        }
        for (i, b) in bindings.enumerated() where removed.contains(i) && !survivingEntries.contains(b.entry) {
            if keymap.entries[b.entry].outcome == .converted {
                keymap.entries[b.entry].outcome = .overridden(byEntry: b.overriddenBy.last ?? b.entry)
            }
        }
        var copied = copies(holds, of: bindings, removed: removed, into: kept)
        // Where the longer binding's element is further in, Zed still holds the shorter one;
        // the output cancels. (A name of the same element has no inside.)
        let inner = copied.filter { !$0.continuesOnSameElement }.count
        if inner > 0 { keymap.approximations[zedShorterOnTimeoutInner, default: 0] += inner }
        copied += besideCopies(holds, of: bindings, removed: removed, into: kept + copied)
        if !holds.isEmpty {
            // A shorter binding whose copies all went (the role's own bindings of those keys
            // are live wherever they would be) waits for nothing there.
            let all = kept + copied
            for k in kept.indices where kept[k].performsOnTimeout {
                let s = kept[k]
                let continued = all.contains { b in
                    b.role == s.role && b.sequence.count > s.sequence.count && related(b.sequence, s.sequence)
                        && ImportCondition.all([b.condition, s.condition]).isSatisfiable(budget: 4_000)
                }
                if !continued { kept[k].performsOnTimeout = false }
            }
        }
        keymap.bindings = kept + copied
    }

    /// A Zed binding (`shorter`, of `role`) that waits for a later, longer one of another role
    /// that continues it (`longer`), by a copy of the longer one in `role`: of an element
    /// further out, or (`sameElement`) of another name Zed puts on the same element.
    struct Hold {
        var shorter: Int
        var role: String
        var longer: Int
        var sameElement: Bool
    }

    /// Whether Zed binding `i` (earlier, shorter) can wait for binding `j` (later, longer, of
    /// another element, or of another name of the same element when `sameElement`) in its own
    /// role, by a copy of `j` there: `j`'s condition names no element (it would speak of another
    /// responder there; on the same element it speaks of the same one), and no other binding of
    /// `i`'s role would be a prefix of the copy, continue it, or be later than it among its
    /// prefixes.
    static func canHold(_ i: Int, for j: Int, in bindings: [ImportedKeymap.Binding], sameElement: Bool = false) -> Bool {
        let shorter = bindings[i], longer = bindings[j]
        guard sameElement || !longer.original.usesChainPredicates, shorter.role != ZedConverter.globalRole else { return false }
        for (k, b) in bindings.enumerated() where b.role == shorter.role && related(b.sequence, longer.sequence) {
            if b.sequence.count > longer.sequence.count { return false }
            if b.sequence.count < longer.sequence.count && k > j { return false }
        }
        return true
    }

    /// The copies `holds` asks for: each longer binding in the shorter one's role, live where
    /// its element is further out (for another name of the same element: where the responder
    /// plays it too), and not where a binding of that role of the same keys is (Zed ranks the
    /// nearer element first); of two copies of the same keys the later wins.
    static func copies(_ holds: [Hold], of bindings: [ImportedKeymap.Binding],
                       removed: Set<Int>, into kept: [ImportedKeymap.Binding]) -> [ImportedKeymap.Binding] {
        var out: [ImportedKeymap.Binding] = []
        var made = Set<String>()
        for h in holds.sorted(by: { $0.longer > $1.longer }) where !removed.contains(h.longer) {
            guard made.insert("\(h.role) \(h.longer)").inserted else { continue }
            // As finally narrowed by the entries after it.
            let longer = bindings[h.longer], role = h.role
            let own = kept.filter { $0.role == role && $0.sequence == longer.sequence }.map { $0.condition.negated }
            let later = out.filter { $0.role == role && $0.sequence == longer.sequence }.map { $0.condition.negated }
            let element: ImportCondition = h.sameElement ? .isRole(longer.role) : .inside(longer.role)
            let condition = ImportCondition.all([element, longer.condition] + own + later)
            guard condition.isSatisfiable(budget: 4_000) else { continue }
            var copy = heldCopy(of: longer, into: role, where: condition)
            copy.performsOnTimeout = false
            copy.continuesOnSameElement = h.sameElement
            out.append(copy)
        }
        return out.reversed()
    }

    /// For the holds of one element's names (``Hold/sameElement``): the shorter binding copied,
    /// `@timeout`, into the role of the longer ones that continue it, where one of them is live
    /// and the responder plays the shorter one's role. A responder lists its roles in the
    /// order the app gives, and the first role with a live binding of the keys decides; Zed
    /// ranks the two names as one element, so both roles wait and hold the shorter one, and a
    /// stroke that continues nothing runs it whichever comes first. Not where a binding of
    /// that role of the same keys is live (`all`: the bindings as written).
    static func besideCopies(_ holds: [Hold], of bindings: [ImportedKeymap.Binding],
                             removed: Set<Int>, into all: [ImportedKeymap.Binding]) -> [ImportedKeymap.Binding] {
        var longers: [String: (shorter: Int, role: String, conditions: [ImportCondition])] = [:]
        var order: [String] = []
        for h in holds where h.sameElement && !removed.contains(h.shorter) && !removed.contains(h.longer) {
            let role = bindings[h.longer].role
            let key = "\(h.shorter) \(role)"
            if longers[key] == nil { order.append(key) }
            longers[key, default: (h.shorter, role, [])].conditions.append(bindings[h.longer].condition)
        }
        var out: [ImportedKeymap.Binding] = []
        for key in order {
            guard let (i, role, conditions) = longers[key] else { continue }
            let shorter = bindings[i]
            let candidate = ImportCondition.all([.isRole(shorter.role), shorter.condition.assuming([.isRole(role)]), .any(conditions)])
            if let copy = heldBeside(shorter, into: role, where: candidate, besides: all + out) { out.append(copy) }
        }
        return out
    }

    /// Shorter binding `shorter` copied `@timeout` into `role`, another name of its element,
    /// live where `candidate` holds and no binding of `besides` of that role and keys is;
    /// nil where that is nowhere.
    static func heldBeside(_ shorter: ImportedKeymap.Binding, into role: String, where candidate: ImportCondition,
                           besides: [ImportedKeymap.Binding]) -> ImportedKeymap.Binding? {
        let clashing = besides.filter {
            $0.role == role && $0.sequence == shorter.sequence
                && ImportCondition.all([$0.condition, candidate]).isSatisfiable(budget: 4_000)
        }
        let condition = ImportCondition.all([candidate] + clashing.map(\.condition.negated))
        guard condition.isSatisfiable(budget: 4_000) else { return nil }
        var copy = shorter
        copy.role = role
        copy.condition = condition
        copy.original = condition
        copy.overriddenBy = []
        copy.performsOnTimeout = true
        copy.heldBeside = shorter.role
        return copy
    }

    /// Layers `layer` (already rewritten on its own) over `base`: disabling entries become
    /// `unbind … when …`, and base bindings that a layer binding would meet as a prefix (or in
    /// a role Zed ranks together with it) are unbound where the layer binding holds.
    static func layer(_ layer: inout ImportedKeymap, over base: ImportedKeymap, disables: [ImportedKeymap.Binding], language: ImportLanguage) {
        var baseByFirst: [String: [Int]] = [:]
        for (i, b) in base.bindings.enumerated() { baseByFirst[b.sequence[0], default: []].append(i) }
        let cooccurring = layer.cooccurring.union(base.cooccurring)
        // The unbinds written so far, as role, keys and condition: a hashed value, not the
        // condition's printed form (printing it through reflection took a tenth of an Emacs
        // extension's import over VS Code's defaults).
        var seen = Set<UnbindKey>()
        // The conditions of the unbinds written so far, by role and keys.
        var unbound: [String: [ImportCondition]] = [:]
        /// Adds the unbind; false when the same one, or one that covers it, is there already.
        @discardableResult
        func unbind(_ b: ImportedKeymap.Binding, in role: String, when condition: ImportCondition, entry: Int, reason: String) -> Bool {
            var c = condition
            if !language.conditionalUnbind {
                // Without `unbind … when`, unbinding is unconditional: only when that is exact.
                if c != .constant(true) {
                    layer.approximations["needs 'unbind … when' (unbound whatever the condition)", default: 0] += 1
                }
                c = .constant(true)
            }
            let key = UnbindKey(role: role, sequence: b.sequence, condition: c)
            guard !seen.contains(key) else { return false }
            // Earlier unbinds of these keys in this role that together already cover this one
            // (where base binding `b` holds) leave it nothing to unbind in `b`: not written for
            // `b` (another binding of the keys may still need it).
            let keys = "\(role) \(b.sequence.joined(separator: " "))"
            if let earlier = unbound[keys],
               !ImportCondition.all([b.condition, c] + earlier.map(\.negated)).isSatisfiable(budget: 4_000) {
                return false
            }
            seen.insert(key)
            unbound[keys, default: []].append(c)
            layer.unbinds.append(ImportedKeymap.Unbind(entry: entry, sequence: b.sequence, role: role, condition: c, reason: reason))
            return true
        }
        // VS Code removals that took a default away, and the default, for giving its keys back.
        var restorations: [(removed: ImportedKeymap.Binding, by: ImportedKeymap.Binding)] = []
        // Zed unbinds of one action: the base binding removed, where, and the unbind.
        var unboundByAction: [(removed: ImportedKeymap.Binding, region: ImportCondition, by: ImportedKeymap.Binding)] = []
        // Zed: where a layer binding or disabling entry of the same keys in another role Zed
        // ranks at the base binding's element (another name of it, or `Global`) takes them
        // from it, by base binding: a held base binding is not bound again there (below), as
        // in one file a later entry of the same keys narrows an earlier `@timeout` one.
        var taken: [Int: [ImportCondition]] = [:]
        for d in disables {
            // A scan code also names the key of its US character (see `apply`).
            let us = layer.format == .vscode ? ForeignKey.usCharacterSequence(d.sequence) : nil
            var candidates = d.sequence.first.map({ baseByFirst[$0] ?? [] }) ?? Array(base.bindings.indices)
            if let us, us[0] != d.sequence[0] { candidates += baseByFirst[us[0]] ?? [] }
            for i in candidates {
                let b = base.bindings[i]
                if layer.format == .vscode && d.command.isEmpty {
                    // No command: the keys are the entry's where its `when` holds.
                    let exact = related(b.sequence, d.sequence)
                    guard exact || us.map({ related(b.sequence, $0) }) == true,
                          ImportCondition.all([b.condition, d.original]).isSatisfiable(budget: 4_000) else { continue }
                    layer.removing.insert(d.entry)
                    if unbind(b, in: b.role, when: d.original, entry: d.entry, reason: "an entry without a command takes the keys"), !exact {
                        layer.approximations[vscodeScanCodeOverCharacter, default: 0] += 1
                    }
                } else if layer.format == .vscode {
                    // VS Code's `_isTargetedForRemoval`: the removal's chords begin the
                    // binding's (none: any), and its `when`, when it gives one, is the
                    // binding's (compared in a normal form: operands sorted).
                    let exact = b.sequence.starts(with: d.sequence)
                    guard "-" + b.command == d.command, exact || us.map({ b.sequence.starts(with: $0) }) == true else { continue }
                    guard removesWhen(d, b) else {
                        layer.removalsWithAnotherWhen.insert(d.entry)
                        continue
                    }
                    layer.removing.insert(d.entry)
                    // Where the default is live as imported (the base's bindings of one key are
                    // disjoint there), so the key's other defaults stay.
                    if unbind(b, in: b.role, when: b.condition, entry: d.entry, reason: "'\(ForeignText.inline(d.command))' removes it"), !exact {
                        layer.approximations[vscodeScanCodeOverCharacter, default: 0] += 1
                    }
                    // Defaults it overrode come back in VS Code (`handleRemovals`): where it
                    // was live, the layer binds them again (below). The base's import narrowed
                    // them there, or left them out where it always overrode them.
                    if exact {
                        // A base's copy of a default (revived under its chord, or given back)
                        // carries the later entry that made it: the default's own binding,
                        // which the removal meets too, gives back what was earlier than it.
                        if b.revivedBy == nil && b.restoredBy == nil { restorations.append((b, d)) }
                    } else if base.bindings.contains(where: { $0.role == b.role && $0.sequence == b.sequence && $0.overriddenBy.contains(b.entry) })
                        || base.entries.contains(where: { $0.outcome == .overridden(byEntry: b.entry) }) {
                        countHiddenDefaults(of: b, removedBy: d.entry, in: &layer)
                    }
                } else if b.sequence == d.sequence, zedDisables(d, b) {
                    let reason = d.command.hasPrefix("-") ? "'unbind \(ForeignText.inline(b.command))' removes it" : "null disables it"
                    // An unbind of one action leaves the keys' other actions: where one of
                    // them is live with it, the unbind holds only where `b` is (the base's
                    // bindings of one role and keys are disjoint as imported).
                    func only(_ c: ImportCondition) -> ImportCondition {
                        guard d.command.hasPrefix("-"), base.bindings.contains(where: {
                            $0.role == b.role && $0.sequence == b.sequence && $0.command != b.command
                                && ImportCondition.all([$0.condition, c]).isSatisfiable(budget: 4_000)
                        }) else { return c }
                        return ImportCondition.all([c, b.condition])
                    }
                    if b.role == d.role || d.role == ZedConverter.globalRole {
                        unbind(b, in: b.role, when: only(d.original), entry: d.entry, reason: reason)
                        if d.command.hasPrefix("-") { unboundByAction.append((b, ImportCondition.all([only(d.original), b.condition]), d)) }
                    } else if b.role == ZedConverter.globalRole || cooccurring.contains([b.role, d.role].sorted()) {
                        // One Zed element where the responder plays both roles (see `apply`).
                        let both = ImportCondition.all([.isRole(d.role), d.original])
                        guard ImportCondition.all([b.condition, both]).isSatisfiable(budget: 4_000) else { continue }
                        unbind(b, in: b.role, when: only(both), entry: d.entry, reason: reason)
                        taken[i, default: []].append(only(both))
                        if d.command.hasPrefix("-") { unboundByAction.append((b, ImportCondition.all([only(both), b.condition]), d)) }
                    } else {
                        countIfLiveTogether(b, d, as: zedOuterDisable, in: &layer)
                        continue
                    }
                    layer.removing.insert(d.entry)
                }
            }
            // A VS Code removal of a default the base's import always overrode (so wrote no
            // binding of): it removes nothing visible there, VS Code included, until the later
            // default is removed too.
            if layer.format == .vscode, d.command.hasPrefix("-"), !layer.removing.contains(d.entry),
               base.entries.contains(where: {
                   if case .overridden = $0.outcome { return "-" + $0.command == d.command && sameKeys($0.keys, layer.entries[d.entry].keys) }
                   return false
               }) {
                layer.removalsOfOverridden.insert(d.entry)
            } else if layer.format == .vscode, d.command.hasPrefix("-"), !layer.removing.contains(d.entry),
                      !base.written.contains(where: { "-" + $0.command == d.command }) {
                layer.removalsOfUnknownCommands.insert(d.entry)
            }
        }
        restore(restorations, in: &layer, over: base, disables: disables)
        if layer.format == .zed { fallThrough(unboundByAction, in: &layer, over: base) }
        // Zed: base bindings a later, longer layer binding of their role continues, and where:
        // the layer binds them again there as `@timeout`, since Zed waits and still runs them.
        var held: [Int: (conditions: [ImportCondition], entry: Int)] = [:]
        // Layer bindings of another element that held base bindings wait for: copied into the
        // base binding's role, where that element's binding holds (`there`).
        // (For another name of the same element, also where the base binding is live: a copy
        // elsewhere would make that role wait with nothing held, ahead of the role that holds.)
        var outerCopies: [(role: String, longer: ImportedKeymap.Binding, there: ImportCondition, sameElement: Bool, base: ImportCondition)] = []
        // Held base bindings whose longer layer bindings are of another name of the same
        // element: by base binding, that name and where (as `there` above).
        var heldBesides: [Int: [(role: String, there: ImportCondition)]] = [:]
        var fallBack = Set<Int>()
        // The layer's own bindings by role and keys: where one is live, it and not a held base
        // binding of those keys waits for the layer's longer ones (the layer's own file holds it).
        var own: [String: [ImportCondition]] = [:]
        for l in layer.bindings where l.restoredBy == nil { own[groupKey(l), default: []].append(l.condition) }
        // Zed: where the layer's own null (or unbind of its action) of a base binding's keys is
        // live, the search for those keys ends there, and no held base binding runs.
        var disablesByKeys: [[String]: [ImportedKeymap.Binding]] = [:]
        if layer.format == .zed { for d in disables { disablesByKeys[d.sequence, default: []].append(d) } }
        func disabledInLayer(_ b: ImportedKeymap.Binding) -> [ImportCondition] {
            (disablesByKeys[b.sequence] ?? []).filter {
                ($0.role == b.role || $0.role == ZedConverter.globalRole) && zedDisables($0, b)
            }.map(\.original)
        }
        // VS Code: where any of the layer's bindings of one role and keys is live, as finally
        // written, is where one of their entries' `when`s holds, unless the rewriting narrowed
        // one of them by other keys: one unbind of that union, not one per binding, each
        // narrowed by all the later ones (78 `escape escape escape` of an Emacs extension).
        var liveTogether: [String: ImportCondition] = [:]
        if layer.format == .vscode {
            var originals: [String: [ImportCondition]] = [:]
            for l in layer.bindings where l.restoredBy == nil { originals[groupKey(l), default: []].append(l.original) }
            for (key, conditions) in originals where conditions.count > 1 && !layer.narrowedAcrossKeys.contains(key) {
                liveTogether[key] = .any(conditions)
            }
        }
        // (Defaults given back above live only where the removed default did, where no other
        // default of related keys is live: they unbind nothing.)
        for l in layer.bindings where l.restoredBy == nil {
            for i in baseByFirst[l.sequence[0]] ?? [] {
                let b = base.bindings[i]
                guard related(b.sequence, l.sequence) else { continue }
                let same = b.sequence == l.sequence
                let crossRole = b.role != l.role
                // A copy made for another name of the same element meets other roles' base
                // bindings through the binding it copies, which is also in the layer.
                if crossRole && (l.continuesOnSameElement || l.heldBeside != nil) { continue }
                if crossRole && same && cooccurring.contains([b.role, l.role].sorted()) {
                    // One Zed element where the responder plays both roles: the layer's wins there.
                    let both = ImportCondition.all([.isRole(l.role), l.original])
                    guard ImportCondition.all([b.condition, both]).isSatisfiable(budget: 4_000) else { continue }
                    // (Where an unbind for holding it covers this one already, none is written:
                    // `taken` keeps it from the held binding bound again.)
                    unbind(b, in: b.role, when: both, entry: l.entry, reason: "the layer binds it where the responder also plays \(l.role)")
                    taken[i, default: []].append(both)
                    continue
                }
                if crossRole && !same && layer.format == .zed && language.chainPredicates
                    && l.role != ZedConverter.globalRole {
                    // Zed lets the latest binding of related keys decide whether to wait, at
                    // any depth (as `apply` does within one file): where the layer binding's
                    // element is further out (or the same element), a base binding it
                    // continues waits for it, and one continuing it is not reached.
                    // (On another name of the same element, its `is`/`inside` speak of the
                    // same responder.)
                    let sameElement = cooccurring.contains([b.role, l.role].sorted())
                    if l.original.usesChainPredicates && !sameElement {
                        countIfLiveTogether(b, l, as: zedGlobalNamingElements, in: &layer)
                        continue
                    }
                    // Where the layer binding is live as finally written (narrowed by the
                    // layer's later ones, `@timeout` kept), so copies of related layer
                    // bindings stand together in one role as they do in theirs.
                    let there = ImportCondition.all([sameElement ? .isRole(l.role) : .inside(l.role), l.condition])
                    guard ImportCondition.all([b.condition, there]).isSatisfiable(budget: 4_000) else { continue }
                    let quoted = "'\(l.sequence.joined(separator: " "))'"
                    if l.sequence.count < b.sequence.count {
                        unbind(b, in: b.role, when: there, entry: l.entry, reason: "the layer's \(quoted) of \(l.role) decides first in Zed")
                    } else if canHoldAcrossLayers(b, for: l, base: base, layer: layer) {
                        unbind(b, in: b.role, when: there, entry: l.entry,
                               reason: "bound again below to wait for the layer's \(quoted) of \(l.role)")
                        held[i, default: ([], l.entry)].conditions.append(there)
                        outerCopies.append((b.role, l, there, sameElement, b.condition))
                        if sameElement { heldBesides[i, default: []].append((l.role, there)) }
                    } else if unbind(b, in: b.role, when: there, entry: l.entry, reason: "\(prefixConflict) \(quoted) of \(l.role)") {
                        layer.approximations[zedShorterOnTimeout, default: 0] += 1
                    }
                    continue
                }
                guard (!same && !crossRole) || (crossRole && l.role == ZedConverter.globalRole) else { continue }
                if crossRole && l.original.usesChainPredicates {
                    // As in `apply`: its chain predicates speak of the focused element.
                    layer.approximations[zedGlobalNamingElements, default: 0] += 1
                    continue
                }
                // VS Code: where the layer binding is live as finally written. Where a later
                // chord of the layer narrowed a shorter one, VS Code waits at the stroke and
                // the defaults' chords still run (`ctrl+k` under a later `ctrl+k ctrl+j`).
                let here = layer.format == .vscode ? liveTogether[groupKey(l)] ?? l.condition : l.original
                guard ImportCondition.all([b.condition, here]).isSatisfiable(budget: 4_000) else { continue }
                let mine = (own[groupKey(b)] ?? []) + disabledInLayer(b)
                let waits = layer.format == .zed && !crossRole && l.sequence.count > b.sequence.count
                    && ImportCondition.all([b.condition, here] + mine.map(\.negated)).isSatisfiable(budget: 4_000)
                let added = unbind(b, in: b.role, when: here, entry: l.entry,
                                   reason: waits ? "bound again below to wait for the layer's '\(l.sequence.joined(separator: " "))'"
                                       : same ? "the layer binds it in Global" : "\(prefixConflict) '\(l.sequence.joined(separator: " "))'")
                if waits {
                    held[i, default: ([], l.entry)].conditions.append(l.original)
                } else if added && layer.format == .zed && l.sequence.count > b.sequence.count {
                    layer.approximations[zedShorterOnTimeout, default: 0] += 1
                }
                // As in `apply`: Zed falls back to the element's binding where nothing handles
                // the layer's action.
                if same && crossRole && layer.format == .zed && b.command != l.command { fallBack.insert(l.entry) }
                if same && crossRole { taken[i, default: []].append(here) }
            }
            // VS Code: a layer binding written by scan code takes the keys of a base binding
            // written by the character its key types on a US keyboard (see `apply`).
            guard layer.format == .vscode, let us = ForeignKey.usCharacterSequence(l.sequence) else { continue }
            for i in baseByFirst[us[0]] ?? [] {
                let b = base.bindings[i]
                guard b.role == l.role, related(b.sequence, us), !related(b.sequence, l.sequence),
                      ImportCondition.all([b.condition, l.original]).isSatisfiable(budget: 4_000) else { continue }
                if unbind(b, in: b.role, when: l.original, entry: l.entry,
                          reason: "the layer's '\(l.sequence.joined(separator: " "))' is its key on a US keyboard") {
                    layer.approximations[vscodeScanCodeOverCharacter, default: 0] += 1
                }
            }
        }
        if layer.format == .vscode { revive(in: &layer, over: base, disables: disables) }
        if !fallBack.isEmpty { layer.approximations[zedFallBack, default: 0] += fallBack.count }
        // One `@timeout` binding per held base binding, where some of the layer's longer ones
        // continue it (and the unbinds above took it away).
        for (i, h) in held.sorted(by: { $0.key < $1.key }) {
            let held = base.bindings[i]
            let mine = (own[groupKey(held)] ?? []) + disabledInLayer(held) + (taken[i] ?? [])
            let condition = ImportCondition.all([held.condition, .any(h.conditions)] + mine.map(\.negated))
            var b = held.again(where: condition, entry: h.entry)
            b.performsOnTimeout = true
            b.heldFromBase = true
            if condition.isSatisfiable(budget: 4_000) { layer.bindings.append(b) }
            // Zed ranks another name of the element (the layer binding's `Editor` beside the
            // base's `VimControl`) at the same depth: held there too, so that it is held
            // whichever role the responder lists first (see `besideCopies`).
            var roles: [String] = []
            var theres: [String: [ImportCondition]] = [:]
            for (role, there) in heldBesides[i] ?? [] {
                if theres[role] == nil { roles.append(role) }
                theres[role, default: []].append(there.assuming([.isRole(role)]))
            }
            for role in roles {
                // The layer's own bindings and disabling entries of the keys in either role
                // decide where they are live.
                var inRole = held
                inRole.role = role
                let seen: (ImportCondition) -> ImportCondition = { $0.assuming([.isRole(role)]) }
                let theirs = (own[groupKey(role, held.sequence)] ?? []) + disabledInLayer(inRole)
                let candidate = ImportCondition.all([.isRole(held.role), seen(held.condition), .any(theres[role] ?? [])]
                    + mine.map { seen($0).negated } + theirs.map(\.negated))
                if var copy = heldBeside(b, into: role, where: candidate, besides: base.bindings + layer.bindings) {
                    copy.heldFromBase = true
                    layer.bindings.append(copy)
                }
            }
        }
        // The layer's longer bindings, copied into the roles whose base bindings wait for them,
        // except where a binding of that role of the same keys is live (Zed ranks the nearer
        // element first); one copy per role and keys, the later layer binding winning.
        var copied = Set<String>()
        // Where the base bindings each copy holds are live, by role, keys and layer entry.
        var heldWhere: [String: [ImportCondition]] = [:]
        for c in outerCopies { heldWhere["\(groupKey(c.role, c.longer.sequence)) \(c.longer.entry)", default: []].append(c.base) }
        for (role, longer, there, sameElement, _) in outerCopies.reversed() {
            let keys = "\(groupKey(role, longer.sequence)) \(longer.entry)"
            guard copied.insert(keys).inserted else { continue }
            // (The layer's bindings include the copies made so far, the later ones.)
            let own = (base.bindings + layer.bindings).filter { $0.role == role && $0.sequence == longer.sequence }
            let bases: [ImportCondition] = sameElement ? [.any(heldWhere[keys] ?? [])] : []
            let condition = ImportCondition.all([there] + bases + own.map { $0.condition.negated })
            guard condition.isSatisfiable(budget: 4_000) else { continue }
            var copy = heldCopy(of: longer, into: role, where: condition)
            copy.continuesOnSameElement = sameElement
            layer.bindings.append(copy)
        }
        layer.unbinds = merged(layer.unbinds)
    }

    /// How the reason of an unbind for a prefix conflict with a layer binding begins.
    static let prefixConflict = "prefix conflict with the layer's"

    /// The role and keys of `b`, as ``ImportedKeymap/narrowedAcrossKeys`` names them.
    /// An unbind as the layer compares them: role, keys and condition.
    struct UnbindKey: Hashable {
        let role: String
        let sequence: [String]
        let condition: ImportCondition
    }

    static func groupKey(_ b: ImportedKeymap.Binding) -> String { groupKey(b.role, b.sequence) }

    /// `role key key`: one role and keys, as the layer indexes bindings and unbinds by them.
    static func groupKey(_ role: String, _ sequence: [String]) -> String {
        "\(role) \(sequence.joined(separator: " "))"
    }

    /// The unbinds with those of one role and keys joined into one, `unbind k when a || b`,
    /// where that `||` simplifies (no more atoms than the largest of them): an extension binding many
    /// `escape …` chords, each under its own condition and one shared flag, unbinds the
    /// defaults' `escape` where that flag holds, once, rather than once per chord, each base
    /// binding narrowed by every one of them. Each keeps the place of the first. Only unbinds
    /// for prefix conflicts are joined: a removal's says what the user asked for.
    static func merged(_ unbinds: [ImportedKeymap.Unbind]) -> [ImportedKeymap.Unbind] {
        var groups: [String: [Int]] = [:]
        for (i, u) in unbinds.enumerated() where u.reason.hasPrefix(prefixConflict) {
            groups[groupKey(u.role, u.sequence), default: []].append(i)
        }
        var out: [ImportedKeymap.Unbind] = []
        var joined: [Int: ImportedKeymap.Unbind] = [:]
        var dropped = Set<Int>()
        for members in groups.values where members.count > 1 {
            let conditions = members.map { unbinds[$0].condition }
            let union = ImportCondition.any(conditions)
            // Only where that is no larger than the largest of them: an `||` of large
            // conditions that merely shares a conjunct says no less as separate unbinds, whose
            // narrowing the checker decides at once against the bindings they make way for.
            guard union.atomCount <= conditions.map(\.atomCount).max() ?? 0 else { continue }
            var first = unbinds[members[0]]
            first.condition = union
            first.merged = members.dropFirst().flatMap { [unbinds[$0].entry] + unbinds[$0].merged }
            joined[members[0]] = first
            dropped.formUnion(members.dropFirst())
        }
        for (i, u) in unbinds.enumerated() where !dropped.contains(i) { out.append(joined[i] ?? u) }
        return out
    }

    /// What a base's import and a layer's import over it give together, as the compiler layers
    /// the two files (Grammar.md §9.2): each base binding narrowed to where no binding or
    /// `unbind` of the layer of its role and keys holds (left out where that can never be),
    /// then the layer's bindings, their entries after the base's. A further layer is made
    /// over this when Zed stacks three files, so that it meets the bindings those files hold
    /// (the copies and holds each import wrote included).
    static func stacked(_ layer: ImportedKeymap, over base: ImportedKeymap) -> ImportedKeymap {
        func key(_ role: String, _ sequence: [String]) -> String { role + " " + sequence.joined(separator: " ") }
        var later: [String: [ImportCondition]] = [:]
        for u in layer.unbinds { later[key(u.role, u.sequence), default: []].append(u.condition) }
        for l in layer.bindings { later[key(l.role, l.sequence), default: []].append(l.condition) }
        var out = base
        out.bindings = base.bindings.compactMap { b in
            guard let conditions = later[key(b.role, b.sequence)] else { return b }
            var b = b
            b.condition = ImportCondition.all([b.condition] + conditions.map(\.negated))
            return b.condition.isSatisfiable(budget: 4_000) ? b : nil
        }
        let offset = base.entries.count
        func shifted(_ b: ImportedKeymap.Binding) -> ImportedKeymap.Binding {
            var b = b
            b.entry += offset
            b.overriddenBy = b.overriddenBy.map { $0 + offset }
            return b
        }
        out.entries += layer.entries
        out.bindings += layer.bindings.map(shifted)
        out.written += layer.written.map(shifted)
        out.cooccurring.formUnion(layer.cooccurring)
        out.stringKeys.formUnion(layer.stringKeys)
        return out
    }

    /// Longer binding `longer` copied into `role`, live where `condition` holds, so that a
    /// shorter binding of that role waits for it (`// line N, the outer E's, …`).
    static func heldCopy(of longer: ImportedKeymap.Binding, into role: String, where condition: ImportCondition) -> ImportedKeymap.Binding {
        var copy = longer.again(where: condition, entry: longer.entry)
        copy.role = role
        copy.continuesFor = longer.role
        return copy
    }

    /// Whether base binding `b` can wait for layer binding `l` (longer, of another element)
    /// by a copy of `l` in `b`'s role: no other binding of that role, in the base or the
    /// layer, continues the copy or is a shorter prefix of it written in the layer (the copy
    /// would meet it as a prefix).
    static func canHoldAcrossLayers(_ b: ImportedKeymap.Binding, for l: ImportedKeymap.Binding,
                                    base: ImportedKeymap, layer: ImportedKeymap) -> Bool {
        if base.bindings.contains(where: { $0.role == b.role && $0.sequence.count > l.sequence.count && related($0.sequence, l.sequence) }) {
            return false
        }
        return !layer.bindings.contains { $0.role == b.role && $0.sequence != l.sequence && related($0.sequence, l.sequence) && $0.restoredBy == nil }
    }
}
