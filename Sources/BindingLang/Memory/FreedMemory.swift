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
package enum FreedMemory {
    #if canImport(Glibc)
    /// The C library's function `name` (one of glibc's `malloc.h`, which the Swift module for
    /// glibc does not declare), or nil when the library has none.
    private static func mallocFunction<F>(_ name: String, as type: F.Type) -> F? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: type) }
    }

    /// glibc's `malloc_trim`, when the C library has it.
    private static let trim = mallocFunction("malloc_trim", as: (@convention(c) (Int) -> Int32).self)
    #endif

    /// Returns the allocator's free whole pages to the system.
    static func release() {
        #if canImport(Glibc)
        _ = trim?(0)
        #endif
    }
}

extension FreedMemory {
    /// Has glibc map each block of 128 KB or more on its own pages, and unmap them when it
    /// is freed, for the rest of the process. Left to itself, glibc raises that threshold to
    /// the size of the largest mapped block freed so far (up to 32 MB): once a compile had
    /// freed its 16.7 MB token array, the emitter's growing arrays and the table came from
    /// the heap, and each buffer they outgrew stayed there, resident. `bindc compile` of the
    /// 100,000-binding keymap peaked at 83 MB, while emitting; with this, 76 MB.
    ///
    /// A setting of the whole process, so for a process that compiles (`bindc`), called
    /// before it reads its sources; not done by the library for a host it is embedded in.
    package static func mapLargeBlocks() {
        #if canImport(Glibc)
        let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD, from glibc's malloc.h
        _ = mallocFunction("mallopt", as: (@convention(c) (Int32, Int32) -> Int32).self)?(mmapThreshold, 128 * 1024)
        #endif
    }
}
