// MARK: - Counting heap allocations from Swift, without a C target or LD_PRELOAD
//
// glibc offers no allocation counter: `mallinfo2()` reports bytes and free chunks in use, so an
// allocation freed within the loop leaves it unchanged, and the malloc hooks are gone since
// glibc 2.34. Defining `malloc` in the executable does not interpose either: SwiftPM links with
// gold and without `--export-dynamic`, so the definition never reaches the dynamic symbol table.
//
// So the counter patches the Global Offset Table. Every loaded object except libc and the
// dynamic loader (the executable, libswiftCore, libstdc++, …) calls `malloc`, `calloc`,
// `realloc`, `posix_memalign` and `aligned_alloc` through a GOT slot that the dynamic loader
// filled in. `install()` walks the loaded objects (`dl_iterate_phdr`), reads each one's dynamic
// section, finds the JUMP_SLOT and GLOB_DAT relocations of those symbols, and points the slots
// at counting wrappers that add one to an atomic counter and forward to glibc's own
// `__libc_malloc` & co. `uninstall()` writes the saved slots back. Every Swift allocation (class
// instances, array, string and dictionary storage, boxes, `UnsafeMutablePointer.allocate`)
// ends in `swift_slowAlloc`, which calls `malloc` or `posix_memalign` through libswiftCore's GOT,
// so all of them are counted. `selfTest()` proves it on loops that do and do not allocate.

#if os(Linux) && canImport(Glibc)
import Glibc
import Synchronization

/// Allocations counted while the wrappers are installed (the wrappers cannot capture context,
/// so this one counter is global; it is atomic and only ever incremented or read).
let mallocCounterAllocations = Atomic<Int>(0)

@_silgen_name("__libc_malloc") private func libcMalloc(_ size: Int) -> UnsafeMutableRawPointer?
@_silgen_name("__libc_calloc") private func libcCalloc(_ n: Int, _ size: Int) -> UnsafeMutableRawPointer?
@_silgen_name("__libc_realloc") private func libcRealloc(_ p: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer?
@_silgen_name("dl_iterate_phdr") private func dlIteratePhdr(
    _ callback: @convention(c) (UnsafeRawPointer?, Int, UnsafeMutableRawPointer?) -> Int32,
    _ data: UnsafeMutableRawPointer?) -> Int32
@_silgen_name("__libc_memalign") private func libcMemalign(_ alignment: Int, _ size: Int) -> UnsafeMutableRawPointer?

private let countingMalloc: @convention(c) (Int) -> UnsafeMutableRawPointer? = { size in
    mallocCounterAllocations.wrappingAdd(1, ordering: .relaxed)
    return libcMalloc(size)
}
private let countingCalloc: @convention(c) (Int, Int) -> UnsafeMutableRawPointer? = { n, size in
    mallocCounterAllocations.wrappingAdd(1, ordering: .relaxed)
    return libcCalloc(n, size)
}
private let countingRealloc: @convention(c) (UnsafeMutableRawPointer?, Int) -> UnsafeMutableRawPointer? = { p, size in
    mallocCounterAllocations.wrappingAdd(1, ordering: .relaxed)
    return libcRealloc(p, size)
}
private let countingPosixMemalign: @convention(c) (UnsafeMutablePointer<UnsafeMutableRawPointer?>?, Int, Int) -> Int32 = { out, alignment, size in
    mallocCounterAllocations.wrappingAdd(1, ordering: .relaxed)
    guard let p = libcMemalign(alignment, size) else { return ENOMEM }
    out?.pointee = p
    return 0
}
private let countingAlignedAlloc: @convention(c) (Int, Int) -> UnsafeMutableRawPointer? = { alignment, size in
    mallocCounterAllocations.wrappingAdd(1, ordering: .relaxed)
    return libcMemalign(alignment, size)
}

/// Counts heap allocations made between ``start()`` and ``stop()`` by patching GOT slots.
final class MallocCounter {
    /// A patched GOT slot and the value it held.
    private struct Site {
        var slot: UnsafeMutablePointer<UnsafeRawPointer?>
        var original: UnsafeRawPointer?
        var replacement: UnsafeRawPointer
    }

    private var sites: [Site] = []
    private var installed = false
    /// Loaded objects whose slots were patched (for the report).
    private(set) var patchedObjects: [String] = []

    /// Whether counting works on this platform (found slots to patch).
    var isAvailable: Bool { !sites.isEmpty }

    init() {
        _ = mallocCounterAllocations.load(ordering: .relaxed)  // initialise before patching
        findSites()
    }

    /// Counts from zero.
    func start() {
        if !installed {
            for s in sites { write(s.slot, s.replacement) }
            installed = true
        }
        mallocCounterAllocations.store(0, ordering: .relaxed)
    }

    /// Stops counting and returns the allocations since ``start()``.
    @discardableResult
    func stop() -> Int {
        let n = mallocCounterAllocations.load(ordering: .relaxed)
        if installed {
            for s in sites { write(s.slot, s.original) }
            installed = false
        }
        return n
    }

    /// Allocations made by `body`.
    func count(_ body: () -> Void) -> Int {
        start()
        body()
        return stop()
    }

    /// The proof that the counter sees allocations: (allocations counted in a loop that
    /// allocates 1,000 class instances, allocations counted in a loop of 1,000 additions).
    func selfTest() -> (allocating: Int, nonAllocating: Int) {
        let a = count {
            for i in 0..<1000 { blackHole(makeCounterProbe(i)) }
        }
        var sum = 0
        let b = count {
            for i in 0..<1000 { sum &+= i &* 3 }
        }
        blackHole(sum)
        return (a, b)
    }

    private func write(_ slot: UnsafeMutablePointer<UnsafeRawPointer?>, _ value: UnsafeRawPointer?) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let addr = UInt(bitPattern: slot)
        let start = addr & ~UInt(page - 1)
        // GOTs are read-only after relocation (RELRO); make the page writable to patch it.
        _ = mprotect(UnsafeMutableRawPointer(bitPattern: start), page, PROT_READ | PROT_WRITE)
        slot.pointee = value
    }

    // MARK: - Finding the GOT slots

    private final class Objects {
        var list: [(base: UInt, name: String, dynamic: UInt)] = []
    }

    private func findSites() {
        let objects = Objects()
        withExtendedLifetime(objects) {
            _ = dlIteratePhdr({ info, _, context in
                // struct dl_phdr_info { Elf64_Addr dlpi_addr; const char *dlpi_name;
                //                       const Elf64_Phdr *dlpi_phdr; Elf64_Half dlpi_phnum; … }
                guard let info, let context else { return 0 }
                let objs = Unmanaged<Objects>.fromOpaque(context).takeUnretainedValue()
                let base = info.load(fromByteOffset: 0, as: UInt.self)
                let namePtr = info.load(fromByteOffset: 8, as: UnsafePointer<CChar>?.self)
                let name = namePtr.map { String(cString: $0) } ?? ""
                guard let phdr = info.load(fromByteOffset: 16, as: UnsafeRawPointer?.self) else { return 0 }
                let count = Int(info.load(fromByteOffset: 24, as: UInt16.self))
                for i in 0..<count {
                    // Elf64_Phdr: p_type (u32) at 0, p_vaddr (u64) at 16; 56 bytes each.
                    let ph = phdr + i * 56
                    if ph.load(fromByteOffset: 0, as: UInt32.self) == 2 /* PT_DYNAMIC */ {
                        objs.list.append((base, name, base &+ UInt(ph.load(fromByteOffset: 16, as: UInt64.self))))
                    }
                }
                return 0
            }, Unmanaged.passUnretained(objects).toOpaque())
        }
        let targets: [(String, UnsafeRawPointer)] = [
            ("malloc", unsafeBitCast(countingMalloc, to: UnsafeRawPointer.self)),
            ("calloc", unsafeBitCast(countingCalloc, to: UnsafeRawPointer.self)),
            ("realloc", unsafeBitCast(countingRealloc, to: UnsafeRawPointer.self)),
            ("posix_memalign", unsafeBitCast(countingPosixMemalign, to: UnsafeRawPointer.self)),
            ("aligned_alloc", unsafeBitCast(countingAlignedAlloc, to: UnsafeRawPointer.self)),
        ]
        for obj in objects.list {
            if obj.name.contains("libc.so") || obj.name.contains("ld-linux") || obj.name.contains("vdso") { continue }
            let found = relocations(base: obj.base, dynamic: obj.dynamic, targets: targets)
            if !found.isEmpty {
                sites += found
                patchedObjects.append(obj.name.isEmpty ? "(executable)" : String(obj.name.split(separator: "/").last ?? ""))
            }
        }
    }

    /// The GOT slots of `targets` in one object, from its dynamic section (elf.h layouts:
    /// Elf64_Dyn 16 bytes, Elf64_Sym 24 bytes with st_name at 0, Elf64_Rela 24 bytes with
    /// r_offset at 0 and r_info at 8).
    private func relocations(base: UInt, dynamic: UInt, targets: [(String, UnsafeRawPointer)]) -> [Site] {
        let DT_NULL: Int64 = 0, DT_PLTRELSZ: Int64 = 2, DT_STRTAB: Int64 = 5, DT_SYMTAB: Int64 = 6
        let DT_RELA: Int64 = 7, DT_RELASZ: Int64 = 8, DT_JMPREL: Int64 = 23
        #if arch(x86_64)
        let jumpSlot: UInt64 = 7, globDat: UInt64 = 6
        #elseif arch(arm64)
        let jumpSlot: UInt64 = 1026, globDat: UInt64 = 1025
        #else
        return []
        #endif
        guard let dyn = UnsafeRawPointer(bitPattern: dynamic) else { return [] }
        var strtab: UInt = 0, symtab: UInt = 0, rela: UInt = 0, relasz: UInt = 0, jmprel: UInt = 0, pltrelsz: UInt = 0
        // glibc relocates these pointers in place on most architectures; when it did not, they
        // are still below the load address.
        func address(_ v: UInt64) -> UInt { UInt(v) < base ? base &+ UInt(v) : UInt(v) }
        var i = 0
        while i < 4096 {
            let tag = dyn.load(fromByteOffset: i * 16, as: Int64.self)
            let v = dyn.load(fromByteOffset: i * 16 + 8, as: UInt64.self)
            if tag == DT_NULL { break }
            switch tag {
            case DT_STRTAB: strtab = address(v)
            case DT_SYMTAB: symtab = address(v)
            case DT_RELA: rela = address(v)
            case DT_RELASZ: relasz = UInt(v)
            case DT_JMPREL: jmprel = address(v)
            case DT_PLTRELSZ: pltrelsz = UInt(v)
            default: break
            }
            i += 1
        }
        guard let syms = UnsafeRawPointer(bitPattern: symtab),
              let strs = UnsafePointer<CChar>(bitPattern: strtab) else { return [] }
        var out: [Site] = []
        for (table, size) in [(rela, relasz), (jmprel, pltrelsz)] {
            guard let relas = UnsafeRawPointer(bitPattern: table) else { continue }
            for k in 0..<(Int(size) / 24) {
                let offset = relas.load(fromByteOffset: k * 24, as: UInt64.self)
                let info = relas.load(fromByteOffset: k * 24 + 8, as: UInt64.self)
                let type = info & 0xFFFF_FFFF, sym = Int(info >> 32)
                guard type == jumpSlot || type == globDat, sym != 0 else { continue }
                let nameOffset = syms.load(fromByteOffset: sym * 24, as: UInt32.self)
                let name = String(cString: strs + Int(nameOffset))
                guard let t = targets.first(where: { $0.0 == name }),
                      let slot = UnsafeMutablePointer<UnsafeRawPointer?>(bitPattern: base &+ UInt(offset))
                else { continue }
                out.append(Site(slot: slot, original: slot.pointee, replacement: t.1))
            }
        }
        return out
    }
}

/// A heap object for the self-test.
final class CounterProbe {
    let value: Int
    init(_ value: Int) { self.value = value }
}

/// Allocates one probe; not inlinable, so the object escapes and cannot live on the stack.
@inline(never)
func makeCounterProbe(_ i: Int) -> CounterProbe { CounterProbe(i) }

#else

/// Allocation counting is implemented for Linux/glibc only; elsewhere it reports unavailable.
final class MallocCounter {
    var isAvailable: Bool { false }
    private(set) var patchedObjects: [String] = []
    func start() {}
    @discardableResult func stop() -> Int { 0 }
    func count(_ body: () -> Void) -> Int { body(); return 0 }
    func selfTest() -> (allocating: Int, nonAllocating: Int) { (0, 0) }
}

#endif
