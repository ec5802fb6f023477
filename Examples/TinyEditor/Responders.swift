import BindingLang
import BindingRuntime

/// A responder of the editor's chain: it plays the roles its subclass names, links to the
/// next responder, and performs exactly the actions that `EditorActions` gives to its kind,
/// so the dispatcher's search for a performer walks a real chain. Editing actions are
/// refused while the document is read-only, and style actions (bold, …) always: a plain-text
/// editor cannot perform them, so bindings to them find no performer and are skipped.
class ChainResponder: Responder {
    /// Which part of the editor this is.
    let kind: ResponderKind
    let model: EditorModel
    /// The role names this responder plays, tried in this order (unknown ones are ignored).
    let responderRoles: [String]
    /// The next responder outwards; the session rewires the chain as panels open and close.
    var next: ChainResponder?

    init(kind: ResponderKind, roles: [String], model: EditorModel) {
        self.kind = kind
        self.responderRoles = roles
        self.model = model
    }

    var nextResponder: (any Responder)? { next }

    /// The name shown in logs: the first role the table declares, else the kind.
    func displayName(in table: BindingTable) -> String {
        responderRoles.first { table.roleIndex(named: $0) != nil } ?? kind.rawValue
    }

    func canPerform(_ action: ActionInvocation) -> Bool {
        guard let a = EditorActions.named(action.name), a.owners.contains(kind), a.supported else { return false }
        return !(a.edits && model.readOnly)
    }

    func perform(_ action: ActionInvocation) {
        guard let a = EditorActions.named(action.name) else { return }
        a.run(model, Self.argument(action.argument))
    }

    /// The runtime's argument as the model's value.
    static func argument(_ arg: ActionArgument) -> ArgumentValue {
        switch arg {
        case .none: return .none
        case .int(let v): return .int(v)
        case .bool(let v): return .bool(v)
        case .string(let s): return .string(s.string)
        }
    }
}

/// The text view: cursor, selection and text edits; the first responder while it has focus.
/// Plays `TextView` (text-editor keymap) and `Buffer` (vim keymap).
final class TextViewResponder: ChainResponder {
    init(model: EditorModel) { super.init(kind: .textView, roles: ["TextView", "Buffer"], model: model) }
}

/// The find bar: in the chain, just outside the text view, only while it is open.
final class FindBarResponder: ChainResponder {
    init(model: EditorModel) { super.init(kind: .findBar, roles: ["FindBar"], model: model) }

    override func canPerform(_ action: ActionInvocation) -> Bool {
        model.findVisible && super.canPerform(action)
    }
}

/// The editor around the text view: comments, formatting, search, saving.
final class EditorResponder: ChainResponder {
    init(model: EditorModel) { super.init(kind: .editor, roles: ["Editor"], model: model) }
}

/// The IDE's bottom panel (terminal, problems, output): the first responder while open.
final class PanelResponder: ChainResponder {
    init(model: EditorModel) { super.init(kind: .panel, roles: ["Panel"], model: model) }
}

/// The window: tabs, sidebar, zoom, panels, workbench commands. Plays `Window` and `Workbench`.
final class WindowResponder: ChainResponder {
    init(model: EditorModel) { super.init(kind: .window, roles: ["Window", "Workbench"], model: model) }
}

/// The application: documents, settings, account, quitting; the end of the chain.
final class AppResponder: ChainResponder {
    init(model: EditorModel) { super.init(kind: .app, roles: ["App"], model: model) }
}
