import BindingLang

/// What the server tells the client it can do, in answer to `initialize`.
enum Capabilities {
    /// The semantic token types, in legend order (a token's type is its index).
    static let tokenTypes = [
        "keyword", "variable", "class", "function", "enumMember", "string", "number", "comment", "operator", "event",
        "property",
    ]

    static let initializeResult: JSONValue = .object([
        ("capabilities", .object([
            ("positionEncoding", .string("utf-16")),
            ("textDocumentSync", .object([
                ("openClose", .bool(true)), ("change", .int(2)), ("save", .object([("includeText", .bool(false))])),
            ])),
            // Each trigger ends something after which completion has a short, certain list:
            // `+` a chord part, `(` an argument, `>` of `->` an action, `=` of `==` a case.
            // Not a space: it opened the whole chord list at every indent, and a word typed
            // after one (`in E`) asks by itself.
            ("completionProvider", .object([
                ("triggerCharacters", .array(["+", "(", ">", "="].map(JSONValue.string))),
            ])),
            ("hoverProvider", .bool(true)),
            ("definitionProvider", .bool(true)),
            ("referencesProvider", .bool(true)),
            ("renameProvider", .object([("prepareProvider", .bool(true))])),
            ("documentSymbolProvider", .bool(true)),
            ("documentFormattingProvider", .bool(true)),
            ("foldingRangeProvider", .bool(true)),
            ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix")]))])),
            ("semanticTokensProvider", .object([
                ("legend", .object([
                    ("tokenTypes", .array(tokenTypes.map(JSONValue.string))),
                    ("tokenModifiers", .array([.string("declaration")])),
                ])),
                ("full", .bool(true)),
            ])),
        ])),
        ("serverInfo", .object([("name", .string("bindc")), ("version", .string("0.1.0"))])),
    ])
}
