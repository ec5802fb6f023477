import BindingRuntime

/// The system's reserved shortcuts per platform (Grammar.md §11), and lookup by chord.
///
/// The data lives in one file per platform (`ReservedShortcuts+macOS.swift`, …); each entry
/// names what the system does and the documentation it comes from. Binding one is a warning
/// unless the binding says `@allowReserved`.
public enum ReservedShortcuts {
    /// Every reserved shortcut of `platform`, in the order of its data file.
    public static func all(on platform: Platform) -> [ReservedShortcut] {
        tables[platform]?.list ?? []
    }

    /// The reserved shortcuts of `platform` whose chord is `chord` (Linux lists GNOME's and
    /// KDE Plasma's, so a chord may have two).
    public static func lookup(_ chord: Chord, on platform: Platform) -> [ReservedShortcut] {
        tables[platform]?.byChord[chord] ?? []
    }

    /// Whether any platform reserves `chord`.
    public static func isReservedAnywhere(_ chord: Chord) -> Bool {
        reservedAnywhere.contains(chord)
    }

    /// The reserved shortcuts of `platform` by chord, for looking up many chords (the checker
    /// fetches it once rather than once per stroke).
    static func byChord(on platform: Platform) -> [Chord: [ReservedShortcut]] {
        tables[platform]?.byChord ?? [:]
    }

    /// Every chord some platform reserves.
    private static let reservedAnywhere: Set<Chord> = {
        var out = Set<Chord>()
        for platform in Platform.allCases { out.formUnion(byChord(on: platform).keys) }
        return out
    }()

    /// The chords that name the keys `chord` presses on a US keyboard, `chord` first: a press
    /// has several names (Grammar.md §5), and the system takes the keys whichever the keymap
    /// writes. `shift+cmd+3` is also `shift+cmd+Digit3` (the key position) and `cmd+"#"` (the
    /// character Shift types there); `cmd+Backquote` is also ``cmd+"`"``. Only spellings that
    /// press exactly those keys (by ``LayoutAnalysis``'s mapping) are kept.
    static func spellings(of chord: Chord) -> [Chord] {
        guard let us = KeyboardLayout.named("us"), let stroke = LayoutAnalysis.map(chord, on: us, us: us).stroke,
              !stroke.altGr, let physical = stroke.key.physicalKey else { return [chord] }
        var candidates = [Chord(key: stroke.key, modifiers: stroke.modifiers)]
        if let entry = us.entry(for: physical) {
            if let c = entry.character(at: .alone) { candidates.append(Chord(key: Key(character: c), modifiers: stroke.modifiers)) }
            if stroke.modifiers.contains(.shift), let c = entry.character(at: .shift) {
                candidates.append(Chord(key: Key(character: c), modifiers: stroke.modifiers.subtracting(.shift)))
            }
        }
        var out = [chord]
        for c in candidates where !out.contains(c) && LayoutAnalysis.map(c, on: us, us: us).stroke == stroke { out.append(c) }
        return out
    }

    /// Entries whose chord text does not parse (always empty; the tests check it).
    static var malformedEntries: [String] {
        var out: [String] = []
        for (_, groups) in rawTables {
            for group in groups {
                for e in group.entries {
                    if case .failure = Chord.parse(e.keys, platform: .macOS) { out.append("\(group.owner): \(e.keys)") }
                }
            }
        }
        return out
    }

    /// The data files' groups: who owns the entries and where they are documented.
    struct Group {
        var owner: String
        var source: String
        var entries: [ReservedEntry]
    }

    private static let rawTables: [(Platform, [Group])] = [
        (.macOS, [macOS, macOSAccessibility, macOSKeyboardNavigation, macOSMissionControl]),
        (.iPadOS, [iPadOS]),
        (.windows, [windows]),
        (.linux, [gnome, gnomeWindowManager, gnomeShell, gnomeMediaKeys, gnomeSessions, kdePlasma, kdePlasmaEffects,
                  kdePlasmaWorkspace, kdeApplications]),
    ]

    private struct Table: Sendable {
        var list: [ReservedShortcut] = []
        var byChord: [Chord: [ReservedShortcut]] = [:]
    }

    private static let tables: [Platform: Table] = {
        var out: [Platform: Table] = [:]
        for (platform, groups) in rawTables {
            var table = Table()
            for group in groups {
                for e in group.entries {
                    guard case .success(let chord) = Chord.parse(e.keys, platform: .macOS) else { continue }
                    let r = ReservedShortcut(chord: chord, action: e.action, owner: group.owner, source: group.source,
                                             reachesTheApp: e.reachesTheApp)
                    table.list.append(r)
                    for spelling in spellings(of: chord) { table.byChord[spelling, default: []].append(r) }
                }
            }
            out[platform] = table
        }
        return out
    }()
}
