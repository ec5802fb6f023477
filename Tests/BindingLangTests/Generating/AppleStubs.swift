/// Stand-ins for the parts of ObjectiveC, UIKit and AppKit the generated Swift uses, so that
/// its `#if canImport(UIKit)` and `#if canImport(AppKit)` parts type-check on a machine without
/// them. Each declaration has the Swift signature and availability Apple documents; the
/// comment before it names the page (developer.apple.com/documentation/…). Bodies do the
/// least that lets `GeneratedSwiftBehaviourTests` run generated code against them: initialisers
/// keep what they are given for the properties that read it back, and nothing else happens
/// (no menu is shown, no handler is called). Initialisers Apple declares as convenience initialisers with
/// default arguments are written as designated ones without defaults (the generated code
/// passes every argument), which type-checks the same calls.
enum AppleStubs {
    /// `objectivec/selector`: `Selector`, which UIKit and AppKit re-export; and the parts of
    /// Apple's Foundation that Linux's lacks: `foundation/nsstringfromselector(_:)`,
    /// `swift/string/localizationvalue/init(_:)` and
    /// `swift/string/init(localized:table:bundle:locale:comment:)` (iOS 15, macOS 12), which
    /// UIKit and AppKit re-export with Foundation.
    static let objectiveC = #"""
        @_exported import Foundation

        public struct Selector: Hashable, Sendable {
            let name: String
            public init(_ name: String) { self.name = name }
        }

        public func NSStringFromSelector(_ aSelector: Selector) -> String { aSelector.name }

        extension String {
            @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
            public struct LocalizationValue: Equatable, Sendable {
                let value: String
                public init(_ value: String) { self.value = value }
            }

            @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
            public init(
                localized keyAndValue: String.LocalizationValue, table: String? = nil, bundle: Bundle? = nil,
                locale: Locale = .current, comment: StaticString? = nil
            ) {
                self = keyAndValue.value
            }
        }
        """#

    static let uiKit = #"""
        @_exported import ObjectiveC

        // uikit/uiimage
        @available(iOS 2.0, *)
        @MainActor open class UIImage {}

        // uikit/uimenuelement, uikit/uimenuelement/title, uikit/uimenuelement/attributes,
        // uikit/uimenuelement/state
        @available(iOS 13.0, macCatalyst 13.1, *)
        @MainActor open class UIMenuElement {
            open internal(set) var title: String = ""
            public struct Attributes: OptionSet, Sendable {
                public let rawValue: UInt
                public init(rawValue: UInt) { self.rawValue = rawValue }
                public static let disabled = Attributes(rawValue: 1 << 0)
                public static let destructive = Attributes(rawValue: 1 << 1)
                public static let hidden = Attributes(rawValue: 1 << 2)
            }
            public enum State: Int, Sendable { case off, on, mixed }
            public init() {}
        }

        // uikit/uicommandalternate
        @available(iOS 13.0, macCatalyst 13.1, *)
        @MainActor open class UICommandAlternate {}

        // uikit/uicommand/init(title:image:action:propertylist:alternates:discoverabilitytitle:attributes:state:)
        // uikit/uicommand/action, uikit/uicommand/propertylist, uikit/uicommand/attributes
        @available(iOS 13.0, macCatalyst 13.1, *)
        @MainActor open class UICommand: UIMenuElement {
            open private(set) var action: Selector
            open private(set) var propertyList: Any?
            public var discoverabilityTitle: String?
            open var attributes: UIMenuElement.Attributes
            public init(
                title: String, image: UIImage?, action: Selector, propertyList: Any?,
                alternates: [UICommandAlternate], discoverabilityTitle: String?,
                attributes: UIMenuElement.Attributes, state: UIMenuElement.State
            ) {
                self.action = action
                self.propertyList = propertyList
                self.discoverabilityTitle = discoverabilityTitle
                self.attributes = attributes
                super.init()
                self.title = title
            }
        }

        // uikit/uikeymodifierflags
        @available(iOS 7.0, *)
        public struct UIKeyModifierFlags: OptionSet, Sendable {
            public let rawValue: Int
            public init(rawValue: Int) { self.rawValue = rawValue }
            public static let alphaShift = UIKeyModifierFlags(rawValue: 1 << 16)
            public static let shift = UIKeyModifierFlags(rawValue: 1 << 17)
            public static let control = UIKeyModifierFlags(rawValue: 1 << 18)
            public static let alternate = UIKeyModifierFlags(rawValue: 1 << 19)
            public static let command = UIKeyModifierFlags(rawValue: 1 << 20)
            public static let numericPad = UIKeyModifierFlags(rawValue: 1 << 21)
        }

        // uikit/uikeycommand/init(title:image:action:input:modifierflags:propertylist:alternates:discoverabilitytitle:attributes:state:)
        // uikit/uikeycommand/input, uikit/uikeycommand/modifierflags,
        // uikit/uikeycommand/wantsprioritoversystembehavior, …/allowsautomaticlocalization,
        // …/allowsautomaticmirroring (iOS 15)
        @available(iOS 7.0, *)
        @MainActor open class UIKeyCommand: UICommand {
            open private(set) var input: String?
            open private(set) var modifierFlags: UIKeyModifierFlags
            @available(iOS 15.0, macCatalyst 15.0, *)
            public var wantsPriorityOverSystemBehavior: Bool = false
            @available(iOS 15.0, macCatalyst 15.0, *)
            public var allowsAutomaticLocalization: Bool = true
            @available(iOS 15.0, macCatalyst 15.0, *)
            public var allowsAutomaticMirroring: Bool = true
            public init(
                title: String, image: UIImage?, action: Selector, input: String,
                modifierFlags: UIKeyModifierFlags, propertyList: Any?, alternates: [UICommandAlternate],
                discoverabilityTitle: String?, attributes: UIMenuElement.Attributes, state: UIMenuElement.State
            ) {
                self.input = input
                self.modifierFlags = modifierFlags
                super.init(
                    title: title, image: image, action: action, propertyList: propertyList, alternates: alternates,
                    discoverabilityTitle: discoverabilityTitle, attributes: attributes, state: state)
            }
        }

        // uikit/uimenu/init(title:image:identifier:options:children:), uikit/uimenu/children, …/options,
        // uikit/uimenu/identifier-swift.struct (file, edit, format, view, window, help),
        // uikit/uimenu/options-swift.struct/displayinline
        @available(iOS 13.0, macCatalyst 13.1, *)
        @MainActor open class UIMenu: UIMenuElement {
            public struct Identifier: Hashable, RawRepresentable, Sendable {
                public let rawValue: String
                public init(rawValue: String) { self.rawValue = rawValue }
                public init(_ rawValue: String) { self.rawValue = rawValue }
                public static let file = Identifier("com.apple.menu.file")
                public static let edit = Identifier("com.apple.menu.edit")
                public static let format = Identifier("com.apple.menu.format")
                public static let view = Identifier("com.apple.menu.view")
                public static let window = Identifier("com.apple.menu.window")
                public static let help = Identifier("com.apple.menu.help")
            }
            public struct Options: OptionSet, Sendable {
                public let rawValue: UInt
                public init(rawValue: UInt) { self.rawValue = rawValue }
                public static let displayInline = Options(rawValue: 1 << 0)
                public static let destructive = Options(rawValue: 1 << 1)
            }
            public let children: [UIMenuElement]
            public let identifier: UIMenu.Identifier
            public let options: UIMenu.Options
            public init(title: String, image: UIImage?, identifier: UIMenu.Identifier?, options: UIMenu.Options, children: [UIMenuElement]) {
                self.children = children
                self.identifier = identifier ?? Identifier("")
                self.options = options
                super.init()
                self.title = title
            }
        }

        // uikit/uimenubuilder (menu(for:), insertsibling(_:beforemenu:), insertchild(_:atendofmenu:))
        @available(iOS 13.0, macCatalyst 13.1, *)
        @MainActor public protocol UIMenuBuilder {
            func menu(for identifier: UIMenu.Identifier) -> UIMenu?
            func insertSibling(_ siblingMenu: UIMenu, beforeMenu siblingIdentifier: UIMenu.Identifier)
            func insertChild(_ childMenu: UIMenu, atEndOfMenu parentIdentifier: UIMenu.Identifier)
        }

        // uikit/uiactionhandler, uikit/uiaction/init(title:image:identifier:discoverabilitytitle:attributes:state:handler:),
        // uikit/uiaction/identifier
        public typealias UIActionHandler = (UIAction) -> Void
        @available(iOS 13.0, macCatalyst 13.1, *)
        @MainActor open class UIAction: UIMenuElement {
            public struct Identifier: Hashable, RawRepresentable, Sendable {
                public let rawValue: String
                public init(rawValue: String) { self.rawValue = rawValue }
            }
            public let identifier: UIAction.Identifier
            public init(
                title: String, image: UIImage?, identifier: UIAction.Identifier?, discoverabilityTitle: String?,
                attributes: UIMenuElement.Attributes, state: UIMenuElement.State, handler: @escaping UIActionHandler
            ) {
                self.identifier = identifier ?? Identifier(rawValue: "")
                super.init()
                self.title = title
            }
        }

        // uikit/uimenuitem/init(title:action:), uikit/uimenuitem/title, uikit/uimenuitem/action:
        // deprecated since iOS 16 (UIEditMenuInteraction)
        @available(iOS, introduced: 3.2, deprecated: 16.0)
        @MainActor open class UIMenuItem {
            open var title: String
            open var action: Selector
            public init(title: String, action: Selector) {
                self.title = title
                self.action = action
            }
        }

        // uikit/uiapplicationshortcutitem/type, …/init(type:localizedtitle:)
        @available(iOS 9.0, *)
        @MainActor open class UIApplicationShortcutItem {
            public var type: String
            public init(type: String, localizedTitle: String) { self.type = type }
        }
        """#

    static let appKit = #"""
        @_exported import ObjectiveC

        // appkit/nsevent/modifierflags-swift.struct
        @MainActor open class NSEvent {
            public struct ModifierFlags: OptionSet, Sendable {
                public let rawValue: UInt
                public init(rawValue: UInt) { self.rawValue = rawValue }
                public static let capsLock = ModifierFlags(rawValue: 1 << 16)
                public static let shift = ModifierFlags(rawValue: 1 << 17)
                public static let control = ModifierFlags(rawValue: 1 << 18)
                public static let option = ModifierFlags(rawValue: 1 << 19)
                public static let command = ModifierFlags(rawValue: 1 << 20)
                public static let numericPad = ModifierFlags(rawValue: 1 << 21)
            }
        }

        // appkit/nsmenuitem/init(title:action:keyequivalent:), …/separator(), …/title, …/submenu,
        // …/keyequivalentmodifiermask, …/tag, …/representedobject;
        // …/allowsautomatickeyequivalentlocalization and …/allowsautomatickeyequivalentmirroring (macOS 12)
        @MainActor open class NSMenuItem {
            public var title: String
            public var submenu: NSMenu?
            public var representedObject: Any?
            public var keyEquivalentModifierMask: NSEvent.ModifierFlags = [.command]
            public var tag: Int = 0
            @available(macOS 12.0, *)
            public var allowsAutomaticKeyEquivalentLocalization: Bool = true
            @available(macOS 12.0, *)
            public var allowsAutomaticKeyEquivalentMirroring: Bool = true
            public init(title string: String, action selector: Selector?, keyEquivalent charCode: String) { title = string }
            open class func separator() -> NSMenuItem { NSMenuItem(title: "", action: nil, keyEquivalent: "") }
        }

        // appkit/nsmenu/init(title:), appkit/nsmenu/additem(_:), appkit/nsmenu/items
        @MainActor open class NSMenu {
            public var items: [NSMenuItem] = []
            public init(title: String) {}
            open func addItem(_ newItem: NSMenuItem) { items.append(newItem) }
        }
        """#
}
