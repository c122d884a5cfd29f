import Dispatch

/// Work over frame indices on several threads, with results in index order: the same array
/// whatever the number of threads and the order they finish in.
enum ParallelMap {
    /// `body(0) … body(count − 1)` computed on up to `jobs` threads (each takes every `jobs`-th
    /// index), returned in index order.
    static func map<T: Sendable>(_ count: Int, jobs: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        let slots = Slots<T>(count: count)
        let workers = max(1, min(jobs, count))
        WorkerThreads.run(workers) { worker in
            for index in stride(from: worker, to: count, by: workers) { slots.set(index, body(index)) }
        }
        return slots.values()
    }

    /// One slot per index, each written by one thread.
    private final class Slots<T>: @unchecked Sendable {
        private let storage: UnsafeMutableBufferPointer<T?>

        init(count: Int) {
            storage = .allocate(capacity: count)
            storage.initialize(repeating: nil)
        }

        deinit {
            storage.deinitialize()
            storage.deallocate()
        }

        func set(_ index: Int, _ value: T) { storage[index] = value }

        /// The values, once every slot is set (the worker threads have returned).
        func values() -> [T] { storage.map { $0! } }
    }
}
