import BindingRuntime

/// Turns a command line's layout list (`de,fr,de-mac`, or `all`) into layouts of the database.
public enum LayoutSelection {
    /// A name in the list that is no layout, with the nearest id.
    public struct UnknownLayout: Error, Equatable, Sendable {
        public var name: String
        public var suggestion: String?
        /// `unknown layout 'dee'; did you mean 'de'?`.
        public var message: String {
            "unknown layout '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
                + " (known: " + KeyboardLayout.all.map(\.id).joined(separator: ", ") + ")"
        }
    }

    /// The layouts `list` names (comma-separated ids, or `all`), in the order given, each
    /// once.
    public static func layouts(_ list: String) -> Result<[KeyboardLayout], UnknownLayout> {
        var out: [KeyboardLayout] = []
        for part in list.split(separator: ",") {
            let name = part.trimmingSpaces
            if name == "all" {
                for l in KeyboardLayout.all where !out.contains(where: { $0.id == l.id }) { out.append(l) }
                continue
            }
            guard let layout = KeyboardLayout.named(name) else {
                return .failure(UnknownLayout(name: name, suggestion: nearest(to: name, in: KeyboardLayout.all.map(\.id))))
            }
            if !out.contains(where: { $0.id == layout.id }) { out.append(layout) }
        }
        if out.isEmpty { return .failure(UnknownLayout(name: list, suggestion: nil)) }
        return .success(out)
    }
}

extension Substring {
    /// The text without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
