import BindingRuntime
import Testing
@testable import BindingLang

/// On iPadOS, bindings the generated `UIKeyCommand`s cannot deliver (Grammar.md §11): two
/// chords that are one key command, and keys UIKit has no key command input for.
struct UIKeyCommandTests {
    static let header = """
        responder Editor, Window
        action search
        action go

        """

    /// The later of two distinct chords that are one UIKit key command (same input and
    /// modifier flags) is warned about, once per chord, with a note at the first binding of the
    /// other; conditions and roles do not matter, since UIKit keeps one key command whatever the
    /// app's state. Main-menu key equivalents count.
    @Test func twoChordsThatAreOneKeyCommandAreWarnedAbout() {
        expectInlineDiagnostics(Self.header + #"""
            in Editor {
              cmd+return -> search          // note: 'cmd+return' is bound here
              cmd+enter -> go when !inside Window // warning: on iPadOS 'cmd+enter' is the same key command as 'cmd+return' (UIKit input "\r"), and UIKit keeps only one of the two
              cmd+1 -> search               // note: 'cmd+1' is bound here
              cmd+Digit1 -> go              // warning: on iPadOS 'cmd+Digit1' is the same key command as 'cmd+1' (UIKit input "1"), and UIKit keeps only one of the two
              cmd+2 -> search
              shift+cmd+Digit2 -> go
              cmd+KeyJ -> go                // note: 'cmd+KeyJ' is bound here
            }
            in Window {
              cmd+enter -> search
              cmd+return -> go
            }
            menu "Go" {
              "Search" cmd+j -> search      // warning: on iPadOS 'cmd+j' is the same key command as 'cmd+KeyJ' (UIKit input "j"), and UIKit keeps only one of the two
            }
            """#, platform: .iPadOS)
    }

    /// A stroke UIKit has no key command input for, first or later, is warned about once per
    /// binding, at its sequence; a main-menu key equivalent too.
    @Test func keysWithoutAKeyCommandInputAreWarnedAbout() {
        expectInlineDiagnostics(Self.header + """
            in Editor {
              f13 -> search                 // warning: UIKit has no key command input for 'f13', so on iPadOS no key command can deliver it
              cmd+k insert f20 -> go        // warning: UIKit has no key command input for 'insert', so on iPadOS no key command can deliver it
              f12 -> go
            }
            menu "Go" {
              "Search" shift+f24 -> search  // warning: UIKit has no key command input for 'shift+f24', so on iPadOS no key command can deliver it
            }
            """, platform: .iPadOS)
    }

    /// Elsewhere neither rule applies: other platforms do not deliver keys as `UIKeyCommand`s.
    @Test func onlyOnIPadOS() {
        for platform in [Platform.macOS, .windows, .linux] {
            let (_, diagnostics, _) = checkSource(Self.header + """
                in Editor {
                  cmd+return -> search
                  cmd+enter -> go
                  cmd+1 -> search
                  cmd+Digit1 -> go
                  ctrl+f13 -> go
                }
                """, platform: platform)
            // (Windows and GNOME reserve cmd+1, and warn about it.)
            let messages = diagnostics.map(\.message).filter { !$0.contains("reserved by") }
            #expect(messages.isEmpty, "\(platform): \(messages)")
        }
    }
}
