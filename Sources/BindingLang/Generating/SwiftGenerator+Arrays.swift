extension SwiftGenerator {
    /// The most elements one array literal of the generated file holds
    /// (``Generator/staticArray(_:of:doc:elements:)``).
    public static let chunkSize = 16
}

/// The keymap's lists in the generated file (`keyCommands`, `editMenu`, `menuCommands`,
/// `mainMenus`, a menu's children, `Context.assignments`) as array literals of at most
/// ``SwiftGenerator/chunkSize`` elements, joined by a function. Swift type-checks an array
/// literal in time and memory that grow much faster than its length (450 key commands in one
/// literal took 13 s and 5.8 GB; VS Code's 1,090 ran out of 10 GB), so only the number of small
/// literals grows with the keymap, and the type-checking with it, linearly. The chunks are
/// literals rather than a statement per element because the optimiser takes far longer over an
/// `append` per element (450 key commands: 70 s at `-O`, against 10 s for literals of 16).
extension SwiftGenerator.Generator {
    /// Writes `public static let name: [type]`, after the doc comment `doc`, holding `elements`
    /// (each a Swift expression of `type`, as its lines: the first at the element's indent, the
    /// others one deeper) in order. Up to ``SwiftGenerator/chunkSize`` elements, as a literal;
    /// more, joined by a function `makeName()` from the literals that functions `name0()`,
    /// `name1()`, … return (functions, not a closure: the statements of a closure that
    /// initialises a property are type-checked together).
    mutating func staticArray(_ name: String, of type: String, doc: [String], elements: [[String]]) {
        for text in doc { line("/// " + text, 1) }
        guard elements.count > SwiftGenerator.chunkSize else {
            line("public static let \(name): [\(type)] = [" + (elements.isEmpty ? "]" : ""), 1)
            guard !elements.isEmpty else { return }
            arrayElements(elements[...], indent: 2)
            line("]", 1)
            return
        }
        let make = "make" + name.prefix(1).uppercased() + name.dropFirst()
        line("public static let \(name): [\(type)] = \(make)()", 1)
        line()
        line("/// `\(name)`, joined from its parts (`\(name)0()`, …).", 1)
        line("private static func \(make)() -> [\(type)] {", 1)
        line("var elements: [\(type)] = []", 2)
        line("elements.reserveCapacity(\(elements.count))", 2)
        let starts = Array(stride(from: 0, to: elements.count, by: SwiftGenerator.chunkSize))
        for k in starts.indices { line("elements.append(contentsOf: \(name)\(k)())", 2) }
        line("return elements", 2)
        line("}", 1)
        for (k, start) in starts.enumerated() {
            let end = min(start + SwiftGenerator.chunkSize, elements.count)
            line()
            line("/// " + (end - start == 1 ? "Element \(start)" : "Elements \(start) to \(end - 1)") + " of `\(name)`.", 1)
            line("private static func \(name)\(k)() -> [\(type)] {", 1)
            line("[", 2)
            arrayElements(elements[start..<end], indent: 3)
            line("]", 2)
            line("}", 1)
        }
    }

    /// Writes, at `indent` in a function, the declaration of `variable` holding `elements`: a
    /// literal up to ``SwiftGenerator/chunkSize`` of them, else an empty array that statements
    /// append literals of that many to (a function's statements are type-checked one by one).
    mutating func arrayVariable(_ variable: String, of type: String, elements: [[String]], indent: Int) {
        guard elements.count > SwiftGenerator.chunkSize else {
            line("let \(variable): [\(type)] = [", indent)
            arrayElements(elements[...], indent: indent + 1)
            line("]", indent)
            return
        }
        line("var \(variable): [\(type)] = []", indent)
        line("\(variable).reserveCapacity(\(elements.count))", indent)
        for start in stride(from: 0, to: elements.count, by: SwiftGenerator.chunkSize) {
            line("\(variable).append(contentsOf: [", indent)
            arrayElements(elements[start..<min(start + SwiftGenerator.chunkSize, elements.count)], indent: indent + 1)
            line("])", indent)
        }
    }

    /// Writes `elements` as the elements of an array literal at `indent`, each followed by a
    /// comma.
    mutating func arrayElements(_ elements: ArraySlice<[String]>, indent: Int) {
        for element in elements {
            for (i, text) in element.enumerated() {
                line(text + (i == element.count - 1 ? "," : ""), i == 0 ? indent : indent + 1)
            }
        }
    }
}
