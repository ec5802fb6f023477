import BindingRuntime
import Testing
@testable import BindingLang

/// `bindkit.json` as `bindc --config` reads it: options, layer order, and every mistake at its
/// place in the file.
struct KeymapConfigTests {
    static func read(_ text: String) -> (KeymapConfig?, [String]) {
        var sources = SourceManager()
        let file = SourceFile(path: "Sources/App/bindkit.json", text: text)
        let id = sources.add(file)
        let (config, diagnostics) = KeymapConfig.read(file, file: id)
        let rendered = diagnostics.map { d -> String in
            let l = sources.location(of: d.range)
            return "\(l.line):\(l.column): \(d.message)" + (d.fixIts.first.map { " [fix: \($0.replacement)]" } ?? "")
        }
        return (config, rendered)
    }

    @Test func optionsAndOrder() throws {
        let (config, errors) = Self.read("""
            // comments and trailing commas, as in VS Code's JSON
            { "layers": ["Base.bind", "User.bind",], "platform": "iPadOS", "namespace": "AppKeymap" }
            """)
        #expect(errors.isEmpty)
        let c = try #require(config)
        #expect(c.platform == .iPadOS && c.namespace == "AppKeymap")
        let given = ["Sources/App/User.bind", "Sources/App/Base.bind"]
        let (ordered, orderErrors) = c.order(given, configPath: "Sources/App/bindkit.json")
        #expect(orderErrors.isEmpty)
        #expect(ordered == ["Sources/App/Base.bind", "Sources/App/User.bind"])
        // Without layers, the files as given.
        #expect(KeymapConfig().order(given, configPath: "bindkit.json").0 == given)
        #expect(Self.read("{}").0 == KeymapConfig())
        #expect(Self.read(#"{"platform": "apple"}"#).0?.platform == .macOS)
    }

    @Test func mistakesArePositioned() {
        #expect(Self.read("{\n  \"layer\": [\"A.bind\"]\n}").1
            == ["2:3: unknown key 'layer'; did you mean 'layers'? [fix: \"layers\"]"])
        #expect(Self.read("{\"colour\": 1}").1 == ["1:2: unknown key 'colour'; the keys are layers, platform, namespace"])
        #expect(Self.read("{\"platform\": \"ipad\"}").1.first?.hasPrefix("1:14: unknown platform 'ipad' (the platforms are macOS, iPadOS, windows, linux, and apple for macOS, other for linux); did you mean 'iPadOS'?") == true)
        #expect(Self.read("{\"platform\": 3}").1 == ["1:14: 'platform' must be a string, found a number"])
        #expect(Self.read("{\"layers\": \"A.bind\"}").1 == ["1:12: 'layers' must be an array of file names, found a string"])
        #expect(Self.read("{\"namespace\": \"app keymap\"}").1
            == ["1:15: namespace 'app keymap' is not a Swift type name; did you mean 'AppKeymap'? [fix: \"AppKeymap\"]"])
        #expect(Self.read("{\"namespace\": \"String\"}").1
            == ["1:15: namespace 'String' is a type the generated code uses, which the namespace would hide; did you mean 'StringKeymap'? [fix: \"StringKeymap\"]"])
        #expect(Self.read("{\"namespace\": \"string\"}").1
            == ["1:15: namespace 'string' is not a Swift type name; did you mean 'StringKeymap'? [fix: \"StringKeymap\"]"])
        #expect(Self.read("[1]").1.first?.hasPrefix("1:1: bindkit.json must hold an object") == true)
        #expect(Self.read("{\"platform\": \"macOS\", \"platform\": \"linux\"}").1 == ["1:23: key 'platform' is given twice"])
        #expect(Self.read("{\"layers\": [}").1.count == 1)
    }

    @Test func layersMustNameEveryFileOnce() throws {
        let given = ["App/A.bind", "App/B.bind"]
        func errors(_ text: String) throws -> [String] {
            var sources = SourceManager()
            let file = SourceFile(path: "App/bindkit.json", text: text)
            let id = sources.add(file)
            let config = try #require(KeymapConfig.read(file, file: id).0)
            return config.order(given, configPath: "App/bindkit.json").1.map { d in
                let l = sources.location(of: d.range)
                return "\(l.line):\(l.column): \(d.message)"
            }
        }
        #expect(try errors(#"{"layers": ["A.bind", "C.bind"]}"#) == ["1:23: layer 'C.bind' is not one of the .bind files given (App/A.bind, App/B.bind)"])
        #expect(try errors(#"{"layers": ["A.bind", "./A.bind", "B.bind"]}"#) == ["1:23: layer './A.bind' is listed twice"])
        #expect(try errors(#"{"layers": ["B.bind"]}"#) == ["1:2: 'App/A.bind' is not in 'layers'; list every .bind file in the order to layer them"])
        #expect(try errors(#"{"layers": ["B.bind", "A.bind"]}"#).isEmpty)
    }
}
