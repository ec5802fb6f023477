import BindingRuntime

/// What one file contributes before layering: its bindings in source order, its unbinds,
/// menus and quick actions.
struct FileResult {
    var file: FileID
    var bindings: [CheckedBinding] = []
    var unbinds: [CheckedUnbind] = []
    /// The file's `menu edit`, if it has one.
    var editMenu: [CheckedEditItem]?
    var mainMenus: [CheckedMenu] = []
    var quickActions: [(QuickAction, range: SourceRange)] = []

    init(file: FileID) { self.file = file }
}
