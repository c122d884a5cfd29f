import Foundation
@testable import StrataStudio
import Testing

/// The studio's render queue: a seek never waits behind another client's flood.
@Suite("Strata Studio's render queue") struct StudioRenderQueueTests {
    /// Runs jobs on one worker held until `release`, recording the order they ran in.
    final class Recorder: @unchecked Sendable {
        let lock = NSLock()
        var order: [String] = []
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        func record(_ name: String) { lock.withLock { order.append(name) } }
    }

    @Test func seeksGoBeforeGroundTruthAndClientsTakeTurns() {
        let queue = StudioRenderQueue(workers: 1)
        let recorder = Recorder()
        // Holds the only worker; waited for as state, so the rest is queued behind it however slow the machine.
        #expect(queue.submit(client: "user", priority: .seek) { recorder.started.signal(); recorder.gate.wait() })
        recorder.started.wait()
        var submitted = 0
        for index in 0..<5 {
            #expect(queue.submit(client: "flood", priority: .background) { recorder.record("truth\(index)"); recorder.done.signal() })
            submitted += 1
        }
        for index in 0..<3 {
            #expect(queue.submit(client: "other", priority: .seek) { recorder.record("other\(index)"); recorder.done.signal() })
            submitted += 1
        }
        #expect(queue.submit(client: "user", priority: .seek) { recorder.record("user"); recorder.done.signal() })
        submitted += 1
        recorder.gate.signal()
        for _ in 0..<submitted { recorder.done.wait() }
        // Seeks first, the two clients in turn; the flood of ground truth after them, in order.
        #expect(recorder.order == ["other0", "user", "other1", "other2", "truth0", "truth1", "truth2", "truth3", "truth4"], "\(recorder.order)")
    }

    @Test func aClientMayHaveAtMostSoManyJobsWaiting() {
        let queue = StudioRenderQueue(workers: 1)
        let gate = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        #expect(queue.submit(client: "a", priority: .seek) { started.signal(); gate.wait() })
        started.wait()
        var accepted = 0
        for _ in 0..<(StudioRenderQueue.maximumPending + 10) where queue.submit(client: "flood", priority: .background, {}) { accepted += 1 }
        #expect(accepted == StudioRenderQueue.maximumPending)
        #expect(queue.submit(client: "b", priority: .background) {})  // another client still gets in
        gate.signal()
    }
}
