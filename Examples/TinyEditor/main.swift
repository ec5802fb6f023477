#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(EditorApp.run(Array(CommandLine.arguments.dropFirst())))
