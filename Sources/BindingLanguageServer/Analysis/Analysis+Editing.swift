import BindingLang

extension Analysis {
    /// The edit that formats a document exactly as `bindc fmt` does: one edit replacing the
    /// whole text, or none when it is already formatted. A file with syntax errors cannot be
    /// formatted (the error says why).
    public func formatting(_ file: FileID) throws(ResponseError) -> [TextEdit] {
        let d = document(file)
        switch Formatter.format(d.sourceFile, file: file) {
        case .failure(let errors):
            let first = errors.diagnostics.first { $0.severity == .error }
            let where_ = first.map { d.position(of: $0.range.start) }.map { " (line \($0.line + 1): \(first!.message))" } ?? ""
            throw ResponseError(ResponseError.requestFailed, "cannot format a file with syntax errors" + where_)
        case .success(let text):
            if Array(text.utf8) == d.bytes { return [] }
            return [TextEdit(range: d.range(0, d.bytes.count), newText: text)]
        }
    }

    /// A quick fix for every fix-it of the diagnostics of `file` whose range touches the
    /// bytes `start...end`.
    public func codeActions(in file: FileID, _ start: Int, _ end: Int) -> [CodeAction] {
        var actions: [CodeAction] = []
        for d in compilation.diagnostics where d.range.file == file && !d.fixIts.isEmpty {
            guard d.range.start <= end && start <= d.range.end else { continue }
            let published = published(d)
            for fix in d.fixIts where fix.range.file.index < documents.count {
                let l = location(fix.range)
                var edit = WorkspaceEdit()
                edit.add(TextEdit(range: l.range, newText: fix.replacement), to: l.uri)
                actions.append(CodeAction(
                    title: title(fix), diagnostic: published, edit: edit, isPreferred: d.fixIts.count == 1))
            }
        }
        return actions
    }

    /// `Replace 'serch' with 'search'`, `Insert '"'`, `Remove ','`.
    private func title(_ fix: FixIt) -> String {
        let bytes = document(fix.range.file).bytes
        let s = max(0, min(fix.range.start, bytes.count)), e = max(s, min(fix.range.end, bytes.count))
        let old = String(decoding: bytes[s..<e], as: UTF8.self)
        if old.isEmpty { return "Insert '\(fix.replacement)'" }
        if fix.replacement.isEmpty { return "Remove '\(old)'" }
        return "Replace '\(old)' with '\(fix.replacement)'"
    }
}
