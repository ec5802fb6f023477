// swift-tools-version: 6.0
import PackageDescription

// An app-side package that adopts BindKit the way an app does: it depends on BindKit (here by
// path), applies the build plugin to the target holding its .bind file, and loads the
// compiled table from Bundle.module. `.ci/run` builds and tests it.
let package = Package(
    name: "PluginDemo",
    dependencies: [
        .package(name: "BindKit", path: "../.."),
    ],
    targets: [
        .target(
            name: "DemoKeys",
            dependencies: [.product(name: "BindingRuntime", package: "BindKit")],
            plugins: [.plugin(name: "BindKitPlugin", package: "BindKit")]),
        .testTarget(name: "DemoKeysTests", dependencies: ["DemoKeys"]),
    ],
    swiftLanguageModes: [.v6]
)
