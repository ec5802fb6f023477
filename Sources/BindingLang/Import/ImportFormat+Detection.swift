/// Telling the two editors' files apart, so that a file given as the wrong format is an error
/// naming the right one instead of an empty keymap and a page of warnings.
extension ImportFormat {
    /// The format `json` is written in when its entries say so: VS Code's are objects with
    /// `key` and `command` (and no `bindings`); Zed's are objects with `bindings`. Nil when
    /// the entries say neither, or both (an empty array, an array of other values).
    static func evident(in json: JSONC) -> ImportFormat? {
        guard case .array(let entries) = json.value else { return nil }
        var vscode = 0, zed = 0
        for entry in entries {
            guard case .object = entry.value else { continue }
            if entry["bindings"] != nil {
                zed += 1
            } else if entry["key"] != nil || entry["command"] != nil {
                vscode += 1
            }
        }
        if zed > 0 && vscode == 0 { return .zed }
        if vscode > 0 && zed == 0 { return .vscode }
        return nil
    }
}
