import Foundation
import Testing

/// Where the tools write and what they read, when a path is not a plain file or names another
/// argument: `-o /dev/stdout` into a pipe, `strings` with a device or a pipe, an output that is
/// one of the inputs, an import over itself, a `layer over` naming a device.
@Suite struct DestinationTests {
    /// `-o /dev/stdout`, `/dev/stderr` and `/dev/fd/N` write to the descriptor, whatever it is
    /// (here the runner's pipes): they were resolved as links to a `pipe:[…]` path that does
    /// not exist, an error.
    @Test func theStandardStreamsAreWrittenTo() throws {
        let bindc = try BindcRunner()
        _ = try bindc.write("app.bind", WriterFailureTests.keymap)
        let out = try bindc.run(["plist", "app.bind", "-o", "/dev/stdout"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.hasPrefix("<?xml"), "\(out.stdout)")
        let err = try bindc.run(["plist", "app.bind", "-o", "/dev/stderr"])
        #expect(err.status == 0 && err.stdout.isEmpty)
        #expect(err.stderr.hasPrefix("<?xml"), "\(err.stderr)")
        let fd = try bindc.run(["compile", "app.bind", "-o", "/dev/fd/1"])
        #expect(fd.status == 0, "\(fd.stderr)")
        #expect(fd.stdoutBytes.starts(with: [0x89, 0x42, 0x4B, 0x54]), "\(fd.stdoutBytes.prefix(8))")  // the table's magic
    }

    /// `strings` merges with the catalog a file holds; a device or a pipe holds none: it is
    /// written to (it tried to read `/dev/null` as JSON, and blocked reading a pipe).
    @Test func stringsWritesToADeviceOrAPipeWithoutMerging() throws {
        let bindc = try BindcRunner()
        _ = try bindc.write("app.bind", WriterFailureTests.keymap)
        let null = try bindc.run(["strings", "app.bind", "-o", "/dev/null"])
        #expect(null.status == 0, "\(null.stderr)")
        let out = try bindc.run(["strings", "app.bind", "-o", "/dev/stdout"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("\"sourceLanguage\" : \"en\"") || out.stdout.contains("\"sourceLanguage\": \"en\""), "\(out.stdout)")
    }

    /// An output that names an input (itself, or through a link) would replace the source
    /// with what is made from it: a usage error, and the file is kept.
    @Test func anOutputThatIsAnInputIsRefused() throws {
        let bindc = try BindcRunner()
        _ = try bindc.write("app.bind", WriterFailureTests.keymap)
        try FileManager.default.createSymbolicLink(atPath: bindc.path("same.bind"), withDestinationPath: "app.bind")
        for arguments in [["compile", "app.bind", "-o", "app.bind"], ["swift", "app.bind", "-o", "same.bind"],
                          ["strings", "app.bind", "-o", "x.xcstrings", "--info-plist", "app.bind"]] {
            let r = try bindc.run(arguments)
            #expect(r.status == 2, "\(arguments): \(r.stderr)")
            #expect(r.stderr.contains("writing the output there would replace it"), "\(r.stderr)")
            #expect(bindc.read("app.bind") == Array(WriterFailureTests.keymap.utf8))
        }
    }

    /// `bindc import` over the file it imports, over one base twice, or writing the layer
    /// where its `layer over` expects the base: each made a layering cycle that only `check`
    /// found. Zed's vim.json over the defaults gets no note telling it to layer over itself.
    @Test func anImportCannotLayerOverItself() throws {
        let bindc = try BindcRunner()
        _ = try bindc.write("default.json", #"[{ "context": "Editor", "bindings": { "ctrl-d": "editor::Duplicate" } }]"#)
        _ = try bindc.write("vim.json", #"[{ "context": "VimControl && !menu", "bindings": { "j": "vim::Down" } }]"#)
        let cases: [([String], String)] = [
            (["--over", "default.json", "--over", "vim.json"], "'vim.json' is the keymap being imported"),
            (["--over", "default.json", "--over", "./default.json"], "is given to --over twice"),
            (["--over", "default.json", "-o", "default.bind"], "is where the layer's base 'default.json' is expected"),
        ]
        for (options, message) in cases {
            let r = try bindc.run(["import", "zed", "vim.json"] + options)
            #expect(r.status == 2, "\(options): \(r.stderr)")
            #expect(r.stderr.contains(message), "\(options): \(r.stderr)")
        }
        let vim = try bindc.run(["import", "zed", "vim.json", "--over", "default.json", "-o", "vim.bind"])
        #expect(vim.status == 0, "\(vim.stderr)")
        #expect(!vim.stderr.contains("Vim mode"), "\(vim.stderr)")
    }

    /// A compiled table given where `.bind` source is read is named for what it is, once (it
    /// was read as text: a screen of "unexpected control character" errors).
    @Test func aTableIsNotReadAsSource() throws {
        let bindc = try BindcRunner()
        _ = try bindc.write("app.bind", WriterFailureTests.keymap)
        #expect(try bindc.run(["compile", "app.bind", "-o", "app.bindtable"]).status == 0)
        for command in ["check", "fmt"] {
            let r = try bindc.run([command, "app.bindtable"])
            #expect(r.status == 1, "\(command)")
            #expect(r.stderr == "error: cannot read 'app.bindtable': it is a compiled binding table, not .bind source\n", "\(command): \(r.stderr)")
        }
        #expect(try bindc.run(["dump", "app.bindtable"]).status == 0)
    }

    /// A `layer over` naming a device or a pipe is an error at the directive: reading
    /// `/dev/stdin` blocked `bindc`, and in the language server read its own protocol stream.
    @Test func aBaseThatIsADeviceIsAnError() throws {
        let bindc = try BindcRunner()
        _ = try bindc.write("layer.bind", "layer over \"/dev/stdin\"\nresponder R\n")
        let r = try bindc.run(["check", "layer.bind"], stdin: "")
        #expect(r.status == 1)
        #expect(r.stderr.contains("layer.bind:1:12: error: cannot read '/dev/stdin': is a"), "\(r.stderr)")
        #expect(r.stderr.contains("not a file"), "\(r.stderr)")
    }
}
