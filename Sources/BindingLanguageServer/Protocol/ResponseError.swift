import BindingLang

/// A JSON-RPC error response's code and message.
public struct ResponseError: Error, Sendable, Equatable {
    public var code: Int
    public var message: String
    public init(_ code: Int, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The JSON text was not valid.
    public static let parseError = -32700
    /// The message is not a valid request (or arrived after `shutdown`).
    public static let invalidRequest = -32600
    /// The server does not implement the method.
    public static let methodNotFound = -32601
    /// The parameters are missing or wrong (an unknown document, a position outside it).
    public static let invalidParams = -32602
    /// A request arrived before `initialize`.
    public static let serverNotInitialized = -32002
    /// The request was valid but could not be carried out (formatting a file with errors).
    public static let requestFailed = -32803

    /// `{"code": …, "message": …}`.
    public var json: JSONValue { .object([("code", .int(Int64(code))), ("message", .string(message))]) }
}
