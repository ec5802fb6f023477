#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file atomically: the bytes go to a temporary file in the same directory, which is
/// flushed to disk and then renamed over the destination. Readers see the old file or the new
/// one, never a mixture; when anything fails the destination is untouched and the temporary
/// file is removed. An existing destination keeps its permissions; a new one gets `0666`
/// less the umask, as if created by `open`.
public enum AtomicFile {
    /// Why a write failed: the step and the system's description of the error.
    public struct WriteError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The destination path.
        public var path: String
        /// What went wrong, lower case (`permission denied`).
        public var reason: String
        /// `cannot write 'PATH': REASON`, as the tools print it.
        public var description: String { "cannot write '\(path)': \(reason)" }
    }

    /// Replaces (or creates) `path` with `bytes`, atomically.
    public static func write(_ bytes: [UInt8], to requestedPath: String) throws(WriteError) {
        // Through a symbolic link, replace the file it points to, not the link.
        let path = resolvedLink(requestedPath)
        let directory = directoryOf(path)
        let base = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array("\(directory)/.\(base).tmp-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw WriteError(path: requestedPath, reason: systemError()) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var closed = false
        func fail(_ reason: String) -> WriteError {
            if !closed { close(fd) }
            unlink(temporary)
            return WriteError(path: requestedPath, reason: reason)
        }
        // Permissions: the existing file's, else what `open(…, 0666)` would give.
        var info = stat()
        let mode: mode_t
        if stat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { throw fail("is a directory") }
            mode = info.st_mode & 0o7777
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        }
        guard fchmod(fd, mode) == 0 else { throw fail(systemError()) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in
                Glibc_or_Darwin_write(fd, buffer.baseAddress! + written, buffer.count - written)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw fail(systemError())
            }
            written += n
        }
        guard fsync(fd) == 0 else { throw fail(systemError()) }
        closed = true
        guard close(fd) == 0 else { throw fail(systemError()) }
        guard rename(temporary, path) == 0 else { throw fail(systemError()) }
        // Make the rename itself durable.
        let dirfd = open(directory, O_RDONLY)
        if dirfd >= 0 {
            _ = fsync(dirfd)
            close(dirfd)
        }
    }

    /// Writes UTF-8 text atomically.
    public static func write(_ text: String, to path: String) throws(WriteError) {
        try write(Array(text.utf8), to: path)
    }

    /// `path`, or the file it names when it is a symbolic link (followed to the end).
    static func resolvedLink(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK, let real = realpath(path, nil) else {
            return path
        }
        defer { free(real) }
        return String(cString: real)
    }

    /// The directory holding `path` (`.` for a bare name).
    static func directoryOf(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let dir = String(path[..<slash])
        return dir.isEmpty ? "/" : dir
    }

    /// The current `errno` as lower-case text (`no such file or directory`).
    private static func systemError() -> String {
        let text = String(cString: strerror(errno))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}

/// `write(2)`, named apart from ``AtomicFile/write(_:to:)``.
@inline(__always)
private func Glibc_or_Darwin_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, buffer, count)
    #else
    return Darwin.write(fd, buffer, count)
    #endif
}
