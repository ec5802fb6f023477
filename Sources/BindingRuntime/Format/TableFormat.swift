/// The constants of the binary table format, shared by the writer (`Emitter` in BindingLang)
/// and the reader (``BindingTable``). `Docs/TableFormat.md` documents every byte; this file is
/// the single definition both sides compile against.
///
/// A table is a 32-byte header, a section directory, and the sections, every integer
/// little-endian and fixed width, every section 4-byte aligned.
public enum TableFormat {
    /// The first eight bytes of every table: `0x89 'B' 'K' 'T' CR LF 0x1A LF` (a PNG-style
    /// signature that catches text-mode transfers).
    public static let magic: [UInt8] = [0x89, 0x42, 0x4B, 0x54, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The format version this runtime reads and the emitter writes.
    public static let version: UInt32 = 10
    /// What each format version added, oldest first (version 1 is the first format).
    static let additions: [(version: UInt32, what: String)] = [
        (2, "key positions"), (3, "the chain opcodes inside and is"), (4, "ATTR flags (@priority)"),
        (5, "repeatable bindings (@repeat)"), (6, "the SRCO section (what later layers overrode)"),
        (7, "the dispatch index (DKEY, DNOD, DGRP, DCAN, DTST)"),
        (8, "@noRemapping and @noMirroring (ATTR and ITEM flags)"),
        (9, "a four-lane checksum"),
        (10, "@timeout (ATTR flag bit 4)"),
    ]
    /// What the versions after `version` added, for the loader's rejection message:
    /// `"version 5 added repeatable bindings (@repeat)"`.
    static func versionHistory(after version: UInt32) -> String {
        additions.filter { $0.version > version }.map { "version \($0.version) added \($0.what)" }
            .joined(separator: ", ")
    }
    /// Size of the fixed header in bytes.
    public static let headerSize = 32
    /// Byte offset of the 64-bit checksum inside the header.
    public static let checksumOffset = 24
    /// Size of one section-directory entry (tag, offset, size, count).
    public static let directoryEntrySize = 16
    /// Header flag: the table carries a source map (`SRCF`, `SRCM` and `SRCO` sections).
    public static let flagSourceMap: UInt32 = 1
    /// `META` flag: `BIND` records are four `u16` fields (8 bytes, `0xFFFF` meaning none)
    /// instead of four `u32` (16 bytes). The emitter sets it when every value fits.
    public static let metaNarrowBindings: UInt32 = 1
    /// `META` flag: `SRCM` records are one `u32` (line in bits 0–23, column in bits 24–31)
    /// instead of two `u32`. The emitter sets it when every line and column fits.
    public static let metaNarrowSourceMap: UInt32 = 2
    /// Bytes per `BIND` record when narrow.
    public static let narrowBindingSize = 8

    /// `ATTR` flag: the bindings ask for priority over text input and focus (`@priority`,
    /// UIKit's `wantsPriorityOverSystemBehavior`).
    public static let attributePriority: UInt32 = 1
    /// `ATTR` flag: the bindings are repeatable (`@repeat`, Grammar.md §4.8): after one of
    /// them completes, a bare press of the last stroke of a repeatable binding with the same
    /// prefix repeats it (new in version 5). Its window is in ``attributeRepeatShift``'s bits.
    public static let attributeRepeat: UInt32 = 2
    /// `ATTR` and `ITEM` flag: `@noRemapping`, the system must not remap the shortcut for the
    /// keyboard layout (UIKit's `allowsAutomaticLocalization` and AppKit's
    /// `allowsAutomaticKeyEquivalentLocalization` false; new in version 8). Always set with
    /// ``attributeNoMirroring``, as remapping off turns mirroring off.
    public static let attributeNoRemapping: UInt32 = 4
    /// `ATTR` and `ITEM` flag: `@noMirroring` (or `@noRemapping`), the system must not mirror
    /// the shortcut in right-to-left interfaces (`allowsAutomaticMirroring`,
    /// `allowsAutomaticKeyEquivalentMirroring` false; new in version 8).
    public static let attributeNoMirroring: UInt32 = 8
    /// `ATTR` flag: `@timeout`, the binding may be a proper prefix of longer ones of its role
    /// (Grammar.md §4.8 and §5): pressed while one of them is live, it is held, and performed
    /// when the next stroke continues nothing or the sequence times out (new in version 10).
    public static let attributeTimeout: UInt32 = 16
    /// `ATTR` flags bits 16–31 hold a repeatable binding's window in milliseconds (1 to
    /// ``maxRepeatMilliseconds``); zero when ``attributeRepeat`` is clear.
    public static let attributeRepeatShift: UInt32 = 16
    /// The longest repeat window a table may state, in milliseconds (one minute).
    public static let maxRepeatMilliseconds: UInt32 = 60_000
    /// The repeat window `@repeat` without an argument gives, in milliseconds (tmux's
    /// `repeat-time` default).
    public static let defaultRepeatMilliseconds: UInt32 = 500

    /// Bytes per `DTST` record: kind, word, then `mask`, `want`, `any`, `flip` as `u64`.
    public static let testRecordSize = 40
    /// `DTST` kind: the condition is the record's ``MaskTest``.
    public static let testKindMask: UInt32 = 0
    /// `DTST` kind: the condition has no mask test; dispatch interprets its code.
    public static let testKindInterpret: UInt32 = 1

    /// "No value" for an optional index or string reference.
    public static let none: UInt32 = 0xFFFF_FFFF
    /// A condition reference that always holds (an ungated binding).
    public static let conditionTrue: UInt32 = 0xFFFF_FFFF
    /// A condition reference that never holds.
    public static let conditionFalse: UInt32 = 0xFFFF_FFFE
    /// The role of a main-menu key equivalent; ranks after every role of the chain.
    public static let menuRole: UInt32 = 0xFFFF_FFFF
    /// An empty slot of a trie or role hash table.
    public static let emptySlot: UInt32 = 0xFFFF_FFFF

    /// Most entries a condition's evaluation stack may hold (it is one `UInt64` of bits).
    public static let maxConditionDepth = 64
    /// Tallest expression tree a condition may encode (a leaf has height 1; `not`, `and` and
    /// `or` add one to their tallest operand), so tools that turn a condition back into a
    /// tree (`dump`, `explain`) never recurse deeper. A checked source stays far below it:
    /// 128 levels for a binding's condition and as many for its block's.
    public static let maxConditionHeight = 512
    /// Most strokes in one key sequence (the deepest trie node), so that listing a table's
    /// bindings with their sequences stays linear in its size.
    public static let maxSequenceLength = 32
    /// Most candidates of one node in one role (the dispatcher may try each).
    public static let maxCandidatesPerRole = 512
    /// Most instructions one key press may evaluate per role: the conditions of a node's
    /// candidates in one role together, and each condition (a longer entry's too).
    public static let maxPressCode = 65_536
    /// Most nesting of main menus (a top-level menu has depth 1).
    public static let maxMenuDepth = 64
    /// Most nesting of quick-action user-info dictionaries (the top dictionary has depth 1).
    public static let maxUserInfoDepth = 64
    /// Largest table accepted (offsets are 32-bit).
    public static let maxTableSize = Int(UInt32.max)

    /// The sections, in the order they must appear in the directory. Every section is
    /// required except `sourceFiles`, `sourceMap` and `sourceOverrides`, present exactly when
    /// the header's source-map flag is set.
    public enum Section: Int, CaseIterable, Sendable {
        case meta, strings, actions, contexts, values, roles, roleHash, groups
        case conditions, code, arguments, invocations, attributes
        case nodes, candidates, longer, slots, bindings
        // The dispatch index (version 7): what a key press reads, precomputed.
        case strokeKeys, dispatchNodes, dispatchGroups, dispatchCandidates, conditionTests
        case editMenu, menus, menuEntries, menuItems, quickActions, dictionaries, dictionaryEntries
        case sourceFiles, sourceMap, sourceOverrides

        /// The sections of a table with (`true`) or without a source map.
        public static func present(sourceMap: Bool) -> [Section] {
            sourceMap ? allCases : allCases.filter { $0 != .sourceFiles && $0 != .sourceMap && $0 != .sourceOverrides }
        }

        /// The four-character tag stored in the directory.
        public var tag: UInt32 {
            let s: StaticString
            switch self {
            case .meta: s = "META"
            case .strings: s = "STRS"
            case .actions: s = "ACTS"
            case .contexts: s = "CTXS"
            case .values: s = "VALS"
            case .roles: s = "ROLS"
            case .roleHash: s = "RHSH"
            case .groups: s = "GRPS"
            case .conditions: s = "CEXP"
            case .code: s = "CODE"
            case .arguments: s = "ARGS"
            case .invocations: s = "INVK"
            case .attributes: s = "ATTR"
            case .nodes: s = "NODE"
            case .candidates: s = "CAND"
            case .longer: s = "LONG"
            case .slots: s = "SLOT"
            case .bindings: s = "BIND"
            case .strokeKeys: s = "DKEY"
            case .dispatchNodes: s = "DNOD"
            case .dispatchGroups: s = "DGRP"
            case .dispatchCandidates: s = "DCAN"
            case .conditionTests: s = "DTST"
            case .editMenu: s = "EDIT"
            case .menus: s = "MENU"
            case .menuEntries: s = "MENT"
            case .menuItems: s = "ITEM"
            case .quickActions: s = "QUIK"
            case .dictionaries: s = "DICT"
            case .dictionaryEntries: s = "DENT"
            case .sourceFiles: s = "SRCF"
            case .sourceMap: s = "SRCM"
            case .sourceOverrides: s = "SRCO"
            }
            let p = s.utf8Start
            return UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16 | UInt32(p[3]) << 24
        }

        /// The tag as text, for error messages.
        public var name: String {
            let t = tag
            return String(decoding: [UInt8(t & 0xFF), UInt8(t >> 8 & 0xFF), UInt8(t >> 16 & 0xFF), UInt8(t >> 24)], as: UTF8.self)
        }

        /// Bytes per record; 0 for the string pool, whose size is computed from its count.
        public var recordSize: Int {
            switch self {
            case .meta: 16
            case .strings: 0
            case .actions: 12
            case .contexts: 16
            case .values, .roles, .roleHash, .groups, .candidates: 4
            case .conditions: 8
            case .code: 12
            case .arguments: 12
            case .invocations: 8
            case .attributes: 16
            case .nodes: 20
            case .longer: 8
            case .slots: 8
            case .bindings: 16
            case .strokeKeys, .dispatchNodes, .dispatchGroups, .dispatchCandidates: 16
            case .conditionTests: TableFormat.testRecordSize
            case .editMenu: 16
            case .menus: 12
            case .menuEntries: 8
            case .menuItems: 24
            case .quickActions: 24
            case .dictionaries: 8
            case .dictionaryEntries: 16
            case .sourceFiles: 8
            case .sourceMap: 8
            case .sourceOverrides: 24
            }
        }
    }

    /// Instructions of compiled conditions: postfix code over a stack of Booleans.
    /// Each instruction is three `UInt32` words: opcode, operand a, operand b.
    public enum Op: UInt32, Sendable {
        /// Push `a` (0 or 1).
        case constant = 0
        /// Push the Bool context `a`.
        case flag = 1
        /// Push whether the enumeration context `a` holds case `b`.
        case enumEquals = 2
        /// Push whether the String context `a` equals its literal `b` (an index into the
        /// context's values).
        case stringEquals = 3
        /// Replace the top with its negation.
        case not = 4
        /// Pop the right operand (top), then the left; push their conjunction.
        case and = 5
        /// Pop the right operand (top), then the left; push their disjunction.
        case or = 6
        /// Like `and`, but the left operand is on top (emitted when the right side needs the
        /// deeper stack, so any condition fits the stack limit).
        case andSwapped = 7
        /// Like `or`, with the left operand on top.
        case orSwapped = 8
        /// Push whether a responder further out in the chain than the one holding the binding
        /// plays role `a` (`inside Role`, Grammar.md §4.6).
        case inside = 9
        /// Push whether the responder holding the binding also plays role `a` (`is Role`).
        case plays = 10
    }

    /// Context variable type codes (`CTXS`).
    public enum ContextKind: UInt32, Sendable {
        case bool = 0, string = 1, enumeration = 2
    }

    /// Argument type codes: action declarations (`ACTS`, 0 = no argument) and argument
    /// values (`ARGS`).
    public enum ArgumentKind: UInt32, Sendable {
        case none = 0, int = 1, string = 2, bool = 3
    }

    /// Main-menu entry kinds (`MENT`).
    public enum MenuEntryKind: UInt32, Sendable {
        case item = 0, submenu = 1, separator = 2
    }

    /// User-info value kinds (`DENT`).
    public enum UserInfoKind: UInt32, Sendable {
        case string = 0, int = 1, double = 2, bool = 3, dictionary = 4
    }

    /// Home slot of a chord in a trie hash table of `1 << log2Capacity` slots (linear probing).
    @inline(__always)
    public static func slotHash(_ code: UInt32, log2Capacity: Int) -> Int {
        guard log2Capacity > 0 else { return 0 }
        return Int((code &* 0x9E37_79B1) >> UInt32(32 - log2Capacity))
    }

    /// FNV-1a 32 of a name's UTF-8 bytes: the hash of the role-name table.
    @inline(__always)
    public static func nameHash<C: Sequence<UInt8>>(_ bytes: C) -> UInt32 {
        var h: UInt32 = 0x811C_9DC5
        for b in bytes { h = (h ^ UInt32(b)) &* 0x0100_0193 }
        return h
    }
}
