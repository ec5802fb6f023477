/// The Swift identifiers of a keymap's names in one scope of the generated source (the cases
/// of `Action`, the members of `Context`, the cases of one enumeration, …).
///
/// A keymap name is an ASCII identifier, so it is always spelled as itself in Swift, except:
/// - a name the scope reserves (a member the generator declares there, such as `name` in
///   `Action` or `rawValue` in an enumeration, or one Swift forbids there, such as `Type` as an
///   enum case) gets `_` appended until it is free;
/// - a name already claimed in the scope (two names that come out the same, such as the type
///   `View` made from the context `view` and a context named `View`) likewise;
/// - a Swift keyword is written in backticks (``SwiftGenerator/identifier(_:)``).
///
/// Names are claimed in declaration order, so the result depends only on the keymap.
struct SwiftNames {
    private var taken: Set<String>

    /// A scope in which `reserved` are taken from the start.
    init(reserved: Set<String> = []) {
        taken = reserved
    }

    /// The identifier (without backticks) for `name`, unique in this scope from now on.
    mutating func claim(_ name: String) -> String {
        var candidate = name.isEmpty ? "_" : name
        while taken.contains(candidate) { candidate += "_" }
        taken.insert(candidate)
        return candidate
    }

    /// Whether `name` is taken (reserved or claimed).
    func contains(_ name: String) -> Bool {
        taken.contains(name)
    }

    /// What every enumeration the generator writes declares or inherits (`Hashable`,
    /// `CaseIterable`, `RawRepresentable`), plus `Type` and `Protocol`, which Swift does not
    /// accept as enum case names even in backticks, and `none`, which would make `.none` mean
    /// two things wherever the enum is optional.
    static let enumerationMembers: Set<String> = [
        "init", "rawValue", "RawValue", "allCases", "AllCases", "hashValue", "hash", "Type", "Protocol", "none",
    ]
}
