#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file atomically: the bytes go to a temporary file in the same directory, which is
/// flushed to disk and then renamed over the destination. Readers see the old file or the new
/// one, never a mixture; when anything fails the destination is untouched and the temporary
/// file is removed. An existing destination keeps its permissions; a new one gets `0666`
/// less the umask, as if created by `open`. A device, pipe or socket (`/dev/null`,
/// `/dev/stdout`) is written to in place, since it cannot be replaced.
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

    /// The steps of a write, in order; tests make one of them fail to check that the
    /// destination survives whatever step fails.
    enum Step: String, CaseIterable, Sendable {
        case resolve, createTemporary, setMode, setOwner, writeBytes, flush, closeFile, rename
    }

    /// For tests of the writers (every tool and example writes through ``write(_:to:)``): a
    /// step at which every write of the current task fails, as if the system call had failed
    /// with `EIO`.
    @TaskLocal static var injectedFailure: Step?

    /// The same for the whole process: the step named by the environment variable
    /// `BINDKIT_INJECT_WRITE_FAILURE` (`createTemporary`, `rename`, …), so tests can run `bindc`
    /// and see that no step of any command's write loses the file it replaces.
    static let environmentFailure: Step? = getenv("BINDKIT_INJECT_WRITE_FAILURE").flatMap { Step(rawValue: String(cString: $0)) }

    /// Replaces (or creates) `path` with `bytes`, atomically. A symbolic link is followed to
    /// its final target, which is replaced (the link stays a link); a dangling link or a loop
    /// is an error. The file keeps its mode and, where the process may set it, its owner.
    public static func write(_ bytes: [UInt8], to requestedPath: String) throws(WriteError) {
        try write(all: [(requestedPath, bytes)])
    }

    /// Writes several files as one step, as ``write(_:to:)`` writes one: every file is first
    /// written to its temporary file (or, for a device, checked), and only when all of them
    /// are ready are they renamed over their destinations. When any is not, none is written
    /// and no temporary file is left. (A rename that fails after others succeeded, which
    /// takes a failing file system, leaves the earlier files replaced.)
    public static func write(all files: [(path: String, bytes: [UInt8])]) throws(WriteError) {
        try write(all: files, failing: injectedFailure ?? environmentFailure)
    }

    /// ``write(_:to:)`` with an injected failure at `failing` (for tests).
    static func write(_ bytes: [UInt8], to requestedPath: String, failing: Step?) throws(WriteError) {
        try write(all: [(requestedPath, bytes)], failing: failing)
    }

    /// ``write(all:)`` with an injected failure at `failing` (for tests).
    static func write(all files: [(path: String, bytes: [UInt8])], failing: Step?) throws(WriteError) {
        var prepared: [Prepared] = []
        for (path, bytes) in files {
            do {
                prepared.append(try prepare(bytes, to: path, failing: failing))
            } catch {
                for p in prepared { p.discard() }
                throw error
            }
        }
        for (i, p) in prepared.enumerated() {
            do {
                try p.commit()
            } catch {
                for later in prepared[(i + 1)...] { later.discard() }
                throw error
            }
        }
    }

    /// A write made ready by ``prepare(_:to:failing:)``: the bytes are in a temporary file
    /// beside the destination, or (for an open descriptor or a device, which are written in
    /// place) held until ``commit()``.
    struct Prepared {
        enum Target {
            /// One of this process's descriptors (`/dev/stdout`).
            case descriptor(Int32)
            /// A device, pipe or socket at this path.
            case inPlace(String)
            /// A temporary file to rename over `path`, in `directory`.
            case file(temporary: String, path: String, directory: String)
        }

        let requestedPath: String
        let target: Target
        let bytes: [UInt8]
        let failing: Step?

        /// Puts the bytes in place: renames the temporary file over the destination (then
        /// makes the rename durable), or writes into the descriptor or device. The temporary
        /// file is removed when that fails.
        func commit() throws(WriteError) {
            switch target {
            case .descriptor(let fd):
                guard !injected(.writeBytes, failing), writeAll(bytes, to: fd) else {
                    throw WriteError(path: requestedPath, reason: systemError())
                }
            case .inPlace(let path):
                try writeInPlace(bytes, to: path, reportedAs: requestedPath)
            case .file(let temporary, let path, let directory):
                guard !injected(.rename, failing), rename(temporary, path) == 0 else {
                    let error = WriteError(path: requestedPath, reason: systemError())
                    unlink(temporary)
                    throw error
                }
                // Make the rename itself durable.
                let dirfd = open(directory, O_RDONLY)
                if dirfd >= 0 {
                    _ = fsync(dirfd)
                    close(dirfd)
                }
            }
        }

        /// Gives the write up: removes the temporary file.
        func discard() {
            if case .file(let temporary, _, _) = target { unlink(temporary) }
        }
    }

    /// Whether `step` is the one a test makes fail (then `errno` is `EIO`).
    private static func injected(_ step: Step, _ failing: Step?) -> Bool {
        if step == failing { errno = EIO; return true }
        return false
    }

    /// Everything of a write but its last step: the destination resolved through links, and
    /// `bytes` written and flushed to a temporary file beside it with the destination's mode
    /// and owner (nothing is done yet for a descriptor or device).
    static func prepare(_ bytes: [UInt8], to requestedPath: String, failing: Step?) throws(WriteError) -> Prepared {
        func injected(_ step: Step) -> Bool { AtomicFile.injected(step, failing) }
        // A name of one of this process's open descriptors (`-o /dev/stdout`, `-o >(cmd)`):
        // write to that descriptor, whatever it is (a pipe, a terminal, a file the shell
        // opened for appending), as `tee` does.
        if let fd = openDescriptor(named: requestedPath) {
            return Prepared(requestedPath: requestedPath, target: .descriptor(fd), bytes: bytes, failing: failing)
        }
        // Through a symbolic link, replace the file it points to, not the link.
        let (path, linkError) = resolvedLink(requestedPath)
        if let linkError { throw WriteError(path: requestedPath, reason: linkError) }
        if injected(.resolve) { throw WriteError(path: requestedPath, reason: systemError()) }
        var target = stat()
        if stat(path, &target) == 0 {
            let kind = target.st_mode & S_IFMT
            // A device, pipe or socket (`-o /dev/null`, `-o /dev/stdout`) cannot be replaced,
            // only written to; renaming over it would put a plain file in its place.
            if kind == S_IFCHR || kind == S_IFBLK || kind == S_IFIFO || kind == S_IFSOCK {
                return Prepared(requestedPath: requestedPath, target: .inPlace(path), bytes: bytes, failing: failing)
            }
        }
        let directory = directoryOf(path)
        let base = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array("\(directory)/.\(base).tmp-XXXXXX".utf8CString)
        let fd = injected(.createTemporary) ? -1 : template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw WriteError(path: requestedPath, reason: systemError()) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var closed = false
        func fail(_ reason: String) -> WriteError {
            if !closed { close(fd) }
            unlink(temporary)
            return WriteError(path: requestedPath, reason: reason)
        }
        // Permissions and owner: the existing file's, else what `open(…, 0666)` would give.
        var info = stat()
        let mode: mode_t
        let existing = stat(path, &info) == 0
        if existing {
            if (info.st_mode & S_IFMT) == S_IFDIR { throw fail("is a directory") }
            mode = info.st_mode & 0o7777
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        }
        guard !injected(.setMode), fchmod(fd, mode) == 0 else { throw fail(systemError()) }
        if existing && (info.st_uid != getuid() || info.st_gid != getgid()) {
            // Only a privileged process may give a file away; otherwise the owner is ours.
            if injected(.setOwner) || (fchown(fd, info.st_uid, info.st_gid) != 0 && errno != EPERM) {
                throw fail(systemError())
            }
        } else if injected(.setOwner) {
            throw fail(systemError())
        }
        guard !injected(.writeBytes), writeAll(bytes, to: fd) else { throw fail(systemError()) }
        guard !injected(.flush), fsync(fd) == 0 else { throw fail(systemError()) }
        closed = true
        guard !injected(.closeFile), close(fd) == 0 else {
            let error = fail(systemError())
            throw error
        }
        return Prepared(requestedPath: requestedPath, target: .file(temporary: temporary, path: path, directory: directory),
                        bytes: [], failing: failing)
    }

    /// The descriptor `path` names when it is `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` or
    /// `/proc/self/fd/N` and that descriptor is open in this process.
    static func openDescriptor(named path: String) -> Int32? {
        let fd: Int32?
        switch path {
        case "/dev/stdout": fd = 1
        case "/dev/stderr": fd = 2
        default:
            let number = path.hasPrefix("/dev/fd/") ? path.dropFirst(8) : path.hasPrefix("/proc/self/fd/") ? path.dropFirst(14) : nil
            fd = number.flatMap { Int32($0) }.flatMap { $0 >= 0 ? $0 : nil }
        }
        guard let fd, fcntl(fd, F_GETFD) != -1 else { return nil }
        return fd
    }

    /// Whether `path` names a regular file (through symbolic links): the only kind of
    /// destination that is replaced, and whose old contents a writer may merge with.
    public static func namesRegularFile(_ path: String) -> Bool {
        guard openDescriptor(named: path) == nil else { return false }
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Writes `bytes` into the device, pipe or socket at `path` as `cp` would.
    private static func writeInPlace(_ bytes: [UInt8], to path: String, reportedAs requestedPath: String) throws(WriteError) {
        let fd = open(path, O_WRONLY)
        guard fd >= 0 else { throw WriteError(path: requestedPath, reason: systemError()) }
        defer { close(fd) }
        guard writeAll(bytes, to: fd) else { throw WriteError(path: requestedPath, reason: systemError()) }
    }

    /// Writes all of `bytes` to `fd`, again after an interruption; false (with `errno` set)
    /// when a write fails.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in
                Glibc_or_Darwin_write(fd, buffer.baseAddress! + written, buffer.count - written)
            }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            written += n
        }
        return true
    }

    /// Writes UTF-8 text atomically.
    public static func write(_ text: String, to path: String) throws(WriteError) {
        try write(Array(text.utf8), to: path)
    }

    /// `path`, or the file it names when it is a symbolic link, followed link by link to its
    /// final target (a relative target is relative to the link's directory). A link whose
    /// target does not exist, or a chain of more than 40 links (a loop), is an error.
    static func resolvedLink(_ path: String) -> (path: String, error: String?) {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                if current == path { return (path, nil) }  // a new file
                return (current, "dangling symbolic link to '\(current)'")
            }
            guard (info.st_mode & S_IFMT) == S_IFLNK else { return (current, nil) }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { return (current, systemError()) }
            let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : directoryOf(current) + "/" + target
        }
        return (current, "too many levels of symbolic links (a loop?)")
    }

    /// The directory holding `path` (`.` for a bare name).
    static func directoryOf(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let dir = String(path[..<slash])
        return dir.isEmpty ? "/" : dir
    }

    /// The current `errno` as lower-case text (`no such file or directory`).
    static func systemError() -> String {
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
