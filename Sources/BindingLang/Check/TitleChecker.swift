import BindingRuntime

/// Warns about a discoverability title used for different commands (actions or arguments)
/// in one group (Grammar.md §11): the overlay would list two entries a user cannot tell
/// apart. Ungrouped bindings count as one group.
struct TitleChecker {
    let scope: Scope
    let groups: GroupTable

    /// Titled bindings are sorted by a hash of their group and title (``RadixSort``), so
    /// bindings that may share both are adjacent; equal hashes are then compared for real.
    /// (Sorting integers is much cheaper than a hash table of strings for a hundred thousand
    /// titles.)
    private struct Entry {
        var hash: UInt64
        var index: Int32
    }

    func check(_ bindings: [CheckedBinding], _ engine: inout DiagnosticEngine) {
        var entries: [Entry] = []
        entries.reserveCapacity(bindings.count)
        for i in bindings.indices {
            guard let title = bindings[i].title, !title.isEmpty else { continue }
            let group = UInt64(bitPattern: Int64(bindings[i].group ?? -1))
            entries.append(Entry(hash: Self.hash(title) ^ (group &* 0x9E37_79B9_7F4A_7C15), index: Int32(truncatingIfNeeded: i)))
        }
        // Stable, and the entries are in index order: equal hashes stay in declaration order.
        RadixSort.sort(&entries, byteCount: 8) { e, k in Int(truncatingIfNeeded: (e.hash >> UInt64(k &* 8)) & 0xFF) }
        var start = 0
        while start < entries.count {
            var end = start + 1
            while end < entries.count && entries[end].hash == entries[start].hash { end += 1 }
            if end - start > 1 { checkRun(entries[start..<end].map { Int($0.index) }, bindings, &engine) }
            start = end
        }
    }

    /// Bindings (in declaration order) whose group and title hash alike.
    private func checkRun(_ members: [Int], _ bindings: [CheckedBinding], _ engine: inout DiagnosticEngine) {
        var firsts: [Int] = []
        for i in members {
            let b = bindings[i]
            guard let e = firsts.first(where: { bindings[$0].group == b.group && bindings[$0].title == b.title }) else {
                firsts.append(i)
                continue
            }
            let earlier = bindings[e]
            if earlier.action == b.action && earlier.argument == b.argument { continue }
            engine.warning(
                Messages.titleReused(b.title ?? "", firstUse: describe(earlier), group: b.group.map(groups.title)),
                at: b.titleRange ?? b.range,
                notes: [DiagnosticNote(Messages.titleFirstUsedHere, at: earlier.titleRange ?? earlier.range)])
        }
    }

    /// FNV-1a over the title's UTF-8 bytes.
    private static func hash(_ title: String) -> UInt64 {
        var title = title
        return title.withUTF8 { bytes in
            var h: UInt64 = 0xCBF2_9CE4_8422_2325
            for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
            return h
        }
    }

    /// `selectTab(1)`, `search`: a command as written.
    private func describe(_ b: CheckedBinding) -> String {
        let name = scope.name(of: b.action)
        switch b.argument {
        case .none: return name
        case .int(let n): return "\(name)(\(n))"
        case .string(let s): return "\(name)(\(Messages.quoted(s)))"
        case .bool(let v): return "\(name)(\(v))"
        }
    }
}
