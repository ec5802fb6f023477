import BindingLang

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The live try-out loop's eyes: the files a `--keymap-file` keymap was compiled from, each
/// with what `stat` said when last looked at. ``changed()`` polls them (the editor calls it on
/// each key press and on the terminal loop's idle tick; no thread, no file-system events).
struct KeymapWatch {
    /// The `.bind` file given on the command line (the root of the layering).
    let root: String
    /// The watched files, in layering order, each with its last signature (nil: missing).
    private(set) var files: [(path: String, signature: Signature?)]

    /// What identifies one version of a file: a rename over it (an atomic save) changes the
    /// inode, an edit in place the size or the modification time.
    struct Signature: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
    }

    /// Watches `paths` (the root's layering, as the compiler loaded it) from now on.
    init(root: String, paths: [String]) {
        self.root = root
        files = []
        watch(paths.isEmpty ? [root] : paths)
    }

    /// Starts over with `paths` (after a reload whose `layer over` lines changed).
    mutating func watch(_ paths: [String]) {
        files = paths.map { ($0, Self.signature(of: $0)) }
    }

    /// Whether any watched file changed, appeared or disappeared since the last call; the
    /// new signatures are remembered, so one change is reported once.
    mutating func changed() -> Bool {
        var any = false
        for i in files.indices {
            let now = Self.signature(of: files[i].path)
            if now != files[i].signature {
                files[i].signature = now
                any = true
            }
        }
        return any
    }

    /// `stat`'s identity, size and modification time of `path`, or nil when it cannot be read.
    static func signature(of path: String) -> Signature? {
        var s = stat()
        guard stat(path, &s) == 0 else { return nil }
        #if canImport(Darwin)
        let time = s.st_mtimespec
        #else
        let time = s.st_mtim
        #endif
        return Signature(
            device: UInt64(s.st_dev), inode: UInt64(s.st_ino), size: Int64(s.st_size),
            seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec))
    }
}

/// The outcome of recompiling a watched keymap, as the status line shows it.
enum KeymapReload: Equatable {
    /// The new table is in use.
    case reloaded(file: String, warnings: Int)
    /// The old table stays; `first` is the first error (`file:line:col: error: message`).
    case failed(first: String, errors: Int)

    /// The status line's text: `reloaded keymap.bind (0 warnings)` or
    /// `keymap not reloaded (2 errors): keymap.bind:3:5: error: …`.
    var status: String {
        switch self {
        case .reloaded(let file, let warnings):
            return "reloaded \(file) (\(warnings) warning\(warnings == 1 ? "" : "s"))"
        case .failed(let first, let errors):
            return "keymap not reloaded (\(errors) error\(errors == 1 ? "" : "s")): \(first)"
        }
    }
}
