import BindingRuntime
import Testing
@testable import TinyEditor

@Suite struct KeyDecoderTests {
    /// The decoded strokes as canonical chord text.
    func decode(_ bytes: [UInt8]) -> [String] { KeyDecoder.decode(bytes).map(\.chord.sourceText) }
    func decode(_ text: String) -> [String] { decode(Array(text.utf8)) }

    @Test func printableCharacters() {
        #expect(decode("aZ$ ") == ["a", "shift+z", "\"$\"", "space"])
        #expect(decode("é🙂") == ["\"é\"", "\"🙂\""])
    }

    @Test func controlCharacters() {
        #expect(decode([0x01, 0x0B, 0x1A]) == ["ctrl+a", "ctrl+k", "ctrl+z"])
        #expect(decode([0x0D, 0x09, 0x7F, 0x1B]) == ["return", "tab", "delete", "escape"])
        #expect(decode([0x1F, 0x00]) == ["ctrl+\"/\"", "ctrl+space"])
    }

    @Test func csiSequencesWithModifiers() {
        #expect(decode("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == ["up", "down", "right", "left"])
        #expect(decode("\u{1B}[1;3D") == ["alt+left"])
        #expect(decode("\u{1B}[1;2A") == ["shift+up"])
        #expect(decode("\u{1B}[1;4C") == ["alt+shift+right"])
        #expect(decode("\u{1B}[1;5H\u{1B}[F") == ["ctrl+home", "end"])
        #expect(decode("\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[2~") == ["forwardDelete", "pageUp", "pageDown", "insert"])
        #expect(decode("\u{1B}[3;5~") == ["ctrl+forwardDelete"])
        #expect(decode("\u{1B}[15~\u{1B}[24;2~\u{1B}[Z") == ["f5", "shift+f12", "shift+tab"])
        #expect(decode("\u{1B}OP\u{1B}OQ\u{1B}[1;2R\u{1B}OA") == ["f1", "f2", "shift+f3", "up"])
        #expect(decode("\u{1B}[97;5u") == ["ctrl+a"])
    }

    @Test func altAsEscapePrefix() {
        #expect(decode("\u{1B}b\u{1B}F") == ["alt+b", "alt+shift+f"])
        #expect(decode([0x1B, 0x7F]) == ["alt+delete"])
        #expect(decode([0x1B, 0x0B]) == ["ctrl+alt+k"])
        #expect(decode([0x1B, 0x1B, 0x61]) == ["escape", "alt+a"])
    }

    @Test func incompleteSequencesWaitForMoreBytes() {
        var d = KeyDecoder()
        #expect(d.feed([0x1B, 0x5B, 0x31, 0x3B]).isEmpty)
        #expect(d.hasPartial)
        #expect(d.feed([0x33, 0x44]).map(\.chord.sourceText) == ["alt+left"])
        #expect(!d.hasPartial)
        #expect(d.feed([0x1B]).isEmpty)
        #expect(d.flush().map(\.chord.sourceText) == ["escape"])
        #expect(d.feed([0xC3]).isEmpty)
        #expect(d.feed([0xA9]).map(\.chord.sourceText) == ["\"é\""])
    }

    @Test func garbageNeverCrashes() {
        #expect(decode([0x80, 0xFF, 0xC3]) == [])
        #expect(decode("\u{1B}[99~\u{1B}[1;2X") == [])
        var d = KeyDecoder()
        for b in 0...255 { _ = d.feed([UInt8(b), 0x1B, UInt8(255 - b)]) }
        _ = d.flush()
    }
}
