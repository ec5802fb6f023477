import BindingRuntime

/// A user's file layered over one version of an app keymap, checked like `bindc compile`
/// except that conflicts are not errors: `bindc diff --user` reports them instead.
public enum UserLayering {
    /// Checks `sources` (the app's files, then the user's, in layering order) for `platform`
    /// without the conflict rules of Grammar.md §10. Nil keymap when another error was found.
    public static func keymap(_ sources: SourceManager, platform: Platform) -> (Keymap?, [Diagnostic]) {
        let layered = LayeredSources(ordered: sources)
        var diagnostics = layered.diagnostics
        let (keymap, check) = Checker.check(layered.files, sources: layered.sources, platform: platform, checkConflicts: false)
        diagnostics += check
        if diagnostics.contains(where: { $0.severity == .error }) { return (nil, diagnostics) }
        return (keymap, diagnostics)
    }
}
