/// Parses one command's arguments against its ``CommandSpec``.
///
/// Conventions, as in `swift` and `git`: `--flag`; `--opt value` and `--opt=value`; a short
/// name takes `-o value` or `-ovalue`; repeatable options collect every value in order; `-` is
/// a positional argument (standard input); `--` ends the options, so every later argument is
/// positional even when it starts with a dash; `-h`/`--help` anywhere before `--` asks for help.
/// Unknown options get a did-you-mean from the command's own options.
enum ArgumentParser {
    /// Parses `arguments` (without the tool and command names) for `spec`.
    static func parse(_ arguments: [String], for spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                result.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "--help" || argument == "-h" {
                result.helpRequested = true
                continue
            }
            let (option, inlineValue) = try lookUp(argument, in: spec)
            if option.takesValue {
                var value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count, !isOptionSpelling(arguments[index], in: spec) {
                    value = arguments[index]
                    index += 1
                } else {
                    throw .missingValue(option: option.displayName)
                }
                if let choices = option.choices {
                    // In any case, as the language writes them (`--platform macOS`), kept as listed.
                    guard let choice = choices.first(where: { $0.lowercased() == value.lowercased() }) else {
                        throw .invalidChoice(
                            option: option.displayName, value: value, choices: choices,
                            suggestion: UsageError.suggestion(for: value, in: choices))
                    }
                    value = choice
                }
                if !option.repeatable, result.values[option.key] != nil {
                    throw .repeatedOption(option.displayName)
                }
                result.values[option.key, default: []].append(value)
            } else {
                if inlineValue != nil { throw .unexpectedValue(option: option.displayName) }
                result.flags.insert(option.key)
            }
        }
        if result.helpRequested { return result }
        for option in spec.options where option.required && result.values[option.key] == nil && !result.flags.contains(option.key) {
            throw .missingOption(option.usageText)
        }
        let positionals = spec.positionals
        // With `--config`, the files may come from its `layers` (``Inputs/configured``).
        let fromConfig = result.values["config"] != nil && spec.options.contains { $0.key == "config" }
        if result.positionals.count < positionals.minimum && !(fromConfig && result.positionals.isEmpty) {
            throw .missingArgument(positionals.name)
        }
        if let maximum = positionals.maximum, result.positionals.count > maximum {
            throw .unexpectedArgument(result.positionals[maximum])
        }
        return result
    }

    /// The option `argument` names and the value written into it (`--opt=value`, `-ovalue`).
    private static func lookUp(_ argument: String, in spec: CommandSpec) throws(UsageError) -> (OptionSpec, String?) {
        if argument.hasPrefix("--") {
            let name: String
            var inlineValue: String? = nil
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            } else {
                name = argument
            }
            guard let option = spec.option(named: name) else {
                let longNames = spec.options.flatMap { $0.names.filter { $0.hasPrefix("--") } } + ["--help"]
                throw .unknownOption(name, suggestion: UsageError.suggestion(for: name, in: longNames))
            }
            return (option, inlineValue)
        }
        // A short option: `-o`, `-o value`, `-ovalue`.
        let name = String(argument.prefix(2))
        let rest = String(argument.dropFirst(2))
        guard let option = spec.option(named: name), rest.isEmpty || option.takesValue else {
            throw .unknownOption(argument, suggestion: nil)
        }
        return (option, rest.isEmpty ? nil : rest)
    }

    /// Whether `argument` is exactly one of the command's option spellings (so it cannot be
    /// the value of the option before it).
    private static func isOptionSpelling(_ argument: String, in spec: CommandSpec) -> Bool {
        if argument == "--help" || argument == "-h" || argument == "--" { return true }
        let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
        return argument.hasPrefix("-") && spec.option(named: name) != nil
    }
}
