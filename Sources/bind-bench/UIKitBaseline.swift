import BindingLang
import BindingRuntime

// MARK: - The UIKit-style way, implemented honestly
//
// What an app does without BindKit: every responder overrides `keyCommands`, a getter that
// builds a fresh array of `UIKeyCommand` objects each time UIKit asks — and UIKit asks on every
// key press — including only the commands whose condition holds right now. UIKit walks the
// responder chain from the first responder, scans each array linearly for the pressed input
// and modifier flags, and sends the action to `target(forAction:withSender:)`: the first
// responder in the chain whose `canPerformAction` says yes. A command nobody can perform is
// skipped. Sequences have no UIKit support; an app registers one command per prefix that
// starts its own pending mode, so the baseline has one command per distinct prefix.
//
// Everything the app would write as literals (inputs, titles, selectors) is built once; what
// UIKit does per press (the getter, the objects, the array, the scans, the target walk) is done
// per press. Selectors are interned ids, compared as integers, like Objective-C's `SEL`.

/// A `UIKeyCommand`: the objects each responder's getter allocates on every press.
final class BaselineKeyCommand {
    let input: String
    let modifierFlags: Modifiers
    /// The selector (an interned id, like `SEL`).
    let action: Int
    let discoverabilityTitle: String?
    /// UIKit's `propertyList`: the argument.
    let propertyList: ArgumentValue
    /// A prefix command that begins an app-managed sequence.
    let beginsSequence: Bool

    init(input: String, modifierFlags: Modifiers, action: Int, discoverabilityTitle: String?,
         propertyList: ArgumentValue, beginsSequence: Bool) {
        self.input = input
        self.modifierFlags = modifierFlags
        self.action = action
        self.discoverabilityTitle = discoverabilityTitle
        self.propertyList = propertyList
        self.beginsSequence = beginsSequence
    }
}

/// One `if condition { commands.append(UIKeyCommand(…)) }` line of an app's getter: the
/// literal parts and the condition, compiled to a flat postfix program so evaluating it costs
/// about what the app's `if state.loggedIn && !state.readOnly` would.
struct BaselineCommandSpec {
    let input: String
    let modifiers: Modifiers
    let action: Int
    let title: String?
    let argument: ArgumentValue
    let beginsSequence: Bool
    /// Postfix program over the context (see ``BaselineCondition``); empty means always.
    let condition: [BaselineCondition]
}

/// One instruction of a compiled condition.
enum BaselineCondition {
    case flag(Int), enumEquals(Int, Int), constant(Bool), not, and, or

    static func compile(_ c: Condition, into out: inout [BaselineCondition]) {
        switch c {
        case .constant(let b): out.append(.constant(b))
        case .flag(let i): out.append(.flag(i))
        case .enumEquals(let i, let k): out.append(.enumEquals(i, k))
        case .stringEquals, .inside, .plays: out.append(.constant(false))  // the workload uses none
        case .not(let x): compile(x, into: &out); out.append(.not)
        case .and(let a, let b): compile(a, into: &out); compile(b, into: &out); out.append(.and)
        case .or(let a, let b): compile(a, into: &out); compile(b, into: &out); out.append(.or)
        }
    }

    /// Runs a program with a bit stack (conditions here are a few levels deep).
    @inline(__always)
    static func run(_ program: [BaselineCondition], _ state: [Int]) -> Bool {
        if program.isEmpty { return true }
        var stack: UInt64 = 0
        for op in program {
            switch op {
            case .flag(let i): stack = stack << 1 | (state[i] != 0 ? 1 : 0)
            case .enumEquals(let i, let k): stack = stack << 1 | (state[i] == k ? 1 : 0)
            case .constant(let b): stack = stack << 1 | (b ? 1 : 0)
            case .not: stack ^= 1
            case .and: stack = (stack >> 2) << 1 | (stack & (stack >> 1) & 1)
            case .or: stack = (stack >> 2) << 1 | ((stack | (stack >> 1)) & 1)
            }
        }
        return stack & 1 == 1
    }
}

/// A `UIResponder` subclass of the app: its getter, its `canPerformAction`, its actions.
final class BaselineResponder {
    let chainIndex: Int
    var next: BaselineResponder?
    let specs: [BaselineCommandSpec]
    /// Bit set of the selectors this responder implements.
    let performable: [UInt64]
    let catchAll: Bool
    /// Actions performed (so the optimiser cannot drop the work).
    var performedCount = 0
    var lastArgument: ArgumentValue = .none

    init(chainIndex: Int, specs: [BaselineCommandSpec], performable: [UInt64], catchAll: Bool) {
        self.chainIndex = chainIndex
        self.specs = specs
        self.performable = performable
        self.catchAll = catchAll
    }

    /// `override var keyCommands: [UIKeyCommand]?` — rebuilt on every call, as UIKit apps do.
    @inline(never)
    func keyCommands(_ state: [Int]) -> [BaselineKeyCommand] {
        var out: [BaselineKeyCommand] = []
        out.reserveCapacity(specs.count)
        for s in specs where BaselineCondition.run(s.condition, state) {
            out.append(BaselineKeyCommand(
                input: s.input, modifierFlags: s.modifiers, action: s.action, discoverabilityTitle: s.title,
                propertyList: s.argument, beginsSequence: s.beginsSequence))
        }
        return out
    }

    /// `override func canPerformAction(_:withSender:)`.
    @inline(never)
    func canPerformAction(_ action: Int) -> Bool {
        if catchAll { return true }
        let w = action >> 6
        return w < performable.count && performable[w] & (1 << UInt64(action & 63)) != 0
    }

    /// The action method UIKit calls.
    @inline(never)
    func perform(_ action: Int, _ argument: ArgumentValue) {
        performedCount &+= 1
        lastArgument = argument
    }
}

/// UIKit's side: match a press against the chain's key commands and deliver it.
enum BaselineDispatcher {
    /// The outcome, comparable with ``Expectation``: the chain index of the performer and the
    /// selector, or nil.
    struct Outcome: Equatable {
        var performer: Int?
        var action: Int?
        var pending = false
    }

    @inline(never)
    static func handle(input: String, modifiers: Modifiers, firstResponder: BaselineResponder, state: [Int]) -> Outcome {
        var responder: BaselineResponder? = firstResponder
        while let r = responder {
            let commands = r.keyCommands(state)
            for c in commands where c.modifierFlags == modifiers && c.input == input {
                if c.beginsSequence { return Outcome(performer: nil, action: nil, pending: true) }
                // target(forAction:withSender:)
                var t: BaselineResponder? = firstResponder
                while let target = t {
                    if target.canPerformAction(c.action) {
                        target.perform(c.action, c.propertyList)
                        return Outcome(performer: target.chainIndex, action: c.action)
                    }
                    t = target.next
                }
            }
            responder = r.next
        }
        return Outcome(performer: nil, action: nil)
    }
}

/// The baseline app for one workload and chain depth, and each press's UIKit input string.
struct BaselineApp {
    let firstResponder: BaselineResponder
    /// The chain, so it stays alive (responders link with strong `next` references).
    let chain: [BaselineResponder]
    /// Selector ids by action name.
    let selectors: [String: Int]

    init(_ w: Workload, depth: Int) {
        var selectors: [String: Int] = [:]
        for a in w.declaredActions { selectors[a.name] = selectors.count }
        for s in StandardActions.all { selectors[s] = selectors.count }
        selectors["beginSequence"] = selectors.count
        var chain: [BaselineResponder] = []
        for i in 0..<depth {
            var specs: [BaselineCommandSpec] = []
            var prefixes = Set<Chord>()
            for b in w.bindings where b.role == i {
                if b.sequence.count > 1 {
                    guard prefixes.insert(b.sequence[0]).inserted else { continue }
                    specs.append(BaselineCommandSpec(
                        input: Self.input(b.sequence[0].key), modifiers: b.sequence[0].modifiers,
                        action: selectors["beginSequence"] ?? 0, title: nil, argument: .none,
                        beginsSequence: true, condition: []))
                } else {
                    var program: [BaselineCondition] = []
                    if b.condition != .constant(true) { BaselineCondition.compile(b.condition, into: &program) }
                    specs.append(BaselineCommandSpec(
                        input: Self.input(b.sequence[0].key), modifiers: b.sequence[0].modifiers,
                        action: selectors[b.actionName] ?? 0, title: b.title, argument: b.argument,
                        beginsSequence: false, condition: program))
                }
            }
            var bits = [UInt64](repeating: 0, count: (selectors.count + 63) / 64)
            for (name, owner) in w.owner where owner == i {
                if let s = selectors[name] { bits[s >> 6] |= 1 << UInt64(s & 63) }
            }
            chain.append(BaselineResponder(chainIndex: i, specs: specs, performable: bits, catchAll: i == depth - 1))
        }
        for i in 0..<(chain.count - 1) { chain[i].next = chain[i + 1] }
        self.chain = chain
        self.firstResponder = chain[0]
        self.selectors = selectors
    }

    /// The `input` string UIKit reports for a key (`UIKeyInputUpArrow`, `"\u{1b}"`, `"a"`).
    static func input(_ key: Key) -> String {
        if !key.isNamed { return Unicode.Scalar(key.rawValue).map { String(Character($0)) } ?? "" }
        switch key {
        case .upArrow: return "UIKeyInputUpArrow"
        case .downArrow: return "UIKeyInputDownArrow"
        case .leftArrow: return "UIKeyInputLeftArrow"
        case .rightArrow: return "UIKeyInputRightArrow"
        case .escape: return "UIKeyInputEscape"
        case .tab: return "\t"
        case .return: return "\r"
        case .delete: return "\u{8}"
        default:
            let name = key.sourceName
            return "UIKeyInput" + name.prefix(1).uppercased() + name.dropFirst()
        }
    }
}
