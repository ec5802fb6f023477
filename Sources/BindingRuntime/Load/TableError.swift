/// Why bytes are not a valid table. Loading checks everything once and throws the first
/// problem it finds; the payload says what is wrong and where, so `bindc` and apps can
/// report it. Loading never traps, whatever the bytes.
public enum TableError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read (`errno` as reported by the system).
    case unreadable(path: String, errno: Int32)
    /// The bytes do not start with ``TableFormat/magic``.
    case badMagic
    /// The table was written in a format version this runtime does not read.
    case unsupportedVersion(found: UInt32)
    /// The header's checksum does not match the contents.
    case checksumMismatch(expected: UInt64, found: UInt64)
    /// Fewer bytes than the header or a section needs; `section` is `"header"`,
    /// `"directory"` or a section tag.
    case truncated(section: String, needed: Int, available: Int)
    /// The header's size field disagrees with the number of bytes.
    case sizeMismatch(declared: Int, actual: Int)
    /// A header flag this version does not define.
    case unknownFlags(UInt32)
    /// The directory lists the wrong sections or puts them out of order.
    case badDirectory(String)
    /// A section's offset or size lies outside the table, overlaps another, or is unaligned.
    case sectionOutOfBounds(section: String, offset: Int, size: Int)
    /// A section's size does not match its record count and record size.
    case badSectionSize(section: String, size: Int, count: Int)
    /// A record field refers past the end of what it indexes.
    case outOfBounds(section: String, record: Int, field: String, value: UInt32, limit: Int)
    /// A field holds a value that is not allowed there (an unknown kind, a bad chord code, an
    /// argument of the wrong type, …).
    case invalidValue(section: String, record: Int, field: String, value: UInt64)
    /// A string of the pool is not valid UTF-8.
    case invalidUTF8(string: Int)
    /// A compiled condition is malformed (stack underflow or overflow, a bad operand, …).
    case badCondition(condition: Int, reason: String)
    /// The trie is inconsistent (a child in two places, an unreachable key, a binding filed
    /// under the wrong node, …).
    case badTrie(node: Int, reason: String)
    /// Main menus or user-info dictionaries that are not a tree (a cycle, sharing, too deep).
    case badTree(section: String, record: Int, reason: String)

    /// A one-line description, lower case, as `bindc` prints it.
    public var description: String {
        switch self {
        case .unreadable(let p, let e): "cannot read '\(p)' (errno \(e))"
        case .badMagic: "not a binding table (bad magic; a .bind source file is compiled into one with 'bindc compile')"
        case .unsupportedVersion(let v) where v < TableFormat.version && v >= 1:
            "table format version \(v) is older than the version \(TableFormat.version) this runtime reads (\(TableFormat.versionHistory(after: v))); recompile the keymap with this version's bindc"
        case .unsupportedVersion(let v): "unsupported table format version \(v) (this runtime reads \(TableFormat.version)); recompile the keymap with this version's bindc"
        case .checksumMismatch(let e, let f): "checksum mismatch (header says \(hex(e)), contents give \(hex(f)))"
        case .truncated(let s, let n, let a): "truncated \(s): needs \(n) bytes, has \(a)"
        case .sizeMismatch(let d, let a): "header says the table has \(d) bytes, but it has \(a)"
        case .unknownFlags(let f): "unknown header flags \(hex(UInt64(f)))"
        case .badDirectory(let r): "bad section directory: \(r)"
        case .sectionOutOfBounds(let s, let o, let z): "section \(s) at offset \(o) with size \(z) is out of bounds, overlapping or unaligned"
        case .badSectionSize(let s, let z, let c): "section \(s) has size \(z), which does not fit its \(c) records"
        case .outOfBounds(let s, let r, let f, let v, let l): "\(s) record \(r): \(f) \(v) is out of range (limit \(l))"
        case .invalidValue(let s, let r, let f, let v): "\(s) record \(r): invalid \(f) \(v)"
        case .invalidUTF8(let i): "string \(i) is not valid UTF-8"
        case .badCondition(let c, let r): "condition \(c): \(r)"
        case .badTrie(let n, let r): "trie node \(n): \(r)"
        case .badTree(let s, let r, let why): "\(s) record \(r): \(why)"
        }
    }
}

private func hex(_ v: UInt64) -> String { "0x" + String(v, radix: 16) }
