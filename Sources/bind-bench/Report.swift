import BindingRuntime

/// Prints the results: a human-readable table by default, one JSON object with `--json`.
enum Report {
    // MARK: - Text

    static func text(_ r: Results) -> String {
        var out: [String] = []
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }
        func padRight(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }

        out.append("bind-bench \(r.quick ? "--quick " : "")(seed \(r.seed)); median of rounds, monotonic clock")
        out.append("")
        out.append("Workloads (16 roles)")
        out.append("  " + padRight("bindings", 10) + pad("source", 12) + pad("gated", 8) + pad("2-stroke", 10))
        for s in r.sizes {
            guard let w = r.workloads[s] else { continue }
            out.append("  " + padRight(String(w.bindings), 10) + pad("\(w.sourceBytes) B", 12)
                + pad("\(Int((w.gated * 100).rounded())) %", 8) + pad("\(Int((w.sequences * 100).rounded())) %", 10))
        }
        out.append("")
        out.append("Dispatch: ns per one-stroke press (BindKit / UIKit-style baseline / speed-up)")
        var header = "  " + padRight("bindings", 10)
        for d in r.depths { header += pad("depth \(d)", 28) }
        out.append(header)
        for s in r.sizes {
            var line = "  " + padRight(String(s), 10)
            for d in r.depths {
                let a = r.dispatchNs[s]?[d], b = r.baselineNs[s]?[d]
                let x = a.flatMap { a in b.map { $0 / a } }
                line += pad("\(formatted(a)) / \(formatted(b)) / \(x.map { formatNumber($0) + "x" } ?? "n/a")", 28)
            }
            out.append(line)
        }
        out.append("  press mix at depth 8 (nearest/far/gated off/nothing): "
            + r.sizes.map { s in "\(s): " + PressKind.allCases.map { String(r.pressMix[s]?[$0] ?? 0) }.joined(separator: "/") }.joined(separator: ", "))
        out.append("  two-stroke sequences, ns per stroke at depth 8: "
            + r.sizes.map { "\($0): \(formatted(r.sequenceStrokeNs[$0]))" }.joined(separator: ", "))
        out.append("  one-stroke presses walking as far as those sequences: "
            + r.sizes.map { "\($0): \(formatted(r.sequenceOneStrokeNs[$0]))" }.joined(separator: ", "))
        out.append("  round spread at depth 8 ((max-min)/median): "
            + r.sizes.map { "\($0): \(formatted(r.dispatchSpread[$0].map { $0 * 100 }))%" }.joined(separator: ", "))
        out.append("")
        out.append("Allocations (GOT-patched malloc counter; self-test: "
            + (r.mallocSelfTest.map { "\($0.allocating) counted in a loop of 1000 allocations, \($0.nonAllocating) in a loop of none" } ?? "unavailable") + ")")
        out.append("  dispatch, per one-stroke press:    \(formatted(r.dispatchAllocsPerPress))")
        out.append("  dispatch, per sequence stroke:     \(formatted(r.sequenceAllocsPerStroke))")
        out.append("  repeat mode, per repeat press:     \(formatted(r.repeatAllocsPerPress))  (live and decide)")
        out.append("Repeat mode (@repeat): ns per repeat press, live \(formatted(r.repeatPressNs)) vs one-stroke \(formatted(r.repeatPlainPressNs));"
            + " decide \(formatted(r.repeatDecideNs)) vs \(formatted(r.repeatPlainDecideNs))")
        out.append("  UIKit-style baseline, per press:   \(formatted(r.baselineAllocsPerPress))  (1,000 bindings, depth 8)")
        out.append("")
        out.append("Compile (\(r.compileSize) bindings, \(r.compileSourceBytes) bytes of source)")
        out.append("  " + padRight("phase", 28) + pad("ms", 10) + pad("MB/s", 10) + pad("bindings/s", 14) + pad("CPU-time MB/s", 16))
        let phases: [(String, Double?, Double?)] = [
            ("lex (alone)", r.lexSeconds, r.lexCPUSeconds), ("parse (lexing as it goes)", r.parseSeconds, r.parseCPUSeconds),
            ("check", r.checkSeconds, r.checkCPUSeconds), ("emit", r.emitSeconds, r.emitCPUSeconds),
            ("front end (parse+check)", r.frontEndSeconds, r.frontEndCPUSeconds),
            ("compile (all four)", r.compileSeconds, r.compileCPUSeconds),
        ]
        for (name, s, cpu) in phases {
            out.append("  " + padRight(name, 28) + pad(formatted(s.map { $0 * 1000 }), 10) + pad(formatted(r.mbPerS(s)), 10)
                + pad(formatted(r.bindingsPerS(s)), 14) + pad(formatted(r.mbPerS(cpu)), 16))
        }
        out.append("  peak resident memory of a compile (bind-bench --compile-only): "
            + "\(formatted(r.compilePeakRSSBytes.map { Double($0) / 1e6 })) MB for \(r.compilePeakRSSSourceBytes) bytes of source (\(formatted(r.compilePeakRSSRatio))x)")
        out.append("  check of 512 bindings of one chord in one role, pairwise disjoint: \(formatted(r.checkSameChord512Ms)) ms")
        out.append("")
        out.append("Table (\(r.tableSize) bindings)")
        out.append("  table bytes:            \(r.tableBytes.map(String.init) ?? "n/a") (\(formatted(r.tableBytesPerBinding)) per binding)")
        out.append("  stripped table bytes:   \(r.strippedTableBytes.map(String.init) ?? "n/a") (\(formatted(r.strippedBytesPerBinding)) per binding)")
        out.append("  source bytes:           \(r.tableSourceBytes) (table/source \(formatted(r.tableBytes.map { Double($0) / Double(max(1, r.tableSourceBytes)) })))")
        out.append("  JSON bytes:             \(r.jsonBytes) (table/JSON \(formatted(r.tableBytes.map { Double($0) / Double(max(1, r.jsonBytes)) })))")
        out.append("  load + validate:        \(formatted(r.loadMs)) ms (\(formatted(r.loadMsPerMB)) ms per MB); stripped \(formatted(r.loadStrippedMs)) ms")
        out.append("    on one thread:        \(formatted(r.loadOneThreadMs)) ms (\(formatted(r.loadOneThreadMsPerMB)) ms per MB)")
        out.append("  tables at the format's limits (issue #16), load + validate:")
        for shape in r.hostileLoad {
            out.append("    " + padRight(shape.name, 24) + pad(String(shape.bytes), 10) + " B  " + pad(formatted(shape.msPerMB), 8) + " ms per MB")
        }
        out.append("    worst vs the 100,000-binding table: \(formatted(r.hostileLoadWorstRatio))x")
        out.append("")
        out.append("Layouts (issue #12)")
        out.append("  bindc layouts --all:    \(formatted(r.layoutsAllMs)) ms on 10,000 bindings, \(KeyboardLayout.all.count) layouts (compile, analyse, report; \(r.layoutsAllProblems.map(String.init) ?? "n/a") problems; target < 1000 ms)")
        for id in Bench.dispatchLayouts {
            let parts = r.sizes.map { s in
                "\(s): \(formatted(r.layoutDispatchNs[id]?[s])) ns (\(formatted(r.layoutDispatchNs[id]?[s].flatMap { ns in r.snapshotDispatchNs[s].map { ns / $0 } }))x snapshot)"
            }
            out.append("  dispatch, \(id) events:   " + parts.joined(separator: ", "))
        }
        out.append("")
        out.append("Dispatch through a chain snapshot (issue #15): ns per press at depth 8")
        out.append("  " + padRight("bindings", 10) + pad("live", 8) + pad("exact", 8) + pad("cached", 8) + pad("decide", 8)
            + pad("floor", 8) + pad("decide/floor", 14) + pad("2-stroke/stroke", 17))
        for s in r.sizes {
            let ratio = r.decideNs[s].flatMap { d in r.floorLookupNs[s].map { d / $0 } }
            out.append("  " + padRight(String(s), 10) + pad(formatted(r.dispatchNs[s]?[8]), 8) + pad(formatted(r.snapshotDispatchNs[s]), 8)
                + pad(formatted(r.snapshotCachedDispatchNs[s]), 8) + pad(formatted(r.decideNs[s]), 8) + pad(formatted(r.floorLookupNs[s]), 8)
                + pad(ratio.map { formatNumber($0) + "x" } ?? "n/a", 14) + pad(formatted(r.sequenceStrokeNs[s]), 17))
        }
        out.append("")
        for (title, list) in [("Targets (issue #6)", r.targets), ("Targets (issue #15, dispatch)", r.dispatchTargets),
                              ("Targets (issue #15, compiler and load)", r.compilerTargets)] {
            out.append(title)
            for t in list {
                let mark = t.met == nil ? "n/a " : t.met! ? "met " : "MISS"
                out.append("  [\(mark)] \(t.name): \(t.detail)")
            }
        }
        out.append("")
        out.append("Rounds: \(r.roundsClean) of \(r.roundsTotal) ran without losing the CPU; medians are over those"
            + (r.figuresUnfiltered.isEmpty ? "" : "; too few clean rounds, so all rounds, for: " + r.figuresUnfiltered.joined(separator: ", ")))
        out.append("Run took \(formatted(r.elapsedSeconds)) s; this thread had the CPU \(Int((r.cpuShare * 100).rounded())) % of that time"
            + (r.cpuShare < 0.9 ? " (a busy machine: wall-clock figures are inflated)" : ""))
        return out.joined(separator: "\n")
    }

    // MARK: - JSON

    static func json(_ r: Results) -> String {
        func num(_ x: Double?) -> String {
            guard let x, x.isFinite else { return "null" }
            if x == x.rounded() && abs(x) < 1e15 { return String(Int(x)) }
            return String(x)
        }
        func bySize(_ m: [Int: Double]) -> String {
            "{" + r.sizes.map { "\"\($0)\": \(num(m[$0]))" }.joined(separator: ", ") + "}"
        }
        func bySizeDepth(_ m: [Int: [Int: Double]]) -> String {
            "{" + r.sizes.map { s in
                "\"\(s)\": {" + r.depths.map { "\"\($0)\": \(num(m[s]?[$0]))" }.joined(separator: ", ") + "}"
            }.joined(separator: ", ") + "}"
        }
        let at8 = { (m: [Int: [Int: Double]]) in m.mapValues { $0[8] ?? .nan } }
        // Layout-aware dispatch over plain snapshot dispatch, per size, in this run.
        let layoutRatio = { (id: String) -> [Int: Double] in
            var out: [Int: Double] = [:]
            for s in r.sizes {
                if let ns = r.layoutDispatchNs[id]?[s], let base = r.snapshotDispatchNs[s] { out[s] = ns / base }
            }
            return out
        }
        var fields: [(String, String)] = [
            ("dispatch_ns", bySize(at8(r.dispatchNs))),
            ("baseline_uikit_ns", bySize(at8(r.baselineNs))),
            ("dispatch_allocs_per_press", num(r.dispatchAllocsPerPress)),
            ("compile_mb_per_s", num(r.mbPerS(r.compileSeconds))),
            ("lex_mb_per_s", num(r.mbPerS(r.lexSeconds))),
            ("load_ms_per_mb", num(r.loadMsPerMB)),
            ("load_one_thread_ms_per_mb", num(r.loadOneThreadMsPerMB)),
            ("hostile_load_worst_ms_per_mb", num(r.hostileLoad.map(\.msPerMB).max())),
            ("hostile_load_worst_ratio", num(r.hostileLoadWorstRatio)),
            ("table_bytes_per_binding", num(r.tableBytesPerBinding)),
            ("quick", r.quick ? "true" : "false"),
            ("seed", String(r.seed)),
            ("dispatch_ns_by_depth", bySizeDepth(r.dispatchNs)),
            ("baseline_uikit_ns_by_depth", bySizeDepth(r.baselineNs)),
            ("sequence_ns_per_stroke", bySize(r.sequenceStrokeNs)),
            ("sequence_one_stroke_ns", bySize(r.sequenceOneStrokeNs)),
            ("snapshot_dispatch_ns", bySize(r.snapshotDispatchNs)),
            ("snapshot_cached_dispatch_ns", bySize(r.snapshotCachedDispatchNs)),
            ("decide_ns", bySize(r.decideNs)),
            ("floor_lookup_ns", bySize(r.floorLookupNs)),
            ("snapshot_allocs_per_press", bySize(r.snapshotAllocsPerPress)),
            ("compile_peak_rss_bytes", r.compilePeakRSSBytes.map(String.init) ?? "null"),
            ("compile_peak_rss_source_bytes", String(r.compilePeakRSSSourceBytes)),
            ("compile_peak_rss_ratio", num(r.compilePeakRSSRatio)),
            ("check_same_chord_512_ms", num(r.checkSameChord512Ms)),
            ("layouts_all_10000_ms", num(r.layoutsAllMs)),
            ("layouts_all_10000_problems", r.layoutsAllProblems.map(String.init) ?? "null"),
            ("layout_dispatch_ns", "{" + Bench.dispatchLayouts.map { "\"\($0)\": \(bySize(r.layoutDispatchNs[$0] ?? [:]))" }.joined(separator: ", ") + "}"),
            ("layout_dispatch_ratio", "{" + Bench.dispatchLayouts.map { "\"\($0)\": \(bySize(layoutRatio($0)))" }.joined(separator: ", ") + "}"),
            ("layout_dispatch_allocs_per_press", "{" + Bench.dispatchLayouts.map { "\"\($0)\": \(bySize(r.layoutDispatchAllocsPerPress[$0] ?? [:]))" }.joined(separator: ", ") + "}"),
            ("press_mix_depth_8", "{" + r.sizes.map { s in
                "\"\(s)\": {" + PressKind.allCases.map { "\"\($0.rawValue)\": \(r.pressMix[s]?[$0] ?? 0)" }.joined(separator: ", ") + "}"
            }.joined(separator: ", ") + "}"),
            ("dispatch_round_spread", bySize(r.dispatchSpread)),
            ("sequence_allocs_per_stroke", num(r.sequenceAllocsPerStroke)),
            ("repeat_press_ns", num(r.repeatPressNs)),
            ("repeat_plain_press_ns", num(r.repeatPlainPressNs)),
            ("repeat_decide_ns", num(r.repeatDecideNs)),
            ("repeat_plain_decide_ns", num(r.repeatPlainDecideNs)),
            ("repeat_allocs_per_press", num(r.repeatAllocsPerPress)),
            ("baseline_allocs_per_press", num(r.baselineAllocsPerPress)),
            ("malloc_self_test", r.mallocSelfTest.map { "{\"allocating_loop_1000\": \($0.allocating), \"non_allocating_loop\": \($0.nonAllocating)}" } ?? "null"),
            ("compile_bindings", String(r.compileSize)),
            ("compile_source_bytes", String(r.compileSourceBytes)),
        ]
        let phases: [(String, Double?)] = [
            ("lex", r.lexSeconds), ("parse", r.parseSeconds), ("check", r.checkSeconds), ("emit", r.emitSeconds),
            ("front_end", r.frontEndSeconds), ("compile", r.compileSeconds),
        ]
        let cpuPhases: [Double?] = [r.lexCPUSeconds, r.parseCPUSeconds, r.checkCPUSeconds, r.emitCPUSeconds, r.frontEndCPUSeconds, r.compileCPUSeconds]
        for ((name, s), cpu) in zip(phases, cpuPhases) {
            fields.append(("\(name)_cpu_mb_per_s", num(r.mbPerS(cpu))))
            fields.append(("\(name)_ms", num(s.map { $0 * 1000 })))
            if name != "lex" && name != "compile" { fields.append(("\(name)_mb_per_s", num(r.mbPerS(s)))) }
            fields.append(("\(name)_bindings_per_s", num(r.bindingsPerS(s))))
        }
        fields += [
            ("table_bindings", String(r.tableSize)),
            ("table_bytes", r.tableBytes.map(String.init) ?? "null"),
            ("stripped_table_bytes", r.strippedTableBytes.map(String.init) ?? "null"),
            ("stripped_table_bytes_per_binding", num(r.strippedBytesPerBinding)),
            ("source_bytes", String(r.tableSourceBytes)),
            ("json_bytes", String(r.jsonBytes)),
            ("table_to_source_ratio", num(r.tableBytes.map { Double($0) / Double(max(1, r.tableSourceBytes)) })),
            ("table_to_json_ratio", num(r.tableBytes.map { Double($0) / Double(max(1, r.jsonBytes)) })),
            ("load_ms", num(r.loadMs)),
            ("load_stripped_ms", num(r.loadStrippedMs)),
            ("load_one_thread_ms", num(r.loadOneThreadMs)),
            ("workloads", "{" + r.sizes.compactMap { s in
                r.workloads[s].map { "\"\(s)\": {\"source_bytes\": \($0.sourceBytes), \"bindings\": \($0.bindings), \"gated_share\": \(num($0.gated)), \"sequence_share\": \(num($0.sequences))}" }
            }.joined(separator: ", ") + "}"),
            ("targets", "{" + r.targets.map { "\"\(jsonEscaped($0.name))\": \($0.met.map { $0 ? "true" : "false" } ?? "null")" }.joined(separator: ", ") + "}"),
            ("dispatch_targets", "{" + r.dispatchTargets.map { "\"\(jsonEscaped($0.name))\": \($0.met.map { $0 ? "true" : "false" } ?? "null")" }.joined(separator: ", ") + "}"),
            ("compiler_targets", "{" + r.compilerTargets.map { "\"\(jsonEscaped($0.name))\": \($0.met.map { $0 ? "true" : "false" } ?? "null")" }.joined(separator: ", ") + "}"),
            ("elapsed_s", num(r.elapsedSeconds)),
            ("cpu_share", num(r.cpuShare)),
            ("rounds_total", String(r.roundsTotal)),
            ("rounds_clean", String(r.roundsClean)),
            ("figures_with_preempted_rounds", "[" + r.figuresUnfiltered.map { "\"\($0)\"" }.joined(separator: ", ") + "]"),
        ]
        return "{\n" + fields.map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n}"
    }
}
