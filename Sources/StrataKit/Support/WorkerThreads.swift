import Foundation

/// Runs work on threads of its own: the calling thread and `count − 1` new ones, all joined
/// before it returns.
///
/// Not `DispatchQueue.concurrentPerform`: on Linux its threads are the ones Swift concurrency
/// runs tasks on, and a render thread that waits — for the consumer of `frames()`, for its turn
/// at a video, for a slow sink — would hold one of them. With as many of them as cores, a few
/// such waits left no thread for the task they waited for, and an `async` caller (a test, the
/// studio, an app) stalled until the pool grew: the tests' stream suite sat idle for over a
/// minute on two cores. Threads of its own never take one from the caller's tasks.
enum WorkerThreads {
    /// `body(0) … body(count − 1)`, each on its own thread (`body(0)` on the calling one);
    /// returns when all have returned.
    static func run(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { body(0) }
            return
        }
        let finished = DispatchGroup()
        for worker in 1..<count {
            finished.enter()
            let thread = Thread {
                body(worker)
                finished.leave()
            }
            thread.name = "strata worker \(worker)"
            thread.start()
        }
        body(0)
        finished.wait()
    }
}
