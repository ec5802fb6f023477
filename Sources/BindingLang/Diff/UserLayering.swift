import BindingRuntime

/// A user's file layered over one version of an app keymap (`bindc diff --user`), checked like
/// `bindc compile` except that conflicts are not errors: the diff reports them instead.
///
/// The user's `layer over` lines name the app keymap the file was written for; here OLD and
/// NEW stand in for it, so they are not followed. An app version is either its sources (the
/// files `layer over` loads from OLD or NEW) or a compiled table, which is written back as
/// source (``KeymapSource``) and keeps the table's platform.
public enum UserLayering {
    /// One version of the app keymap, ready to have a user's file layered over it.
    public struct App {
        /// The app's files in layering order.
        var layered: LayeredSources
        /// The platform to check for: `--platform` for sources (nil: what the keymap declares,
        /// else macOS), the table's own for a table.
        var platform: Platform?
        /// For a table: its keymap, whose locations (from its source map) the app's bindings
        /// get back.
        var table: Keymap?

        /// The app as its source files were loaded.
        public init(sources layered: LayeredSources, platform: Platform?) {
            self.layered = layered
            self.platform = platform
        }

        /// The app as a compiled table at `path`, read back into `keymap`.
        public init(table keymap: Keymap, path: String) {
            var sources = SourceManager()
            _ = sources.add(SourceFile(path: path, text: KeymapSource.text(keymap)))
            layered = LayeredSources(ordered: sources)
            platform = keymap.platform
            table = keymap
        }
    }

    /// Checks `user` over `app` without the conflict rules of Grammar.md §10. Returns the keymap
    /// (nil when an error was found), every diagnostic, and the sources they point into.
    public static func keymap(_ app: App, user: SourceFile) -> (Keymap?, [Diagnostic], SourceManager) {
        var sources = app.layered.sources
        let id = sources.add(user)
        let (syntax, parsed) = Parser.parse(user, file: id)
        var diagnostics = app.layered.diagnostics + parsed
        let files = app.layered.files + [syntax]
        let (checked, check) = Checker.check(
            files, sources: sources, platform: KeymapPlatforms.resolve(app.platform, in: files), checkConflicts: false)
        diagnostics += check
        guard var keymap = checked, !diagnostics.contains(where: { $0.severity == .error }) else {
            return (nil, diagnostics, sources)
        }
        if let table = app.table {
            // The app's bindings point into the text written from the table: give them the
            // table's own locations (nil when it was stripped), matched by role, keys and action.
            var locations: [String: [SourceLocation?]] = [:]
            for b in table.bindings { locations[identity(b, table), default: []].append(b.location) }
            for i in keymap.bindings.indices where keymap.bindings[i].location?.path != user.path {
                let key = identity(keymap.bindings[i], keymap)
                keymap.bindings[i].location = locations[key]?.first ?? nil
                if locations[key]?.isEmpty == false { locations[key]?.removeFirst() }
            }
        }
        return (keymap, diagnostics, sources)
    }

    private static func identity(_ b: Binding, _ keymap: Keymap) -> String {
        (b.role.map { SourceText.role($0, in: keymap) } ?? "<menu>") + " " + SourceText.sequence(b.sequence)
            + " " + SourceText.actionReference(b.action, b.argument, in: keymap)
    }
}
