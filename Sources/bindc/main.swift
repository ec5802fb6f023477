#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import BindingLang

// Large blocks on pages of their own, returned when freed (``FreedMemory/mapLargeBlocks()``).
FreedMemory.mapLargeBlocks()
let status = Bindc.run(Array(CommandLine.arguments.dropFirst()), console: Console())
exit(status.rawValue)
