/// Exporting into an existing catalog: what `bindc` owns is updated, the rest kept.
extension StringCatalog {
    /// This catalog's strings merged into `existing`. A string both have keeps its entry in
    /// `existing` as it is (localizations with their states, variations and substitutions,
    /// `shouldTranslate`, members `bindc` does not know) with this catalog's comment and
    /// `extractionState`; a string only `existing` has stays as a stale entry when it has
    /// localizations (they are not lost) and is dropped otherwise. The result has
    /// `existing`'s source language and other top-level members (`version`). Keys match
    /// only when their scalars are the same (``ExactString``).
    public func merged(keeping existing: StringCatalog) -> StringCatalog {
        var old: [ExactString: Entry] = [:]
        for entry in existing.entries where old[ExactString(entry.key)] == nil { old[ExactString(entry.key)] = entry }
        var result = entries.map { entry -> Entry in
            guard var kept = old.removeValue(forKey: ExactString(entry.key)) else { return entry }
            if let comment = entry.comment { kept.comment = comment }
            kept.isStale = entry.isStale
            return kept
        }
        for entry in existing.entries where entry.hasLocalizations && old.removeValue(forKey: ExactString(entry.key)) != nil {
            var stale = entry
            stale.isStale = true
            result.append(stale)
        }
        return StringCatalog(sourceLanguage: existing.sourceLanguage, entries: result, otherMembers: existing.otherMembers)
    }
}
