import Foundation

/// The studio's renders, queued per client and by kind so that one client's flood never holds up
/// another's seek: `workers` threads take the next job from the most urgent kind that has one
/// (displayed frames before ground truth, differences and fits), and within a kind from each
/// client in turn. A client may have `maximumPending` jobs waiting; one more is refused.
final class StudioRenderQueue: @unchecked Sendable {
    enum Priority: Int, CaseIterable {
        /// A displayed frame: what a seek or play shows.
        case seek = 0
        /// Ground truth, a difference, a fit: supersampled, many times a frame's cost.
        case background = 1
    }

    /// Jobs one client may have waiting.
    static let maximumPending = 64

    private let condition = NSCondition()
    /// Per priority: each client's waiting jobs, and the clients in the order they take turns.
    private var jobs: [[String: [() -> Void]]] = Priority.allCases.map { _ in [:] }
    private var turns: [[String]] = Priority.allCases.map { _ in [] }

    init(workers: Int) {
        for _ in 0..<max(1, workers) {
            let thread = Thread { [weak self] in
                while let job = self?.next() { job() }
            }
            thread.name = "strata.studio.render"
            thread.start()
        }
    }

    /// Queues `job` for `client`; false when that client already has its most jobs waiting.
    func submit(client: String, priority: Priority, _ job: @escaping () -> Void) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let level = priority.rawValue
        let waiting = jobs[level][client]?.count ?? 0
        guard waiting < Self.maximumPending else { return false }
        if waiting == 0 { turns[level].append(client) }
        jobs[level][client, default: []].append(job)
        condition.signal()
        return true
    }

    /// The next job: the most urgent kind's, the client whose turn it is; waits when there is none.
    private func next() -> (() -> Void)? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            for level in jobs.indices where !turns[level].isEmpty {
                let client = turns[level].removeFirst()
                var waiting = jobs[level][client] ?? []
                let job = waiting.removeFirst()
                if waiting.isEmpty {
                    jobs[level][client] = nil
                } else {
                    jobs[level][client] = waiting
                    turns[level].append(client)
                }
                return job
            }
            condition.wait()
        }
    }
}
