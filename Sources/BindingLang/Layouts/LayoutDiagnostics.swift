import BindingRuntime

/// `bindc check --layouts`: the problems of ``LayoutAnalysis`` as diagnostics at the bindings
/// concerned (warnings, or errors when strict), a collision with a note at the other binding.
public enum LayoutDiagnostics {
    /// The diagnostics for `keymap` (compiled from `sources`) on `layouts`, sorted.
    public static func diagnostics(
        keymap: Keymap, sources: SourceManager, layouts: [KeyboardLayout], strict: Bool
    ) -> [Diagnostic] {
        let severity: Severity = strict ? .error : .warning
        var engine = DiagnosticEngine()
        // Bindings whose `@allowLayouts` accepted a problem on some layout checked.
        var used = Set<Int>()
        for (layout, findings) in LayoutAnalysis(keymap: keymap).analyse(layouts) {
            for f in findings where f.kind.isProblem && f.isAllowed {
                if keymap.bindings[f.binding].layoutAllowance?.allows(f) == true { used.insert(f.binding) }
                if let other = f.other, keymap.bindings[other].layoutAllowance?.allows(f) == true { used.insert(other) }
            }
            for (f, dead) in LayoutFinding.told(findings) {
                guard let range = range(of: f.binding, keymap, sources) else { continue }
                var notes: [DiagnosticNote] = []
                if let other = f.other, let otherRange = self.range(of: other, keymap, sources) {
                    notes.append(DiagnosticNote(Messages.layoutCollisionOther(keymap.bindings[other].sequence), at: otherRange))
                }
                engine.emit(Diagnostic(severity, Messages.layoutFinding(f, keymap: keymap, layout: layout, alsoDeadKey: dead), at: range, notes: notes))
            }
        }
        // An `@allowLayouts` that accepted nothing (Grammar.md §4.8): judged only when every
        // layout it names was checked (all of them when it names none).
        let checked = Set(layouts.map(\.id))
        for (index, binding) in keymap.bindings.enumerated() where !used.contains(index) {
            guard let allowance = binding.layoutAllowance else { continue }
            let named = allowance.layouts.isEmpty ? Set(KeyboardLayout.all.map(\.id)) : allowance.layouts
            guard named.isSubset(of: checked), let range = range(of: index, keymap, sources) else { continue }
            // At the attribute, with a fix-it removing it (at the binding when it is not found).
            if let attribute = allowLayoutsRange(before: range, sources) {
                engine.emit(Diagnostic(.warning, Messages.unneededLayoutAllowance(binding.sequence), at: attribute,
                                       fixIts: [FixIt.removing(attribute, in: sources)]))
            } else {
                engine.emit(Diagnostic(.warning, Messages.unneededLayoutAllowance(binding.sequence), at: range))
            }
        }
        return engine.sorted
    }

    /// Where `@allowLayouts` or `@allowLayouts(…)` is written before the binding at
    /// `binding`: on its line (a binding's attributes are on the line of its sequence, a menu
    /// item's before its title), from the `@` to the name or the `)`.
    static func allowLayoutsRange(before binding: SourceRange, _ sources: SourceManager) -> SourceRange? {
        guard sources.files.indices.contains(binding.file.index) else { return nil }
        let file = sources.files[binding.file.index]
        guard binding.start <= file.bytes.count else { return nil }
        let lineStart = Int(file.lineStarts[file.lineAndColumn(of: binding.start).line - 1])
        let tokens = Lexer.tokenize(Array(file.bytes[lineStart..<binding.start])).tokens
        for i in tokens.indices.dropLast() {
            guard case .punct(UInt8(ascii: "@")) = tokens[i].kind, case .identifier = tokens[i + 1].kind,
                  tokens[i + 1].start == tokens[i].end,
                  file.bytes[(lineStart + tokens[i + 1].start)..<(lineStart + tokens[i + 1].end)].elementsEqual("allowLayouts".utf8)
            else { continue }
            var end = tokens[i + 1].end
            if i + 2 < tokens.count, case .leftParen = tokens[i + 2].kind, tokens[i + 2].start == end,
               let close = tokens[(i + 2)...].firstIndex(where: { $0.kind == .rightParen }) {
                end = tokens[close].end
            }
            return SourceRange(file: binding.file, start: lineStart + tokens[i].start, end: lineStart + end)
        }
        return nil
    }

    /// The source range of binding `index`: from its location to the `->` after it (or the
    /// line's end), trailing blanks left out. Nil for bindings without a location.
    static func range(of index: Int, _ keymap: Keymap, _ sources: SourceManager) -> SourceRange? {
        guard keymap.bindings.indices.contains(index), let location = keymap.bindings[index].location,
              let fileIndex = sources.files.firstIndex(where: { $0.path == location.path }) else { return nil }
        let file = sources.files[fileIndex]
        guard location.line >= 1, location.line <= file.lineStarts.count else { return nil }
        let start = Int(file.lineStarts[location.line - 1]) + location.column - 1
        guard start >= 0, start <= file.bytes.count else { return nil }
        var end = start
        let bytes = file.bytes
        while end < bytes.count, bytes[end] != 0x0A,
              !(bytes[end] == UInt8(ascii: "-") && end + 1 < bytes.count && bytes[end + 1] == UInt8(ascii: ">")) {
            end += 1
        }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x0D { end -= 1 }
        return SourceRange(file: FileID(fileIndex), start: start, end: max(end, start + 1))
    }
}
