/// `bindc diff` output: text for people, JSON for tools.
extension KeymapDiff {
    /// One line per change, then the user impacts; `no changes` when there are none.
    public var text: String {
        var out = ""
        for c in changes {
            switch c.kind {
            case .added: out += "added    \(Self.describe(c.new))\n"
            case .removed: out += "removed  \(Self.describe(c.old))\n"
            case .moved:
                out += "moved    \(Self.describe(c.old))\n         to \(c.new?.keys ?? "")"
                out += Self.fieldChanges(c) + "\n"
            case .changed:
                out += "changed  \(Self.describe(c.old))" + Self.fieldChanges(c) + "\n"
            }
        }
        for i in userImpacts {
            let verb = i.kind == .shadowed ? "shadowed" : "conflict"
            out += "\(verb) user binding \(Self.describe(i.user))\n"
            out += "         by \(Self.describe(i.app))"
            out += i.witness.isEmpty ? " (always)\n" : " when \(i.witness)\n"
        }
        return out.isEmpty ? "no changes\n" : out
    }

    /// The JSON form: `changes` and `userImpacts` arrays.
    public var json: JSONValue {
        .object([
            ("changes", .array(changes.map { c in
                .object([
                    ("kind", .string(c.kind.rawValue)), ("old", Self.json(c.old)), ("new", Self.json(c.new)),
                    ("fields", .array(c.fields.map { .string($0) })),
                ])
            })),
            ("userImpacts", .array(userImpacts.map { i in
                .object([
                    ("kind", .string(i.kind.rawValue)), ("user", Self.json(i.user)), ("app", Self.json(i.app)),
                    ("witness", .string(i.witness)),
                ])
            })),
        ])
    }

    static func describe(_ b: DiffBinding?) -> String {
        guard let b else { return "" }
        var s = (b.role.map { "in \($0): " } ?? "menu: ") + (b.attributes.isEmpty ? "" : b.attributes + " ") + "\(b.keys) -> \(b.action)"
        if let t = b.title { s += " " + SourceText.quoted(t) }
        if let c = b.condition { s += " when " + c }
        if let l = b.location { s += "  (\(l))" }
        return s
    }

    private static func fieldChanges(_ c: BindingChange) -> String {
        var parts: [String] = []
        if c.fields.contains("condition") { parts.append("condition now \(c.new?.condition ?? "always")") }
        if c.fields.contains("title") { parts.append("title now \(c.new?.title.map(SourceText.quoted) ?? "none")") }
        if c.fields.contains("attributes") {
            parts.append("attributes now \(c.new.map(\.attributes).flatMap { $0.isEmpty ? nil : $0 } ?? "none")")
        }
        return parts.isEmpty ? "" : "; " + parts.joined(separator: ", ")
    }

    private static func json(_ b: DiffBinding?) -> JSONValue {
        guard let b else { return .null }
        return .object([
            ("role", .string(b.role)), ("keys", .string(b.keys)), ("action", .string(b.action)),
            ("title", .string(b.title)), ("when", .string(b.condition)),
            ("attributes", .array(b.attributes.split(separator: " ").map { .string(String($0)) })),
            ("location", .string(b.location?.description)),
        ])
    }
}
