import BindingLang
import BindingRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The program: builds a session from the command line and runs it scripted or on the
/// terminal. `main.swift` only calls ``run(_:)``; tests call the pieces.
enum EditorApp {
    /// Every example keymap, compiled once per process.
    static let examples: Result<[LoadedKeymap], KeymapLoadError> = {
        do {
            let dir = try KeymapLibrary.examplesDirectory()
            var out: [LoadedKeymap] = []
            for id in KeymapLibrary.ids { out.append(try KeymapLibrary.load(id, from: dir)) }
            return .success(out)
        } catch let error as KeymapLoadError {
            return .failure(error)
        } catch {
            return .failure(.unreadable("cannot read the example keymaps: \(error)"))
        }
    }()

    /// A session as `options` ask for, with every example keymap loaded (F3 switches).
    static func makeSession(_ options: Options) throws(KeymapLoadError) -> EditorSession {
        var keymaps = try examples.get()
        var initial = keymaps.firstIndex { $0.id == options.keymap } ?? 0
        if let keymapFile = options.keymapFile {
            keymaps.insert(try KeymapLibrary.loadFile(keymapFile), at: 0)
            initial = 0
        }
        var bytes = Array((options.text ?? "").utf8)
        var readOnly = options.readOnly
        if options.text == nil, let path = options.path, let read = KeymapLibrary.readFile(path) {
            bytes = read
            if access(path, W_OK) != 0 { readOnly = true }
        }
        let model = EditorModel(bytes: bytes, path: options.path)
        model.readOnly = readOnly
        model.signedIn = options.signedIn
        model.writer = { path, bytes in writeFile(path, bytes) }
        let session = EditorSession(model: model, keymaps: keymaps, initial: initial)
        session.layout = KeyboardLayout.named(options.layout) ?? KeyboardLayout.us(.pc)
        if let keymapFile = options.keymapFile { session.watchKeymap(at: 0, root: keymapFile) }
        return session
    }

    /// Runs a script on a fresh session (the file is written only with `--write`).
    static func runScript(_ options: Options, script: String) throws -> Script.Result {
        let steps = try Script.parse(script)
        let session = try makeSession(options)
        session.model.allowWrites = options.write
        return Script.run(steps, on: session)
    }

    /// The whole program; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        let options: Options
        do { options = try Options.parse(arguments) } catch {
            // As bindc does: the mistake and where the help is, not the whole help.
            printError("\(error)\nSee 'tiny-editor --help'.")
            return 2
        }
        if options.help {
            print(Options.usage)
            return 0
        }
        if options.version {
            print(Options.version)
            return 0
        }
        let stdinIsTerminal = isatty(STDIN_FILENO) != 0
        do {
            if let keys = options.keys {
                print(try runScript(options, script: keys).report, terminator: "")
                return 0
            }
            if !stdinIsTerminal {
                print(try runScript(options, script: readStandardInput()).report, terminator: "")
                return 0
            }
            let session = try makeSession(options)
            try InteractiveEditor(session: session).run()
            return 0
        } catch KeymapLoadError.compile(let diagnostics) {
            // Diagnostics say `file:line:col: error:` themselves.
            printLines(KeymapLoadError.compile(diagnostics).description)
            return 1
        } catch {
            printError("\(error)")
            return 1
        }
    }

    static func printError(_ text: String) {
        printLines("tiny-editor: error: " + text)
    }

    /// Writes `text` and a line end to standard error.
    static func printLines(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// All of standard input as text.
    static func readStandardInput() -> String {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            out += chunk[0..<n]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Writes `bytes` to `path` atomically (BindingLang's one write path: a temporary file,
    /// flushed, renamed over the file's final target); an error text on failure, with the
    /// file untouched.
    static func writeFile(_ path: String, _ bytes: [UInt8]) -> String? {
        do {
            try AtomicFile.write(bytes, to: path)
            return nil
        } catch {
            return error.reason
        }
    }
}
