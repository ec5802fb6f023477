// The checked-in fuzz inputs: Fuzz/seeds/<target>/ (the seeds Fuzz/run.sh starts each fuzzer
// from) and Fuzz/regressions/<target>/ (every input a fuzzer once failed on, kept after the
// fix). The replay tests run each file through its target's body, as the fuzzer would.
import Foundation

enum FuzzCorpus {
    /// The repository root, from this file's path (Tests/BindingLangTests/Fuzz/FuzzCorpus.swift).
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/")
    }()

    /// The checked-in inputs of `targets`, as paths under Fuzz/ (`seeds/set/typical`,
    /// `regressions/layouts/crash-…`).
    static func inputs(_ targets: [String]) -> [String] {
        var paths: [String] = []
        for target in targets {
            for kind in ["seeds", "regressions"] {
                let files = (try? FileManager.default.contentsOfDirectory(atPath: "\(root)/Fuzz/\(kind)/\(target)")) ?? []
                paths += files.filter { !$0.hasPrefix(".") }.sorted().map { "\(kind)/\(target)/\($0)" }
            }
        }
        return paths
    }

    /// The bytes of the input at `path` under Fuzz/.
    static func bytes(_ path: String) -> [UInt8] {
        Array(FileManager.default.contents(atPath: "\(root)/Fuzz/\(path)") ?? Data())
    }

    /// The target an input belongs to (the folder it is in).
    static func target(_ path: String) -> String { String(path.split(separator: "/")[1]) }
}
