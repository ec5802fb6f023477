import BindingRuntime

/// A mistake in how the tool was invoked (exit code 2), with enough detail for a helpful
/// message and, where possible, a did-you-mean.
enum UsageError: Error, Equatable, Sendable {
    /// An option the command does not have; `suggestion` is the nearest one it has.
    case unknownOption(String, suggestion: String?)
    /// A subcommand that does not exist; `suggestion` is the nearest one that does.
    case unknownCommand(String, suggestion: String?)
    /// A valued option given last with no value after it.
    case missingValue(option: String)
    /// A flag given a value with `=` (`--strip=yes`).
    case unexpectedValue(option: String)
    /// A non-repeatable option given twice.
    case repeatedOption(String)
    /// A value outside the option's fixed set.
    case invalidChoice(option: String, value: String, choices: [String], suggestion: String?)
    /// A required option not given (`-o OUT`).
    case missingOption(String)
    /// Fewer positional arguments than the command needs.
    case missingArgument(String)
    /// More positional arguments than the command takes.
    case unexpectedArgument(String)
    /// A command-specific problem with a value (`--set mode` without `=`), fully worded.
    case invalidValue(String)
    /// No command given.
    case noCommand

    /// The message printed after `error: `.
    var message: String {
        switch self {
        case .unknownOption(let o, let s):
            return "unknown option '\(o)'" + (s.map { "; did you mean '\($0)'?" } ?? "")
        case .unknownCommand(let c, let s):
            return "unknown command '\(c)'" + (s.map { "; did you mean '\($0)'?" } ?? "")
        case .missingValue(let o):
            return "missing value for '\(o)'"
        case .unexpectedValue(let o):
            return "option '\(o)' does not take a value"
        case .repeatedOption(let o):
            return "option '\(o)' given more than once"
        case .invalidChoice(let o, let v, let choices, let s):
            return "invalid value '\(v)' for '\(o)' (expected \(choices.joined(separator: ", ")))"
                + (s.map { "; did you mean '\($0)'?" } ?? "")
        case .missingOption(let o):
            return "missing option '\(o)'"
        case .missingArgument(let name):
            return "missing argument \(name)"
        case .unexpectedArgument(let a):
            return "unexpected argument '\(a)'"
        case .invalidValue(let m):
            return m
        case .noCommand:
            return "no command given"
        }
    }
}

extension UsageError {
    /// The did-you-mean candidate for `word` among `candidates`, sharing the front end's
    /// edit-distance rule.
    static func suggestion(for word: String, in candidates: [String]) -> String? {
        nearest(to: word, in: candidates)
    }
}
