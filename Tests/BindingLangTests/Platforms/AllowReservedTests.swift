import BindingRuntime
import Testing
@testable import BindingLang

/// `@allowReserved` and the warnings it silences (Grammar.md §4.8, §11): what "not needed"
/// means, bindings that can never be chosen, and main-menu items.
struct AllowReservedTests {
    static let header = """
        responder E
        action a
        action b

        """

    /// The source with the fix-its of every diagnostic applied (back to front), and the
    /// messages.
    static func applyingFixIts(_ text: String, platform: Platform = .macOS) -> (String, [String]) {
        let (_, diagnostics, _) = checkSource(text, platform: platform)
        var bytes = Array(text.utf8)
        for fix in diagnostics.flatMap(\.fixIts).sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(fix.range.start..<fix.range.end, with: Array(fix.replacement.utf8))
        }
        return (String(decoding: bytes, as: UTF8.self), diagnostics.map(\.message))
    }

    /// `@allowReserved` also silences the Backspace warning of `ctrl+alt+delete` (Windows
    /// reserves Ctrl+Alt+Del), so it is needed there, on every platform; written `backspace`
    /// it silences nothing.
    @Test(arguments: [Platform.windows, .macOS, .linux])
    func allowReservedIsNeededWhereItSilencesTheBackspaceWarning(_ platform: Platform) {
        expectInlineDiagnostics([("t.bind", Self.header + """
            responder F
            in E {
              @allowReserved ctrl+alt+delete -> a
              @allowReserved cmd+k ctrl+alt+delete -> b
            }
            in F {
              @allowReserved ctrl+alt+backspace -> b // warning: '@allowReserved' is not needed: no platform reserves 'ctrl+alt+delete'
            }
            """)], platform: platform)
    }

    /// The warning that says `@allowReserved` is not needed removes it.
    @Test func anUnneededAllowReservedHasAFixItRemovingIt() {
        let (fixed, messages) = Self.applyingFixIts(Self.header + """
            in E {
              @allowReserved  shift+cmd+f -> a
              @priority @allowReserved @repeat ctrl+shift+y j -> b
            }
            menu "M" {
              @allowReserved "Plain" shift+cmd+g -> a
            }
            """)
        #expect(messages.count == 3, "\(messages)")
        #expect(fixed == Self.header + """
            in E {
              shift+cmd+f -> a
              @priority @repeat ctrl+shift+y j -> b
            }
            menu "M" {
              "Plain" shift+cmd+g -> a
            }
            """)
    }

    /// A binding or menu item whose condition is never true on the platform compiled for
    /// (or whose block's is) gets that warning only, not the reserved-shortcut warnings of
    /// its strokes (`cmd+p` and `cmd+s` are GNOME's on Linux).
    @Test func aBindingThatCanNeverBeChosenGetsNoReservedWarning() {
        expectInlineDiagnostics([("t.bind", """
            keymap "P" for linux, windows
            responder Editor
            action a
            in Editor {
              cmd+p -> a when platform == linux && platform == windows // warning: condition is never true; 'cmd+p' can never be chosen
              cmd+s -> a when platform not in (linux, windows)         // warning: condition is never true; 'cmd+s' can never be chosen on the platforms the keymap is for (linux, windows)
              @allowReserved cmd+l -> a when platform == macOS          // warning: condition is never true; 'cmd+l' can never be chosen on the platforms the keymap is for (linux, windows)
            }
            in Editor when platform == macOS { // warning: condition is never true; no binding of this block can be chosen on the platforms the keymap is for (linux, windows)
              cmd+m -> a
            }
            menu "M" {
              "X" cmd+v -> a when platform == iPadOS // warning: condition is never true; menu item "X" is never enabled on the platforms the keymap is for (linux, windows)
            }
            """)], platform: .linux)
        // On iPadOS, a never-chosen binding gets no text-input warning either.
        expectInlineDiagnostics([("t.bind", Self.header + """
            context m: Bool
            in E {
              j -> a when m && !m // warning: condition is never true; 'j' can never be chosen
            }
            """)], platform: .iPadOS)
    }

    /// On a main-menu item the reserved-shortcut warning says where `@allowReserved` goes:
    /// before the menu item (its title); on an item without a key equivalent the attributes
    /// an item takes for its key equivalent have no effect, each a warning with a fix-it
    /// removing it.
    @Test func mainMenuItemsAndAllowReserved() {
        expectInlineDiagnostics([("t.bind", Self.header + """
            menu "M" {
              "Spot" cmd+space -> a             // warning: 'cmd+space' is reserved by macOS, which takes it before the app (Spotlight: show or hide the search field); write @allowReserved before the menu item to keep it anyway
              @allowReserved "Spot2" alt+cmd+space -> a
              @allowReserved "NoKey" -> a       // warning: '@allowReserved' has no effect: the menu item has no key equivalent
              @allowLayouts(de) "NoKey2" -> b   // warning: '@allowLayouts' has no effect: the menu item has no key equivalent
            }
            """)])
        let (fixed, _) = Self.applyingFixIts(Self.header + """
            menu "M" {
              @allowReserved @noMirroring "NoKey" -> a
              @allowLayouts(de)   "NoKey2" -> b
            }
            """)
        #expect(fixed == Self.header + """
            menu "M" {
              "NoKey" -> a
              "NoKey2" -> b
            }
            """)
    }
}
