/// A unified diff of two texts by lines (`diff -u` format, three lines of context), for
/// showing a change without making it (`bindc check --fix --dry-run`).
public enum UnifiedDiff {
    /// The diff from `old` to `new` labelled `a/path` and `b/path`; empty when they are equal.
    public static func render(old: [UInt8], new: [UInt8], path: String, context: Int = 3) -> String {
        let a = lines(old), b = lines(new)
        if a == b { return "" }
        // Longest common subsequence by dynamic programming over the differing middle.
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let x = Array(a[prefix..<(a.count - suffix)]), y = Array(b[prefix..<(b.count - suffix)])
        var table = Array(repeating: Array(repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in stride(from: x.count - 1, through: 0, by: -1) {
            for j in stride(from: y.count - 1, through: 0, by: -1) {
                table[i][j] = x[i] == y[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        // The edit script: (kind, old line index, new line index) for every line.
        enum Op { case same, delete, insert }
        var script: [(Op, Int, Int)] = (0..<prefix).map { (.same, $0, $0) }
        var i = 0, j = 0
        while i < x.count || j < y.count {
            if i < x.count && j < y.count && x[i] == y[j] {
                script.append((.same, prefix + i, prefix + j)); i += 1; j += 1
            } else if i < x.count && (j == y.count || table[i + 1][j] >= table[i][j + 1]) {
                script.append((.delete, prefix + i, prefix + j)); i += 1
            } else {
                script.append((.insert, prefix + i, prefix + j)); j += 1
            }
        }
        for k in 0..<suffix { script.append((.same, a.count - suffix + k, b.count - suffix + k)) }

        var out = "--- a/\(path)\n+++ b/\(path)\n"
        var k = 0
        while k < script.count {
            guard let firstChange = script[k...].firstIndex(where: { $0.0 != .same }) else { break }
            var start = max(k, firstChange - context)
            if start < k { start = k }
            // Extend the hunk while changes are within 2 * context of each other.
            var end = firstChange
            var lastChange = firstChange
            while end < script.count {
                if script[end].0 != .same { lastChange = end }
                if end - lastChange > 2 * context { break }
                end += 1
            }
            end = min(script.count, lastChange + context + 1)
            let hunk = script[start..<end]
            let oldCount = hunk.filter { $0.0 != .insert }.count, newCount = hunk.filter { $0.0 != .delete }.count
            let oldStart = hunk.first { $0.0 != .insert }.map { $0.1 + 1 } ?? (hunk.first!.1)
            let newStart = hunk.first { $0.0 != .delete }.map { $0.2 + 1 } ?? (hunk.first!.2)
            out += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
            for (op, oi, ni) in hunk {
                switch op {
                case .same: out += " " + String(decoding: a[oi], as: UTF8.self) + "\n"
                case .delete: out += "-" + String(decoding: a[oi], as: UTF8.self) + "\n"
                case .insert: out += "+" + String(decoding: b[ni], as: UTF8.self) + "\n"
                }
            }
            k = end
        }
        return out
    }

    /// The lines as bytes: compared byte for byte, so that a change between canonically
    /// equivalent spellings (`"é"` decomposed to precomposed), which `String` equality hides,
    /// shows.
    private static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var result = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        if result.last?.isEmpty == true { result.removeLast() }
        return result
    }
}
