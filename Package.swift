// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "BindKit",
    products: [
        .library(name: "BindingLang", targets: ["BindingLang"]),
        .library(name: "BindingRuntime", targets: ["BindingRuntime"]),
        .library(name: "BindingLanguageServer", targets: ["BindingLanguageServer"]),
        .executable(name: "bindc", targets: ["bindc"]),
        .executable(name: "tiny-editor", targets: ["TinyEditor"]),
        .executable(name: "bind-bench", targets: ["BindBench"]),
    ],
    targets: [
        // The runtime owns the table format and depends on nothing.
        .target(name: "BindingRuntime"),
        // The compiler front end and emitter; shares the format constants with the runtime.
        .target(name: "BindingLang", dependencies: ["BindingRuntime"]),
        // The language server: protocol, documents and answers, no input or output of its own.
        .target(name: "BindingLanguageServer", dependencies: ["BindingLang", "BindingRuntime"]),
        .executableTarget(name: "bindc", dependencies: ["BindingLang", "BindingRuntime", "BindingLanguageServer"]),
        .executableTarget(
            name: "TinyEditor", dependencies: ["BindingLang", "BindingRuntime"],
            path: "Examples/TinyEditor"),
        .executableTarget(
            name: "BindBench", dependencies: ["BindingLang", "BindingRuntime"],
            path: "Sources/bind-bench"),
        .testTarget(name: "BindingLangTests", dependencies: ["BindingLang", "BindingRuntime"]),
        .testTarget(name: "BindingRuntimeTests", dependencies: ["BindingRuntime", "BindingLang"]),
        .testTarget(name: "bindcTests", dependencies: ["bindc", "BindingLang", "BindingRuntime"]),
        .testTarget(
            name: "BindingLanguageServerTests",
            dependencies: ["BindingLanguageServer", "BindingLang", "BindingRuntime"]),
        .testTarget(name: "TinyEditorTests", dependencies: ["TinyEditor", "BindingLang", "BindingRuntime"]),
    ],
    swiftLanguageModes: [.v6]
)
