import Foundation
import Testing

/// Runs the built `bindc` executable as a subprocess, as a user would, in a temporary directory.
struct BindcRunner {
    /// The result of one run.
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutBytes: [UInt8]
    }

    /// The built executable: next to the test bundle in the products directory.
    static let executable: URL? = {
        var candidates: [URL] = [Bundle.main.bundleURL, Bundle.main.executableURL ?? Bundle.main.bundleURL]
        if let arg0 = CommandLine.arguments.first { candidates.append(URL(fileURLWithPath: arg0)) }
        for start in candidates {
            var dir = start.deletingLastPathComponent()
            for _ in 0..<4 {
                let url = dir.appendingPathComponent("bindc")
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                    return url
                }
                dir = dir.deletingLastPathComponent()
            }
        }
        // Fallback: the package's default debug products directory.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let url = root.appendingPathComponent(".build/debug/bindc")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }()

    /// A fresh temporary directory for one test's files.
    let directory: URL

    /// One directory per test process holding every runner's directory, removed when the
    /// process exits (a run of the suite used to leave a thousand directories in /tmp).
    static let processDirectory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bindc-tests-\(getpid())-\(UUID().uuidString)")
        atexit { try? FileManager.default.removeItem(at: BindcRunner.processDirectory) }
        return url
    }()

    init() throws {
        directory = BindcRunner.processDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// The path of `name` in the temporary directory.
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Writes `text` to `name` in the temporary directory and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        return path(name)
    }

    /// Writes bytes to `name` in the temporary directory and returns its path.
    @discardableResult
    func write(_ name: String, bytes: [UInt8]) throws -> String {
        try Data(bytes).write(to: directory.appendingPathComponent(name))
        return path(name)
    }

    /// The bytes of `name` in the temporary directory, or nil when it does not exist.
    func read(_ name: String) -> [UInt8]? {
        (try? Data(contentsOf: directory.appendingPathComponent(name))).map { Array($0) }
    }

    /// Runs `bindc arguments` in the temporary directory with `stdin` as standard input.
    func run(_ arguments: [String], stdin: String = "", environment: [String: String] = [:]) throws -> Output {
        try run(arguments, stdinBytes: Array(stdin.utf8), environment: environment)
    }

    /// Runs `bindc arguments` with raw bytes as standard input.
    func run(_ arguments: [String], stdinBytes: [UInt8], environment: [String: String] = [:]) throws -> Output {
        let executable = try #require(BindcRunner.executable, "the bindc executable was not built")
        return try run(executable, arguments, stdinBytes: stdinBytes, environment: environment)
    }

    /// Runs another tool, `executable arguments`, in the temporary directory.
    func run(_ executable: URL, _ arguments: [String], stdinBytes: [UInt8] = [], environment: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Drain both pipes concurrently so a large output cannot block the child.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = error.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        // A command that exits without reading its input closes the pipe: the write fails
        // (EPIPE, with SIGPIPE ignored) instead of killing the test process.
        signal(SIGPIPE, SIG_IGN)
        try? input.fileHandleForWriting.write(contentsOf: Data(stdinBytes))
        try? input.fileHandleForWriting.close()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            stdoutBytes: Array(outData))
    }

    /// Removes the temporary directory.
    func cleanUp() { try? FileManager.default.removeItem(at: directory) }
}
