import Foundation

/// Source fixtures for the subprocess tests.
enum Fixtures {
    /// A valid keymap shaped like Grammar.md's example: contexts, roles, actions, groups, a
    /// two-stroke sequence shadowed by a nearer role, menus and a quick action.
    static let editor = #"""
keymap "Editor"

context loggedIn: Bool
context readOnly: Bool
context mode: normal | insert | visual

responder TextView, Editor, Window, App     // roles, nearest first

action selectTab(Int)
action search
action commentLine
action showProfile

in Editor {
  group "Tabs" {
    cmd+1 -> selectTab(1)  "Types"
    cmd+2 -> selectTab(2)  "Protocols"
  }
  cmd+alt+f      -> search       "Find…"
  ctrl+k ctrl+c  -> commentLine  "Comment Line"    // two strokes
  escape         -> cancelOperation                 // no title: works, not listed
}

in Editor when loggedIn {
  cmd+shift+p -> showProfile "Profile"
}

in TextView when mode == insert && !readOnly {
  primary+b -> toggleBoldface "Bold"
}

in Window {
  ctrl+k ctrl+c -> search "Search Window"
}

menu edit {
  "Copy"   -> copy
  "Define" -> define  when !readOnly
}

menu "File" {
  "New Tab" cmd+t -> selectTab(1)
}

shortcut "com.example.editor.search" {
  title    "Search"
  subtitle "Find in all files"
  icon     search
  userInfo { source: "home", depth: 2 }
}
"""#

    /// Two errors: an unknown role and a misspelt action (with a did-you-mean).
    static let broken = """
        keymap "x"
        action foo
        in Editor {
          cmd+k -> fo "Foo"
        }

        """

    /// Valid, with one warning (an empty title).
    static let warningOnly = """
        responder Editor
        in Editor {
          cmd+k -> copy ""
        }

        """

    /// The package's Examples directory.
    static let examplesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples")

    /// Every `.bind` file under Examples/ (recursively, not in hidden folders such as `.build`), sorted.
    static var exampleFiles: [URL] {
        guard let walker = FileManager.default.enumerator(at: examplesDirectory, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else {
            return []
        }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "bind" }
            .sorted { $0.path < $1.path }
    }
}
