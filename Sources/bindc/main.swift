#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let status = Bindc.run(Array(CommandLine.arguments.dropFirst()), console: Console())
exit(status.rawValue)
