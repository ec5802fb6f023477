import BindingRuntime

/// What changed between two versions of a keymap (`bindc diff OLD NEW`), binding by binding,
/// and which of a user's bindings the new version newly shadows or conflicts with.
///
/// A binding is identified by its role (or the menu), action and argument: the same command
/// in the same role. Pairs with the same sequence are compared for condition, title and
/// attributes (`changed`); the rest of a command's bindings pair up in order as `moved` (another chord);
/// what is left is `added` or `removed`.
public struct KeymapDiff: Sendable {
    /// The binding changes, removed and changed ones in the old keymap's order, then added.
    public var changes: [BindingChange]
    /// The user's bindings the new version newly shadows or conflicts with.
    public var userImpacts: [UserImpact]

    public init(changes: [BindingChange], userImpacts: [UserImpact] = []) {
        self.changes = changes
        self.userImpacts = userImpacts
    }

    /// Compares the bindings (role bindings and main-menu key equivalents) of two keymaps.
    public static func changes(from old: Keymap, to new: Keymap) -> [BindingChange] {
        let olds = old.bindings.map { DiffBinding($0, old) }
        let news = new.bindings.map { DiffBinding($0, new) }
        var newByCommand: [String: [Int]] = [:]
        for (i, b) in news.enumerated() { newByCommand[b.command, default: []].append(i) }
        var used = [Bool](repeating: false, count: news.count)
        var unmatchedOld: [Int] = []
        var out: [BindingChange] = []
        // Same command, same keys.
        for (i, o) in olds.enumerated() {
            guard let j = newByCommand[o.command]?.first(where: { !used[$0] && news[$0].keys == o.keys }) else {
                unmatchedOld.append(i)
                continue
            }
            used[j] = true
            let fields = o.differences(news[j])
            if !fields.isEmpty { out.append(BindingChange(kind: .changed, old: o, new: news[j], fields: fields)) }
        }
        // Same command, other keys: moved.
        for i in unmatchedOld {
            let o = olds[i]
            if let j = newByCommand[o.command]?.first(where: { !used[$0] }) {
                used[j] = true
                out.append(BindingChange(kind: .moved, old: o, new: news[j], fields: ["keys"] + o.differences(news[j])))
            } else {
                out.append(BindingChange(kind: .removed, old: o, new: nil, fields: []))
            }
        }
        for (j, n) in news.enumerated() where !used[j] {
            out.append(BindingChange(kind: .added, old: nil, new: n, fields: []))
        }
        return out
    }

    /// The user's bindings (those written in `userPath`) that `newCombined` (the new app
    /// keymap with the user's file layered over it) shadows or makes conflict, and
    /// `oldCombined` did not. See ``UserImpact`` for what counts.
    public static func userImpacts(old oldCombined: Keymap, new newCombined: Keymap, userPath: String) -> [UserImpact] {
        let before = Set(impacts(in: oldCombined, userPath: userPath).map(\.identity))
        return impacts(in: newCombined, userPath: userPath).filter { !before.contains($0.identity) }
    }

    /// Every shadowing and conflict between a user binding and an app binding in `keymap`.
    static func impacts(in keymap: Keymap, userPath: String) -> [UserImpact] {
        let sat = Satisfiability(contexts: keymap.contexts)
        var user: [Int] = [], app: [Int] = []
        for (i, b) in keymap.bindings.enumerated() {
            if b.location?.path == userPath { user.append(i) } else { app.append(i) }
        }
        // Every impact needs the two first strokes equal (one sequence a prefix of the other, or
        // a menu key equivalent on the user's first stroke): only those pairs are compared, in
        // the app's order, so the work is not users times app bindings.
        var appByFirst: [Chord: [Int]] = [:]
        for a in app { if let first = keymap.bindings[a].sequence.first { appByFirst[first, default: []].append(a) } }
        var out: [UserImpact] = []
        for u in user {
            let ub = keymap.bindings[u]
            guard let first = ub.sequence.first else { continue }
            for a in appByFirst[first] ?? [] {
                let ab = keymap.bindings[a]
                let kind: UserImpact.Kind
                let related = ab.sequence.starts(with: ub.sequence) || ub.sequence.starts(with: ab.sequence)
                if let ur = ub.role, let ar = ab.role {
                    guard related else { continue }
                    if ar == ur {
                        guard ab.sequence.count != ub.sequence.count else { continue }
                        kind = .conflict  // one a proper prefix of the other (Grammar.md §10 rule 2)
                    } else if ar < ur {
                        kind = .shadowed  // a nearer role answers first (§5 rule 2)
                    } else {
                        continue
                    }
                } else if ab.role == nil, ub.role != nil, let chord = ab.sequence.first, ub.sequence.first == chord {
                    kind = .conflict  // a menu key equivalent on the user's first stroke (§10 rule 3)
                } else {
                    continue
                }
                guard case .holds(let w) = sat.decideOverlap(ub.condition, ab.condition) else { continue }
                out.append(UserImpact(
                    kind: kind, user: DiffBinding(ub, keymap), app: DiffBinding(ab, keymap), witness: sat.describe(w)))
            }
        }
        return out
    }

    /// Whether any user binding is newly shadowed or conflicting (`--fail-on-shadowed`).
    public var hasUserImpacts: Bool { !userImpacts.isEmpty }
}

/// One binding as the diff shows it: everything resolved to names.
public struct DiffBinding: Sendable, Equatable {
    /// The role, or nil for a main-menu key equivalent.
    public var role: String?
    /// The sequence as canonical source text.
    public var keys: String
    /// The action with its argument, as source (`selectTab(1)`).
    public var action: String
    public var title: String?
    /// The condition as source, nil when ungated.
    public var condition: String?
    /// Where it was written (nil from a stripped table).
    public var location: SourceLocation?
    /// The attributes the table keeps, as written (`@priority @repeat(500ms)`); empty when none.
    public var attributes: String

    init(_ b: Binding, _ keymap: Keymap) {
        role = b.role.map { SourceText.role($0, in: keymap) }
        keys = SourceText.sequence(b.sequence)
        action = SourceText.actionReference(b.action, b.argument, in: keymap)
        title = b.title
        condition = b.condition.isTrue ? nil : ConditionPrinter.render(b.condition, contexts: keymap.contexts)
        location = b.location
        attributes = String(SourceText.attributes(b).dropLast())
    }

    /// Role (or menu) and action: what identifies a binding across versions.
    var command: String { (role ?? "<menu>") + " " + action }

    /// The fields other than keys that differ: `condition`, `title`, `attributes`.
    func differences(_ other: DiffBinding) -> [String] {
        var out: [String] = []
        if condition != other.condition { out.append("condition") }
        if title != other.title { out.append("title") }
        if attributes != other.attributes { out.append("attributes") }
        return out
    }
}

/// A binding added, removed, moved to another chord, or changed in condition, title or
/// attributes.
public struct BindingChange: Sendable, Equatable {
    public enum Kind: String, Sendable { case added, removed, moved, changed }
    public var kind: Kind
    public var old: DiffBinding?
    public var new: DiffBinding?
    /// For `moved` and `changed`: which fields differ (`keys`, `condition`, `title`,
    /// `attributes`).
    public var fields: [String]
}

/// A user binding the new version shadows (a binding of a nearer role, declared earlier in the
/// `responder` list, with the same sequence, a prefix of it or an extension of it, answers
/// first) or conflicts with (a binding of its role that is a prefix of it or extends it, or a
/// menu key equivalent on its first stroke), in the witness state.
public struct UserImpact: Sendable, Equatable {
    public enum Kind: String, Sendable { case shadowed, conflict }
    public var kind: Kind
    /// The user's binding.
    public var user: DiffBinding
    /// The app's binding that shadows it or conflicts with it.
    public var app: DiffBinding
    /// A state in which both are live (`mode == insert, loggedIn == true`); empty when always.
    public var witness: String

    var identity: String { "\(kind) \(user.command) \(user.keys) | \(app.command) \(app.keys)" }
}
