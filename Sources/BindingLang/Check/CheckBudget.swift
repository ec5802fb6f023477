/// The checker's allowance of work for one whole compilation (Grammar.md §10, "Limits"), so
/// that no source, however it is built, keeps the checker busy for long. Deciding whether
/// conditions can hold together is a search; each step of it simplifies the condition, so a
/// step costs the condition's size. A **unit** is one condition node simplified during a
/// search, or one comparison of two bindings' conditions. Every search and comparison takes
/// its units from this one allowance; when it is spent, the checker stops deciding and
/// reports one error naming the bindings it was comparing (it never guesses).
///
/// The largest real keymaps known, VS Code's default keymaps imported, used about 30,000,000
/// units when the budget was set, and 1,400,000–1,600,000 since most of their comparisons are
/// answered without a search (``ConditionFacts``; CheckBudgetHeadroomTests prints them); the
/// budget, a few seconds of work in a release build, is not raised or lowered by that.
final class CheckBudget {
    /// Units per compilation.
    static let standard = 300_000_000
    /// The allowance this compilation started with.
    let units: Int
    /// Units left (negative once spent).
    private(set) var remaining: Int
    /// Whether running out has been reported (once per compilation).
    var reported = false

    /// A fresh allowance of `units`.
    init(units: Int = CheckBudget.standard) {
        self.units = units
        remaining = units
    }

    /// Whether nothing is left.
    var isSpent: Bool { remaining <= 0 }

    /// Takes `units` from the allowance.
    func spend(_ units: Int) { remaining -= units }
}
