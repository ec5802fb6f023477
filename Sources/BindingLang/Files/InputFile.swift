#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BindingRuntime

/// Reads the files tools are given, reporting failures in words a user understands
/// (`cannot read 'a.bind': no such file or directory`) instead of throwing Foundation errors.
public enum InputFile {
    /// Why a file could not be read.
    public struct ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The path as given.
        public var path: String
        /// What went wrong, lower case.
        public var reason: String
        /// `cannot read 'PATH': REASON`, as the tools print it.
        public var description: String { "cannot read '\(path)': \(reason)" }

        /// A failure to read `path` for `reason` (lower case).
        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// The largest input read (a guard against reading a device or a huge file by mistake):
    /// room for what the tools themselves write, such as the 69 MB table of a keymap of
    /// 10^6 bindings that `Benchmarks/hostile.sh` dumps.
    public static let maxSize = 256 << 20

    /// Whether something exists at `path` (a file a tool may read or a hint may name).
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// What `path` names when it is not a file or a directory: "a device", "a pipe" or "a
    /// socket" (following symbolic links, such as `/dev/stdin`'s); nil otherwise, also when
    /// nothing is there. Reading one may block or never end, so the files a `layer over`
    /// directive names must not be one.
    public static func specialKind(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFIFO: return "a pipe"
        case S_IFSOCK: return "a socket"
        default: return nil
        }
    }

    /// Whether `a` and `b` name one existing file (the same device and inode, through links
    /// and however the paths are spelled).
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        var x = stat(), y = stat()
        guard stat(a, &x) == 0, stat(b, &y) == 0 else { return false }
        return x.st_dev == y.st_dev && x.st_ino == y.st_ino
    }

    /// Every byte of the regular file (or pipe) at `path`.
    public static func read(_ path: String) throws(ReadError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            let missing = errno == ENOENT
            var reason = systemError()
            if missing, let near = nearbyName(for: path) { reason += "; did you mean '\(near)'?" }
            throw ReadError(path: path, reason: reason)
        }
        defer { close(fd) }
        var info = stat()
        var bytes: [UInt8] = []
        if fstat(fd, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { throw ReadError(path: path, reason: "is a directory") }
            // A regular file's size is known: one allocation instead of doubling (which held
            // the old and the new copy at once, 1.5 times the file at the last step).
            if (info.st_mode & S_IFMT) == S_IFREG { bytes.reserveCapacity(min(Int(info.st_size), maxSize) + 1) }
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { buffer in
                systemRead(fd, buffer.baseAddress, buffer.count)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw ReadError(path: path, reason: systemError())
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > maxSize { throw ReadError(path: path, reason: "larger than \(maxSize >> 20) MiB") }
        }
        return bytes
    }

    /// A file beside the missing `path` whose name is nearest to its name (a typo:
    /// `edtor.bind` for `editor.bind`), spelled with `path`'s directory; nil when none is near.
    static func nearbyName(for path: String) -> String? {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty, let dir = opendir(directory.isEmpty ? "." : directory) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir), names.count < 4096 {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if entryName != "." && entryName != ".." { names.append(entryName) }
        }
        // Names of the same extension, compared without it (else any short name is near:
        // `nope.bind` and `base.bind` share five of nine characters).
        let dot = name.lastIndex(of: ".")
        let ext = dot.map { String(name[$0...]) } ?? ""
        let stem = dot.map { String(name[..<$0]) } ?? name
        let stems = names.filter { ext.isEmpty || $0.hasSuffix(ext) }.map { String($0.dropLast(ext.count)) }.filter { !$0.isEmpty }
        guard let near = nearest(to: stem, in: stems.sorted()) else { return nil }
        // Names equal up to case (`Editor.bind`, `editor.bind`) are different files here: the
        // one whose case is nearer the name typed.
        let twins = stems.filter { $0.lowercased() == near.lowercased() }
        let best = twins.min { caseDifferences($0, stem) < caseDifferences($1, stem) } ?? near
        return directory + best + ext
    }

    /// How many of the leading characters of `a` and `b` differ only in case.
    private static func caseDifferences(_ a: String, _ b: String) -> Int {
        zip(a, b).filter { $0 != $1 && $0.lowercased() == $1.lowercased() }.count
    }

    private static func systemError() -> String {
        let text = String(cString: strerror(errno))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}

@inline(__always)
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.read(fd, buffer, count)
    #else
    return Darwin.read(fd, buffer, count)
    #endif
}
