import BindingLang
import BindingRuntime

/// The compiler's phases run on a workload, one at a time, as `bindc compile` chains them.
enum FrontEnd {
    /// The source of a workload as a compilation's only file.
    static func sources(_ w: Workload) -> (SourceManager, SourceFile, FileID) {
        var sm = SourceManager()
        let file = SourceFile(path: "bench-\(w.size).bind", bytes: w.source)
        let id = sm.add(file)
        return (sm, file, id)
    }

    /// Lex, parse and check `w`; the keymap and every diagnostic (warnings included).
    static func compile(_ w: Workload) -> (Keymap?, [Diagnostic]) {
        let (sm, file, id) = sources(w)
        let (syntax, syntaxDiagnostics) = Parser.parse(file, file: id)
        let (keymap, checkDiagnostics) = Checker.check([syntax], sources: sm, platform: .apple)
        return (keymap, syntaxDiagnostics + checkDiagnostics)
    }

    /// The first few diagnostics as `path:line:col: severity: message` lines.
    static func render(_ diagnostics: [Diagnostic], _ w: Workload, limit: Int = 10) -> String {
        let (_, file, _) = sources(w)
        return diagnostics.prefix(limit).map { d in
            let (l, c) = file.lineAndColumn(of: d.range.start)
            return "\(file.path):\(l):\(c): \(d.severity.rawValue): \(d.message)  | \(file.lineText(l))"
        }.joined(separator: "\n")
    }
}
