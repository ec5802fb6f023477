import BindingLang

/// A diagnostic as the protocol sends it (`textDocument/publishDiagnostics`): a range, a
/// severity, the message, and the compiler's notes as related information.
public struct PublishedDiagnostic: Sendable, Equatable {
    /// The protocol's severities.
    public enum Severity: Int, Sendable {
        case error = 1, warning = 2, information = 3, hint = 4
    }

    /// A note pointing at another place (the other binding of a conflict, a first declaration).
    public struct Related: Sendable, Equatable {
        public var location: Location
        public var message: String
        public init(location: Location, message: String) {
            self.location = location
            self.message = message
        }
    }

    public var range: Range
    public var severity: Severity
    public var message: String
    public var related: [Related]
    public init(range: Range, severity: Severity, message: String, related: [Related] = []) {
        self.range = range
        self.severity = severity
        self.message = message
        self.related = related
    }

    /// The protocol's `Diagnostic` object, with `source` `bindc`.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("range", range.json), ("severity", .int(Int64(severity.rawValue))), ("source", .string("bindc")),
            ("message", .string(message)),
        ]
        if !related.isEmpty {
            members.append(("relatedInformation", .array(related.map {
                .object([("location", $0.location.json), ("message", .string($0.message))])
            })))
        }
        return .object(members)
    }
}
