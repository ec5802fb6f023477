import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The interactive editor on a pseudo-terminal: keys typed into the master side, the screen
/// read back from it.
@Suite(.serialized) struct TerminalTests {
    final class PTYRun {
        let process = Process()
        let master: Int32
        var output: [UInt8] = []

        init(_ arguments: [String]) throws {
            let exe = try #require(ExecutableTests.executable, "tiny-editor was not built")
            var m: Int32 = -1, s: Int32 = -1
            var size = winsize(ws_row: 24, ws_col: 160, ws_xpixel: 0, ws_ypixel: 0)
            guard openpty(&m, &s, nil, nil, &size) == 0 else { throw CocoaError(.fileNoSuchFile) }
            master = m
            let slave = FileHandle(fileDescriptor: s, closeOnDealloc: true)
            process.executableURL = exe
            process.arguments = arguments
            process.standardInput = slave
            process.standardOutput = slave
            process.standardError = slave
            try process.run()
            _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            close(master)
        }

        /// Reads what the editor wrote until `text` appears (or five seconds pass).
        @discardableResult
        func wait(for text: String) -> Bool {
            let deadline = Date().addingTimeInterval(5)
            while Date() < deadline {
                drain()
                if String(decoding: output, as: UTF8.self).contains(text) { return true }
                usleep(10_000)
            }
            return false
        }

        func drain() {
            var buf = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = buf.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if n <= 0 { return }
                output += buf[0..<n]
            }
        }

        func type(_ bytes: [UInt8]) {
            _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            usleep(30_000)  // separate reads, as a person types
        }

        func type(_ text: String) { type(Array(text.utf8)) }

        /// Waits for the process to end (five seconds at most); its status, or nil.
        func exitStatus() -> Int32? {
            let deadline = Date().addingTimeInterval(5)
            while process.isRunning && Date() < deadline { drain(); usleep(10_000) }
            drain()
            return process.isRunning ? nil : process.terminationStatus
        }

        var text: String { String(decoding: output, as: UTF8.self) }
    }

    @Test func typesShowsHintsAndOverlayAndRestoresOnQuit() throws {
        let run = try PTYRun(["--keymap", "ide", "--text", "let x = 1"])
        #expect(run.wait(for: "\u{1B}[?1049h"))  // the alternate screen
        #expect(run.wait(for: "F1 keys"))
        run.type([0x0B])  // ctrl+k
        #expect(run.wait(for: "Ctrl+K …"))  // rendered on the layout (US by default)
        #expect(run.wait(for: "Ctrl+C: Add Line Comment"))
        run.type([0x03])  // ctrl+c
        #expect(run.wait(for: "// let x = 1"))
        run.type("\u{1B}OP")  // F1
        #expect(run.wait(for: "Key commands — IDE"))
        run.type([0x11])  // ctrl+q: unsaved changes, asks again
        #expect(run.wait(for: "quit again"))
        run.type([0x11])
        #expect(run.exitStatus() == 0)
        #expect(run.text.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"))  // cursor shown, main screen back
    }

    @Test func sigtermRestoresTheTerminal() throws {
        let run = try PTYRun(["--keymap", "vim"])
        #expect(run.wait(for: "NORMAL"))
        kill(run.process.processIdentifier, SIGTERM)
        #expect(run.exitStatus() == 128 + SIGTERM)
        #expect(run.text.contains("\u{1B}[?1049l"))
    }
}
