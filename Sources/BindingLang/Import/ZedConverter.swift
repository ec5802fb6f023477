import BindingRuntime

/// Converts a ``ZedKeymap`` into an ``ImportedKeymap`` (see Docs/Import.md for the mapping).
///
/// Zed (its predicate rules since zed-industries/zed#34664) evaluates a context predicate on
/// the focus path: a name is checked on one element (its identifiers and key-value pairs),
/// `A > B` asks for `A` on some element outside the one matching `B`, and `!p` asks that `p`
/// hold at no element of the path. Element names (identifiers starting with an upper-case
/// letter, and `menu`, which is both the context menu's element name and a flag an editor sets
/// while it shows a menu, so it is an element name either way) become roles; the predicate is
/// put in disjunctive normal form, each disjunct is anchored at its first positive element
/// name (`Global` when it has none, a role every responder plays last, because Zed ranks a
/// binding without an element at the focused element), the other element names of the
/// disjunct become `is Role`, those of the parent side of `>` become `inside Role`, a negated
/// one `!is Role && !inside Role`, and the rest become contexts.
enum ZedConverter {
    /// The role of bindings whose context names no element.
    static let globalRole = "Global"

    static func isElementName(_ name: String) -> Bool {
        name == "menu" || (name.first.map { $0.isUppercase } ?? false)
    }

    /// Names Zed puts on one element together: vim mode adds `VimControl` and `VimCount` to
    /// the editor's key context (`Vim::extend_key_context`), so a binding of one ranks with a
    /// binding of the other at the same depth.
    static let sameElement: Set<[String]> = [["Editor", "VimControl"], ["Editor", "VimCount"], ["Editor", "VimWaiting"]]

    /// The editor's element name.
    static let editorRole = "Editor"

    /// Keys vim mode sets on the editor's element and no other (`Vim::extend_key_context`):
    /// on any other element `vim_mode == normal` is false and `vim_mode != insert` true.
    static let editorKeys: Set<String> = ["vim_mode", "vim_operator"]

    /// Whether `role` is the editor's element, or a name Zed puts on it (``sameElement``).
    static func isEditorElement(_ role: String) -> Bool {
        role == editorRole || sameElement.contains([editorRole, role].sorted())
    }

    /// Whether `literal` asks for one of the ``editorKeys`` (`vim_mode == normal`, a bare
    /// `vim_mode`), which only the editor's element can answer yes to.
    static func asksForEditorKey(_ literal: ImportCondition) -> Bool {
        switch literal {
        case .equals(let k, _), .flag(let k): editorKeys.contains(k)
        default: false
        }
    }

    /// Whether `literal` is the negation of ``asksForEditorKey(_:)`` (`vim_mode != insert`).
    static func negatesEditorKey(_ literal: ImportCondition) -> Bool {
        if case .not(let inner) = literal { asksForEditorKey(inner) } else { false }
    }

    /// The report's name for `vim_mode != v` in a context without an element: Zed holds it at
    /// the editor's parent where the editor's mode is `v`.
    static let negatedEditorKey = "Zed's 'vim_mode != v' without an element also holds, one element out, while the editor is in mode v (the output: not then)"

    /// The keymap in `.bind` terms. `platform`, when known, is what Zed's `secondary` modifier
    /// becomes (cmd on macOS, ctrl elsewhere), so that `secondary-s` and `ctrl-s` are one key
    /// on Linux; unknown, it is `primary`.
    static func convert(_ keymap: ZedKeymap, name: String, language: ImportLanguage, platform: Platform? = nil) -> ImportedKeymap {
        let secondary = platform.map { $0.isApple ? "cmd" : "ctrl" } ?? "primary"
        var result = ImportedKeymap(format: .zed, name: name)
        result.cooccurring = sameElement
        for section in keymap.sections {
            var groups: [(role: String, condition: ImportCondition)] = [(globalRole, .constant(true))]
            var failure: String?
            // Approximations each binding of the section makes (counted once it converts).
            var approximated: [String] = []
            // An empty context is no context (Zed's `KeymapFile::load`).
            if let context = section.context, !context.isEmpty {
                do throws(UnsupportedCondition) {
                    let clause = try WhenClauseParser.parse(context, dialect: .zed)
                    groups = try roleGroups(translate(clause, outside: false), result: &result, approximated: &approximated)
                    if negatesAnElement(clause), groups.contains(where: { $0.role != globalRole }) {
                        approximated.append(negatedElement)
                    }
                    if negatesAnElementBelowParent(clause) { approximated.append(negatedBelowParent) }
                    if namesTwoElementsOnTheParentSide(clause) { approximated.append(twoElementsOnTheParentSide) }
                    if chainsOnTheParentSide(clause) { approximated.append(chainOfThree) }
                    if !language.chainPredicates, groups.contains(where: { $0.condition.usesChainPredicates }) {
                        throw UnsupportedCondition(reason: chainReason(clause))
                    }
                } catch {
                    failure = error.reason
                    approximated = []
                }
            }
            for kind in approximated { result.approximations[kind, default: 0] += section.bindings.count }
            for binding in section.bindings {
                // A disabling entry's command: `null`, or `-action` for an unbind (as VS Code's
                // `-command`), which disables only the bindings to that action.
                let command: String
                var shown: String?
                var argument: JSONC?
                switch binding.action {
                case .name(let n): command = n
                case .withArgument(let n, let a):
                    command = n
                    // `{}` is the action's defaults, as no argument is.
                    if case .object(let members) = a.value, members.isEmpty {} else { argument = a }
                case .disable: command = "null"
                case .unbind(let target): command = "-" + target; shown = "unbind " + target
                }
                let index = result.entries.count
                result.entries.append(ImportedKeymap.Entry(
                    keys: binding.keys, command: shown ?? command,
                    range: binding.keysRange.lowerBound..<binding.actionRange.upperBound, outcome: .converted))
                if let failure {
                    result.entries[index].outcome = .leftOut(failure)
                    continue
                }
                if command == ZedKeymap.unbindAction {
                    result.entries[index].outcome = .leftOut("'zed::Unbind' without the name of the action to unbind")
                    continue
                }
                var sequence: [String] = []
                do throws(UnsupportedCondition) {
                    for stroke in binding.keys.split(separator: " ") {
                        sequence.append(try ForeignKey.chord(String(stroke), separator: "-", secondary: secondary))
                    }
                    if sequence.isEmpty { throw UnsupportedCondition(reason: "empty key sequence") }
                } catch {
                    result.entries[index].outcome = .leftOut(error.reason)
                    continue
                }
                switch binding.action {
                case .disable, .unbind: result.entries[index].outcome = .disables
                default: break
                }
                for group in groups {
                    result.bindings.append(ImportedKeymap.Binding(
                        entry: index, sequence: sequence, role: group.role, condition: group.condition,
                        original: group.condition, command: command, argument: argument))
                }
            }
        }
        if platform == nil { splitPrimary(&result) }
        return result
    }

    /// Without a platform, Zed's `secondary` is written `primary`, which is `cmd` on macOS and
    /// iPadOS and `ctrl` on Windows and Linux. A `primary` binding whose keys are, on some
    /// platform, the keys of an explicit `cmd` or `ctrl` binding of the same file is written as
    /// two copies, one per platform family (`cmd+s when platform == macOS || platform ==
    /// iPadOS`, `ctrl+s when platform == windows || platform == linux`), so that later-wins
    /// narrows the one they meet on, as it would with `--platform`; a keymap without such a
    /// pair keeps its `primary` bindings.
    static func splitPrimary(_ keymap: inout ImportedKeymap) {
        let explicit = keymap.bindings.filter { !$0.sequence.contains(where: mentionsPrimary) }
        guard explicit.count < keymap.bindings.count else { return }
        let explicitFirst = Set(explicit.compactMap(\.sequence.first))
        let families: [(modifier: String, platforms: [String])] = [("cmd", ["macOS", "iPadOS"]), ("ctrl", ["windows", "linux"])]
        var out: [ImportedKeymap.Binding] = []
        out.reserveCapacity(keymap.bindings.count)
        for b in keymap.bindings {
            guard b.sequence.contains(where: mentionsPrimary) else {
                out.append(b)
                continue
            }
            let variants = families.map { family in b.sequence.map { replacingPrimary($0, with: family.modifier) } }
            let meets = variants.contains { v in
                explicitFirst.contains(v[0]) && explicit.contains { LaterWins.related($0.sequence, v) }
            }
            guard meets else {
                out.append(b)
                continue
            }
            for (family, sequence) in zip(families, variants) {
                let on = ImportCondition.any(family.platforms.map { .equals(ImportCondition.platformKey, $0) })
                var copy = b
                copy.sequence = sequence
                copy.condition = .all([on, b.condition])
                copy.original = .all([on, b.original])
                out.append(copy)
            }
        }
        keymap.bindings = out
    }

    /// Whether chord text (as ``ForeignKey/chord(_:separator:secondary:)`` writes it) has the
    /// `primary` modifier.
    static func mentionsPrimary(_ chord: String) -> Bool {
        modifiers(of: chord).names.contains("primary")
    }

    /// The chord with `primary` replaced by `modifier` (`cmd` or `ctrl`), its modifiers in the
    /// order they are written (ctrl, alt, shift, cmd).
    static func replacingPrimary(_ chord: String, with modifier: String) -> String {
        let (names, key) = modifiers(of: chord)
        guard names.contains("primary") else { return chord }
        let given = names.filter { $0 != "primary" } + [modifier]
        return (ForeignKey.modifierOrder.filter(given.contains) + [key]).joined(separator: "+")
    }

    /// The modifiers a chord's text starts with, and the rest (its key).
    private static func modifiers(of chord: String) -> (names: [String], key: String) {
        var names: [String] = []
        var rest = chord[...]
        while let plus = rest.firstIndex(of: "+"), case let token = String(rest[..<plus]),
              ForeignKey.modifierOrder.contains(token) {
            names.append(token)
            rest = rest[rest.index(after: plus)...]
        }
        return (names, String(rest))
    }

    /// Why a predicate needs chain predicates, for the report.
    static func chainReason(_ clause: WhenClause) -> String {
        var hasChild = false, hasNegated = false
        func walk(_ c: WhenClause, negated: Bool) {
            switch c {
            case .child: hasChild = true
            case .identifier(let n) where isElementName(n) && negated: hasNegated = true
            case .not(let inner): walk(inner, negated: !negated)
            case .and(let a, let b), .or(let a, let b): walk(a, negated: negated); walk(b, negated: negated)
            default: break
            }
        }
        walk(clause, negated: false)
        if hasChild { return "needs 'inside Role' (Zed's 'A > B')" }
        if hasNegated { return "needs '!is Role' (Zed's '!Editor')" }
        return "needs 'is Role' (two elements on one, Zed's 'A && B')"
    }

    /// The predicate in `.bind` atoms: element names as `is` (on the focused element) or
    /// `inside` (on the parent side of `>`), other names as contexts. Zed's `!p` holds when `p`
    /// holds at no element of the path (``somewhere(_:)``); on the inner side of `A > B` Zed's
    /// `!` looks only at the elements below the `A`, which the chain predicates cannot single
    /// out (``negatedBelowParent``).
    /// Zed's `os` values and the `.bind` platform each is.
    static let zedPlatforms = ["macos": "macOS", "linux": "linux", "windows": "windows"]

    static func translate(_ clause: WhenClause, outside: Bool) throws(UnsupportedCondition) -> ImportCondition {
        switch clause {
        case .identifier(let n):
            if isElementName(n) { return outside ? .inside(n) : .isRole(n) }
            return .flag(n)
        case .equals("os", .string(let v)):
            // Zed's `os` is the platform it runs on (`KeyContext::new_with_defaults`): the
            // built-in `platform`; one `.bind` does not know (freebsd) never holds.
            return zedPlatforms[v].map { .equals(ImportCondition.platformKey, $0) } ?? .constant(false)
        case .equals(let k, .string(let v)): return .equals(k, v)
        case .equals(let k, .bool(let b)): return .equals(k, b ? "true" : "false")
        case .constant(let b): return .constant(b)
        case .not(let inner):
            // On the inner side of `A > B` Zed looks only below the `A`; the output looks at
            // the anchor and outwards (counted: ``negatedBelowParent``).
            return try somewhere(inner).negated
        case .and(let a, let b):
            return .all([try translate(a, outside: outside), try translate(b, outside: outside)])
        case .or(let a, let b):
            return .any([try translate(a, outside: outside), try translate(b, outside: outside)])
        case .child(let parent, let child):
            return .all([try translate(parent, outside: true), try translate(child, outside: outside)])
        }
    }

    /// Zed's "`p` holds at some element of the focus path" (what its `!p` negates), seen from
    /// the anchor: an element name `X` holds at the anchor or further out (`is X || inside X`);
    /// flags, key-value pairs and `!` are the same at every element, so a conjunction may have
    /// one element name. The elements between the anchor and the focused one are not seen
    /// (Docs/Import.md).
    static func somewhere(_ p: WhenClause) throws(UnsupportedCondition) -> ImportCondition {
        guard namesAnElement(p) else { return try translate(p, outside: false) }
        switch p {
        case .identifier(let n): return .any([.isRole(n), .inside(n)])
        case .or(let a, let b): return .any([try somewhere(a), try somewhere(b)])
        case .and(let a, let b):
            if !namesAnElement(a) { return .all([try translate(a, outside: false), try somewhere(b)]) }
            if !namesAnElement(b) { return .all([try somewhere(a), try translate(b, outside: false)]) }
            throw UnsupportedCondition(reason: "'!' over two element names on one element")
        default:
            throw UnsupportedCondition(reason: "'!' over 'A > B'")
        }
    }

    /// Whether `p`'s truth depends on which element it is tried at: it names an element outside
    /// a `!`, or has a `>`.
    static func namesAnElement(_ p: WhenClause) -> Bool {
        switch p {
        case .identifier(let n): isElementName(n)
        case .and(let a, let b), .or(let a, let b): namesAnElement(a) || namesAnElement(b)
        case .child: true
        case .not, .equals, .constant: false
        }
    }

    /// The report's name for a `!` over an element name (``negatesAnElement(_:)``).
    static let negatedElement = "Zed's '!Element' also looks inside the anchor's element (not seen)"

    /// The report's name for a `!` over an element name on the inner side of `A > B`
    /// (`AgentPanel > Editor && !menu`).
    static let negatedBelowParent = "Zed's '!Element' on the inner side of 'A > B' looks only below A (the output also further out)"

    /// The report's name for two element names on one element of the parent side of `A > B`
    /// (`Pane && ProjectPanel > Editor`).
    static let twoElementsOnTheParentSide = "two element names on the parent side of Zed's 'A > B' need one element with both (the output: each somewhere outside)"

    /// The report's name for a `>` whose parent side has a `>` (`A > B > C`, read `(A > B) > C`).
    static let chainOfThree = "Zed's 'A > B > C' wants A outside B (the output: each somewhere outside C, in any order)"

    /// Whether the parent side of some `>` in `clause` is itself a `>`.
    static func chainsOnTheParentSide(_ clause: WhenClause) -> Bool {
        func hasChild(_ c: WhenClause) -> Bool {
            switch c {
            case .child: true
            case .and(let a, let b), .or(let a, let b): hasChild(a) || hasChild(b)
            case .not(let inner): hasChild(inner)
            default: false
            }
        }
        switch clause {
        case .child(let parent, let child): return hasChild(parent) || chainsOnTheParentSide(child)
        case .and(let a, let b), .or(let a, let b): return chainsOnTheParentSide(a) || chainsOnTheParentSide(b)
        case .not(let inner): return chainsOnTheParentSide(inner)
        default: return false
        }
    }

    /// Whether `clause` has a `!` over an element name on the inner side of a `>`.
    static func negatesAnElementBelowParent(_ clause: WhenClause, belowParent: Bool = false) -> Bool {
        switch clause {
        case .not(let inner): (belowParent && namesAnElement(inner)) || negatesAnElementBelowParent(inner, belowParent: belowParent)
        case .and(let a, let b), .or(let a, let b):
            negatesAnElementBelowParent(a, belowParent: belowParent) || negatesAnElementBelowParent(b, belowParent: belowParent)
        case .child(let parent, let child):
            negatesAnElementBelowParent(parent, belowParent: belowParent) || negatesAnElementBelowParent(child, belowParent: true)
        default: false
        }
    }

    /// Whether the parent side of some `>` in `clause` asks for two element names together
    /// (`A && B > C`): Zed wants one element with both, `inside A && inside B` does not.
    static func namesTwoElementsOnTheParentSide(_ clause: WhenClause) -> Bool {
        func elementsTogether(_ c: WhenClause) -> Int {
            switch c {
            case .identifier(let n): isElementName(n) ? 1 : 0
            case .and(let a, let b): elementsTogether(a) + elementsTogether(b)
            case .or(let a, let b): max(elementsTogether(a), elementsTogether(b))
            default: 0
            }
        }
        switch clause {
        case .child(let parent, let child): return elementsTogether(parent) >= 2 || namesTwoElementsOnTheParentSide(parent) || namesTwoElementsOnTheParentSide(child)
        case .and(let a, let b), .or(let a, let b): return namesTwoElementsOnTheParentSide(a) || namesTwoElementsOnTheParentSide(b)
        case .not(let inner): return namesTwoElementsOnTheParentSide(inner)
        default: return false
        }
    }

    /// Whether `clause` has a `!` over an element name: Zed's `!X` also looks at the elements
    /// between the anchor and the focused one, which the output cannot (an approximation when
    /// the binding is anchored at a role).
    static func negatesAnElement(_ clause: WhenClause) -> Bool {
        switch clause {
        case .not(let inner): namesAnElement(inner) || negatesAnElement(inner)
        case .and(let a, let b), .or(let a, let b), .child(let a, let b): negatesAnElement(a) || negatesAnElement(b)
        default: false
        }
    }

    /// Disjunctive normal form: a list of conjunctions of literals (atoms or negated atoms).
    static func dnf(_ c: ImportCondition, negated: Bool = false) throws(UnsupportedCondition) -> [[ImportCondition]] {
        func product(_ a: [[ImportCondition]], _ b: [[ImportCondition]]) throws(UnsupportedCondition) -> [[ImportCondition]] {
            guard a.count * b.count <= 64 else { throw UnsupportedCondition(reason: "condition too complex") }
            return a.flatMap { x in b.map { x + $0 } }
        }
        switch c {
        case .constant(let b): return b != negated ? [[]] : []
        case .flag, .equals, .isRole, .inside: return [[negated ? c.negated : c]]
        case .not(let inner): return try dnf(inner, negated: !negated)
        case .and(let parts), .or(let parts):
            let isAnd: Bool = if case .and = c { true } else { false }
            if isAnd != negated {
                var acc: [[ImportCondition]] = [[]]
                for p in parts { acc = try product(acc, dnf(p, negated: negated)) }
                return acc
            }
            var acc: [[ImportCondition]] = []
            for p in parts { acc += try dnf(p, negated: negated) }
            guard acc.count <= 64 else { throw UnsupportedCondition(reason: "condition too complex") }
            return acc
        }
    }

    /// Groups the disjuncts of `c` by the role they are anchored at.
    /// Vim's keys are matched where Zed can match them (``editorKeys``); what stays
    /// approximate is added to `approximated`. A context no disjunct of which can hold throws.
    static func roleGroups(
        _ c: ImportCondition, result: inout ImportedKeymap, approximated: inout [String]
    ) throws(UnsupportedCondition) -> [(role: String, condition: ImportCondition)] {
        var order: [String] = []
        var byRole: [String: [ImportCondition]] = [:]
        let terms = try dnf(c)
        var onOtherElements = 0
        for term in terms {
            var literals = term
            var role = globalRole
            if let i = literals.firstIndex(where: { if case .isRole = $0 { true } else { false } }),
               case .isRole(let r) = literals[i] {
                role = r
                literals.remove(at: i)
                literals = literals.map { $0.assuming([.isRole(r)]) }
                for case .isRole(let other) in literals where other != r {
                    result.cooccurring.insert([r, other].sorted())
                }
            }
            if role == globalRole, literals.contains(where: asksForEditorKey) {
                // Only the editor's element has vim's keys, so that is where Zed matches it.
                role = editorRole
            } else if role != globalRole, !isEditorElement(role) {
                // Another element never has them: `== v` is false there, `!= v` true.
                if literals.contains(where: asksForEditorKey) {
                    onOtherElements += 1
                    continue
                }
                literals.removeAll(where: negatesEditorKey)
            } else if role == globalRole, literals.contains(where: negatesEditorKey), !approximated.contains(negatedEditorKey) {
                approximated.append(negatedEditorKey)
            }
            let condition = ImportCondition.all(literals)
            if case .constant(false) = condition { continue }
            if byRole[role] == nil { order.append(role) }
            byRole[role, default: []].append(condition)
        }
        if order.isEmpty {
            throw UnsupportedCondition(reason: onOtherElements > 0
                ? "never holds in Zed: vim_mode and vim_operator are set only on the editor's element, not on the element the context names"
                : "its context never holds in Zed")
        }
        return order.map { ($0, ImportCondition.any(byRole[$0] ?? [])) }
    }
}
