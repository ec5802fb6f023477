/// The part of the generated file that looks the keymap's text up in the app's String
/// Catalogs (`bindc strings`), on Apple platforms (under `#if canImport(UIKit) ||
/// canImport(AppKit)`, where Foundation has `String(localized:table:bundle:)`): titles in the
/// table `Keymap`, quick actions in `InfoPlist`.
extension SwiftGenerator.Generator {
    mutating func appleLocalization() {
        let code = """
            #if canImport(UIKit) || canImport(AppKit)
            extension \(typeName) {
                /// The String Catalog table the keymap's titles are looked up in (`Keymap.xcstrings`,
                /// which `bindc strings` writes).
                public static let stringsTable = \(SwiftGenerator.quoted(StringCatalog.keymapTable))

                /// `text` (a discoverability, group, edit-menu or menu title of the keymap) in the
                /// user's language, from the table `Keymap` of `bundle`; the text itself when it has
                /// no translation.
                public static func localized(_ text: String, bundle: Bundle = .main) -> String {
                    if #available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *) {
                        return String(localized: String.LocalizationValue(text), table: stringsTable, bundle: bundle)
                    }
                    return bundle.localizedString(forKey: text, value: text, table: stringsTable)
                }
            }

            extension \(typeName).ShortcutType {
                /// The title in the user's language, from `InfoPlist.xcstrings` (as iOS shows it).
                public func localizedTitle(bundle: Bundle = .main) -> String {
                    \(typeName).localizedInfoPlist(title, bundle: bundle)
                }

                /// The subtitle in the user's language, from `InfoPlist.xcstrings`.
                public func localizedSubtitle(bundle: Bundle = .main) -> String? {
                    subtitle.map { \(typeName).localizedInfoPlist($0, bundle: bundle) }
                }
            }

            extension \(typeName) {
                static func localizedInfoPlist(_ text: String, bundle: Bundle) -> String {
                    if #available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *) {
                        return String(localized: String.LocalizationValue(text), table: "InfoPlist", bundle: bundle)
                    }
                    return bundle.localizedString(forKey: text, value: text, table: "InfoPlist")
                }
            }
            #endif
            """
        out += code + "\n"
    }
}
