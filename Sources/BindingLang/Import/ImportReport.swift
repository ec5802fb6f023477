/// What an import did with every entry: the figures `bindc import --report` prints (as text or
/// JSON) and the corpus tests record.
public struct ImportReport: Sendable, Equatable {
    /// The foreign file.
    public var path: String
    /// Which editor.
    public var format: ImportFormat
    /// Entries in the foreign file (Zed: members of every `bindings` object).
    public var entries = 0
    /// Entries that became bindings (including those later entries override in some states)
    /// or that disable earlier bindings; not those overridden in every state (``overridden``).
    public var converted = 0
    /// Entries a later entry overrides in every state: converted, but nothing to write.
    public var overridden = 0
    /// Entries that disable others (`null`, `-command`), included in ``converted``.
    public var disabling = 0
    /// Disabling entries that meet no binding (the output's `// removes nothing` comments):
    /// VS Code and Zed ignore them too.
    public var removingNothing = 0
    /// Entries left out, by reason.
    public var leftOut: [String: Int] = [:]
    /// `.bind` bindings written.
    public var bindings = 0
    /// Bindings whose condition was narrowed because a later entry overrides them somewhere.
    public var rewritten = 0
    /// `unbind` lines written (layers).
    public var unbinds = 0
    /// Lossy mappings, by kind.
    public var approximations: [String: Int] = [:]
    /// Errors the compiler reports for the output (conflicts that remain); filled by the
    /// caller that compiles it, nil when not compiled.
    public var conflicts: Int?

    /// Entries accounted for (converted, overridden or left out): always ``entries``.
    public var accountedFor: Int { converted + overridden + leftOut.values.reduce(0, +) }

    /// The share converted or overridden, in percent.
    public var percentConverted: Double {
        entries == 0 ? 100 : Double(converted + overridden) * 100 / Double(entries)
    }

    init(path: String, keymap: ImportedKeymap) {
        self.path = path
        format = keymap.format
        entries = keymap.entries.count
        for (i, e) in keymap.entries.enumerated() {
            switch e.outcome {
            case .converted: converted += 1
            case .disables:
                converted += 1
                disabling += 1
                if !keymap.removing.contains(i) && !keymap.outerDisables.contains(i) { removingNothing += 1 }
            case .overridden: overridden += 1
            case .leftOut(let reason): leftOut[reason, default: 0] += 1
            }
        }
        bindings = keymap.bindings.count
        rewritten = keymap.bindings.filter { !$0.overriddenBy.isEmpty }.count
        unbinds = keymap.unbinds.count
        // (A kind counted for nothing, such as an element named by a section with no bindings,
        // is not an approximation.)
        approximations = keymap.approximations.filter { $0.value > 0 }
    }

    /// `97.6`: one decimal, without Foundation.
    static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    private static func sorted(_ d: [String: Int]) -> [(String, Int)] {
        d.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }
    }

    /// The report as text, one fact per line.
    public var text: String {
        // The counts of the output's first comment line, in its words.
        var out = "\(path) (\(format.displayName)): \(entries) \(entries == 1 ? "entry" : "entries"): \(converted) converted, \(overridden) always overridden "
            + "by a later entry, \(leftOut.values.reduce(0, +)) left out (\(Self.oneDecimal(percentConverted))% taken in)\n"
        out += "  bindings written: \(bindings) (\(rewritten) narrowed so that a later entry wins), "
            + "always overridden: \(overridden), disabling entries: \(disabling), unbinds: \(unbinds)\n"
        if removingNothing > 0 {
            out += "  disabling entries that remove nothing (the '// removes nothing' comments): \(removingNothing)\n"
        }
        for (reason, n) in Self.sorted(leftOut) { out += "  left out: \(reason): \(n)\n" }
        for (kind, n) in Self.sorted(approximations) { out += "  approximated: \(kind): \(n)\n" }
        if let conflicts { out += "  conflicts remaining: \(conflicts)\n" }
        return out
    }

    /// The report as JSON.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("file", .string(path)), ("format", .string(format.rawValue)), ("entries", .int(Int64(entries))),
            ("converted", .int(Int64(converted))), ("overridden", .int(Int64(overridden))),
            ("disabling", .int(Int64(disabling))), ("removingNothing", .int(Int64(removingNothing))),
            ("leftOut", .object(Self.sorted(leftOut).map { ($0.0, .int(Int64($0.1))) })),
            ("bindings", .int(Int64(bindings))), ("rewritten", .int(Int64(rewritten))), ("unbinds", .int(Int64(unbinds))),
            ("approximations", .object(Self.sorted(approximations).map { ($0.0, .int(Int64($0.1))) })),
        ]
        members.append(("conflicts", conflicts.map { .int(Int64($0)) } ?? .null))
        return .object(members)
    }
}
