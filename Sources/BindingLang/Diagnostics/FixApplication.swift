/// Applying fix-its to source text (`bindc check --fix`, the language server's quick fixes).
///
/// A fix is applied only when it is certain: its diagnostic offers exactly one fix-it (several
/// are alternatives for a person to choose). Fixes that overlap an earlier one in the same file
/// are left for the next run, so the result never depends on the order of edits.
public enum FixApplication {
    /// One applied fix: the diagnostic, the edit, and the text it replaced.
    public struct Change: Sendable, Equatable {
        public var diagnostic: Diagnostic
        public var fix: FixIt
        public var replaced: String
    }

    /// The text of `source` (file `file` of a compilation) with every certain fix-it of
    /// `diagnostics` in that file applied, and the changes made in source order.
    public static func apply(_ diagnostics: [Diagnostic], to source: SourceFile, file: FileID) -> (bytes: [UInt8], changes: [Change]) {
        let bytes = source.bytes
        var candidates: [(Diagnostic, FixIt)] = []
        for d in diagnostics where d.fixIts.count == 1 {
            let fix = d.fixIts[0]
            guard fix.range.file == file, 0 <= fix.range.start, fix.range.start <= fix.range.end,
                fix.range.end <= bytes.count
            else { continue }
            candidates.append((d, fix))
        }
        candidates.sort { ($0.1.range.start, $0.1.range.end) < ($1.1.range.start, $1.1.range.end) }
        var changes: [Change] = []
        var end = 0
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for (d, fix) in candidates {
            // Overlapping (or touching an insertion at the same place): leave for a later run.
            if fix.range.start < end || (!changes.isEmpty && fix.range.start == end && changes.last!.fix.range.start == end) {
                continue
            }
            out += bytes[end..<fix.range.start]
            out += Array(fix.replacement.utf8)
            let replaced = String(decoding: bytes[fix.range.start..<fix.range.end], as: UTF8.self)
            changes.append(Change(diagnostic: d, fix: fix, replaced: replaced))
            end = fix.range.end
        }
        out += bytes[end...]
        return (out, changes)
    }
}
