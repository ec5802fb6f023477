/// The one-pass reachability check of a linear-probing hash table (a power of two of slots, at
/// least one empty): walk the slots from just after an empty one, wrapping around; a lookup
/// that starts at a slot's home reaches the slot exactly when the home lies in the run of
/// occupied slots that holds it, at or before it. The validator checks the role hash (`RHSH`),
/// each node's child slots (`SLOT`) and the stroke keys (`DKEY`) this way.
struct ProbeWalk {
    /// The empty slot the walk starts after.
    let firstEmpty: Int
    private let mask: Int
    /// The walk step at which the current run of occupied slots began.
    private var runStart = 0

    /// A walk of the `capacity` slots, starting after the first slot `isEmpty` says is empty;
    /// nil when none is (a full table, where a missing key's lookup would never end).
    @inline(__always)
    init?(capacity: Int, isEmpty: (Int) -> Bool) {
        guard let s = (0..<capacity).first(where: isEmpty) else { return nil }
        firstEmpty = s
        mask = capacity &- 1
    }

    /// The slot of walk step `step` (`0..<capacity`).
    @inline(__always)
    func slot(_ step: Int) -> Int { (firstEmpty &+ 1 &+ step) & mask }

    /// Notes that step `step`'s slot is empty: the next occupied slot starts a run.
    @inline(__always)
    mutating func passEmpty(at step: Int) { runStart = step &+ 1 }

    /// Whether a lookup starting at slot `home` reaches the occupied slot of step `step`.
    @inline(__always)
    func reaches(from home: Int, at step: Int) -> Bool {
        let position = (home &- firstEmpty &- 1) & mask
        return position >= runStart && position <= step
    }
}
