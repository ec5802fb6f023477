import BindingRuntime

/// The conditions of a JSON document (`dump --json`, `explain --json`), each distinct text
/// listed once under `conditions` and named everywhere else by its index there: however many
/// bindings share a long condition, the document stays linear in the size of the table.
public struct JSONConditions {
    let keymap: Keymap
    /// The distinct condition texts, in order of first use.
    public private(set) var texts: [String] = []
    private var indexOfText: [String: Int] = [:]
    /// A table's condition references already rendered (see ``BindingSource``).
    private var indexOfReference: [UInt32: Int] = [:]

    /// An empty list for the conditions of `keymap`.
    public init(keymap: Keymap) { self.keymap = keymap }

    /// The index of `text` under `conditions`, added when new.
    public mutating func index(ofText text: String) -> Int {
        if let k = indexOfText[text] { return k }
        texts.append(text)
        indexOfText[text] = texts.count - 1
        return texts.count - 1
    }

    /// `condition`'s index as a JSON number, or `null` for a condition that always holds.
    /// `reference` (a table's condition index) spares rendering a shared condition again.
    public mutating func json(_ condition: Condition, reference: UInt32? = nil) -> JSONValue {
        if condition.isTrue { return .null }
        if let reference, let k = indexOfReference[reference] { return .int(Int64(k)) }
        let k = index(ofText: ConditionPrinter.render(condition, contexts: keymap.contexts, roles: keymap.roles))
        if let reference { indexOfReference[reference] = k }
        return .int(Int64(k))
    }

    /// The `conditions` member: the texts in order.
    public var listJSON: JSONValue { .array(texts.map(JSONValue.string)) }
}
