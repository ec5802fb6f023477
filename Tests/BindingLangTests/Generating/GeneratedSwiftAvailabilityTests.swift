import BindingLang
import Testing

/// The type-check against the stubs (`GeneratedSwiftTypeCheckTests`) runs on Linux, where the
/// compiler ignores `@available(iOS …)` and `@available(macOS …)`; so this test checks the
/// availability of the generated Swift itself: every use of a stub declaration that Apple
/// documents as newer than the generated code's floor (iOS 13, Mac Catalyst 13.1, macOS 10.15,
/// the versions `UIMenuBuilder` and friends need) must sit inside an `if #available(…)` or a
/// declaration marked `@available(…)` that names each of its platforms with at least its
/// version. UIKit's declarations are checked in the `#if canImport(UIKit)` part, AppKit's in the
/// `#if canImport(AppKit)` part.
@Suite struct GeneratedSwiftAvailabilityTests {
    typealias Versions = [String: [Int]]

    /// The versions below which nothing needs a check.
    static let floor: Versions = ["iOS": [13, 0], "macCatalyst": [13, 1], "macOS": [10, 15], "tvOS": [13, 0], "watchOS": [6, 0]]

    /// A declaration with an availability above the floor: how a use of it is spelled and what
    /// it needs.
    struct Gated {
        var pattern: String
        var needs: Versions
    }

    /// `Name 1.2` pairs of an `@available(…)` or `#available(…)` (not the `iOS, introduced:` form).
    static func versions(_ line: Substring) -> Versions {
        guard let open = line.firstIndex(of: "("), let close = line.lastIndex(of: ")"), open < close else { return [:] }
        var result: Versions = [:]
        for part in line[line.index(after: open)..<close].split(separator: ",") {
            let words = part.split(separator: " ")
            let version = words.count == 2 ? words[1].split(separator: ".").compactMap { Int($0) } : []
            if !version.isEmpty { result[String(words[0])] = version }
        }
        return result
    }

    /// The declarations of `stub` whose availability is above the floor, with the pattern a use
    /// is written with: `.name` for a property, `name(` for a function, `(label:` for an
    /// initialiser, the name for a type.
    static func gated(_ stub: String) -> [Gated] {
        let lines = stub.split(separator: "\n", omittingEmptySubsequences: false).map { $0.drop { $0 == " " } }
        var result: [Gated] = []
        for (i, line) in lines.enumerated() where line.hasPrefix("@available(") {
            let needs = versions(line).filter { platform, version in
                floor[platform].map { version.lexicographicallyPrecedes($0) || version == $0 } == false
            }
            guard !needs.isEmpty, let declaration = lines[(i + 1)...].first(where: { !$0.hasPrefix("@") }) else { continue }
            let words = declaration.split(whereSeparator: { " (:<{".contains($0) })
            if let k = words.firstIndex(where: { ["var", "let"].contains($0) }), k + 1 < words.count {
                result.append(Gated(pattern: "." + words[k + 1], needs: needs))
            } else if let k = words.firstIndex(of: "func"), k + 1 < words.count {
                result.append(Gated(pattern: words[k + 1] + "(", needs: needs))
            } else if let k = words.firstIndex(where: { ["struct", "class", "enum"].contains($0) }), k + 1 < words.count {
                result.append(Gated(pattern: String(words[k + 1]), needs: needs))
            } else if declaration.contains("init(") {
                // The first label, on the line of `init(` or the next.
                let rest = declaration[declaration.range(of: "init(")!.upperBound...]
                let label = (rest.isEmpty && i + 2 < lines.count ? lines[i + 2] : rest).split(separator: " ").first
                if let label { result.append(Gated(pattern: "(" + label + ":", needs: needs)) }
            }
        }
        return result
    }

    /// Each use of a `gated` declaration in `code` (one `#if` part of the generated file) that no
    /// enclosing availability covers, as `line: text`.
    static func uncovered(_ gated: [Gated], in code: String) -> [String] {
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        func indentation(_ line: Substring) -> Int { line.prefix { $0 == " " }.count }
        func covers(_ line: Substring, _ needs: Versions) -> Bool {
            let have = versions(line)
            return needs.allSatisfy { platform, version in
                have[platform].map { !$0.lexicographicallyPrecedes(version) } == true
            }
        }
        var findings: [String] = []
        for (i, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("//") { continue }
            for g in gated where uses(line, g.pattern) {
                if line.contains("#available("), covers(line, g.needs) { continue }
                var level = indentation(line)
                var covered = false
                var j = i - 1
                while j >= 0, level > 0, !covered {
                    let enclosing = lines[j]
                    let depth = indentation(enclosing)
                    if !enclosing.allSatisfy({ $0 == " " }), depth < level {
                        level = depth
                        let text = enclosing.drop { $0 == " " }
                        if text.hasPrefix("if #available(") || text.hasPrefix("guard #available(") {
                            covered = covers(text, g.needs)
                        }
                        // The attributes of an enclosing declaration, on the lines above it.
                        var k = j - 1
                        while !covered, k >= 0, lines[k].drop(while: { $0 == " " }).hasPrefix("@") {
                            let attribute = lines[k].drop { $0 == " " }
                            if attribute.hasPrefix("@available(") { covered = covers(attribute, g.needs) }
                            k -= 1
                        }
                    }
                    j -= 1
                }
                if !covered { findings.append("\(i + 1): \(trimmed)") }
            }
        }
        return findings
    }

    /// Whether `line` uses `pattern` as a whole name.
    static func uses(_ line: Substring, _ pattern: String) -> Bool {
        var rest = line[...]
        while let range = rest.range(of: pattern) {
            let before = range.lowerBound == line.startIndex ? nil : line[line.index(before: range.lowerBound)]
            let after = range.upperBound == line.endIndex ? nil : line[range.upperBound]
            let identifier: (Character?) -> Bool = { $0.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
            let leftOK = pattern.first.map { !$0.isLetter } ?? true || !identifier(before)
            let rightOK = pattern.last.map { !($0.isLetter || $0.isNumber) } ?? true || !identifier(after)
            if leftOK && rightOK { return true }
            rest = line[range.upperBound...]
        }
        return false
    }

    /// The part of `source` between `#if opening` (a line starting so) and its `#endif`.
    static func part(_ source: String, _ opening: String) -> String {
        var out: [Substring] = []
        var inside = false
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#if ") { inside = line.hasPrefix("#if " + opening) }
            else if line.hasPrefix("#endif") { inside = false }
            else if inside { out.append(line) }
        }
        return out.joined(separator: "\n")
    }

    @Test func stubDeclarationsNewerThanTheFloorAreFound() {
        let appKit = Self.gated(AppleStubs.appKit).map(\.pattern)
        #expect(appKit.contains(".allowsAutomaticKeyEquivalentLocalization"))
        #expect(appKit.contains(".allowsAutomaticKeyEquivalentMirroring"))
        let uiKit = Self.gated(AppleStubs.uiKit).map(\.pattern)
        #expect(uiKit.contains(".allowsAutomaticLocalization"))
        #expect(uiKit.contains(".wantsPriorityOverSystemBehavior"))
        let objectiveC = Self.gated(AppleStubs.objectiveC).map(\.pattern)
        #expect(objectiveC.contains("LocalizationValue") && objectiveC.contains("(localized:"))
        // An unguarded use is found; a guarded one, or one in a declaration marked available, is not.
        let gated = Self.gated(AppleStubs.appKit)
        #expect(Self.uncovered(gated, in: "    func f(item: NSMenuItem) {\n        item.allowsAutomaticKeyEquivalentMirroring = false\n    }").count == 1)
        #expect(Self.uncovered(gated, in: "    func f(item: NSMenuItem) {\n        if #available(macOS 11.0, *) {\n            item.allowsAutomaticKeyEquivalentMirroring = false\n        }\n    }").count == 1)
        #expect(Self.uncovered(gated, in: "    func f(item: NSMenuItem) {\n        if #available(macOS 12.0, *) {\n            item.allowsAutomaticKeyEquivalentMirroring = false\n        }\n    }").isEmpty)
        #expect(Self.uncovered(gated, in: "    @available(macOS 13.0, *)\n    func f(item: NSMenuItem) {\n        item.allowsAutomaticKeyEquivalentMirroring = false\n    }").isEmpty)
    }

    @Test func generatedSwiftUsesNewerDeclarationsOnlyWhereAvailable() throws {
        let objectiveC = Self.gated(AppleStubs.objectiveC)
        for (name, keymap) in try GeneratedSwiftTypeCheckTests.keymaps() {
            let source = SwiftGenerator.generate(keymap, typeName: name)
            let uiKit = Self.part(source, "canImport(UIKit)")
            let appKit = Self.part(source, "canImport(AppKit)")
            #expect(uiKit.contains("allowsAutomaticLocalization") && appKit.contains("allowsAutomaticKeyEquivalentLocalization"))
            #expect(Self.uncovered(Self.gated(AppleStubs.uiKit) + objectiveC, in: uiKit).isEmpty, "\(name)")
            #expect(Self.uncovered(Self.gated(AppleStubs.appKit) + objectiveC, in: appKit).isEmpty, "\(name)")
        }
    }
}
