import BindingLang
import BindingRuntime

extension Bench {
    /// `bindc layouts --all` on the 10,000-binding workload as the command does it: compile,
    /// analyse on every layout of the database, render the text report.
    mutating func measureLayouts() {
        guard let w = workloads[10_000] else { return }
        progress("timing bindc layouts --all on 10000 bindings")
        var sources = SourceManager()
        sources.add(SourceFile(path: "workload.bind", bytes: w.source))
        var problems = -1, bytes = 0
        let sample = Measure.runs(rounds: options.quick ? 1 : 3, warmups: 0) {
            let c = Compilation(sources: sources, platform: .apple)
            guard let keymap = c.keymap else { return }
            let report = LayoutReport(keymap: keymap, layouts: KeyboardLayout.all)
            problems = report.problemCount
            bytes = report.text.utf8.count
        }
        if problems < 0 || bytes == 0 { exitWithError("the 10,000-binding workload must compile for bindc layouts") }
        results.layoutsAllMs = median(sample, "layouts all") / 1e6
        results.layoutsAllProblems = problems
    }
}
