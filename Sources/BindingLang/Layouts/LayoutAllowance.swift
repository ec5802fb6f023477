import BindingRuntime

/// `@allowLayouts(…)` on a binding (Grammar.md §4.8): the author knows what some keyboard
/// layouts do to it and keeps it; the findings it names are not problems. Names are finding
/// kinds (`needsAltGr`, `deadKey`…) and layout ids (`de`, `fr-mac`); a finding is allowed when
/// its kind is named (or no kind is) and its layout is named (or no layout is).
public struct LayoutAllowance: Sendable, Equatable {
    /// The kinds allowed; empty means every kind.
    public var kinds: Set<LayoutFinding.Kind>
    /// The layout ids allowed; empty means every layout.
    public var layouts: Set<String>

    public init(kinds: Set<LayoutFinding.Kind> = [], layouts: Set<String> = []) {
        self.kinds = kinds
        self.layouts = layouts
    }

    /// Whether `finding` is one this allowance names.
    public func allows(_ finding: LayoutFinding) -> Bool {
        (kinds.isEmpty || kinds.contains(finding.kind)) && (layouts.isEmpty || layouts.contains(finding.layout))
    }

    /// The names an argument may be: every problem kind, then every layout id.
    static var argumentNames: [String] {
        LayoutFinding.Kind.allCases.filter(\.isProblem).map(\.rawValue) + KeyboardLayout.all.map(\.id)
    }
}

extension Keymap {
    /// The keymap without what only the compiler reads (`@allowLayouts`, which no table
    /// stores): what `Keymap(table:)` gives back for a table emitted from it.
    public var withoutCompileTimeAttributes: Keymap {
        var copy = self
        for i in copy.bindings.indices { copy.bindings[i].layoutAllowance = nil }
        return copy
    }
}
