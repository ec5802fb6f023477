#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs two pieces of work at once: one on a thread started for it, one on the calling
/// thread. The validation of a large table uses it (``TableValidator``).
///
/// A thread of its own rather than a shared pool: the caller waits for the side work, and a
/// pool whose workers were all waiting the same way (tables loaded from pool threads) could
/// never run it. Starting a thread costs tens of microseconds, so it is only worth it for
/// work of a millisecond or more. Where no thread can be started (or on a C library this
/// does not know), the side work runs on the calling thread after the main work.
enum SideThread {
    /// The side work, handed to the new thread.
    private final class Job: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Runs `side` on a new thread while running `main` here; returns when both are done.
    /// What `side` writes is visible here once this returns (the thread is joined).
    static func run(_ side: @escaping @Sendable () -> Void, alongside main: () -> Void) {
        #if canImport(Glibc) || canImport(Darwin)
        let context = Unmanaged.passRetained(Job(side)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        let started = pthread_create(&thread, nil, { context in
            Unmanaged<Job>.fromOpaque(context).takeRetainedValue().body()
            return nil
        }, context) == 0
        #else
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            Unmanaged<Job>.fromOpaque(context.unsafelyUnwrapped).takeRetainedValue().body()
            return nil
        }, context) == 0
        #endif
        main()
        if started {
            #if canImport(Darwin)
            if let thread { pthread_join(thread, nil) }
            #else
            pthread_join(thread, nil)
            #endif
        } else {
            Unmanaged<Job>.fromOpaque(context).takeRetainedValue().body()
        }
        #else
        main()
        side()
        #endif
    }
}
