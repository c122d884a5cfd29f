import Foundation

/// A flag that stops a frame sequence after the frames in flight: set by an error on one thread
/// (`cancel()`), or from outside — Ctrl-C — with `interrupt()`, which also stops at once whatever
/// waits on another program (ffmpeg blocked on its input, a GIF's palette pass), so that the run
/// ends `.interrupted` rather than finishing the file.
public final class CancellationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    private var interrupted = false
    private var handlers: [Int: @Sendable () -> Void] = [:]
    private var nextToken = 0

    /// Creates a flag that is not set.
    public init() {}

    /// Sets the flag.
    public func cancel() {
        lock.withLock { cancelled = true }
    }

    /// Sets the flag for a stop asked from outside and runs the actions registered with
    /// `whenInterrupted` (each once).
    public func interrupt() {
        let actions = lock.withLock { () -> [@Sendable () -> Void] in
            cancelled = true
            interrupted = true
            defer { handlers = [:] }
            return handlers.keys.sorted().map { handlers[$0]! }
        }
        for action in actions { action() }
    }

    /// True once `cancel()` or `interrupt()` was called.
    public var isCancelled: Bool {
        lock.withLock { cancelled }
    }

    /// True once `interrupt()` was called.
    public var isInterrupted: Bool {
        lock.withLock { interrupted }
    }

    /// Runs `action` when the flag is interrupted (at once when it already is). Returns a token for
    /// `remove(_:)`, or nil when it ran at once.
    func whenInterrupted(_ action: @escaping @Sendable () -> Void) -> Int? {
        let token = lock.withLock { () -> Int? in
            guard !interrupted else { return nil }
            nextToken += 1
            handlers[nextToken] = action
            return nextToken
        }
        if token == nil { action() }
        return token
    }

    /// Forgets an action registered with `whenInterrupted`.
    func remove(_ token: Int?) {
        guard let token else { return }
        lock.withLock { _ = handlers.removeValue(forKey: token) }
    }
}

/// Stops the process at once — SIGTERM, or a second Ctrl-C — without waiting for the frames in
/// flight (a frame can take minutes): ffmpeg is killed and waited for, no new temporary file can
/// be made, every temporary file this process made is removed, and the process exits with
/// `status`. Frames already in place keep their record lines (appended as each lands), so
/// `--skip-existing` resumes the run.
public enum ImmediateStop {
    /// Writes `message` to standard error, cleans up as above and exits with `status`.
    public static func perform(status: Int32, message: String) -> Never {
        FileHandle.standardError.write(Data(message.utf8))
        FFmpegProcess.killAll()
        AtomicFile.sealAndRemoveTemporaries()
        _exit(status)
    }
}
