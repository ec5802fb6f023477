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
        // App developers: compile a target's .bind files at build time (table as a resource,
        // typed Swift), or write the same files into the source tree.
        .plugin(name: "BindKitPlugin", targets: ["BindKitPlugin"]),
        .plugin(name: "GenerateKeymap", targets: ["GenerateKeymap"]),
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
            name: "BindBench", dependencies: ["BindingLang", "BindingRuntime", "BindingLanguageServer"],
            path: "Sources/bind-bench"),
        .plugin(name: "BindKitPlugin", capability: .buildTool(), dependencies: ["bindc"]),
        .plugin(
            name: "GenerateKeymap",
            capability: .command(
                intent: .custom(verb: "generate-keymap", description: "Write Keymap.bindtable and Keymap.swift beside the .bind files"),
                permissions: [.writeToPackageDirectory(reason: "writes the compiled keymap and its Swift into the source tree")]),
            dependencies: ["bindc"]),
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
