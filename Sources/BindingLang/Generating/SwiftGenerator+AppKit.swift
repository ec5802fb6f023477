/// The part of the generated file that uses AppKit, under `#if canImport(AppKit)` (and not
/// Mac Catalyst, which takes the UIKit part): the main menus as `NSMenu`s whose items carry
/// their key equivalents. Every AppKit declaration used is listed, with where its signature
/// comes from, in the test stub `Tests/…/Generating/AppleStubs.swift`.
extension SwiftGenerator.Generator {
    mutating func appKitHelpers() {
        let code = """
            #if canImport(AppKit) && !targetEnvironment(macCatalyst)
            extension \(typeName).Modifiers {
                /// The same modifiers as AppKit flags (`NSMenuItem.keyEquivalentModifierMask`).
                public var nsEventModifierFlags: NSEvent.ModifierFlags {
                    var flags: NSEvent.ModifierFlags = []
                    if contains(.shift) { flags.insert(.shift) }
                    if contains(.control) { flags.insert(.control) }
                    if contains(.alternate) { flags.insert(.option) }
                    if contains(.command) { flags.insert(.command) }
                    if contains(.capsLock) { flags.insert(.capsLock) }
                    if contains(.numericPad) { flags.insert(.numericPad) }
                    return flags
                }
            }

            extension \(typeName) {
                /// One `NSMenu` per main menu, in declared order (add each as the submenu of an item
                /// of `NSApplication.shared.mainMenu`).
                @MainActor
                public static func nsMenus(action selector: Selector, bundle: Bundle = .main) -> [NSMenu] {
                    mainMenus.map { nsMenu($0, action: selector, bundle: bundle) }
                }

                /// `menu` as an `NSMenu`: each command is an `NSMenuItem` sending `selector`, with its
                /// key equivalent and modifier mask, and a `representedObject` only this file can make
                /// that holds its index in `menuCommands` (`tag` is left to the app);
                /// submenus and separators as declared. From macOS 12, an item whose command says
                /// `@noRemapping` turns off `allowsAutomaticKeyEquivalentLocalization` (and
                /// mirroring), one that says `@noMirroring` `allowsAutomaticKeyEquivalentMirroring`.
                @MainActor
                public static func nsMenu(_ menu: Menu, action selector: Selector, bundle: Bundle = .main) -> NSMenu {
                    let result = NSMenu(title: localized(menu.title, bundle: bundle))
                    for child in menu.children {
                        switch child {
                        case .separator:
                            result.addItem(NSMenuItem.separator())
                        case .submenu(let submenu):
                            let item = NSMenuItem(title: localized(submenu.title, bundle: bundle), action: nil, keyEquivalent: "")
                            item.submenu = nsMenu(submenu, action: selector, bundle: bundle)
                            result.addItem(item)
                        case .command(let command):
                            let key = command.keyEquivalent
                            let item = NSMenuItem(title: localized(command.title, bundle: bundle), action: selector, keyEquivalent: key?.keyEquivalent ?? "")
                            item.keyEquivalentModifierMask = key?.keyEquivalent == nil ? [] : key?.modifiers.nsEventModifierFlags ?? []
                            item.representedObject = MenuCommandIndex(index: command.index)
                            if #available(macOS 12.0, *) {
                                if !command.allowsAutomaticLocalization { item.allowsAutomaticKeyEquivalentLocalization = false }
                                if !command.allowsAutomaticMirroring { item.allowsAutomaticKeyEquivalentMirroring = false }
                            }
                            result.addItem(item)
                        }
                    }
                    return result
                }

                /// The main-menu command an item built by `nsMenu` stands for (read in the method
                /// `selector` names, and in `validateMenuItem(_:)` to enable it by its condition); nil
                /// for any other item, such as the app's own or a standard one (Copy, Quit).
                @MainActor
                public static func menuCommand(for item: NSMenuItem) -> MenuCommand? {
                    guard let command = item.representedObject as? MenuCommandIndex, menuCommands.indices.contains(command.index) else { return nil }
                    return menuCommands[command.index]
                }

                /// What `nsMenu` sets as a command's item's `representedObject`: the command's index
                /// in `menuCommands`, in a type private to this file, so that `menuCommand(for:)`
                /// recognises the items `nsMenu` made and no other (an item's `tag` is 0 by default,
                /// which is also an index).
                private struct MenuCommandIndex: Sendable {
                    let index: Int
                }
            }
            #endif
            """
        out += code + "\n"
    }
}
