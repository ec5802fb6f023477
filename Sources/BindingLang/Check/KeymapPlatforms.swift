import BindingRuntime

/// The platforms a keymap says it is for (`keymap "Name" for linux, windows`, Grammar.md §3.1):
/// which platform a compilation without `--platform` is for, and the errors of the list.
enum KeymapPlatforms {
    /// The first platform the first file that names some lists, or nil when no file does (then
    /// a compilation is for macOS). Unknown names are skipped here; ``check(_:platform:into:)``
    /// reports them.
    static func declared(in files: [FileSyntax]) -> Platform? {
        for file in files {
            for declaration in file.declarations {
                guard case .keymap(_, let platforms, _) = declaration, !platforms.isEmpty else { continue }
                if let p = platforms.lazy.compactMap({ Platform(rawValue: $0.name) }).first { return p }
            }
        }
        return nil
    }

    /// Every platform some file's `keymap "Name" for …` list names, in the order written, or
    /// nil when no file names one (unknown names skipped).
    static func listed(in files: [FileSyntax]) -> [Platform]? {
        var listed: [Platform] = []
        for file in files {
            for declaration in file.declarations {
                guard case .keymap(_, let platforms, _) = declaration else { continue }
                for id in platforms { if let p = Platform(rawValue: id.name), !listed.contains(p) { listed.append(p) } }
            }
        }
        return listed.isEmpty ? nil : listed
    }

    /// The platform a compilation is for: `asked` (`--platform`), else the declared one, else macOS.
    static func resolve(_ asked: Platform?, in files: [FileSyntax]) -> Platform {
        asked ?? declared(in: files) ?? .macOS
    }

    /// The did-you-mean for an unknown platform name: the name differently cased, else the nearest.
    static func suggestion(for name: String) -> String? {
        let names = Platform.allCases.map(\.rawValue)
        return names.first { $0.lowercased() == name.lowercased() } ?? nearest(to: name, in: names)
    }

    /// Unknown platform names (with a did-you-mean), names given twice, and a list that leaves
    /// out `platform`, the platform compiled for (each file's list is its own promise).
    static func check(_ files: [FileSyntax], platform: Platform, into engine: inout DiagnosticEngine) {
        for file in files {
            for declaration in file.declarations {
                guard case .keymap(let name, let platforms, _) = declaration, !platforms.isEmpty else { continue }
                var known: [Platform] = []
                var unknown = false
                for (i, id) in platforms.enumerated() {
                    guard let p = Platform(rawValue: id.name) else {
                        let suggestion = suggestion(for: id.name)
                        engine.error(Messages.unknownPlatform(id.name, suggestion), at: id.range,
                                     fixIts: suggestion.map { [FixIt(range: id.range, replacement: $0)] } ?? [])
                        unknown = true
                        continue
                    }
                    if known.contains(p) {
                        // From the end of the name before it: `, linux` goes.
                        let removal = SourceRange(file: id.range.file, start: platforms[i - 1].range.end, end: id.range.end)
                        engine.warning(Messages.platformListedTwice(id.name), at: id.range,
                                       fixIts: [FixIt(range: removal, replacement: "")])
                    } else {
                        known.append(p)
                    }
                }
                if !unknown, !known.contains(platform) {
                    let range = SourceRange(file: name.range.file, start: platforms[0].range.start, end: platforms[platforms.count - 1].range.end)
                    engine.error(Messages.keymapNotForPlatform(name.value, known, compiledFor: platform), at: range)
                }
            }
        }
    }
}
