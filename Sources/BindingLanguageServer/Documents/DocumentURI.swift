/// Converting between `file:` URIs and paths (RFC 3986 percent-encoding of UTF-8 bytes).
public enum DocumentURI {
    /// The path of a `file:` URI, percent-decoded; any other URI is returned as it is.
    public static func path(of uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        var rest = Array(uri.utf8.dropFirst(7))
        // `file://host/path`: keep the path from its first slash.
        if let slash = rest.firstIndex(of: UInt8(ascii: "/")) { rest.removeFirst(slash) }
        var out: [UInt8] = []
        var i = 0
        while i < rest.count {
            if rest[i] == UInt8(ascii: "%"), i + 2 < rest.count, let h = hex(rest[i + 1]), let l = hex(rest[i + 2]) {
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(rest[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The `file:` URI of an absolute path (`file:///w/my%20keys.bind`, RFC 8089: an empty
    /// authority, then the path), percent-encoding every byte that is not unreserved or `/`
    /// (RFC 3986 §2.1, in upper-case hex); nil for a relative path, which no `file:` URI
    /// names (`file://base.bind` would name the host `base.bind`).
    public static func uri(ofPath path: String) -> String? {
        guard path.hasPrefix("/") else { return nil }
        var out = "file://"
        for b in path.utf8 {
            switch b {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                out += "%"
                out.unicodeScalars.append(digits[Int(b >> 4)])
                out.unicodeScalars.append(digits[Int(b & 15)])
            }
        }
        return out
    }

    private static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }
}
