import Foundation

/// A flag that stops a frame sequence after the frames in flight (set from a SIGINT handler).
public final class CancellationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    /// Creates a flag that is not set.
    public init() {}

    /// Sets the flag.
    public func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    /// True once `cancel()` was called.
    public var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }
}
