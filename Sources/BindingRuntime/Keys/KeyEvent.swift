/// A key press as the app receives it: the key, the modifiers held, and when it happened.
public struct KeyEvent: Sendable, Equatable {
    /// The chord pressed.
    public let chord: Chord
    /// Seconds on any monotonic clock the app chooses; used only for sequence timeouts.
    public let timestamp: Double

    public init(_ chord: Chord, timestamp: Double = 0) {
        self.chord = chord
        self.timestamp = timestamp
    }

    public init(key: Key, modifiers: Modifiers = [], timestamp: Double = 0) {
        self.init(Chord(key: key, modifiers: modifiers), timestamp: timestamp)
    }

    /// A press as UIKit reports it: `input` is the key's characters (`"a"`, `"A"`, or a named
    /// key's canonical name such as `"up"` or `"escape"`). An upper-case letter adds shift.
    /// Nil when `input` names no key.
    public init?(input: String, modifiers: Modifiers, timestamp: Double = 0) {
        guard let (key, shifted) = Key.resolve(input) else { return nil }
        self.init(key: key, modifiers: shifted ? modifiers.union(.shift) : modifiers, timestamp: timestamp)
    }
}
