import Testing
@testable import bindc

/// A spec exercising every kind of option.
private let spec = CommandSpec(
    name: "demo", abstract: "A demo",
    positionals: PositionalSpec(name: "FILE", minimum: 1, maximum: nil, help: "files"),
    options: [
        .value("-o", "--output", valueName: "OUT", help: "output"),
        .flag("--strip", help: "strip"),
        .flag("-i", "--in-place", help: "in place"),
        .value("--set", valueName: "N=V", repeatable: true, help: "set"),
        .value("--platform", valueName: "P", choices: ["apple", "other"], help: "platform"),
    ])

private func parse(_ args: [String]) throws(UsageError) -> ParsedArguments {
    try ArgumentParser.parse(args, for: spec)
}

private func usageError(_ args: [String]) -> UsageError? {
    do { _ = try parse(args); return nil } catch { return error }
}

@Test func flagsValuesAndPositionals() throws {
    let p = try parse(["a.bind", "--strip", "-o", "out", "b.bind"])
    #expect(p.positionals == ["a.bind", "b.bind"])
    #expect(p.flag("strip"))
    #expect(!p.flag("in-place"))
    #expect(p.value("output") == "out")
}

@Test func equalsFormAndShortAttachedValue() throws {
    #expect(try parse(["x", "--output=a=b"]).value("output") == "a=b")
    #expect(try parse(["x", "-oout"]).value("output") == "out")
    #expect(try parse(["x", "--output="]).value("output") == "")
    #expect(try parse(["x", "-i"]).flag("in-place"))
}

@Test func repeatedOptionsCollectInOrder() throws {
    let p = try parse(["x", "--set", "a=b", "--set=c=d", "--set", "e=f"])
    #expect(p.values("set") == ["a=b", "c=d", "e=f"])
    #expect(p.value("set") == "e=f")
}

@Test func nonRepeatableOptionTwiceIsAnError() {
    #expect(usageError(["x", "-o", "a", "--output", "b"]) == .repeatedOption("--output"))
}

@Test func dashIsStandardInput() throws {
    #expect(try parse(["-"]).positionals == ["-"])
    #expect(try parse(["-o", "-", "-"]).value("output") == "-")
}

@Test func doubleDashEndsOptions() throws {
    let p = try parse(["--", "--strip", "-o", "--help"])
    #expect(p.positionals == ["--strip", "-o", "--help"])
    #expect(!p.flag("strip"))
    #expect(!p.helpRequested)
}

@Test func helpAnywhereSkipsArgumentChecks() throws {
    #expect(try parse(["--help"]).helpRequested)
    #expect(try parse(["-h", "--strip"]).helpRequested)
}

@Test func unknownOptionsGetDidYouMean() {
    #expect(usageError(["x", "--ouput", "y"]) == .unknownOption("--ouput", suggestion: "--output"))
    #expect(usageError(["x", "--strp"]) == .unknownOption("--strp", suggestion: "--strip"))
    #expect(usageError(["x", "--zzzzzz"]) == .unknownOption("--zzzzzz", suggestion: nil))
    #expect(usageError(["x", "-q"]) == .unknownOption("-q", suggestion: nil))
    #expect(usageError(["x", "-ifoo"]) == .unknownOption("-ifoo", suggestion: nil))
}

@Test func missingAndUnexpectedValues() {
    #expect(usageError(["x", "-o"]) == .missingValue(option: "--output"))
    #expect(usageError(["x", "-o", "--strip"]) == .missingValue(option: "--output"))
    #expect(usageError(["x", "--strip=yes"]) == .unexpectedValue(option: "--strip"))
}

@Test func choicesAreChecked() throws {
    #expect(try parse(["x", "--platform", "other"]).value("platform") == "other")
    // In any case, as the language and `dump` write platforms (`macOS`), kept as listed.
    #expect(try parse(["x", "--platform", "Other"]).value("platform") == "other")
    #expect(try parse(["x", "--platform=APPLE"]).value("platform") == "apple")
    #expect(
        usageError(["x", "--platform", "aple"])
            == .invalidChoice(option: "--platform", value: "aple", choices: ["apple", "other"], suggestion: "apple"))
}

@Test func positionalCounts() {
    #expect(usageError([]) == .missingArgument("FILE"))
    #expect(usageError(["--strip"]) == .missingArgument("FILE"))
    let one = CommandSpec(
        name: "one", abstract: "",
        positionals: PositionalSpec(name: "TABLE", minimum: 1, maximum: 1, help: ""), options: [])
    #expect(throws: UsageError.unexpectedArgument("b")) { try ArgumentParser.parse(["a", "b"], for: one) }
}

@Test func messagesAreLowerCaseWithSuggestion() {
    #expect(UsageError.unknownOption("--ouput", suggestion: "--output").message
        == "unknown option '--ouput'; did you mean '--output'?")
    #expect(UsageError.unknownCommand("compil", suggestion: "compile").message
        == "unknown command 'compil'; did you mean 'compile'?")
}

@Test func helpListsEveryOption() {
    let text = HelpFormatter.help(tool: "bindc", spec)
    #expect(text.contains("USAGE: bindc demo [options] FILE...\n"))
    for option in spec.options {
        for name in option.names { #expect(text.contains(name)) }
    }
    #expect(text.contains("--platform apple|other"))
    #expect(text.contains("--set N=V"))
    #expect(text.contains("(repeatable)"))
    #expect(text.contains("-h, --help"))
}

@Test func everyCommandHasHelpAndUniqueOptions() {
    for command in Bindc.commands {
        let spec = command.spec
        let names = spec.options.flatMap(\.names)
        #expect(Set(names).count == names.count, "duplicate option in \(spec.name)")
        #expect(!names.contains("--help") && !names.contains("-h"))
        #expect(HelpFormatter.help(tool: "bindc", spec).hasPrefix("OVERVIEW: "))
    }
}

@Test func requiredOptionsAreCheckedAndShownInUsage() throws {
    let spec = CommandSpec(
        name: "req", abstract: "",
        positionals: PositionalSpec(name: "FILE", minimum: 1, maximum: nil, help: ""),
        options: [.value("-o", "--output", valueName: "OUT", required: true, help: "out")])
    #expect(throws: UsageError.missingOption("-o OUT")) { try ArgumentParser.parse(["a"], for: spec) }
    #expect(try ArgumentParser.parse(["a", "-o", "b"], for: spec).value("output") == "b")
    #expect(try ArgumentParser.parse(["--help"], for: spec).helpRequested)
    #expect(HelpFormatter.usage(tool: "bindc", spec) == "bindc req [options] FILE... -o OUT")
}
