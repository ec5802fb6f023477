import Foundation
import Testing

/// The package is Apache-2.0 licensed: the full licence text is at the root, and the README
/// says so.
@Test func licenseIsApache2AndTheReadmeSaysSo() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let license = try String(contentsOf: root.appendingPathComponent("LICENSE"), encoding: .utf8)
    #expect(license.contains("Apache License\n                           Version 2.0, January 2004"))
    #expect(license.contains("END OF TERMS AND CONDITIONS"))
    #expect(license.contains("9. Accepting Warranty or Additional Liability."))
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains("Apache License, Version 2.0"))
    #expect(readme.contains("[LICENSE](LICENSE)"))
    // The VS Code extension ships under the same licence.
    let package = try String(contentsOf: root.appendingPathComponent("Editors/vscode/package.json"), encoding: .utf8)
    #expect(package.contains(#""license": "Apache-2.0""#))
}
