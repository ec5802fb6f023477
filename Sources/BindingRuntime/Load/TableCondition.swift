/// A `when` condition read back from a table, over context variables by index: the
/// runtime's view of BindingLang's `Condition` (same cases, same meaning).
public indirect enum TableCondition: Sendable, Equatable, Hashable {
    /// Always `true` or always `false`.
    case constant(Bool)
    /// A Bool context variable is true.
    case flag(Int)
    /// An enumeration context variable holds the case with this index.
    case enumEquals(Int, Int)
    /// A String context variable equals this text.
    case stringEquals(Int, String)
    /// A responder further out in the chain than the one holding the binding plays this role
    /// (`inside Role`).
    case inside(Int)
    /// The responder holding the binding also plays this role (`is Role`).
    case plays(Int)
    /// The negation.
    case not(TableCondition)
    /// Both hold.
    case and(TableCondition, TableCondition)
    /// Either holds.
    case or(TableCondition, TableCondition)
}
