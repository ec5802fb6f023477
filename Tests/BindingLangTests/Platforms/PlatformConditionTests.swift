import BindingRuntime
import Testing
@testable import BindingLang

/// The built-in `platform` (Grammar.md §4.7): a compile-time switch, checked per platform.
struct PlatformConditionTests {
    static let header = """
        responder Editor
        action search
        action jump

        """

    @Test(arguments: Platform.allCases)
    func onlyTheSelectedPlatformsBindingsRemain(_ platform: Platform) throws {
        let (keymap, diagnostics, _) = checkSource(Self.header + """
            in Editor {
              cmd+y -> search when platform == macOS
              cmd+y -> jump   when platform in (windows, linux)
              alt+cmd+j -> jump when platform != macOS
            }
            in Editor when platform == iPadOS {
              cmd+i -> search
            }
            menu "Go" {
              "Jump" cmd+j -> jump when platform == linux
            }
            """, platform: platform)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        let k = try #require(keymap)
        let keys = Set(k.bindings.map { $0.sequence.map(\.sourceText).joined(separator: " ") + "->" + k.actions[$0.action].name })
        var expected: Set<String> = []
        switch platform {
        case .macOS: expected = ["cmd+y->search"]
        case .iPadOS: expected = ["alt+cmd+j->jump", "cmd+i->search"]
        case .windows: expected = ["cmd+y->jump", "alt+cmd+j->jump"]
        case .linux: expected = ["cmd+y->jump", "alt+cmd+j->jump", "cmd+j->jump"]
        }
        #expect(keys == expected)
        #expect(k.platform == platform)
        // A condition that is only about the platform folds to a constant.
        #expect(k.bindings.allSatisfy { $0.condition == .constant(true) })
    }

    @Test func conflictsAreCheckedPerPlatform() {
        let text = Self.header + """
            in Editor {
              primary+k -> search  // note: the other binding is here
              ctrl+k    -> jump    // error: 'ctrl+k' is bound twice in role 'Editor'
            }
            """
        // On Windows `primary` is ctrl: the two collide (the error is at the later binding).
        expectInlineDiagnostics(text, platform: .windows)
        // On macOS `primary` is cmd: no conflict.
        let (keymap, diagnostics, _) = checkSource(text, platform: .macOS)
        #expect(keymap != nil && diagnostics.isEmpty)
    }

    @Test func mistakesAreErrors() {
        expectInlineDiagnostics(Self.header + """
            context platform: Bool                   // error: 'platform' is built in (the platform compiled for, set by --platform); choose another name
            in Editor {
              cmd+1 -> search when platform == macos   // error: unknown platform 'macos' (the platforms are macOS, iPadOS, windows, linux); did you mean 'macOS'?
              cmd+2 -> search when platform            // error: enumeration context 'platform' is not a condition; compare it with '==' or 'in'
              cmd+3 -> search when platform == "linux" // error: cannot compare enumeration context 'platform' with a string
              cmd+4 -> search when platfrom == linux   // error: unknown context variable 'platfrom'; did you mean 'platform'?
              cmd+5 -> search when platform == true    // error: cannot compare enumeration context 'platform' with a Boolean
            }
            """)
    }

    @Test func anUnsatisfiableConditionIsStillWarnedWhenThePlatformIsNotTheReason() {
        expectInlineDiagnostics(Self.header + """
            context on: Bool
            in Editor {
              cmd+1 -> search when platform == macOS && on && !on  // warning: condition is never true; 'cmd+1' can never be chosen
              cmd+2 -> search when on && !on                       // warning: condition is never true; 'cmd+2' can never be chosen
            }
            """, platform: .macOS)
    }

    @Test func anOffPlatformBlockUnbindsNothing() throws {
        let base = Self.header + """
            in Editor {
              cmd+k -> search
            }
            """
        let user = """
            in Editor when platform == windows {
              unbind cmd+k
            }
            """
        let (mac, macDiagnostics, _) = checkSources([("a.bind", base), ("b.bind", user)], platform: .macOS)
        #expect(macDiagnostics.isEmpty)
        #expect(try #require(mac).bindings.count == 1)
        let (win, _, _) = checkSources([("a.bind", base), ("b.bind", user)], platform: .windows)
        #expect(try #require(win).bindings.isEmpty)
    }

    @Test func platformNamesAndAliases() {
        #expect(Platform(name: "macos") == .macOS)
        #expect(Platform(name: "iPadOS") == .iPadOS)
        #expect(Platform(name: "Windows") == .windows)
        #expect(Platform(name: "apple") == .macOS)
        #expect(Platform(name: "other") == .linux)
        #expect(Platform(name: "beos") == nil)
        for p in Platform.allCases { #expect(Platform(tableCode: p.tableCode) == p) }
        #expect(Platform.windows.primaryModifier == .control && Platform.iPadOS.primaryModifier == .command)
    }
}
