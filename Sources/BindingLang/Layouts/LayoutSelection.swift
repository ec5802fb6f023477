import BindingRuntime

/// Turns a command line's layout list (`de,fr,de-mac`, or `all`) into layouts of the database.
public enum LayoutSelection {
    /// A name in the list that is no layout, with the nearest id.
    public struct UnknownLayout: Error, Equatable, Sendable {
        public var name: String
        public var suggestion: String?
        /// The whole list, when the name is an empty item of it (`macos,`).
        public var list: String? = nil
        /// Whether the groups (`all`, a platform) could have been named too.
        public var groups = true
        /// `unknown layout 'dee'; did you mean 'de'?`.
        public var message: String {
            if name.isEmpty, let list {
                return "empty layout id in '\(list)': remove the extra comma"
            }
            return "unknown layout '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
                + " (known: " + KeyboardLayout.all.map(\.id).joined(separator: ", ")
                + (groups ? "; or all, macos, ipados, windows, linux)" : ")")
        }
    }

    /// The one layout `id` names (where one keyboard is meant, as `bindc explain --layout`):
    /// not a group, and a did-you-mean among the layouts only.
    public static func layout(_ id: String) -> Result<KeyboardLayout, UnknownLayout> {
        let name = Substring(id).trimmingSpaces
        if let layout = KeyboardLayout.named(name) { return .success(layout) }
        let names = KeyboardLayout.all.map(\.id)
        return .failure(UnknownLayout(name: name, suggestion: nearest(to: name, in: names), groups: false))
    }

    /// The layouts `list` names (comma-separated ids, `all`, or a platform name such as
    /// `macos` for that platform's layouts), in the order given, each once.
    public static func layouts(_ list: String) -> Result<[KeyboardLayout], UnknownLayout> {
        var out: [KeyboardLayout] = []
        // Every item must name something: `macos,` is as much a mistake as an empty list.
        for part in list.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingSpaces
            if name.isEmpty {
                return .failure(UnknownLayout(name: "", suggestion: nil, list: list.contains(",") ? list : nil))
            }
            let group = name == "all" ? KeyboardLayout.all : Platform(name: name).map(layouts(for:))
            if let group {
                for l in group where !out.contains(where: { $0.id == l.id }) { out.append(l) }
                continue
            }
            guard let layout = KeyboardLayout.named(name) else {
                // The group names too: `ALL` is `all`.
                let names = KeyboardLayout.all.map(\.id) + ["all"] + Platform.allCases.map { $0.rawValue.lowercased() }
                return .failure(UnknownLayout(name: name, suggestion: nearest(to: name, in: names)))
            }
            if !out.contains(where: { $0.id == layout.id }) { out.append(layout) }
        }
        if out.isEmpty { return .failure(UnknownLayout(name: list, suggestion: nil)) }
        return .success(out)
    }

    /// The layouts people type on with `platform`: Apple's on macOS and iPadOS, the Windows
    /// ones on Windows, the xkeyboard-config ones on Linux.
    public static func layouts(for platform: Platform) -> [KeyboardLayout] {
        let kind: KeyboardLayout.Kind = switch platform {
        case .macOS, .iPadOS: .apple
        case .windows: .windows
        case .linux: .pc
        }
        return KeyboardLayout.all.filter { $0.kind == kind }
    }
}

extension Substring {
    /// The text without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
