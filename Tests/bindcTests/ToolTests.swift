import Foundation
import Testing

/// The tool's conventions, run on the built binary: help, version, usage errors, exit codes.
@Suite struct ToolTests {
    let bindc: BindcRunner
    init() throws { bindc = try BindcRunner() }

    @Test func version() throws {
        let r = try bindc.run(["--version"])
        #expect(r.status == 0)
        #expect(r.stdout == "bindc 0.1.0\n")
        // An argument after it is a mistake, not something to ignore.
        let extra = try bindc.run(["--version", "extra"])
        #expect(extra.status == 2)
        #expect(extra.stderr.hasPrefix("error: unexpected argument 'extra'"), "\(extra.stderr)")
    }

    /// `bindc` does not link Foundation: it costs every run about 9 MB of resident memory and
    /// half the start-up time of a small check (a buffered writer brought it back once). No
    /// source of the tool or of the libraries it links imports it.
    @Test func doesNotImportFoundation() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources").standardized
        var checked = 0
        for target in ["bindc", "BindingLang", "BindingRuntime", "BindingLanguageServer"] {
            let root = sources.appendingPathComponent(target)
            let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            for file in files where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                #expect(!text.split(separator: "\n").contains { $0.hasPrefix("import Foundation") }, "\(file.lastPathComponent)")
                checked += 1
            }
        }
        #expect(checked > 100)
    }

    @Test func toolHelpListsEveryCommand() throws {
        let r = try bindc.run(["--help"])
        #expect(r.status == 0)
        for name in ["compile", "check", "fmt", "dump", "explain", "plist", "swift", "help"] {
            #expect(r.stdout.contains("\n  \(name) "), "help lacks \(name)")
        }
        #expect(r.stdout.contains("EXIT STATUS:\n  0 "))
        #expect(try bindc.run(["help"]).stdout == r.stdout)
        #expect(try bindc.run(["-h"]).stdout == r.stdout)
        // `help` is a command too: `bindc help --help` is its help, the tool's.
        for asked in [["help", "--help"], ["help", "-h"], ["help", "help"]] {
            let h = try bindc.run(asked)
            #expect(h.status == 0 && h.stdout == r.stdout, "\(asked)")
        }
    }

    @Test(arguments: ["compile", "check", "fmt", "dump", "explain", "plist", "swift"])
    func commandHelp(_ name: String) throws {
        let a = try bindc.run(["help", name])
        let b = try bindc.run([name, "--help"])
        let c = try bindc.run([name, "-h"])
        #expect(a.status == 0 && b.status == 0 && c.status == 0)
        #expect(a.stdout.hasPrefix("OVERVIEW: "))
        #expect(a.stdout.contains("USAGE: bindc \(name) "))
        #expect(a.stdout == b.stdout && b.stdout == c.stdout)
        #expect(a.stderr.isEmpty)
    }

    @Test func noArgumentsIsAUsageError() throws {
        let r = try bindc.run([])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("USAGE: bindc COMMAND"))
    }

    @Test func mistypedCommandGetsDidYouMean() throws {
        let r = try bindc.run(["compil", "a.bind"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("error: unknown command 'compil'; did you mean 'compile'?\n"))
        let h = try bindc.run(["help", "dmp"])
        #expect(h.status == 2)
        #expect(h.stderr.contains("did you mean 'dump'?"))
        let v = try bindc.run(["--versoin"])
        #expect(v.status == 2)
        #expect(v.stderr.contains("did you mean '--version'?"))
        // Other tools' spellings of the version flag; an import format; a file's name.
        for (word, kind) in [("version", "command"), ("-V", "option"), ("-v", "option")] {
            let r = try bindc.run([word])
            #expect(r.status == 2 && r.stderr.hasPrefix("error: unknown \(kind) '\(word)'; did you mean '--version'?"), "\(r.stderr)")
        }
        let format = try bindc.run(["import", "vscod", "keys.json"])
        #expect(format.status == 2 && format.stderr.hasPrefix("error: unknown keymap format 'vscod'; did you mean 'vscode'?"))
        try bindc.write("editor.bind", "keymap \"E\"\n")
        let file = try bindc.run(["check", "edtor.bind"])
        #expect(file.status == 1 && file.stderr == "error: cannot read 'edtor.bind': no such file or directory; did you mean 'editor.bind'?\n", "\(file.stderr)")
        let far = try bindc.run(["check", "./zzzzzzzz.bind"])
        #expect(far.stderr == "error: cannot read './zzzzzzzz.bind': no such file or directory\n")
        // Names are compared without their shared extension (`nope` is not near `editor`), and
        // of two files equal up to case, the one cased as typed.
        #expect(try bindc.run(["check", "nope.bind"]).stderr == "error: cannot read 'nope.bind': no such file or directory\n")
        try bindc.write("Editor.bind", "keymap \"E\"\n")
        #expect(try bindc.run(["check", "edtor.bind"]).stderr.contains("did you mean 'editor.bind'?"))
        #expect(try bindc.run(["check", "Edtor.bind"]).stderr.contains("did you mean 'Editor.bind'?"))
    }

    @Test func mistypedOptionGetsDidYouMean() throws {
        let r = try bindc.run(["compile", "a.bind", "--ouput", "x"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("error: unknown option '--ouput'; did you mean '--output'?\n"))
        #expect(r.stderr.contains("usage: bindc compile [options] FILE... -o OUT\n"))
        #expect(r.stderr.contains("See 'bindc compile --help'."))
    }

    @Test func usageErrorsExitWithTwo() throws {
        #expect(try bindc.run(["check"]).status == 2)  // missing FILE
        #expect(try bindc.run(["compile", "a.bind"]).status == 2)  // missing -o
        #expect(try bindc.run(["compile", "a.bind", "--platform", "beos", "-o", "x"]).status == 2)
        #expect(try bindc.run(["dump"]).status == 2)  // missing INPUT
        #expect(try bindc.run(["fmt", "a.bind", "--check=yes"]).status == 2)
    }
}
