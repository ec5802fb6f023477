/// The part of the generated file that uses UIKit, under `#if canImport(UIKit)`: key commands
/// with discoverability titles, the main menus for `UIMenuBuilder`, the edit menu as
/// `UIAction`s for `UIEditMenuInteraction` (and as `UIMenuItem`s, deprecated since iOS 16),
/// and the parser for `UIApplicationShortcutItem`. Every UIKit declaration used is listed,
/// with where its signature comes from, in the test stub `Tests/…/Generating/AppleStubs.swift`.
/// Every title goes through `localized(_:bundle:)` (``appleLocalization()``).
extension SwiftGenerator.Generator {
    mutating func uiKitHelpers() {
        let code = """
            #if canImport(UIKit)
            extension \(typeName).Modifiers {
                /// The same modifiers as UIKit flags.
                public var uiKeyModifierFlags: UIKeyModifierFlags {
                    var flags: UIKeyModifierFlags = []
                    if contains(.shift) { flags.insert(.shift) }
                    if contains(.control) { flags.insert(.control) }
                    if contains(.alternate) { flags.insert(.alternate) }
                    if contains(.command) { flags.insert(.command) }
                    if contains(.capsLock) { flags.insert(.alphaShift) }
                    if contains(.numericPad) { flags.insert(.numericPad) }
                    return flags
                }
            }

            extension \(typeName) {
                /// The `UIKeyCommand`s for a responder's `keyCommands`, one per distinct chord of the
                /// key commands' sequences that can be pressed now, each sending `selector`;
                /// `chordCode(for:)` reads back its chord's code, which the method `selector` names
                /// hands to the runtime's dispatcher (it handles sequences and conditions). UIKit reads
                /// `keyCommands` at each press and delivers a press only when a key command matches
                /// it, so this list says which presses the app takes from the text view and the rest
                /// of the responder chain:
                ///
                /// - The first strokes, always, in declaration order: a stroke's discoverability
                ///   title is that of the first titled one-stroke command it starts.
                /// - With `pending` true, then the chords that only continue sequences (the `ctrl+s`
                ///   of `ctrl+k ctrl+s`), without which UIKit would never deliver those presses:
                ///   untitled, with no discoverability title and `.hidden`, so that neither the
                ///   discoverability overlay nor a menu shows them; one whose input and modifier
                ///   flags are already a command of the list is left out, as UIKit would keep only
                ///   one of the two.
                ///
                /// Pass the dispatcher's state, `pending: dispatcher.isPending`: with nothing
                /// pending, a continuation is no key command, so a press of `ctrl+s` (or of an arrow
                /// that continues an `@priority` sequence) goes to text input and `pressesBegan` as
                /// if the keymap did not have it. The two lists can be built once and chosen at each
                /// press. A list that holds the continuations all the time (`pending: true`) needs
                /// `wantsKeyCommand(_:pending:)` in `canPerformAction(_:withSender:)` instead.
                ///
                /// Leave out the main menus' key equivalents when `buildMainMenus` puts them in the
                /// menu bar. A chord of an `@priority` command, at any place in its sequence, asks
                /// UIKit (iOS 15) to deliver it before text input and focus
                /// (`wantsPriorityOverSystemBehavior`); a first stroke of a `@noRemapping` command
                /// turns off `allowsAutomaticLocalization` (and with it mirroring), one of a
                /// `@noMirroring` command `allowsAutomaticMirroring`.
                @MainActor
                public static func uiKeyCommands(action selector: Selector, pending: Bool, includingMenuKeyEquivalents: Bool = true, bundle: Bundle = .main) -> [UIKeyCommand] {
                    var titles: [UInt32: String] = [:]
                    for command in keyCommands where command.strokes.count == 1 {
                        if let code = command.strokes.first?.code, let title = command.title, titles[code] == nil { titles[code] = title }
                    }
                    // The chords whose commands turn the iOS 15 properties from their defaults.
                    var priority: Set<UInt32> = []
                    var fixedLocalization: Set<UInt32> = []
                    var fixedMirroring: Set<UInt32> = []
                    if #available(iOS 15.0, macCatalyst 15.0, *) {
                        for command in keyCommands {
                            guard let first = command.strokes.first?.code else { continue }
                            if command.wantsPriorityOverSystemBehavior { priority.formUnion(command.strokes.map(\\.code)) }
                            if !command.allowsAutomaticLocalization { fixedLocalization.insert(first) }
                            if !command.allowsAutomaticMirroring { fixedMirroring.insert(first) }
                        }
                    }
                    let included = keyCommands.filter { includingMenuKeyEquivalents || $0.role != nil }
                    var seen: Set<UInt32> = []
                    var inputs: Set<String> = []
                    var commands: [UIKeyCommand] = []
                    for continuing in pending ? [false, true] : [false] {
                        for binding in included {
                            for stroke in continuing ? binding.strokes.dropFirst() : binding.strokes.prefix(1) {
                                guard let input = stroke.input, !seen.contains(stroke.code) else { continue }
                                let flags = stroke.modifiers.uiKeyModifierFlags
                                guard inputs.insert("\\(flags.rawValue) \\(input)").inserted || !continuing else { continue }
                                seen.insert(stroke.code)
                                let title = continuing ? nil : titles[stroke.code].map { localized($0, bundle: bundle) }
                                var properties = [chordCodeKey: Int(stroke.code)]
                                if continuing { properties[continuationKey] = 1 }
                                let command = UIKeyCommand(
                                    title: title ?? "", image: nil, action: selector, input: input,
                                    modifierFlags: flags, propertyList: properties,
                                    alternates: [], discoverabilityTitle: title, attributes: continuing ? .hidden : [], state: .off)
                                if #available(iOS 15.0, macCatalyst 15.0, *) {
                                    if priority.contains(stroke.code) { command.wantsPriorityOverSystemBehavior = true }
                                    if fixedLocalization.contains(stroke.code) { command.allowsAutomaticLocalization = false }
                                    if fixedMirroring.contains(stroke.code) { command.allowsAutomaticMirroring = false }
                                }
                                commands.append(command)
                            }
                        }
                    }
                    return commands
                }

                /// The code of the chord a command built by `uiKeyCommands` stands for: in the method
                /// `selector` names, hand it to the runtime's dispatcher as a press,
                /// `dispatcher.dispatch(KeyEvent(Chord(code: code)!), chain: chain, context: context)`,
                /// which continues a pending sequence with it, or starts one. Nil for any other
                /// command, such as a main-menu command (`menuCommand(for:)`), also in `validate(_:)`.
                @MainActor
                public static func chordCode(for command: UICommand) -> UInt32? {
                    guard let code = (command.propertyList as? [String: Int])?[chordCodeKey], let chord = UInt32(exactly: code) else { return nil }
                    return chord
                }

                /// Whether the method that `uiKeyCommands`' commands send should take `command` now,
                /// for a responder's `canPerformAction(_:withSender:)`: UIKit asks it about a key
                /// command's action with the command as the sender, and performs no key command whose
                /// action no responder can perform, so that the press goes on to text input and
                /// `pressesBegan`. True for a command of `uiKeyCommands` that is a first stroke, and,
                /// while `pending` (`dispatcher.isPending`), for one that only continues sequences;
                /// false for any other command. `uiKeyCommands(action:pending:)` already leaves the continuations out with
                /// nothing pending; this is for a list that holds them all the time:
                ///
                ///     override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
                ///         if action == #selector(handleKey(_:)) {
                ///             return (sender as? UICommand).map { \(typeName).wantsKeyCommand($0, pending: dispatcher.isPending) } ?? false
                ///         }
                ///         return super.canPerformAction(action, withSender: sender)
                ///     }
                @MainActor
                public static func wantsKeyCommand(_ command: UICommand, pending: Bool) -> Bool {
                    guard chordCode(for: command) != nil else { return false }
                    return pending || (command.propertyList as? [String: Int])?[continuationKey] == nil
                }

                /// The keys of the `propertyList` dictionaries of the commands this file builds, named
                /// after the namespace: a key command of `uiKeyCommands` holds its chord's code under
                /// the first (and, when it only continues sequences, 1 under the third), a main-menu
                /// command of `uiCommand` its index in `menuCommands` under the second, so that
                /// `chordCode(for:)` and `menuCommand(for:)` never take one kind for the other (both
                /// see every command in `validate(_:)`), nor another namespace's.
                private static let chordCodeKey = \(SwiftGenerator.quoted(typeName + ".chordCode"))
                private static let menuCommandKey = \(SwiftGenerator.quoted(typeName + ".menuCommand"))
                private static let continuationKey = \(SwiftGenerator.quoted(typeName + ".continuation"))

                /// `menu` as a `UIMenu`: its commands (a `UIKeyCommand` when it has a key equivalent
                /// UIKit can type, else a `UICommand`) send `selector` with their index in
                /// `menuCommands` in `propertyList` (`menuCommand(for:)` reads it back); the runs
                /// between separators become inline groups.
                @MainActor
                public static func uiMenu(_ menu: Menu, action selector: Selector, identifier: UIMenu.Identifier? = nil, bundle: Bundle = .main) -> UIMenu {
                    var groups: [[UIMenuElement]] = [[]]
                    for child in menu.children {
                        switch child {
                        case .separator: groups.append([])
                        case .submenu(let submenu): groups[groups.count - 1].append(uiMenu(submenu, action: selector, bundle: bundle))
                        case .command(let command): groups[groups.count - 1].append(uiCommand(command, action: selector, bundle: bundle))
                        }
                    }
                    let nonEmpty = groups.filter { !$0.isEmpty }
                    let children: [UIMenuElement] = nonEmpty.count <= 1
                        ? nonEmpty.first ?? []
                        : nonEmpty.map { UIMenu(title: "", image: nil, identifier: nil, options: .displayInline, children: $0) }
                    return UIMenu(title: localized(menu.title, bundle: bundle), image: nil, identifier: identifier, options: [], children: children)
                }

                /// The `UIKeyCommand` or `UICommand` for a main-menu command, its title also its
                /// discoverability title.
                @MainActor
                public static func uiCommand(_ command: MenuCommand, action selector: Selector, bundle: Bundle = .main) -> UICommand {
                    let title = localized(command.title, bundle: bundle)
                    if let stroke = command.keyEquivalent, let input = stroke.input {
                        let keyCommand = UIKeyCommand(
                            title: title, image: nil, action: selector, input: input,
                            modifierFlags: stroke.modifiers.uiKeyModifierFlags, propertyList: [menuCommandKey: command.index],
                            alternates: [], discoverabilityTitle: title, attributes: [], state: .off)
                        if #available(iOS 15.0, macCatalyst 15.0, *) {
                            if !command.allowsAutomaticLocalization { keyCommand.allowsAutomaticLocalization = false }
                            if !command.allowsAutomaticMirroring { keyCommand.allowsAutomaticMirroring = false }
                        }
                        return keyCommand
                    }
                    return UICommand(
                        title: title, image: nil, action: selector, propertyList: [menuCommandKey: command.index],
                        alternates: [], discoverabilityTitle: title, attributes: [], state: .off)
                }

                /// The main-menu command a command built by `uiCommand` stands for (read in the
                /// method `selector` names, and in `validate(_:)` to enable it by its condition); nil
                /// for any other command, such as a key command of `uiKeyCommands` (`chordCode(for:)`)
                /// or one of the app's.
                @MainActor
                public static func menuCommand(for command: UICommand) -> MenuCommand? {
                    guard let index = (command.propertyList as? [String: Int])?[menuCommandKey], menuCommands.indices.contains(index) else { return nil }
                    return menuCommands[index]
                }

                /// The standard menu a main menu with this title joins, if any.
                @MainActor
                static func standardMenu(titled title: String) -> UIMenu.Identifier? {
                    switch title {
                    case "File": return .file
                    case "Edit": return .edit
                    case "Format": return .format
                    case "View": return .view
                    case "Window": return .window
                    case "Help": return .help
                    default: return nil
                    }
                }

                /// Puts the main menus into the menu bar; call it from `buildMenu(with:)` of the app
                /// delegate when `builder.system == .main`. A menu titled like a standard one (File,
                /// Edit, Format, View, Window, Help) is added at the end of that menu as an inline
                /// group; any other is inserted before the Window menu, in declared order.
                @MainActor
                public static func buildMainMenus(with builder: any UIMenuBuilder, action selector: Selector, bundle: Bundle = .main) {
                    for menu in mainMenus {
                        let identifier = UIMenu.Identifier(\(SwiftGenerator.quoted(typeName + ".")) + menu.title)
                        let built = uiMenu(menu, action: selector, identifier: identifier, bundle: bundle)
                        if let standard = standardMenu(titled: menu.title), builder.menu(for: standard) != nil {
                            let group = UIMenu(title: "", image: nil, identifier: identifier, options: .displayInline, children: built.children)
                            builder.insertChild(group, atEndOfMenu: standard)
                        } else {
                            builder.insertSibling(built, beforeMenu: .window)
                        }
                    }
                }

                /// The edit menu's items as `UIAction`s, one per item of `editMenu` and in its order,
                /// for a context menu; `perform` receives the item's action. Offer only the items the
                /// runtime's dispatcher lists as live now: `dispatcher.editMenu(firstResponder:context:)`
                /// checks conditions and performers, and each entry's `index` is the item's index
                /// here. For `UIEditMenuInteraction`, `editMenu(suggestedActions:live:perform:)` does that.
                @MainActor
                public static func editMenuActions(bundle: Bundle = .main, perform: @escaping @MainActor (Action) -> Void) -> [UIAction] {
                    editMenu.map { editMenuAction($0, bundle: bundle, perform: perform) }
                }

                /// `item` as a `UIAction` whose handler passes its action to `perform`.
                @MainActor
                static func editMenuAction(_ item: EditMenuItem, bundle: Bundle, perform: @escaping @MainActor (Action) -> Void) -> UIAction {
                    UIAction(title: localized(item.title, bundle: bundle), image: nil, identifier: nil, discoverabilityTitle: nil, attributes: [], state: .off) { _ in
                        perform(item.action)
                    }
                }

                /// The menu a `UIEditMenuInteraction` delegate returns from
                /// `editMenuInteraction(_:menuFor:suggestedActions:)`: the system's suggested actions,
                /// then the keymap's live edit-menu items as an inline group, in declared order.
                ///
                /// - `live`: the indices in `editMenu` of the items to show now, as the runtime's
                ///   dispatcher lists them, `dispatcher.editMenu(firstResponder:context:).map(\\.index)`
                ///   (the item's condition holds and a responder in the chain can perform its
                ///   action). Other items are left out, as are indices outside `editMenu`.
                /// - An item whose action is a standard edit action is left out when
                ///   `suggestedActions` (or a menu in it) already holds a command with that action's
                ///   selector (`standardSelector`: `copy:`, `paste:`, `selectAll:`, …): the system's
                ///   Copy is shown, and the keymap's Copy not a second time.
                /// - `perform` receives the action of the item chosen.
                ///
                /// With no item left, the menu holds the suggested actions alone.
                @available(iOS 16.0, macCatalyst 16.0, *)
                @MainActor
                public static func editMenu(suggestedActions: [UIMenuElement], live: [Int], bundle: Bundle = .main, perform: @escaping @MainActor (Action) -> Void) -> UIMenu {
                    let suggested = commandSelectors(in: suggestedActions)
                    let live = Set(live)
                    var own: [UIMenuElement] = []
                    for index in editMenu.indices where live.contains(index) {
                        if let selector = editMenu[index].standardSelector, suggested.contains(selector) { continue }
                        own.append(editMenuAction(editMenu[index], bundle: bundle, perform: perform))
                    }
                    let children = own.isEmpty
                        ? suggestedActions
                        : suggestedActions + [UIMenu(title: "", image: nil, identifier: nil, options: .displayInline, children: own)]
                    return UIMenu(title: "", image: nil, identifier: nil, options: [], children: children)
                }

                /// The selectors (`copy:`) of the commands among `elements` and in their menus, at any depth.
                @MainActor
                static func commandSelectors(in elements: [UIMenuElement]) -> Set<String> {
                    var selectors: Set<String> = []
                    for element in elements {
                        if let command = element as? UICommand {
                            selectors.insert(NSStringFromSelector(command.action))
                        } else if let menu = element as? UIMenu {
                            selectors.formUnion(commandSelectors(in: menu.children))
                        }
                    }
                    return selectors
                }

                /// The edit menu as `UIMenuItem`s for `UIMenuController`, which iOS 16 deprecates, in
                /// declared order; `selector(action)` names the method that performs each.
                /// `UIMenuController` shows its own Cut, Copy, Paste, Delete, Select, Select All and
                /// Bold, Italic and Underline items when the responder can perform their standard
                /// edit actions (`canPerformAction(_:withSender:)`), before the app's `menuItems`:
                /// an item whose `standardSelector` is one of those (`cut:`, `copy:`, `paste:`,
                /// `delete:`, `select:`, `selectAll:`, `toggleBoldface:`, `toggleItalics:`,
                /// `toggleUnderline:`) is left out, so that it is not shown twice. Items of the other
                /// standard actions (`undo`, `find`, `share`, …), which it has no item for, stay.
                @available(iOS, introduced: 3.2, deprecated: 16.0, message: "use editMenu(suggestedActions:live:perform:) with UIEditMenuInteraction")
                @MainActor
                public static func editMenuItems(bundle: Bundle = .main, selector: (Action) -> Selector) -> [UIMenuItem] {
                    editMenu
                        .filter { item in item.standardSelector.map { !menuControllerShowsItself($0) } ?? true }
                        .map { UIMenuItem(title: localized($0.title, bundle: bundle), action: selector($0.action)) }
                }

                /// Whether `UIMenuController` has an item of its own for the standard edit action
                /// with this selector (`copy:`).
                static func menuControllerShowsItself(_ selector: String) -> Bool {
                    switch selector {
                    case "cut:", "copy:", "paste:", "delete:", "select:", "selectAll:", "toggleBoldface:", "toggleItalics:", "toggleUnderline:":
                        return true
                    default:
                        return false
                    }
                }
            }

            extension \(typeName).ShortcutType {
                /// The quick action a `UIApplicationShortcutItem` stands for, by its `type`; nil for
                /// a type the keymap does not declare (a dynamic shortcut the app added).
                @MainActor
                public init?(_ item: UIApplicationShortcutItem) {
                    self.init(rawValue: item.type)
                }
            }
            #endif
            """
        out += code + "\n"
    }
}
