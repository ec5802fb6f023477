import BindingLang
import Testing
@testable import BindingRuntime

/// `ContextState.Variable`: a context variable looked up once, where a wrong name or type
/// throws, and then set without `try`, in closures that cannot throw.
struct ContextVariableTests {
    static let source = """
        context readOnly: Bool
        context language: String
        context mode: normal | insert
        responder Editor
        action save
        action format
        in Editor {
          cmd+s -> save when !readOnly
          cmd+f -> format when language == "swift"
        }
        """

    static func table(_ source: String = source) throws -> BindingTable {
        try BindingTable(bytes: Emitter.emit(try #require(compile([("context.bind", source)]))))
    }

    /// What the app's UI hands a setter to: a closure that cannot throw.
    static func onChange<T>(_ value: T, _ handler: (T) -> Void) { handler(value) }

    @Test func aVariableLookedUpOnceIsSetInAClosureWithoutTry() throws {
        let table = try Self.table()
        var context = ContextState(table: table)
        let readOnly = try context.variable("readOnly", Bool.self)
        let language = try context.variable("language", String.self)
        Self.onChange(true) { context.set(readOnly, $0) }
        Self.onChange("swift") { context.set(language, $0) }
        #expect(context.value(readOnly) && context.value(language) == "swift")
        #expect(try context.bool("readOnly") && context.string("language") == "swift")
        // Dispatch sees the values.
        let editor = TestResponder("editor", roles: ["Editor"])
        let d = Dispatcher(table: table)
        #expect(d.dispatch(press("cmd+s"), firstResponder: editor, context: context).isUnhandled)
        #expect(d.dispatch(press("cmd+f"), firstResponder: editor, context: context).performedAction?.name == "format")
        Self.onChange(false) { context.set(readOnly, $0) }
        #expect(d.dispatch(press("cmd+s"), firstResponder: editor, context: context).performedAction?.name == "save")
    }

    @Test func aWrongNameOrTypeThrowsWhenLookedUp() throws {
        let context = ContextState(table: try Self.table())
        #expect(throws: ContextStateError.unknownName("readOnyl", suggestion: "readOnly")) { try context.variable("readOnyl", Bool.self) }
        #expect(throws: ContextStateError.wrongType(name: "language", expected: "String")) { try context.variable("language", Bool.self) }
        #expect(throws: ContextStateError.wrongType(name: "mode", expected: "enumeration")) { try context.variable("mode", String.self) }
    }

    /// After a reload the variable is found again by name; a table that no longer declares it
    /// (with that type) leaves the state as it is, as `rebind` drops the value.
    @Test func aVariableFollowsTheStateToAnotherTable() throws {
        let old = try Self.table()
        var context = ContextState(table: old)
        let readOnly = try context.variable("readOnly", Bool.self)
        let language = try context.variable("language", String.self)
        // The new table declares them in another order, and `language` as a Bool.
        let new = try Self.table("""
            context language: Bool
            context extra: Bool
            context readOnly: Bool
            """)
        context.rebind(to: new)
        context.set(readOnly, true)
        context.set(language, "swift")
        #expect(try context.bool("readOnly"))
        #expect(try !context.bool("language") && !context.bool("extra"))
        #expect(context.value(readOnly) && context.value(language) == "")
    }
}
