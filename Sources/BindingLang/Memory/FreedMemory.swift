#if canImport(Glibc)
import Glibc
#endif

/// Hands the memory a compile has freed back to the system, so that the phases after it do
/// not add to a peak the freed memory still holds.
///
/// glibc's allocator keeps freed small blocks in its heap, resident, while the large arrays
/// allocated later (the keymap, the emitter's sections, the table) get fresh pages of their
/// own: after the checker had freed a large keymap's syntax tree, the emitter's pages came on
/// top of the tree's, and the peak resident memory of `bindc compile` was reached while
/// emitting. `malloc_trim(0)` returns every whole free page in the heap. The Swift module for
/// glibc does not declare it, so it is looked up by name; elsewhere (Darwin, musl) this does
/// nothing.
enum FreedMemory {
    /// glibc's `malloc_trim`, when the C library has it.
    #if canImport(Glibc)
    private typealias Trim = @convention(c) (Int) -> Int32
    private static let trim: Trim? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: Trim.self)
    }()
    #endif

    /// Returns the allocator's free whole pages to the system.
    static func release() {
        #if canImport(Glibc)
        _ = trim?(0)
        #endif
    }
}
