/// Remembers the conditions lowered without any diagnostic, by their source text: keymaps
/// repeat a few `when` clauses many times, and the same text in the same scope always lowers
/// to the same condition. Sharing the result also shares its storage. A text that produced a
/// diagnostic is never remembered, so every occurrence of a mistake is reported where it is.
struct ConditionMemo {
    private struct Entry {
        var range: SourceRange
        var condition: Condition
    }
    private var entries: [UInt64: Entry] = [:]
    let sources: SourceManager

    init(sources: SourceManager) { self.sources = sources }

    /// The condition of `expression`, lowered by `checker` unless the same text was lowered
    /// before.
    mutating func lower(_ expression: Expression, _ checker: ConditionChecker, _ engine: inout DiagnosticEngine) -> Condition? {
        let range = expression.range
        guard range.end > range.start, let bytes = self.bytes(range) else { return checker.lower(expression, &engine) }
        let key = Self.hash(bytes)
        if let entry = entries[key], let other = self.bytes(entry.range), other.elementsEqual(bytes) {
            return entry.condition
        }
        let before = engine.diagnostics.count
        let condition = checker.lower(expression, &engine)
        if let condition, engine.diagnostics.count == before, entries[key] == nil {
            entries[key] = Entry(range: range, condition: condition)
        }
        return condition
    }

    private func bytes(_ range: SourceRange) -> ArraySlice<UInt8>? {
        let index = range.file.index
        guard index >= 0 && index < sources.files.count else { return nil }
        let all = sources.files[index].bytes
        guard range.start >= 0 && range.start <= range.end && range.end <= all.count else { return nil }
        return all[range.start..<range.end]
    }

    /// FNV-1a over the bytes.
    private static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h
    }
}
