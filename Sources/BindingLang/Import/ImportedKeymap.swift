/// A foreign keymap converted into `.bind` terms, before it is written out: bindings with
/// roles and conditions (still in the foreign names), unbinds for layers, and what became of
/// every entry of the foreign file. ``LaterWins`` rewrites it; ``BindSourceWriter`` prints it.
public struct ImportedKeymap: Sendable {
    /// One `.bind` binding made from a foreign entry (a Zed entry whose context names several
    /// roles makes one per role).
    public struct Binding: Sendable {
        /// The foreign entry (index into ``entries``).
        public var entry: Int
        /// The chords, as `.bind` text.
        public var sequence: [String]
        /// The role (`Global` for Zed bindings without an element, `Workbench` for VS Code).
        public var role: String
        /// The condition, as converted; ``LaterWins`` narrows it.
        public var condition: ImportCondition
        /// The condition as the entry wrote it (what later entries override with).
        public var original: ImportCondition
        /// The foreign command.
        public var command: String
        /// Its argument, if any.
        public var argument: JSONC?
        /// Later entries that take over some of its states (for the comment and report).
        public var overriddenBy: [Int] = []
        /// Zed: a later, longer binding of its role continues it, and Zed waits for that one
        /// and runs this one when it is not continued (written `@timeout`).
        public var performsOnTimeout = false
        /// A layer's copy of a base binding, bound again as `@timeout` where a longer layer
        /// binding continues it (``entry`` is that layer binding's).
        public var heldFromBase = false
        /// A layer's copy of a VS Code default that a removal in the layer gives its keys back
        /// to, where the removed default was live (``entry`` is the removal's).
        public var restoredBy: String? = nil
        /// VS Code: a layer's copy of a default chord that a layer chord of the same first
        /// stroke gives back, where a later default of that stroke alone had taken it (VS
        /// Code waits at the stroke for the layer's chord, then runs any chord that matches);
        /// the layer chord's keys (``entry`` is its).
        public var revivedBy: String? = nil
        /// Zed: a copy of an outer element's longer binding (of this role's name) into the role
        /// of an earlier, shorter one it continues, so that the shorter one, `@timeout`, waits
        /// for it as Zed does (``entry`` is the longer binding's).
        public var continuesFor: String? = nil
        /// Zed: with ``continuesFor``, that role is a name Zed puts on the same element as
        /// this one (`Editor` and `VimControl`), not an element further out.
        public var continuesOnSameElement = false
        /// Zed: a copy of a shorter `@timeout` binding of this role's name into the role of a
        /// longer binding that continues it, where Zed puts both names on one element (vim's
        /// `VimControl` `space`, held beside the user's `Editor` `space r`): Zed ranks the two
        /// as one element, so the shorter one waits and is held whichever of the two roles a
        /// responder lists first.
        public var heldBeside: String? = nil

        /// This binding written again by a layer: live where `condition` holds, as written
        /// there (overriding nothing), and counted to `entry`, the layer's entry that caused it.
        func again(where condition: ImportCondition, entry: Int) -> Binding {
            var copy = self
            copy.condition = condition
            copy.original = condition
            copy.overriddenBy = []
            copy.entry = entry
            return copy
        }
    }

    /// `unbind SEQUENCE [when C]` in a layer.
    public struct Unbind: Sendable {
        /// The foreign entry it comes from.
        public var entry: Int
        /// The chords.
        public var sequence: [String]
        /// The role.
        public var role: String
        /// Where it applies.
        public var condition: ImportCondition
        /// Why: a `null` / `-command` entry, or a prefix conflict across the layers.
        public var reason: String
        /// The entries of further unbinds of the same role and keys merged into this one (their
        /// conditions joined by `||`, which simplified).
        public var merged: [Int] = []
    }

    /// What became of one foreign entry.
    public enum Outcome: Sendable, Equatable {
        /// Converted into this many bindings (some may be fully overridden later).
        case converted
        /// Disables earlier bindings: rewritten into their conditions, or an `unbind`.
        case disables
        /// Converted, but a later entry overrides it in every state, so no binding is written.
        case overridden(byEntry: Int)
        /// Not expressible; the reason.
        case leftOut(String)
    }

    /// One foreign entry: where it is and what became of it.
    public struct Entry: Sendable {
        /// The keystrokes as written.
        public var keys: String
        /// The command as written (`null` for Zed's disabling entries).
        public var command: String
        /// Where the entry is in the foreign file.
        public var range: Range<Int>
        /// What became of it.
        public var outcome: Outcome
    }

    /// Which editor the keymap comes from.
    public var format: ImportFormat
    /// The name for `keymap "…"`.
    public var name: String
    /// Every foreign entry, in file order.
    public var entries: [Entry] = []
    /// The bindings, in file order.
    public var bindings: [Binding] = []
    /// The bindings as the file wrote them, before ``LaterWins`` made them disjoint (a base
    /// keeps them for its layer: a VS Code removal gives the keys back to earlier defaults).
    public var written: [Binding] = []
    /// Unbinds (layers only).
    public var unbinds: [Unbind] = []
    /// The role and keys (`role key key`) of bindings the later-wins rewriting narrowed by an
    /// entry of other keys, another role or a disabling entry: elsewhere the bindings of one
    /// role and keys are live together exactly where one of their entries' conditions holds.
    public var narrowedAcrossKeys: Set<String> = []
    /// The VS Code `-command` entries (by entry index) that removed some binding, of the same
    /// file or of the base; the others remove nothing (VS Code ignores them), and the output
    /// says so.
    public var removing: Set<Int> = []
    /// VS Code `-command` entries (by entry index) of a layer that removed nothing although a
    /// default binding of their keys runs their command: its `when` is not theirs.
    public var removalsWithAnotherWhen: Set<Int> = []
    /// Zed disabling entries (by entry index) that meet a binding of another element only
    /// where that element is further out: Zed disables it there, the output cannot (counted
    /// as approximated), and the entry's comment says so.
    public var outerDisables: Set<Int> = []
    /// VS Code `-command` entries (by entry index) of a layer that removed nothing because the
    /// base's default of their keys and command is always overridden by a later default.
    public var removalsOfOverridden: Set<Int> = []
    /// VS Code `-command` entries (by entry index) of a layer whose command no default binds
    /// at all (an extension's, or one the defaults no longer bind).
    public var removalsOfUnknownCommands: Set<Int> = []
    /// Context keys compared with strings (String contexts); other keys are Bool.
    public var stringKeys: Set<String> = []
    /// Roles that some responder plays together with another (`A && B` in Zed), by pair.
    public var cooccurring: Set<[String]> = []
    /// Approximations made, by kind, for the report.
    public var approximations: [String: Int] = [:]
}

/// Which editor's file to import.
public enum ImportFormat: String, Sendable, CaseIterable {
    /// Zed's keymap JSON.
    case zed
    /// VS Code's `keybindings.json`.
    case vscode

    /// The editor's name for messages.
    public var displayName: String { self == .zed ? "Zed" : "VS Code" }
}

/// Language features the importer may use. The defaults are what the compiler supports.
public struct ImportLanguage: Sendable, Equatable {
    /// `is Role` / `inside Role` in conditions.
    public var chainPredicates: Bool
    /// `unbind SEQ when COND`.
    public var conditionalUnbind: Bool
    /// `layer over "base.bind"`.
    public var layerDirective: Bool

    /// Makes a feature set.
    public init(chainPredicates: Bool, conditionalUnbind: Bool, layerDirective: Bool) {
        self.chainPredicates = chainPredicates
        self.conditionalUnbind = conditionalUnbind
        self.layerDirective = layerDirective
    }

    /// What the compiler in this package supports.
    public static let current = ImportLanguage(chainPredicates: true, conditionalUnbind: true, layerDirective: true)
    /// Everything the importer can emit.
    public static let full = ImportLanguage(chainPredicates: true, conditionalUnbind: true, layerDirective: true)
}
