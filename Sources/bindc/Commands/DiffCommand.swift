import BindingLang
import BindingRuntime

/// `bindc diff OLD NEW [--user USER]`: what changed between two versions of a keymap.
enum DiffCommand: Command {
    static let spec = CommandSpec(
        name: "diff",
        abstract: "Compare two versions of a keymap",
        discussion: """
            OLD and NEW are each a .bind source (with the files it layers over) or a compiled
            table. Lists the bindings added, removed, moved to another chord, or changed in
            condition, title or attributes (@priority, @repeat, @noRemapping, @noMirroring); a
            binding is the same command when its role (or the menu), action and argument are.
            With --user, the user's .bind file is layered over OLD and
            over NEW (its own 'layer over' lines, which name the app keymap it was written for,
            are not followed: OLD and NEW stand in for them), and the user's bindings that NEW
            newly shadows (a nearer role answers first) or conflicts with are listed, each with
            a state in which it happens. Exit status 1 with --fail-on-shadowed when there is any.
            A table is compared as compiled: conditions as the compiler joined and folded them
            (as for sources), and no source locations when it was compiled with --strip; with
            --user it is checked for its own platform, and the user's file sees its
            declarations, role bindings and main-menu key equivalents.
            """,
        positionals: PositionalSpec(name: "OLD NEW", minimum: 2, maximum: 2, help: "The old and the new keymap"),
        options: [
            CommonOptions.platform,
            .value("--user", valueName: "USER", help: "A user's .bind file layered over both versions"),
            .flag("--json", help: "Print JSON for tools instead of text"),
            .flag("--fail-on-shadowed", help: "Exit with 1 when a user binding is newly shadowed or conflicts"),
            CommonOptions.diagnosticsFormat,
        ],
        examples: [
            "bindc diff old.bind new.bind", "bindc diff old.bindtable new.bindtable",
            "bindc diff old.bind new.bind --user user.bind --fail-on-shadowed",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> ExitCode {
        let output = DiagnosticOutput(arguments, console: console)
        let platform = Inputs.platform(arguments)
        // Standard input can be read once: a second `-` would be an empty keymap.
        if (arguments.positionals + [arguments.value("user")].compactMap { $0 }).filter({ $0 == "-" }).count > 1 {
            output.error(Messages.layerReachedTwice("-", firstAsRoot: true, nowAsRoot: true), console: console)
            return .failure
        }
        var keymaps: [Keymap] = []
        var apps: [UserLayering.App] = []
        for path in arguments.positionals {
            guard let loaded = Inputs.sourcesOrTable([path], console: console, output: output) else { return .failure }
            switch loaded {
            case .sources(let layered):
                let compilation = Compilation(layered: layered, platform: platform)
                output.report(compilation.diagnostics, of: compilation, console: console)
                guard let keymap = compilation.keymap else { return .failure }
                keymaps.append(keymap)
                apps.append(UserLayering.App(sources: layered, platform: platform))
            case .table(let path, let bytes):
                guard let (_, keymap) = Inputs.table(path, bytes, console: console, output: output) else { return .failure }
                keymaps.append(keymap)
                apps.append(UserLayering.App(table: keymap, path: path))
            }
        }
        var diff = KeymapDiff(changes: KeymapDiff.changes(from: keymaps[0], to: keymaps[1]))
        if let user = arguments.value("user") {
            guard let bytes = Inputs.read(user, console: console, output: output) else { return .failure }
            if Compilation.isTable(bytes) {
                output.error(ToolMessages.userFileIsATable(user), console: console)
                return .failure
            }
            var combined: [Keymap] = []
            for app in apps {
                let (keymap, diagnostics, sources) = UserLayering.keymap(app, user: SourceFile(path: user, bytes: bytes))
                output.report(diagnostics.filter { $0.severity == .error }, sources: sources, console: console)
                guard let keymap else { return .failure }
                combined.append(keymap)
            }
            diff.userImpacts = KeymapDiff.userImpacts(old: combined[0], new: combined[1], userPath: user)
        }
        console.out(arguments.flag("json") ? diff.json.rendered() + "\n" : diff.text)
        return arguments.flag("fail-on-shadowed") && diff.hasUserImpacts ? .failure : .success
    }
}
