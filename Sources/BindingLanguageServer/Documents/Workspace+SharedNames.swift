import BindingLang

extension Workspace {
    /// The analyses that references and rename of `symbol`, asked at the open document `uri`,
    /// must search: that document's own first, then those of every other open document whose
    /// unit includes it or a file of its unit declaring `symbol`. So from a base, the layers
    /// open over it are covered too (a layer's unit holds its base, not the other way round),
    /// and from a layer, the other layers over the base declaring the name.
    public mutating func analyses(sharing symbol: Symbol, from uri: String) -> [Analysis] {
        guard let own = analysis(of: uri) else { return [] }
        var uris = [uri]
        for declaration in own.index.declarations(of: symbol) {
            let d = own.documents[declaration.range.file.index]
            if !uris.contains(d.uri) { uris.append(d.uri) }
        }
        var result = [own]
        var covered: Set<String> = [uri]
        for u in uris {
            for dependent in dependents(of: u) where covered.insert(dependent).inserted {
                if let a = analysis(of: dependent) { result.append(a) }
            }
        }
        return result
    }
}
