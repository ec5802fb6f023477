import BindingLang
import BindingRuntime

/// One binding as written, anywhere in a unit: a block's binding, an `unbind`, or a main-menu
/// item's key equivalent, with what hover needs to describe it.
struct BindingSite {
    /// The role, nil for a menu item's key equivalent.
    var role: String?
    /// The chords as written.
    var chords: [ChordSyntax]
    /// The range of the sequence (or key equivalent).
    var range: SourceRange
    /// The action sent; nil for an `unbind`.
    var action: ActionReference?
    /// The block's and the binding's own `when`, as written.
    var conditions: [Expression]
    /// The menu item's title, for a key equivalent.
    var menuItem: String?

    /// Every binding site of `files`, in file and source order.
    static func all(_ files: [FileSyntax]) -> [BindingSite] {
        var sites: [BindingSite] = []
        for file in files {
            for declaration in file.declarations {
                switch declaration {
                case .block(let b): collect(b.items, role: b.role.name, block: b.condition, into: &sites)
                case .menu(let m) where m.title != nil: collect(m, into: &sites)
                default: break
                }
            }
        }
        return sites
    }

    private static func collect(_ items: [BlockItem], role: String, block: Expression?, into sites: inout [BindingSite]) {
        for item in items {
            switch item {
            case .binding(let b):
                sites.append(BindingSite(
                    role: role, chords: b.sequence.chords, range: b.sequence.range, action: b.action,
                    conditions: [block, b.condition].compactMap { $0 }))
            case .group(let g):
                collect(g.items, role: role, block: block, into: &sites)
            case .unbind(let u):
                sites.append(BindingSite(
                    role: role, chords: u.sequence.chords, range: u.sequence.range, action: nil,
                    conditions: [block, u.condition].compactMap { $0 }))
            case .error:
                break
            }
        }
    }

    private static func collect(_ menu: MenuDeclaration, into sites: inout [BindingSite]) {
        for entry in menu.entries {
            switch entry {
            case .item(let item):
                guard let chord = item.keyEquivalent else { continue }
                sites.append(BindingSite(
                    role: nil, chords: [chord], range: chord.range, action: item.action,
                    conditions: item.condition.map { [$0] } ?? [], menuItem: item.title.value))
            case .submenu(let sub):
                collect(sub, into: &sites)
            case .separator, .error:
                break
            }
        }
    }

    /// The canonical chords, or nil when one of them is not a valid chord.
    func sequence(_ platform: Platform) -> [Chord]? {
        var out: [Chord] = []
        for c in chords {
            guard case .success(let chord) = Chord.build(parts: c.parts.map(\.text), platform: platform) else { return nil }
            out.append(chord)
        }
        return out.isEmpty ? nil : out
    }
}
