import BindingRuntime

/// The attributes written before a binding (Grammar.md §4.8), checked: `@priority` and
/// `@allowReserved`; any other name is an error with a did-you-mean, a repeated one an error.
struct BindingAttributes {
    /// The attribute names the language knows, in the order messages list them.
    static let names = ["priority", "allowReserved"]

    /// `@priority` was written.
    var wantsPriority = false
    /// Where `@allowReserved` was written.
    var allowReservedRange: SourceRange?

    /// Reads `syntax`, reporting unknown and repeated attributes.
    static func check(_ syntax: [AttributeSyntax], _ engine: inout DiagnosticEngine) -> BindingAttributes {
        var result = BindingAttributes()
        var seen: [String: SourceRange] = [:]
        for attribute in syntax {
            let name = attribute.name.name
            guard names.contains(name) else {
                let suggestion = nearest(to: name, in: names)
                engine.error(Messages.unknownAttribute(name, suggestion), at: attribute.name.range,
                             fixIts: fixIt(attribute.name.range, suggestion))
                continue
            }
            if let first = seen[name] {
                engine.error(Messages.attributeTwice(name), at: attribute.range,
                             notes: [DiagnosticNote(Messages.firstGivenHere, at: first)])
                continue
            }
            seen[name] = attribute.range
            switch name {
            case "priority": result.wantsPriority = true
            default: result.allowReservedRange = attribute.range
            }
        }
        return result
    }
}
