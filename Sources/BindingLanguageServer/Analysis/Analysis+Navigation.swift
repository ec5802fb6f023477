import BindingLang

extension Analysis {
    /// Where the name at `offset` is declared (nothing for a standard action or an unknown
    /// name); on the path of a `layer over` directive, the start of the file it names.
    public func definition(at offset: Int, in file: FileID) -> [Location] {
        for case .layer(let l) in compilation.files[file.index].declarations
        where l.path.range.start <= offset && offset <= l.path.range.end {
            let path = LayeredSources.resolve(l.path.value, relativeTo: document(file).path)
            return documents.filter { LayeredSources.normalize($0.path) == path }.map {
                Location(uri: $0.uri, range: Range(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)))
            }
        }
        guard let o = index.occurrence(at: offset, in: file) else { return [] }
        return index.declarations(of: o.symbol).map { location($0.range) }
    }

    /// The name at `offset`, if any.
    public func symbol(at offset: Int, in file: FileID) -> Symbol? {
        index.occurrence(at: offset, in: file)?.symbol
    }

    /// Every place the name at `offset` is written, in the unit's files, declarations first
    /// when asked for.
    public func references(at offset: Int, in file: FileID, includeDeclaration: Bool) -> [Location] {
        guard let symbol = symbol(at: offset, in: file) else { return [] }
        return references(to: symbol, includeDeclaration: includeDeclaration)
    }

    /// Every place `symbol` is written in the unit's files, declarations first when asked for.
    public func references(to symbol: Symbol, includeDeclaration: Bool) -> [Location] {
        index.occurrences(of: symbol).filter { includeDeclaration || !$0.isDeclaration }.map { location($0.range) }
    }

    /// The range and current text of the name a rename at `offset` would change; nil when
    /// nothing renamable is there. Throws for a name that cannot be renamed (a standard action).
    public func renameTarget(at offset: Int, in file: FileID) throws(ResponseError) -> (Range, String)? {
        guard let o = index.occurrence(at: offset, in: file) else { return nil }
        if case .action(let name) = o.symbol, StandardActions.all.contains(name) {
            throw ResponseError(ResponseError.requestFailed, "'\(name)' is a standard action and cannot be renamed")
        }
        if o.symbol.isBuiltIn {
            throw ResponseError(ResponseError.requestFailed, "'\(o.symbol.name)' is built in and cannot be renamed")
        }
        return (range(o.range), o.symbol.name)
    }

    /// The edits that rename the name at `offset` to `newName` everywhere in the unit.
    public func rename(at offset: Int, in file: FileID, to newName: String) throws(ResponseError) -> WorkspaceEdit {
        guard let o = index.occurrence(at: offset, in: file) else {
            throw ResponseError(ResponseError.requestFailed, "there is no context, role, action or case here to rename")
        }
        _ = try renameTarget(at: offset, in: file)
        guard Self.isIdentifier(newName) else {
            throw ResponseError(ResponseError.invalidParams, "'\(newName)' is not a valid name")
        }
        if newName != o.symbol.name, Keywords.all.contains(newName) {
            throw ResponseError(
                ResponseError.invalidParams, "'\(newName)' is a keyword, which the file would read as one in some places; choose another name")
        }
        if case .action = o.symbol, StandardActions.all.contains(newName) {
            throw ResponseError(ResponseError.requestFailed, "'\(newName)' is a standard action")
        }
        if o.symbol.renamed(newName).isBuiltIn {
            throw ResponseError(
                ResponseError.requestFailed, "'\(newName)' is built in (the platform compiled for); choose another name")
        }
        return try rename(o.symbol, to: newName)
    }

    /// The edits that rename `symbol` to `newName` (a name already checked by
    /// ``rename(at:in:to:)``) everywhere in the unit; throws when the unit already has a name
    /// of that kind spelled `newName`.
    public func rename(_ symbol: Symbol, to newName: String) throws(ResponseError) -> WorkspaceEdit {
        let renamed = symbol.renamed(newName)
        if newName != symbol.name, !index.declarations(of: renamed).isEmpty {
            throw ResponseError(ResponseError.requestFailed, "\(renamed.kindDescription) '\(newName)' already exists")
        }
        var edit = WorkspaceEdit()
        for occurrence in index.occurrences(of: symbol) {
            let l = location(occurrence.range)
            edit.add(TextEdit(range: l.range, newText: newName), to: l.uri)
        }
        return edit
    }

    /// Whether `name` is an identifier: `[A-Za-z_][A-Za-z0-9_]*`.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return name.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) }
    }

    private static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
}
