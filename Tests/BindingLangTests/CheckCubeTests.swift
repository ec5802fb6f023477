import BindingRuntime
import Testing
@testable import BindingLang

// The conflict checker's quick test for conjunctions of literals: it only ever proves two
// conditions disjoint, so verdicts are the same with it; the 512-binding case (the documented
// cap of one sequence in one role) is decided without a search per pair.
@Suite("Cubes: conjunctions of literals")
struct CheckCubeTests {
    func cube(_ condition: Condition) -> Cube? {
        var strings: [String: Int] = [:]
        return Cube(condition, strings: &strings)
    }

    @Test func contradictoryLiteralsAreDisjoint() throws {
        var strings: [String: Int] = [:]
        let a = try #require(Cube(.and(.flag(0), .enumEquals(1, 2)), strings: &strings))
        let notA = try #require(Cube(.not(.flag(0)), strings: &strings))
        let otherCase = try #require(Cube(.enumEquals(1, 1), strings: &strings))
        let notThatCase = try #require(Cube(.not(.enumEquals(1, 2)), strings: &strings))
        let sameCase = try #require(Cube(.and(.enumEquals(1, 2), .flag(3)), strings: &strings))
        let swift = try #require(Cube(.stringEquals(4, "swift"), strings: &strings))
        let notSwift = try #require(Cube(.not(.stringEquals(4, "swift")), strings: &strings))
        let rust = try #require(Cube(.stringEquals(4, "rust"), strings: &strings))
        #expect(a.contradicts(notA) && notA.contradicts(a))
        #expect(a.contradicts(otherCase))
        #expect(a.contradicts(notThatCase))
        #expect(!a.contradicts(sameCase))
        #expect(swift.contradicts(notSwift) && swift.contradicts(rust))
        #expect(!notSwift.contradicts(rust) && !notThatCase.contradicts(otherCase))
        #expect(!a.contradicts(swift))
    }

    @Test func onlyConjunctionsOfLiteralsAreCubes() {
        #expect(cube(.or(.flag(0), .flag(1))) == nil)
        #expect(cube(.and(.flag(0), .not(.and(.flag(1), .flag(2))))) == nil)
        #expect(cube(.constant(true))?.literals.isEmpty == true)
        #expect(cube(.and(.flag(2), .and(.not(.flag(0)), .enumEquals(1, 0))))?.literals.map(\.variable) == [0, 1, 2])
    }

    /// 512 bindings of one chord, each under another full assignment of nine flags: no
    /// conflict; change one condition to overlap another and exactly that pair is reported.
    @Test func fiveHundredTwelveDisjointBindingsOfOneChord() {
        let flags = (0..<9).map { "f\($0)" }
        func source(overlapping: Bool) -> String {
            var s = flags.map { "context \($0): Bool\n" }.joined() + "responder Editor\naction act(Int)\nin Editor {\n"
            for i in 0..<512 {
                var condition = flags.enumerated().map { (bit, f) in (i >> bit) & 1 == 1 ? f : "!" + f }.joined(separator: " && ")
                if overlapping && i == 300 { condition = "f2 && f3" }
                s += "  cmd+k -> act(\(i)) when \(condition)\n"
            }
            return s + "}\n"
        }
        let (keymap, clean, _) = checkSource(source(overlapping: false))
        #expect(clean.isEmpty, "\(clean.prefix(3).map(\.message))")
        #expect(keymap?.bindings.count == 512)
        let (_, diagnostics, _) = checkSource(source(overlapping: true))
        let errors = diagnostics.filter { $0.severity == .error }
        // Binding 300 (now f2 && f3) overlaps every binding with f2 and f3 set: it is the
        // later one against the earlier ones (one error at it), and each later one is reported
        // once against it.
        let later = (301..<512).filter { $0 & 0b1100 == 0b1100 }.count
        #expect(errors.count == 1 + later, "\(errors.prefix(3).map(\.message))")
        #expect(errors.allSatisfy { $0.message.contains("bound twice") }, "\(errors.prefix(3).map(\.message))")
    }
}
