import BindingRuntime
import Testing
@testable import BindingLang

/// Issue 16: the runtime's `BindingTable.text(of:)` (explanations), the model's reading of a
/// table condition and `ConditionPrinter` (dump, diagnostics) work with explicit stacks. They
/// recursed once per level: in a debug build a 512-level condition, which the loader accepts,
/// overflowed a 512 KB thread at about 362 levels in `text(of:)` and 235 in the printer.
/// (`Condition`'s synthesized equality and hashing still recurse; 512 levels fit a 256 KB
/// thread in a debug build; the test gives them 512 KB for the address sanitizer.)
struct TableConditionTextTests {
    /// The recursive definition it replaced, for small conditions.
    static func reference(_ table: BindingTable, _ c: TableCondition) -> String {
        func quoted(_ s: String) -> String { table.text(of: .stringEquals(0, s)).components(separatedBy: " == ").dropFirst().joined(separator: " == ") }
        var out = ""
        func render(_ c: TableCondition, _ parent: Int) {
            switch c {
            case .not(let x):
                switch x {
                case .enumEquals, .stringEquals: out += table.text(of: c)
                default:
                    out += "!"
                    render(x, 3)
                }
            case .and(let l, let r), .or(let l, let r):
                let precedence: Int
                if case .and = c { precedence = 2 } else { precedence = 1 }
                if parent > precedence { out += "(" }
                render(l, precedence)
                out += precedence == 2 ? " && " : " || "
                render(r, precedence)
                if parent > precedence { out += ")" }
            default: out += table.text(of: c)
            }
        }
        render(c, 0)
        return out
    }

    static let table: BindingTable = {
        let source = """
            context a: Bool
            context b: Bool
            context mode: normal | insert
            context lang: String
            responder R
            action go
            in R {
              k -> go when lang == "swift"
            }
            """
        var sources = SourceManager()
        _ = sources.add(SourceFile(path: "t.bind", text: source))
        return try! BindingTable(bytes: Compilation(sources: sources, platform: .apple).table(strip: false)!)
    }()

    @Test func writesWhatTheRecursiveDefinitionWrote() {
        var rng = SplitMix64(seed: 362)
        func random(_ depth: Int) -> TableCondition {
            switch depth == 0 ? Int(rng.next() % 2) : Int(rng.next() % 7) {
            case 0: return [.flag(0), .flag(1), .constant(true), .inside(0), .plays(0)][Int(rng.next() % 5)]
            case 1: return [.enumEquals(2, 1), .stringEquals(3, "swift")][Int(rng.next() % 2)]
            case 2, 3: return .not(random(depth - 1))
            case 4: return .and(random(depth - 1), random(depth - 1))
            default: return .or(random(depth - 1), random(depth - 1))
            }
        }
        for _ in 0..<500 {
            let c = random(6)
            #expect(Self.table.text(of: c) == Self.reference(Self.table, c))
        }
        #expect(Self.table.text(of: .not(.or(.flag(0), .and(.flag(1), .not(.enumEquals(2, 1)))))) == "!(a || b && mode != insert)")
    }

    /// The tallest conditions a table holds, read back and written on a 256 KB thread.
    @Test func tallestConditionsOnASmallStack() throws {
        let n = TableFormat.maxConditionHeight
        var leftDeep: Condition = .flag(0), rightDeep: Condition = .flag(0), nots: Condition = .flag(0)
        for i in 1..<n {
            leftDeep = .and(leftDeep, i % 2 == 0 ? .flag(1) : .not(.flag(0)))
            rightDeep = .or(.flag(i % 2), rightDeep)
            nots = i % 3 == 0 ? .and(.flag(1), nots) : .not(nots)
        }
        let chords = try ["j", "k", "l"].map { try #require(try? Chord.parse($0, platform: .apple).get()) }
        let conditions = [leftDeep, rightDeep, nots]
        let keymap = Keymap(
            name: "t", platform: .apple,
            contexts: [ContextVariable(name: "a", type: .bool), ContextVariable(name: "b", type: .bool)],
            roles: ["R"], actions: [Action(name: "go")], groups: [],
            bindings: conditions.indices.map { Binding(sequence: [chords[$0]], role: 0, action: 0, condition: conditions[$0]) })
        let table = try BindingTable(bytes: Emitter.emit(keymap))
        let lengths = SmallStackTests.onSmallStack(size: 256 << 10) { () -> [Int] in
            let cache = TableConditionCache(table: table)
            return (0..<3).map { table.text(of: table.condition(cache.conditionReference(ofBinding: $0))).utf8.count }
        }
        #expect(lengths.allSatisfy { $0 > 2 * n }, "\(lengths)")
        // The model read back from the table, printed as text and JSON, hashed and compared.
        let first = Keymap(table: table).bindings.map(\.condition)
        let printed = SmallStackTests.onSmallStack(size: 512 << 10) { () -> [Int] in
            let back = Keymap(table: table)
            let text = KeymapPrinter.text(back), json = KeymapPrinter.json(back).rendered()
            let distinct = Set(back.bindings.map(\.condition)).count
            return [text.utf8.count, json.utf8.count, distinct, back.bindings.map(\.condition) == first ? 1 : 0]
        }
        #expect(printed[0] > 6 * n && printed[1] > 6 * n && printed[2] == 3 && printed[3] == 1, "\(printed)")
    }
}
